import { isRoundApplied } from './acceptance.js';
import type { MatchUpChange } from './change.js';
import { isUpToDate, participantsOf, roundsOf, targetOf } from './change.js';
import type { CompetitionPolicy } from './policy.js';
import type { ParticipantStates } from './state.js';

/**
 * What the score trigger does with one matchUp's event, decided from the change (the game last applied under the
 * id and the one stored there now, its result judged) and the states of the players concerned.
 * - NOTHING: the states already reflect the stored result.
 * - MARK: PER_ROUND, and the round is not rated for these players yet: the result is noted (the applied marker)
 *   and nothing is rated until the round is complete.
 * - RECONCILE: the states are brought in line (reconcileMatchUp), under PER_ROUND with the whole of `roundNumber`.
 * `waitingRound` (PER_ROUND): the matchUp has a result in a round not rated yet, so once this event is through the
 * round may be complete and is to be rated.
 */
export type ScoreStep =
  | { action: 'NOTHING'; waitingRound?: number }
  | { action: 'MARK'; waitingRound?: number }
  | { action: 'RECONCILE'; roundNumber?: number };

const perRound = (policy: CompetitionPolicy) => policy.processingGranularity === 'PER_ROUND';

/**
 * Whether the event needs the players' states to be decided. It does not when there is no game under the id, or
 * the stored result is the one applied and, PER_ROUND, there is no result whose round might still wait to be rated.
 */
export function needsStates(policy: CompetitionPolicy, change: MatchUpChange): boolean {
  const target = targetOf(change);
  if (!target) return false;
  return !isUpToDate(change) || (perRound(policy) && target.result !== null);
}

/** `states` holds (at least) everyone `participantsOf(change)` names; only theirs are read. */
export function scoreStep(policy: CompetitionPolicy, change: MatchUpChange, states: ParticipantStates): ScoreStep {
  const target = targetOf(change);
  if (!target || !needsStates(policy, change)) return { action: 'NOTHING' };
  const own = participantsOf(change).flatMap((id) => states[id] ?? []);
  const waitingRound =
    perRound(policy) && target.result !== null && !isRoundApplied(own, target.roundNumber)
      ? target.roundNumber
      : undefined;
  const waiting = waitingRound === undefined ? {} : { waitingRound };
  if (isUpToDate(change)) return { action: 'NOTHING', ...waiting };
  if (!perRound(policy)) return { action: 'RECONCILE' };
  // The result is only noted until the round is rated, in the round it is in now or, for a re-used id, was in.
  if (!roundsOf(change).some((r) => isRoundApplied(own, r))) return { action: 'MARK', ...waiting };
  return { action: 'RECONCILE', roundNumber: target.roundNumber };
}
