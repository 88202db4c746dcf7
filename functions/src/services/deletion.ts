import type { DocumentData, Firestore, QuerySnapshot, Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import {
  deletionRefusal,
  describeIssues,
  DocumentId,
  DomainError,
  missingStateProblems,
  requireCanEditTournament,
  requireSignedIn,
  someOf,
} from '@competition/engine';
import {
  AppliedDoc,
  COLLECTIONS,
  MatchUpDoc,
  ParticipantDoc,
  paths,
  RoundDoc,
  StandingDoc,
  StateDoc,
  TournamentDoc,
  TournamentRoleDoc,
} from '@competition/engine/schemas';
import { PlannedWrites } from './plannedWrites.js';

/** The schema each subcollection's documents are read with; any other subcollection found is deleted unchecked. */
const SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  [COLLECTIONS.participants]: ParticipantDoc,
  [COLLECTIONS.rounds]: RoundDoc,
  [COLLECTIONS.matchUps]: MatchUpDoc,
  [COLLECTIONS.states]: StateDoc,
  [COLLECTIONS.standings]: StandingDoc,
  [COLLECTIONS.applied]: AppliedDoc,
  [COLLECTIONS.roles]: TournamentRoleDoc,
};

const { participants, rounds, matchUps, states, standings, applied, roles, standingsPages } = COLLECTIONS;
const SUBCOLLECTIONS = [participants, rounds, matchUps, states, standings, applied, roles, standingsPages];

/**
 * Deletes a draft or a broken tournament with everything under it and the key that claims its date, in one
 * transaction: every document is read (and so locked) first, so a round generated meanwhile either lands
 * before (and the tournament, running, is refused) or finds no tournament.
 */
export async function deleteTournament(
  db: Firestore,
  uid: string | undefined,
  tournamentId: string,
): Promise<{ deleted: number; problems: string[] }> {
  requireSignedIn(uid);
  const tournamentRef = db.doc(paths.tournament(tournamentId));
  // Listing subcollections is not transactional; the known ones are read in the transaction whatever it finds.
  const listed = (await tournamentRef.listCollections()).map((c) => c.id);
  const names = [...new Set([...SUBCOLLECTIONS, ...listed])];
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(tournamentRef);
    const stored = snapshot.data();
    if (!stored) throw new DomainError('not-found', 'this tournament does not exist (or was deleted already)');
    // Who may delete comes from the caller's role document, which stays readable however broken the tournament is.
    const role = TournamentRoleDoc.safeParse((await tx.get(tournamentRef.collection(roles).doc(uid))).data());
    requireCanEditTournament(uid, tournamentId, role.success ? role.data : undefined);
    const collections = new Map<string, QuerySnapshot>();
    for (const name of names) collections.set(name, await tx.get(tournamentRef.collection(name)));
    const keys = await readKeys(db, tx, stored, tournamentId);
    const problems = problemsOf(stored, collections);
    const name = typeof stored.description === 'string' ? stored.description : 'this tournament';
    const refusal = deletionRefusal(name, stored.status, problems);
    if (refusal) throw new DomainError('failed-precondition', refusal);
    const plan = new PlannedWrites();
    for (const snap of collections.values()) for (const doc of snap.docs) plan.delete(doc.ref);
    for (const key of keys?.docs ?? []) plan.delete(key.ref);
    plan.delete(tournamentRef);
    plan.requireFitsOneTransaction(`deleting tournament ${tournamentId}`, 'delete it with the Firebase console or CLI');
    plan.commitIn(tx);
    return { deleted: plan.count, problems };
  });
}

/** The keys of the championship that claim a date for this tournament (a key of another tournament stays). */
async function readKeys(
  db: Firestore,
  tx: Transaction,
  stored: DocumentData,
  tournamentId: string,
): Promise<QuerySnapshot | undefined> {
  const championshipId = DocumentId.safeParse(stored.championshipId);
  if (!championshipId.success) return undefined;
  const keys = db.collection(`${paths.championship(championshipId.data)}/${COLLECTIONS.tournamentKeys}`);
  return tx.get(keys.where('tournamentId', '==', tournamentId));
}

/** Why the tournament is broken: documents that fail their schema, states missing; empty when it is whole. */
function problemsOf(stored: DocumentData, collections: ReadonlyMap<string, QuerySnapshot>): string[] {
  const problems: string[] = [];
  const tournament = TournamentDoc.safeParse(stored);
  if (!tournament.success) {
    problems.push(`its document does not match its schema (${describeIssues(tournament.error.issues)})`);
  }
  for (const [name, snapshot] of collections) {
    const schema = SCHEMAS[name];
    if (!schema) continue;
    const malformed = snapshot.docs.filter((doc) => !schema.safeParse(doc.data()).success).map((doc) => doc.id);
    if (malformed.length > 0) {
      problems.push(`${name} ${someOf(malformed)} do not match their schema`);
    }
  }
  const ids = (name: string) => (collections.get(name)?.docs ?? []).map((doc) => doc.id);
  problems.push(...missingStateProblems(ids(participants), new Set(ids(states)), ids(matchUps).length));
  return problems;
}
