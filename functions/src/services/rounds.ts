import { createHash } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { GeneratedRound } from '@competition/engine/model/answers';
import type { PairingRound } from '@competition/engine/domain/pairing/index';
import { pairNextRound } from '@competition/engine/domain/pairing/nextRound';
import { matchUpsOfRound } from '@competition/engine/domain/matchUps';
import { parsePairingSpec } from '@competition/engine/domain/pairing/request';
import { assertClosable, assertReopenable, unscoredGames } from '@competition/engine/domain/closing';
import { assertUndoable } from '@competition/engine/domain/undo';
import { participantsToPair } from '@competition/engine/domain/checkIn';
import { type Refs, refs } from '../firebase/refs.js';
import type { MatchUpDoc } from '@competition/engine/model/matchUp';
import type { CloseTournamentInput, GenerateNextRoundInput } from '@competition/engine/model/requests';
import type { RoundDoc } from '@competition/engine/model/round';
import { toCountedRecord, toMatchUpRecord, toParticipant } from './records.js';
import { readEditableTournament, readTournamentToEdit } from './tournamentAccess.js';

/** A reproducible seed per request when the organizer does not choose one. */
function seedFor(requestId: string): number {
  return createHash('sha256').update(requestId).digest().readUInt32BE(0) & 0x7fffffff;
}

/**
 * Pairs the next round with the tournament's method and writes it: the round document (method, seed, notes)
 * and one matchUp per pair (with its cost terms) or bye (scored at once, as an automatic win). Idempotent per
 * requestId: a retried call returns the round it made.
 */
export async function generateNextRound(
  db: Firestore,
  uid: string | undefined,
  input: GenerateNextRoundInput,
  now = new Date(),
): Promise<GeneratedRound> {
  const ref = refs(db);
  const { tournamentId, requestId } = input;
  return db.runTransaction(async (tx) => {
    const tournament = await readEditableTournament(tx, ref, uid, tournamentId);
    const earlier = await tx.get(ref.rounds(tournamentId).where('requestId', '==', requestId).limit(1));
    const done = earlier.docs[0]?.data();
    if (done)
      return {
        roundNumber: done.roundNumber,
        method: done.method,
        seed: done.seed,
        matchUps: done.matchUpCount,
        byes: done.byes,
        repeated: true,
      };
    const [participantSnap, matchUpSnap] = await Promise.all([
      tx.get(ref.participants(tournamentId)),
      tx.get(ref.matchUps(tournamentId)),
    ]);
    const matchUps = matchUpSnap.docs.map((d) => toCountedRecord(d.data(), tournament.confirmScores));
    const participants = participantsToPair(
      participantSnap.docs.map((d) => d.data()),
      matchUps,
      tournament.joining?.checkIn ?? false,
    );
    const seed = input.seed ?? seedFor(requestId);
    const spec = parsePairingSpec({
      ...tournament.pairing.options,
      method: tournament.pairing.method,
      seed,
      ...(tournament.totalRounds ? { totalRounds: tournament.totalRounds } : {}),
    });
    // Every matchUp goes in, scored or not: an open one is refused unless forced, and counts as met when forced.
    const competition = { policy: tournament.policy, participants: participants.map(toParticipant), matchUps };
    const { round, playoff } = pairNextRound(
      competition,
      spec,
      {
        system: tournament.system,
        ...(tournament.totalRounds ? { totalRounds: tournament.totalRounds } : {}),
        ...(await frozenSeeding(tx, ref, tournamentId, tournament.currentRound)),
      },
      {
        force: input.force,
        forbiddenPairs: tournament.forbiddenPairs ?? [],
        roundNumber: tournament.currentRound + 1,
      },
    );
    const docs = matchUpDocs(round);
    const roundDoc: RoundDoc = {
      roundNumber: round.roundNumber,
      status: 'OPEN',
      method: round.method,
      seed: round.seed,
      matchUpCount: docs.length,
      byes: round.byes,
      notes: round.notes,
      requestId,
      generatedBy: uid === tournament.ownerUid ? 'OWNER' : 'EDITOR',
      generatedAt: now.toISOString(),
      stats: { ...round.stats },
      ...(round.forbiddenPairsMet ? { forbiddenPairsMet: round.forbiddenPairsMet.map(([a, b]) => ({ a, b })) } : {}),
      ...(playoff ? { playoff } : {}),
    };
    if (tournament.currentRound > 0) tx.update(ref.round(tournamentId, tournament.currentRound), { status: 'CLOSED' });
    tx.create(ref.round(tournamentId, round.roundNumber), roundDoc);
    for (const doc of docs) tx.create(ref.matchUp(tournamentId, doc.matchUpId), doc);
    tx.set(ref.tournament(tournamentId), { ...tournament, currentRound: round.roundNumber, status: 'RUNNING' });
    return {
      roundNumber: round.roundNumber,
      method: round.method,
      seed: round.seed,
      matchUps: docs.length,
      byes: round.byes,
      repeated: false,
    };
  });
}

/** The seeding a playoff under way was frozen with, read from its first round (docs/playoff.md). */
async function frozenSeeding(
  tx: Transaction,
  ref: Refs,
  tournamentId: string,
  currentRound: number,
): Promise<{ seeding?: string[] }> {
  if (currentRound === 0) return {};
  const current = (await tx.get(ref.round(tournamentId, currentRound))).data()?.playoff;
  if (!current) return {};
  const first =
    current.seeding ?? (await tx.get(ref.round(tournamentId, current.mainRounds + 1))).data()?.playoff?.seeding;
  return first ? { seeding: first } : {};
}

function matchUpDocs(round: PairingRound): MatchUpDoc[] {
  return matchUpsOfRound(round).map((matchUp) => ({ ...matchUp, scoredBy: null, scoredAt: null }));
}

/**
 * Takes back the last round while nobody has scored in it (its automatic byes aside): its matchUps and its
 * round document go, the previous round reopens. The score trigger un-applies the byes as their matchUps go.
 */
export async function undoLastRound(
  db: Firestore,
  uid: string | undefined,
  tournamentId: string,
): Promise<{ roundNumber: number }> {
  const ref = refs(db);
  return db.runTransaction(async (tx) => {
    const tournament = await readEditableTournament(tx, ref, uid, tournamentId);
    const roundNumber = tournament.currentRound;
    const matchUps =
      roundNumber === 0
        ? []
        : (await tx.get(ref.matchUps(tournamentId).where('roundNumber', '==', roundNumber))).docs.map((d) => d.data());
    assertUndoable(roundNumber, matchUps.map(toMatchUpRecord), tournament.policy);
    for (const m of matchUps) tx.delete(ref.matchUp(tournamentId, m.matchUpId));
    tx.delete(ref.round(tournamentId, roundNumber));
    if (roundNumber > 1) tx.update(ref.round(tournamentId, roundNumber - 1), { status: 'OPEN' });
    tx.set(ref.tournament(tournamentId), {
      ...tournament,
      currentRound: roundNumber - 1,
      status: roundNumber > 1 ? 'RUNNING' : 'DRAFT',
    });
    return { roundNumber };
  });
}

/**
 * Closes the tournament and its last round. Games still without a result are refused by name unless the organizer
 * said they stay unscored (the domain decides).
 */
export async function closeTournament(
  db: Firestore,
  uid: string | undefined,
  input: CloseTournamentInput,
): Promise<void> {
  const ref = refs(db);
  const { tournamentId } = input;
  await db.runTransaction(async (tx) => {
    const tournament = await readEditableTournament(tx, ref, uid, tournamentId);
    const [matchUpSnap, participantSnap] = await Promise.all([
      tx.get(ref.matchUps(tournamentId)),
      tx.get(ref.participants(tournamentId)),
    ]);
    const names = new Map(participantSnap.docs.map((d) => [d.id, d.data().name]));
    const games = unscoredGames(matchUpSnap.docs.map((d) => toCountedRecord(d.data(), tournament.confirmScores)));
    assertClosable(games, (id) => names.get(id) ?? 'a player no longer entered', input.leaveUnscored);
    if (tournament.currentRound > 0) tx.update(ref.round(tournamentId, tournament.currentRound), { status: 'CLOSED' });
    tx.set(ref.tournament(tournamentId), { ...tournament, status: 'CLOSED' });
  });
}

/** Reopens a closed tournament at its last round, open again for the results still to enter or correct. */
export async function reopenTournament(db: Firestore, uid: string | undefined, tournamentId: string): Promise<void> {
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    const tournament = await readTournamentToEdit(tx, ref, uid, tournamentId);
    assertReopenable(tournament.status);
    if (tournament.currentRound > 0) tx.update(ref.round(tournamentId, tournament.currentRound), { status: 'OPEN' });
    tx.set(ref.tournament(tournamentId), { ...tournament, status: tournament.currentRound > 0 ? 'RUNNING' : 'DRAFT' });
  });
}
