import type { Firestore } from 'firebase-admin/firestore';
import {
  assertCurrentRound,
  assertPairingsEditable,
  planForbiddenPairs,
  DomainError,
  editRound,
  matchUpsOfRound,
  pairingRequestFor,
  pairingSpecOf,
  type RoundLayout,
} from '@competition/engine';
import type {
  EditAnswer,
  EditPairingsInput,
  RoundEditRecord,
  SetForbiddenPairsInput,
} from '@competition/engine/schemas';
import { refs } from '../firebase/refs.js';
import { toCountedRecord, toParticipant } from './records.js';
import { readEditableTournament, readTournamentToEdit } from './tournamentAccess.js';

/**
 * One pairing edit of the current round, before its first result. The domain applies it and names what it breaks;
 * unless confirmed, an edit with warnings is answered and not written. Applied, the round's matchUps are rewritten
 * with their cost terms recomputed, and the round records the edit by role (OWNER or EDITOR) and time.
 */
export async function editPairings(
  db: Firestore,
  uid: string | undefined,
  input: EditPairingsInput,
  now = new Date(),
): Promise<EditAnswer> {
  const ref = refs(db);
  const { tournamentId, roundNumber } = input;
  return db.runTransaction(async (tx) => {
    const tournament = await readEditableTournament(tx, ref, uid, tournamentId);
    assertCurrentRound(roundNumber, tournament.currentRound);
    const [roundSnap, participantSnap, matchUpSnap] = await Promise.all([
      tx.get(ref.round(tournamentId, roundNumber)),
      tx.get(ref.participants(tournamentId)),
      tx.get(ref.matchUps(tournamentId)),
    ]);
    const round = roundSnap.data();
    if (!round) throw new DomainError('not-found', `round ${roundNumber} does not exist`);
    const participants = participantSnap.docs.map((d) => d.data());
    const names = new Map(participants.map((p) => [p.participantId, p.name]));
    const name = (id: string) => names.get(id) ?? 'a player no longer entered';
    const all = matchUpSnap.docs.map((d) => d.data());
    const current = all.filter((m) => m.roundNumber === roundNumber).sort((x, y) => x.order - y.order);
    // A result or a player's report stored in the round holds it, whether it counts yet or not: rewriting the games
    // would lose it.
    assertPairingsEditable(roundNumber, current, tournament.policy);

    // The earlier rounds as they count, as when the round was paired: a report still waiting for the opponent is none.
    const earlier = all
      .filter((m) => m.roundNumber < roundNumber)
      .map((m) => toCountedRecord(m, tournament.confirmScores));
    const competition = { policy: tournament.policy, participants: participants.map(toParticipant), matchUps: earlier };
    const request = pairingRequestFor(competition, pairingSpecOf(tournament, round.seed), {
      force: true,
      forbiddenPairs: tournament.forbiddenPairs ?? [],
      roundNumber,
    });
    const layout: RoundLayout = {
      tables: current.filter((m) => m.b !== null).map((m) => ({ a: m.a, b: m.b! })),
      byes: current.filter((m) => m.b === null).map((m) => m.a),
      waiting: round.waiting ?? [],
    };
    const edited = editRound(request, layout, input.edit, name, round.method);
    const warnings = edited.warnings.map(({ kind, players, message }) => ({ kind, players, message }));
    if (warnings.length > 0 && !input.confirm) return { applied: false, warnings };

    const docs = matchUpsOfRound({
      roundNumber,
      method: round.method,
      seed: round.seed,
      pairings: edited.pairings,
      byes: edited.layout.byes,
      byeCosts: edited.byeCosts,
      notes: [],
      stats: {},
    }).map((m) => ({ ...m, scoredBy: null, scoredAt: null }));
    const kept = new Set(docs.map((d) => d.matchUpId));
    for (const m of current) if (!kept.has(m.matchUpId)) tx.delete(ref.matchUp(tournamentId, m.matchUpId));
    for (const doc of docs) tx.set(ref.matchUp(tournamentId, doc.matchUpId), doc);
    const record: RoundEditRecord = {
      edit: input.edit,
      by: uid === tournament.ownerUid ? 'OWNER' : 'EDITOR',
      at: now.toISOString(),
      accepted: warnings.map((w) => w.message),
    };
    tx.set(ref.round(tournamentId, roundNumber), {
      ...round,
      matchUpCount: docs.length,
      byes: edited.layout.byes,
      waiting: edited.layout.waiting,
      edits: [...(round.edits ?? []), record],
    });
    return { applied: true, warnings };
  });
}

/** Replaces the tournament's forbidden pairs; every name must be a participant of it. */
export async function setForbiddenPairs(
  db: Firestore,
  uid: string | undefined,
  input: SetForbiddenPairsInput,
): Promise<{ pairs: number }> {
  const ref = refs(db);
  const { tournamentId } = input;
  return db.runTransaction(async (tx) => {
    const tournament = await readTournamentToEdit(tx, ref, uid, tournamentId);
    const participantSnap = await tx.get(ref.participants(tournamentId));
    const entered = new Set(participantSnap.docs.map((d) => d.id));
    const pairs = planForbiddenPairs(input.pairs, entered);
    tx.set(ref.tournament(tournamentId), { ...tournament, forbiddenPairs: pairs });
    return { pairs: pairs.length };
  });
}
