import { createHash } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { editorUidsFor, requireCanCreateTournamentIn, requireCanLinkClub, requireSignedIn } from '../access/permissions.js';
import { DomainError } from '../domain/errors.js';
import { resolvePolicy } from '../domain/policy.js';
import type { Refs } from '../firebase/refs.js';
import { refs } from '../firebase/refs.js';
import type { ChampionshipDoc } from '../model/championship.js';
import type { ClubDoc } from '../model/club.js';
import type { CreateChampionshipInput, CreateClubInput, CreateTournamentInput } from '../model/requests.js';
import type { TournamentDoc } from '../model/tournament.js';
import type { DocumentWriter } from './plannedWrites.js';

export async function createClub(db: Firestore, uid: string | undefined, input: CreateClubInput): Promise<{ clubId: string }> {
  requireSignedIn(uid);
  const clubId = db.collection('clubs').doc().id;
  const club: ClubDoc = { clubId, ownerUid: uid, ...input };
  await refs(db).club(clubId).create(club);
  return { clubId };
}

export async function readClubs(tx: Transaction, ref: Refs, clubIds: readonly string[]): Promise<ClubDoc[]> {
  if (clubIds.length === 0) return [];
  const snaps = await tx.getAll(...clubIds.map((id) => ref.club(id)));
  return snaps.map((snap, i) => {
    const club = snap.data();
    if (!club) throw new DomainError('not-found', `club ${clubIds[i]} does not exist`);
    return club;
  });
}

export async function createChampionship(db: Firestore, uid: string | undefined, input: CreateChampionshipInput): Promise<{ championshipId: string }> {
  requireSignedIn(uid);
  const ref = refs(db);
  const championshipId = db.collection('championships').doc().id;
  await db.runTransaction(async (tx) => {
    const clubs = await readClubs(tx, ref, input.clubIds);
    const championship: ChampionshipDoc = { championshipId, ownerUid: uid, closed: false, ...input, editorUids: editorUidsFor(uid, clubs) };
    // Linking a club needs someone who runs it: the new owner must run every club named.
    for (const club of clubs) requireCanLinkClub(uid, championship, clubs, club);
    tx.create(ref.championship(championshipId), championship);
  });
  return { championshipId };
}

async function requireChampionship(tx: Transaction, ref: Refs, championshipId: string): Promise<ChampionshipDoc> {
  const championship = (await tx.get(ref.championship(championshipId))).data();
  if (!championship) throw new DomainError('not-found', `championship ${championshipId} does not exist`);
  return championship;
}

/** Seed 004: "there cannot be two distinct tourneys in the same date associated to a single championship". */
export function tournamentKey(date: string): string {
  return createHash('sha1').update(date).digest('hex').slice(0, 20);
}

export async function createTournament(db: Firestore, uid: string | undefined, input: CreateTournamentInput): Promise<{ tournamentId: string }> {
  const ref = refs(db);
  const tournamentId = db.collection('tournaments').doc().id;
  await db.runTransaction(async (tx) => {
    const tournament = await prepareTournament(tx, ref, uid, input, tournamentId);
    writeNewTournament(tx, ref, tournament);
  });
  return { tournamentId };
}

/**
 * A new tournament's document, after the reads and checks creating it needs: the championship and its clubs
 * (who may create there), the host club, the (championship, date) key still free. Reads only, so a caller can
 * add its own writes to the same transaction (import does); writeNewTournament makes the two writes.
 */
export async function prepareTournament(
  tx: Transaction,
  ref: Refs,
  uid: string | undefined,
  input: CreateTournamentInput,
  tournamentId: string,
): Promise<TournamentDoc> {
  const { championshipId, policy: policyInput, policyOverrides, ...fields } = input;
  const policy = resolvePolicy(policyInput, policyOverrides);
  const championship = await requireChampionship(tx, ref, championshipId);
  const clubs = await readClubs(tx, ref, championship.clubIds);
  requireCanCreateTournamentIn(uid, championship, clubs);
  if (fields.hostClubId && !(await tx.get(ref.club(fields.hostClubId))).exists) {
    throw new DomainError('not-found', `host club ${fields.hostClubId} does not exist`);
  }
  const taken = (await tx.get(ref.tournamentKey(championshipId, tournamentKey(fields.date)))).data();
  if (taken) throw new DomainError('already-exists', `championship ${championshipId} already has a tournament on ${fields.date} (${taken.tournamentId})`);
  return {
    ...fields,
    ...(fields.rating === undefined && championship.rating !== undefined ? { rating: championship.rating } : {}),
    tournamentId,
    championshipId,
    ownerUid: uid,
    clubIds: championship.clubIds,
    editorUids: editorUidsFor(uid, clubs),
    policy,
    status: 'DRAFT',
    currentRound: 0,
  };
}

/** The tournament and the key that claims its date in the championship: created together or not at all. */
export function writeNewTournament(writer: DocumentWriter, ref: Refs, tournament: TournamentDoc): void {
  const key = ref.tournamentKey(tournament.championshipId, tournamentKey(tournament.date));
  writer.create(key, { tournamentId: tournament.tournamentId });
  writer.create(ref.tournament(tournament.tournamentId), tournament);
}
