import { createHash } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import {
  assertClubDeletable,
  assertClubExists,
  assertMayLeaveClub,
  assertPlayoffPlannable,
  editorsOf,
  foundChampionship,
  nextTournamentRoles,
  pairingSettingsFor,
  planClubLink,
  planClubMember,
  planNewChampionship,
  planNewClub,
  planNewTournament,
  requireCanCreateTournamentIn,
  requireCanEditChampionship,
  requireCanEditClub,
  requireCanManageClubAdmins,
  requireSignedIn,
  resolvePolicy,
  runsClub,
} from '@competition/engine';
import { refs, type Refs } from '../firebase/refs.js';
import type {
  ChampionshipDoc,
  ClubRole,
  CreateChampionshipInput,
  CreateClubInput,
  CreateTournamentInput,
  LinkClubInput,
  SetClubMemberInput,
  SetScorekeepersInput,
  TournamentDoc,
  TournamentRoleDoc,
} from '@competition/engine/schemas';
import {
  Runners,
  planChampionshipEditors,
  planClubRefresh,
  planTournamentRoles,
  readOwnEditor,
  readOwnMember,
} from './roles.js';
import type { DocumentWriter } from './plannedWrites.js';
import { readEditableTournament } from './tournamentAccess.js';

// ---------------------------------------------------------------- clubs

export async function createClub(
  db: Firestore,
  uid: string | undefined,
  input: CreateClubInput,
): Promise<{ clubId: string }> {
  requireSignedIn(uid);
  const ref = refs(db);
  const clubId = ref.clubs().doc().id;
  const { club, members } = planNewClub(clubId, uid, input);
  const batch = db.batch();
  batch.create(ref.club(clubId), club);
  for (const member of members) batch.create(ref.clubMember(clubId, member.uid), member);
  await batch.commit();
  return { clubId };
}

export async function requireClub(tx: Transaction, ref: Refs, clubId: string): Promise<void> {
  assertClubExists((await tx.get(ref.club(clubId))).exists);
}

/** The club's runners once `uid` holds `role` (null: has left). */
export async function runnersAfter(
  tx: Transaction,
  ref: Refs,
  clubId: string,
  uid: string,
  role: ClubRole | null,
): Promise<Runners> {
  const current = await new Runners(tx, ref).of([clubId]);
  const others = current.filter((runner) => runner !== uid);
  const after = runsClub(role === null ? undefined : { role }) ? [...others, uid] : others;
  return new Runners(tx, ref, new Map([[clubId, after]]));
}

/**
 * Gives an account a role in a club, or takes it out (role null). Runners manage members; only the owner names
 * or removes admins; the owner's own role never moves. Every championship and tournament the club's runners edit
 * is refreshed in the same transaction.
 */
export async function setClubMember(db: Firestore, uid: string | undefined, input: SetClubMemberInput): Promise<void> {
  const ref = refs(db);
  const { clubId, role } = input;
  await db.runTransaction(async (tx) => {
    await requireClub(tx, ref, clubId);
    const [caller, target] = await Promise.all([
      readOwnMember(tx, ref, clubId, uid),
      readOwnMember(tx, ref, clubId, input.uid),
    ]);
    requireCanEditClub(uid, clubId, caller);
    const plan = planClubMember(target, input);
    if (plan.ownerOnly) requireCanManageClubAdmins(uid, clubId, caller);
    if (!plan.changed) return;
    const write =
      runsClub(target) || role === 'ADMIN'
        ? await planClubRefresh(tx, ref, clubId, await runnersAfter(tx, ref, clubId, input.uid, role))
        : () => {};
    if (plan.member === null) tx.delete(ref.clubMember(clubId, input.uid));
    else tx.set(ref.clubMember(clubId, input.uid), plan.member);
    write();
  });
}

/** A member or an admin leaves a club; the owner cannot (the club would have nobody to run it). */
export async function leaveClub(db: Firestore, uid: string | undefined, clubId: string): Promise<void> {
  requireSignedIn(uid);
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    const member = await readOwnMember(tx, ref, clubId, uid);
    assertMayLeaveClub(member);
    const write = runsClub(member)
      ? await planClubRefresh(tx, ref, clubId, await runnersAfter(tx, ref, clubId, uid, null))
      : () => {};
    tx.delete(ref.clubMember(clubId, uid));
    write();
  });
}

/** Only the owner, and only while no championship or tournament links the club (its id could be reused otherwise). */
export async function deleteClub(db: Firestore, uid: string | undefined, clubId: string): Promise<void> {
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    await requireClub(tx, ref, clubId);
    requireCanManageClubAdmins(uid, clubId, await readOwnMember(tx, ref, clubId, uid));
    const [championships, tournaments, members] = await Promise.all([
      tx.get(ref.championships().where('clubIds', 'array-contains', clubId).limit(1)),
      tx.get(ref.tournaments().where('clubIds', 'array-contains', clubId).limit(1)),
      tx.get(ref.clubMembers(clubId)),
    ]);
    assertClubDeletable({ championship: championships.docs[0]?.data(), tournament: tournaments.docs[0]?.data() });
    for (const member of members.docs) tx.delete(member.ref);
    tx.delete(ref.club(clubId));
  });
}

// ---------------------------------------------------------------- championships

export async function createChampionship(
  db: Firestore,
  uid: string | undefined,
  input: CreateChampionshipInput,
): Promise<{ championshipId: string }> {
  requireSignedIn(uid);
  const ref = refs(db);
  const championshipId = ref.championships().doc().id;
  await db.runTransaction(async (tx) => {
    // Linking a club needs someone who runs it: the new owner must run every club named.
    for (const clubId of input.clubIds) {
      await requireClub(tx, ref, clubId);
      requireCanEditClub(uid, clubId, await readOwnMember(tx, ref, clubId, uid));
    }
    const championship: ChampionshipDoc = planNewChampionship(championshipId, uid, input);
    const write = await planChampionshipEditors(tx, ref, championship, new Runners(tx, ref));
    tx.create(ref.championship(championshipId), championship);
    write();
  });
  return { championshipId };
}

async function requireChampionship(tx: Transaction, ref: Refs, championshipId: string): Promise<ChampionshipDoc> {
  return foundChampionship((await tx.get(ref.championship(championshipId))).data());
}

/** Links one more club: its runners become editors of the championship (its tournaments keep their clubs). */
export async function linkClub(db: Firestore, uid: string | undefined, input: LinkClubInput): Promise<void> {
  const ref = refs(db);
  const { championshipId, clubId } = input;
  await db.runTransaction(async (tx) => {
    const championship = await requireChampionship(tx, ref, championshipId);
    requireCanEditChampionship(uid, championshipId, await readOwnEditor(tx, ref, championshipId, uid));
    await requireClub(tx, ref, clubId);
    requireCanEditClub(uid, clubId, await readOwnMember(tx, ref, clubId, uid));
    const plan = planClubLink(championship, clubId);
    if (!plan.changed) return;
    const write = await planChampionshipEditors(tx, ref, plan.championship, new Runners(tx, ref));
    tx.set(ref.championship(championshipId), plan.championship);
    write();
  });
}

// ---------------------------------------------------------------- tournaments

/** One tournament per date per championship: the key is the date's (docs/organisation.md#tournament-key). */
export function tournamentKey(date: string): string {
  return createHash('sha1').update(date).digest('hex').slice(0, 20);
}

export async function createTournament(
  db: Firestore,
  uid: string | undefined,
  input: CreateTournamentInput,
): Promise<{ tournamentId: string }> {
  const ref = refs(db);
  const tournamentId = ref.tournaments().doc().id;
  await db.runTransaction(async (tx) => {
    writeNewTournament(tx, ref, await prepareTournament(tx, ref, uid, input, tournamentId));
  });
  return { tournamentId };
}

/** A new tournament and the role documents it starts with, its owner and the runners of its clubs as editors. */
export interface NewTournament {
  tournament: TournamentDoc;
  roles: TournamentRoleDoc[];
}

/**
 * A new tournament's documents, after the reads and checks creating it needs: the championship and who edits it
 * (who may create there), the runners of its clubs, the host club, the (championship, date) key still free.
 * Reads only, so a caller can add its own writes to the same transaction (import does); writeNewTournament
 * makes the writes.
 */
export async function prepareTournament(
  tx: Transaction,
  ref: Refs,
  uid: string | undefined,
  input: CreateTournamentInput,
  tournamentId: string,
): Promise<NewTournament> {
  const {
    championshipId,
    policy: policyInput,
    policyOverrides,
    scorekeeperUids,
    system: _system,
    pairing: _pairing,
    ...fields
  } = input;
  const policy = resolvePolicy(policyInput, policyOverrides);
  const { system, method, options } = pairingSettingsFor({ system: input.system, ...input.pairing }, policy);
  assertPlayoffPlannable(system, options, fields.totalRounds);
  const championship = await requireChampionship(tx, ref, championshipId);
  requireCanCreateTournamentIn(uid, championship, await readOwnEditor(tx, ref, championshipId, uid));
  const hostClubExists = fields.hostClubId ? (await tx.get(ref.club(fields.hostClubId))).exists : true;
  const taken = (await tx.get(ref.tournamentKey(championshipId, tournamentKey(fields.date)))).data();
  const plan = planNewTournament({
    tournamentId,
    ownerUid: uid,
    championship,
    fields,
    settings: { system, pairing: { method, options }, policy },
    hostClubExists,
    dateTakenBy: taken ? { tournament: (await tx.get(ref.tournament(taken.tournamentId))).data() } : null,
  });
  const editors = editorsOf(uid, await new Runners(tx, ref).of(championship.clubIds));
  const { write: roles } = nextTournamentRoles(tournamentId, [], { editors, scorekeepers: new Set(scorekeeperUids) });
  const tournament: TournamentDoc = plan.tournament;
  return { tournament, roles };
}

/** The tournament, the key that claims its date in the championship and its roles: created together or not at all. */
export function writeNewTournament(writer: DocumentWriter, ref: Refs, { tournament, roles }: NewTournament): void {
  const key = ref.tournamentKey(tournament.championshipId, tournamentKey(tournament.date));
  writer.create(key, { tournamentId: tournament.tournamentId });
  writer.create(ref.tournament(tournament.tournamentId), tournament);
  for (const role of roles) writer.create(ref.role(tournament.tournamentId, role.uid), role);
}

export async function setScorekeepers(
  db: Firestore,
  uid: string | undefined,
  input: SetScorekeepersInput,
): Promise<void> {
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    await readEditableTournament(tx, ref, uid, input.tournamentId);
    (await planTournamentRoles(tx, ref, input.tournamentId, { scorekeepers: new Set(input.uids) }))();
  });
}
