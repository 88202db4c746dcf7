import type { Transaction } from 'firebase-admin/firestore';
import { clubRunners, editorsOf, nextTournamentRoles, type RoleChange } from '@competition/engine';
import type { Refs } from '../firebase/refs.js';
import type {
  ChampionshipDoc,
  ChampionshipEditorDoc,
  ClubMemberDoc,
  TournamentDoc,
  TournamentRoleDoc,
} from '@competition/engine/schemas';

/**
 * Reads and writes the role documents. A transaction reads everything before it writes, so each refresh is
 * split in two: `plan…` does the reads and returns the function that writes.
 */
export type Writes = () => void;

export async function readOwnMember(
  tx: Transaction,
  ref: Refs,
  clubId: string,
  uid: string | undefined,
): Promise<ClubMemberDoc | undefined> {
  return uid ? (await tx.get(ref.clubMember(clubId, uid))).data() : undefined;
}

export async function readOwnEditor(
  tx: Transaction,
  ref: Refs,
  championshipId: string,
  uid: string | undefined,
): Promise<ChampionshipEditorDoc | undefined> {
  return uid ? (await tx.get(ref.championshipEditor(championshipId, uid))).data() : undefined;
}

export async function readOwnRole(
  tx: Transaction,
  ref: Refs,
  tournamentId: string,
  uid: string | undefined,
): Promise<TournamentRoleDoc | undefined> {
  return uid ? (await tx.get(ref.role(tournamentId, uid))).data() : undefined;
}

/**
 * How a staff member signs what they record (a penalty, a deck-list change): their profile's name, else the copy on
 * their role; nothing for an account with neither.
 */
export function staffName(profileName: string | undefined, role: TournamentRoleDoc | undefined): { byName?: string } {
  const name = profileName ?? role?.displayName;
  return name ? { byName: name } : {};
}

/** The accounts that run each club, read once per club; `known` gives a club's runners as a pending change leaves them. */
export class Runners {
  private readonly cache = new Map<string, string[]>();

  constructor(
    private readonly tx: Transaction,
    private readonly ref: Refs,
    known: ReadonlyMap<string, string[]> = new Map(),
  ) {
    for (const [clubId, runners] of known) this.cache.set(clubId, runners);
  }

  async of(clubIds: readonly string[]): Promise<string[]> {
    const runners: string[] = [];
    for (const clubId of clubIds) {
      let club = this.cache.get(clubId);
      if (!club) {
        const members = await this.tx.get(this.ref.clubMembers(clubId).where('role', 'in', ['OWNER', 'ADMIN']));
        club = clubRunners(members.docs.map((d) => d.data()));
        this.cache.set(clubId, club);
      }
      runners.push(...club);
    }
    return runners;
  }
}

/** A championship's editors documents made to match its owner and the runners of its linked clubs. */
export async function planChampionshipEditors(
  tx: Transaction,
  ref: Refs,
  championship: ChampionshipDoc,
  runners: Runners,
): Promise<Writes> {
  const { championshipId } = championship;
  const editors = editorsOf(championship.ownerUid, await runners.of(championship.clubIds));
  const existing = (await tx.get(ref.championshipEditors(championshipId))).docs.map((d) => d.id);
  return () => {
    for (const uid of existing) if (!editors.has(uid)) tx.delete(ref.championshipEditor(championshipId, uid));
    for (const uid of editors)
      if (!existing.includes(uid)) tx.set(ref.championshipEditor(championshipId, uid), { uid, championshipId });
  };
}

/** A tournament's role documents after a change of editors, scorekeepers or linked accounts. */
export async function planTournamentRoles(
  tx: Transaction,
  ref: Refs,
  tournamentId: string,
  change: RoleChange,
): Promise<Writes> {
  const existing = (await tx.get(ref.roles(tournamentId))).docs.map((d) => d.data());
  const { write, remove } = nextTournamentRoles(tournamentId, existing, change);
  return () => {
    for (const role of write) tx.set(ref.role(tournamentId, role.uid), role);
    for (const uid of remove) tx.delete(ref.role(tournamentId, uid));
  };
}

export async function planTournamentEditors(
  tx: Transaction,
  ref: Refs,
  tournament: TournamentDoc,
  runners: Runners,
): Promise<Writes> {
  const editors = editorsOf(tournament.ownerUid, await runners.of(tournament.clubIds));
  return planTournamentRoles(tx, ref, tournament.tournamentId, { editors });
}

/**
 * Everything a change of who runs a club moves: the editors of every championship that links the club and of
 * every tournament created with it. `runners` must already know the club's runners as the change leaves them.
 */
export async function planClubRefresh(tx: Transaction, ref: Refs, clubId: string, runners: Runners): Promise<Writes> {
  const [championships, tournaments] = await Promise.all([
    tx.get(ref.championships().where('clubIds', 'array-contains', clubId)),
    tx.get(ref.tournaments().where('clubIds', 'array-contains', clubId)),
  ]);
  const plans: Writes[] = [];
  for (const d of championships.docs) plans.push(await planChampionshipEditors(tx, ref, d.data(), runners));
  for (const d of tournaments.docs) plans.push(await planTournamentEditors(tx, ref, d.data(), runners));
  return () => plans.forEach((write) => write());
}
