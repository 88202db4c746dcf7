import type { Transaction } from 'firebase-admin/firestore';
import { tiebreakContext, standingValues } from '../domain/leaderboard.js';
import type { CompetitionPolicy } from '../domain/policy.js';
import type { ParticipantState, ParticipantStates } from '../domain/state.js';
import { OPPONENT_SCORE_TIEBREAKS, OPPONENT_TIEBREAKS, opponentIds } from '../domain/tiebreaks.js';
import type { Refs } from '../firebase/refs.js';
import type { StandingDoc } from '../model/derived.js';
import type { ParticipantDoc } from '../model/participant.js';

const usesAny = (policy: CompetitionPolicy, set: ReadonlySet<string>) =>
  (policy.victoryPolicy.tiebreakOrder ?? []).some((t) => set.has(t));

/**
 * Whose standings rows move when these participants' states change: themselves, and, when a tiebreak reads
 * opponents' scores (Buchholz, Sonneborn-Berger), everyone they have met. Bounded by rounds played.
 */
export function rowsMovedBy(
  policy: CompetitionPolicy,
  before: readonly ParticipantState[],
  after: readonly ParticipantState[],
): string[] {
  const moved = new Set(after.map((s) => s.participantId));
  if (usesAny(policy, OPPONENT_SCORE_TIEBREAKS))
    for (const s of [...before, ...after]) for (const id of opponentIds(s)) moved.add(id);
  return [...moved];
}

export interface RowInputs {
  states: ParticipantStates;
  participants: Map<string, ParticipantDoc>;
}

/**
 * Reads (inside the transaction, before any write) what the moved rows are computed from: their states, their
 * opponents' states when a tiebreak needs them, and the participant documents for names and withdrawals.
 */
export async function readRowInputs(
  tx: Transaction,
  ref: Refs,
  tournamentId: string,
  policy: CompetitionPolicy,
  moved: readonly string[],
  known: ParticipantStates,
): Promise<RowInputs> {
  const states: ParticipantStates = { ...known };
  const missing = (ids: Iterable<string>) => [...new Set(ids)].filter((id) => !states[id]);
  await readStates(ref, tournamentId, missing(moved), states, tx);
  const opponents = usesAny(policy, OPPONENT_TIEBREAKS) ? moved.flatMap((id) => opponentIds(states[id]!)) : [];
  // Opponents' scores change as they play, so they are read under the transaction's locks; when only their
  // frozen baselines are needed (strength of opposition), a plain read is exact and locks nothing.
  const scoresNeeded = usesAny(policy, OPPONENT_SCORE_TIEBREAKS);
  await readStates(ref, tournamentId, missing(opponents), states, scoresNeeded ? tx : undefined);
  const trend = policy.victoryPolicy.buchholzDropOut !== 'NONE';
  const participantIds = [...new Set(trend ? [...moved, ...opponents] : moved)];
  const snapshots = participantIds.length
    ? await tx.getAll(...participantIds.map((id) => ref.participant(tournamentId, id)))
    : [];
  const participants = new Map<string, ParticipantDoc>();
  for (const snap of snapshots) {
    const doc = snap.data();
    if (doc) participants.set(doc.participantId, doc);
  }
  return { states, participants };
}

/** Reads states into `into`, under the transaction's locks when one is given; a missing state is skipped. */
export async function readStates(
  ref: Refs,
  tournamentId: string,
  ids: readonly string[],
  into: ParticipantStates,
  tx?: Transaction,
): Promise<ParticipantStates> {
  if (ids.length === 0) return into;
  const refsToRead = ids.map((id) => ref.state(tournamentId, id));
  const snaps = tx ? await tx.getAll(...refsToRead) : await Promise.all(refsToRead.map((r) => r.get()));
  for (const snap of snaps) {
    const state = snap.data();
    if (state) into[state.participantId] = state;
  }
  return into;
}

/**
 * The stored row of each moved participant, computed exactly as the full leaderboard computes it: from the states
 * and withdrawals alone (no tournament field), so a row is rewritten whenever what it shows can change.
 */
export function standingRows(policy: CompetitionPolicy, moved: readonly string[], inputs: RowInputs): StandingDoc[] {
  const withdrawn = [...inputs.participants.values()].filter((p) => p.withdrawn).map((p) => p.participantId);
  const context = tiebreakContext(policy, inputs.states, { withdrawn });
  return moved.flatMap((id) => {
    const state = inputs.states[id];
    if (!state) return [];
    return [{ ...standingValues(policy, state, context), name: inputs.participants.get(id)?.name ?? id }];
  });
}
