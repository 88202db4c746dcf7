/**
 * Where each account's roles come from, and how they are refreshed: pure derivations the services write into
 * the role documents (model/roles.ts), which `firestore.rules` and `permissions.ts` then both read.
 *
 * - A club is run by its OWNER and ADMINs (members only belong to it).
 * - A championship's editors are its owner and whoever runs one of its linked clubs.
 * - A tournament's editors are its owner and whoever runs one of its clubs; scorekeepers and the accounts that
 *   play as participants are named by the organizer.
 */
import type { ClubMemberDoc, TournamentRoleDoc } from '../model/index.js';

export function runsClub(member: Pick<ClubMemberDoc, 'role'> | undefined): boolean {
  return member?.role === 'OWNER' || member?.role === 'ADMIN';
}

export function clubRunners(members: readonly ClubMemberDoc[]): string[] {
  return members.filter(runsClub).map((member) => member.uid);
}

/** The owner, then whoever runs one of the clubs, each once. */
export function editorsOf(ownerUid: string, runners: Iterable<string>): Set<string> {
  return new Set([ownerUid, ...runners]);
}

/** What changes in one of a tournament's role inputs; absent parts stay as they are. */
export interface RoleChange {
  editors?: ReadonlySet<string>;
  scorekeepers?: ReadonlySet<string>;
  /** Re-links participants: each participant plays as that account only (null: as nobody). */
  accounts?: ReadonlyArray<{ participantId: string; uid: string | null }>;
  /** The display names the accounts chose, copied onto their role documents. */
  displayNames?: ReadonlyMap<string, string>;
}

export interface RoleWrites {
  /** Role documents to write whole (new or changed). */
  write: TournamentRoleDoc[];
  /** Accounts that keep no role: their documents go. */
  remove: string[];
}

/**
 * The role documents a tournament must hold after a change, as the writes that get there from `existing`
 * (every role document it holds now). An account with no role left loses its document.
 */
export function nextTournamentRoles(
  tournamentId: string,
  existing: readonly TournamentRoleDoc[],
  change: RoleChange,
): RoleWrites {
  const roles = new Map(existing.map((role) => [role.uid, { ...role, participantIds: [...role.participantIds] }]));
  const roleOf = (uid: string): TournamentRoleDoc => {
    let role = roles.get(uid);
    if (!role) roles.set(uid, (role = { uid, tournamentId, editor: false, scorekeeper: false, participantIds: [] }));
    return role;
  };
  if (change.editors) {
    for (const role of roles.values()) role.editor = change.editors.has(role.uid);
    for (const uid of change.editors) roleOf(uid).editor = true;
  }
  if (change.scorekeepers) {
    for (const role of roles.values()) role.scorekeeper = change.scorekeepers.has(role.uid);
    for (const uid of change.scorekeepers) roleOf(uid).scorekeeper = true;
  }
  for (const { participantId, uid } of change.accounts ?? []) {
    for (const role of roles.values()) role.participantIds = role.participantIds.filter((id) => id !== participantId);
    if (uid !== null) roleOf(uid).participantIds.push(participantId);
  }
  for (const [uid, displayName] of change.displayNames ?? []) {
    const role = roles.get(uid);
    if (role) role.displayName = displayName;
  }
  const before = new Map(existing.map((role) => [role.uid, role]));
  const write: TournamentRoleDoc[] = [];
  const remove: string[] = [];
  for (const role of roles.values()) {
    const empty = !role.editor && !role.scorekeeper && role.participantIds.length === 0;
    const previous = before.get(role.uid);
    if (empty) {
      if (previous) remove.push(role.uid);
    } else if (!previous || !sameRole(previous, role)) {
      write.push(role);
    }
  }
  return { write, remove };
}

function sameRole(x: TournamentRoleDoc, y: TournamentRoleDoc): boolean {
  return (
    x.editor === y.editor &&
    x.scorekeeper === y.scorekeeper &&
    x.displayName === y.displayName &&
    x.participantIds.length === y.participantIds.length &&
    x.participantIds.every((id, i) => y.participantIds[i] === id)
  );
}
