/**
 * Setup mistakes undone (docs/organisation.md#correcting-the-setup): the scoring before round 1, an entry added by
 * mistake, a mistyped rating. Reads, asks the domain, writes; the decisions are in domain/organisation/setupCorrections.ts.
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import {
  assertEntryDeletable,
  assertRatingCorrectable,
  assertScoringChangeable,
  deepMerge,
  DomainError,
  parsePolicy,
} from '@competition/engine';
import type { ChangeScoringInput, CorrectRatingInput, DeleteParticipantInput } from '@competition/engine/schemas';
import { refs } from '../firebase/refs.js';
import { replayTournament } from './replay.js';
import { toCountedRecord } from './records.js';
import { planTournamentRoles } from './roles.js';
import { readEditableTournament } from './tournamentAccess.js';
import { pagesFollow } from './standingsPages.js';

const notEntered = () => new DomainError('not-found', 'this player is not entered in the tournament (reload the page)');

export async function changeScoring(db: Firestore, uid: string | undefined, input: ChangeScoringInput): Promise<void> {
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    const tournament = await readEditableTournament(tx, ref, uid, input.tournamentId);
    assertScoringChangeable(tournament);
    const { gameTarget, matchPoints, phantomScore } = input;
    const policy = parsePolicy(
      deepMerge(tournament.policy, { scoringPolicy: { gameTarget, matchPoints, phantomScore } }),
    );
    tx.set(ref.tournament(input.tournamentId), { ...tournament, policy });
  });
}

/** The games that pair a participant, byes included (a bye is one-sided: `a` only). */
async function gamesOf(db: Firestore, tournamentId: string, participantId: string, tx: Transaction) {
  const matchUps = refs(db).matchUps(tournamentId);
  const [asA, asB] = await Promise.all([
    tx.get(matchUps.where('a', '==', participantId)),
    tx.get(matchUps.where('b', '==', participantId)),
  ]);
  return [...asA.docs, ...asB.docs].map((d) => d.data());
}

export async function deleteParticipant(
  db: Firestore,
  uid: string | undefined,
  input: DeleteParticipantInput,
): Promise<void> {
  const ref = refs(db);
  const { tournamentId, participantId } = input;
  await db.runTransaction(async (tx) => {
    await readEditableTournament(tx, ref, uid, tournamentId);
    const participant = (await tx.get(ref.participant(tournamentId, participantId))).data();
    if (!participant) throw notEntered();
    assertEntryDeletable(participant, await gamesOf(db, tournamentId, participantId, tx));
    // The account that plays as the entry, if any, stops playing as it.
    const writeRoles = await planTournamentRoles(tx, ref, tournamentId, { accounts: [{ participantId, uid: null }] });
    writeRoles();
    tx.delete(ref.participant(tournamentId, participantId));
    tx.delete(ref.state(tournamentId, participantId));
    tx.delete(ref.standing(tournamentId, participantId));
    tx.delete(ref.claimCode(tournamentId, participantId));
  });
  await pagesFollow(tournamentId);
}

export async function correctRating(db: Firestore, uid: string | undefined, input: CorrectRatingInput): Promise<void> {
  const ref = refs(db);
  const { tournamentId, participantId, rating } = input;
  const changed = await db.runTransaction(async (tx) => {
    const tournament = await readEditableTournament(tx, ref, uid, tournamentId);
    const participant = (await tx.get(ref.participant(tournamentId, participantId))).data();
    if (!participant) throw notEntered();
    // Rated games are those whose result counts: a report still waiting for the opponent is not rated yet.
    const games = (await gamesOf(db, tournamentId, participantId, tx))
      .map((m) => toCountedRecord(m, tournament.confirmScores))
      .filter((m) => m.result !== null)
      .map((m) => ({ a: m.a, b: m.b, played: m.b !== null && (m.result!.kind ?? 'PLAYED') === 'PLAYED' }));
    assertRatingCorrectable(participant, games);
    if (participant.rating === rating) return false;
    tx.set(ref.participant(tournamentId, participantId), { ...participant, rating });
    return true;
  });
  // The player's ratings start again from the corrected one, and the standings follow: rebuilt from the results.
  if (changed) await replayTournament(db, tournamentId);
}
