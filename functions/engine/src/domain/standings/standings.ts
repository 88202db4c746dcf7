import { standingValues, type StandingValues, tiebreakContext } from './leaderboard.js';
import {
  type CompetitionPolicy,
  OPPONENT_SCORE_TIEBREAKS,
  OPPONENT_TIEBREAKS,
  readsMcMahonScores,
  ROUND_COUNT_TIEBREAKS,
  SECOND_ORDER_TIEBREAKS,
  UNPLAYED_ROUND_TIEBREAKS,
  withdrawalMovesOthers,
} from '../policy/index.js';
import type { ParticipantState, ParticipantStates } from '../ratings/index.js';
import { opponentIds } from './tiebreaks.js';

const usesAny = (policy: CompetitionPolicy, set: ReadonlySet<string>) =>
  (policy.victoryPolicy.tiebreakOrder ?? []).some((t) => set.has(t));

/**
 * Whose stored standings rows move when these participants' states change: themselves, and, when a tiebreak reads
 * opponents' scores (Buchholz, Sonneborn-Berger), everyone they met before or after the change. Bounded by rounds
 * played.
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

/**
 * Whether every score is folded with the whole tournament instead of moving a few rows: a tiebreak reads the
 * opponents' opponents, two meetings away from the players of a game, or the event's rounds so far, which the first
 * result of a round moves for everyone (docs/standings-updates.md); Go's McMahon scores read both.
 */
export function foldsWholeTournament(policy: CompetitionPolicy): boolean {
  const article16 = policy.victoryPolicy.unplayedRounds !== 'AS_PLAYED' && usesAny(policy, UNPLAYED_ROUND_TIEBREAKS);
  return (
    usesAny(policy, SECOND_ORDER_TIEBREAKS) ||
    usesAny(policy, ROUND_COUNT_TIEBREAKS) ||
    article16 ||
    readsMcMahonScores(policy)
  );
}

/** What the rows of some participants are computed from, beyond their own states. */
export interface RowSources {
  /** Whose states the rows read besides their own: the opponents, when a tiebreak reads opponents at all. */
  opponents: string[];
  /**
   * Whether the rows read the opponents' scores (which change as they play), not only their frozen baselines
   * (strength of opposition): a reader must then see the opponents as of the same moment as the rows.
   */
  opponentScores: boolean;
  /**
   * Whose names and withdrawals the rows show or count: their own, and their opponents' under a drop-out trend or
   * a tiebreak that reads an opponent's drop.
   */
  participants: string[];
}

/** `states` must hold the moved participants' states: their opponents are read from them. */
export function rowSources(policy: CompetitionPolicy, moved: readonly string[], states: ParticipantStates): RowSources {
  const opponents = usesAny(policy, OPPONENT_TIEBREAKS) ? moved.flatMap((id) => opponentIds(states[id]!)) : [];
  return {
    opponents: [...new Set(opponents)],
    opponentScores: usesAny(policy, OPPONENT_SCORE_TIEBREAKS),
    participants: [...new Set(withdrawalMovesOthers(policy) ? [...moved, ...opponents] : moved)],
  };
}

/** A participant as a standings row shows him: his name, and whether he withdrew. */
export interface RowParticipant {
  participantId: string;
  name?: string;
  withdrawn?: boolean;
}

export interface RowInputs {
  states: ParticipantStates;
  participants: ReadonlyMap<string, RowParticipant>;
  /** The event is a round robin (`isRoundRobin`): C.07 counts its unplayed games otherwise. */
  roundRobin?: boolean | undefined;
}

/** A stored standings row: a leaderboard row without its rank (ranks move together), with the name to show. */
export type StandingRow = StandingValues & { name: string };

/**
 * The stored row of each moved participant, computed exactly as the full leaderboard computes it: from the states
 * and withdrawals alone (no tournament field), so a row is rewritten whenever what it shows can change. A moved
 * participant without a state has no row.
 */
export function standingRows(policy: CompetitionPolicy, moved: readonly string[], inputs: RowInputs): StandingRow[] {
  const withdrawn = [...inputs.participants.values()].filter((p) => p.withdrawn).map((p) => p.participantId);
  const context = tiebreakContext(policy, inputs.states, { withdrawn, roundRobin: inputs.roundRobin ?? false });
  return moved.flatMap((id) => {
    const state = inputs.states[id];
    if (!state) return [];
    return [{ ...standingValues(policy, state, context), name: inputs.participants.get(id)?.name ?? id }];
  });
}
