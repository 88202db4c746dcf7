import { createHash } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type {
  CloseTournamentInput,
  GeneratedRound,
  GenerateNextRoundInput,
  TournamentDoc,
} from '@competition/engine/schemas';
import { planClose, planNextRound, planReopen, planUndo, type StatusPlan } from '@competition/engine';
import { type Refs, refs } from '../firebase/refs.js';
import { toCountedRecord } from './records.js';
import { readEditableTournament, readTournamentToEdit } from './tournamentAccess.js';

/** A reproducible seed per request when the organizer does not choose one. */
function seedFor(requestId: string): number {
  return createHash('sha256').update(requestId).digest().readUInt32BE(0) & 0x7fffffff;
}

/**
 * Pairs the next round (the domain decides: docs/architecture.md#use-cases) and writes it: the round document
 * (method, seed, notes) and one matchUp per pair (with its cost terms) or bye (scored at once, as an automatic
 * win). Idempotent per requestId: a retried call returns the round it made.
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
    const [roundSnap, participantSnap, matchUpSnap] = await Promise.all([
      tx.get(ref.rounds(tournamentId)),
      tx.get(ref.participants(tournamentId)),
      tx.get(ref.matchUps(tournamentId)),
    ]);
    const plan = planNextRound({
      tournament,
      rounds: roundSnap.docs.map((d) => d.data()),
      participants: participantSnap.docs.map((d) => d.data()),
      matchUps: matchUpSnap.docs.map((d) => toCountedRecord(d.data(), tournament.confirmScores)),
      request: {
        requestId,
        seed: input.seed ?? seedFor(requestId),
        force: input.force,
        author: uid === tournament.ownerUid ? 'OWNER' : 'EDITOR',
        at: now.toISOString(),
      },
    });
    if (plan.repeated) return plan.answer;
    if (plan.closes !== null) tx.update(ref.round(tournamentId, plan.closes), { status: 'CLOSED' });
    tx.create(ref.round(tournamentId, plan.round.roundNumber), plan.round);
    for (const doc of plan.matchUps) tx.create(ref.matchUp(tournamentId, doc.matchUpId), doc);
    tx.set(ref.tournament(tournamentId), { ...tournament, ...plan.tournament });
    return plan.answer;
  });
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
    const matchUps =
      tournament.currentRound === 0
        ? []
        : (await tx.get(ref.matchUps(tournamentId).where('roundNumber', '==', tournament.currentRound))).docs;
    const plan = planUndo(
      tournament,
      matchUps.map((d) => d.data()),
    );
    for (const matchUpId of plan.removes) tx.delete(ref.matchUp(tournamentId, matchUpId));
    tx.delete(ref.round(tournamentId, plan.roundNumber));
    if (plan.reopens !== null) tx.update(ref.round(tournamentId, plan.reopens), { status: 'OPEN' });
    tx.set(ref.tournament(tournamentId), { ...tournament, ...plan.tournament });
    return { roundNumber: plan.roundNumber };
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
    const plan = planClose(
      tournament,
      matchUpSnap.docs.map((d) => toCountedRecord(d.data(), tournament.confirmScores)),
      (id) => names.get(id) ?? 'a player no longer entered',
      input.leaveUnscored,
    );
    writeStatus(tx, ref, tournament, plan);
  });
}

/** Reopens a closed tournament at its last round, open again for the results still to enter or correct. */
export async function reopenTournament(db: Firestore, uid: string | undefined, tournamentId: string): Promise<void> {
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    const tournament = await readTournamentToEdit(tx, ref, uid, tournamentId);
    writeStatus(tx, ref, tournament, planReopen(tournament));
  });
}

function writeStatus(tx: Transaction, ref: Refs, tournament: TournamentDoc, plan: StatusPlan): void {
  if (plan.round) tx.update(ref.round(tournament.tournamentId, plan.round.roundNumber), { status: plan.round.status });
  tx.set(ref.tournament(tournament.tournamentId), { ...tournament, status: plan.status });
}
