import { isRoundComplete } from './acceptance.js';
import type { MatchUpKey, MatchUpRecord } from './matchUps.js';
import { compareMatchUpKeys, sidesOf } from './matchUps.js';
import type { CompetitionPolicy } from './policy.js';
import { applyRound } from './fold.js';
import type { ParticipantState, ParticipantStates, RatingPoint } from './state.js';
import { entriesForMatchUp, requireState, resolveMatchUp, summarize, withEntries, withoutMatchUp } from './state.js';

/**
 * What one result change does to the stored state.
 * - UNCHANGED: the state already reflects this result (a duplicate or reordered event, or a write that did not
 *   touch the result).
 * - APPLIED: the new states of the participants listed; nobody else moves.
 * - REPLAY: exactness needs the full fold (foldCompetition), because a later rated game of one of these
 *   participants started from the rating this change moves.
 */
export type ChangeOutcome =
  | { status: 'UNCHANGED' }
  | { status: 'APPLIED'; states: ParticipantStates }
  | { status: 'REPLAY'; reason: string };

/**
 * Brings the state in line with a matchUp's current result (set, corrected or cleared). Idempotent: it sets,
 * it does not add, so the same event twice, or two events in either order, end the same once the matchUp's
 * latest result is passed.
 *
 * Cost: PER_MATCHUP reads and writes the matchUp's two participants, O(1) in field size; it replays only when
 * a rated game of either participant comes after this one. PER_ROUND needs the whole round (`roundMatchUps`
 * and the states of its participants): O(round) when the round completes or a completed round is corrected,
 * nothing while the round is still open, a replay when a later round was already applied to its players.
 */
export function applyResultChange(
  policy: CompetitionPolicy,
  matchUp: MatchUpRecord,
  states: ParticipantStates,
  roundMatchUps?: readonly MatchUpRecord[],
): ChangeOutcome {
  if (policy.processingGranularity === 'PER_MATCHUP') return applyMatchUpChange(policy, matchUp, states);
  if (!roundMatchUps) throw new Error('PER_ROUND changes need the matchUps of the whole round');
  const round = roundMatchUps.map((m) => (m.matchUpId === matchUp.matchUpId ? matchUp : m));
  if (!round.some((m) => m.matchUpId === matchUp.matchUpId)) round.push(matchUp);
  return applyRoundChange(policy, matchUp.roundNumber, round, states);
}

function applyMatchUpChange(policy: CompetitionPolicy, matchUp: MatchUpRecord, states: ParticipantStates): ChangeOutcome {
  const ids = sidesOf(matchUp);
  const resolved = resolveMatchUp(matchUp, policy);
  const stripped = Object.fromEntries(ids.map((id) => [id, summarize(withoutMatchUp(requireState(states, id), matchUp.matchUpId))]));
  const at = (id: string): RatingPoint => {
    const rating = formBefore(requireState(stripped, id), matchUp);
    return { expectFrom: rating, before: rating };
  };
  const next: ParticipantStates = { ...stripped };
  if (resolved) {
    for (const [id, entry] of entriesForMatchUp(matchUp, resolved, policy, stripped, at)) next[id] = withEntries(requireState(next, id), entry);
  }
  for (const id of ids) next[id] = summarize(requireState(next, id));
  const ofMatchUp = (e: { matchUpId: string }) => e.matchUpId === matchUp.matchUpId;
  if (ids.every((id) => sameEntries(requireState(next, id), requireState(states, id), ofMatchUp))) return { status: 'UNCHANGED' };
  const movesRatings = resolved?.played || ids.some((id) => requireState(states, id).ratingHistory.some((h) => h.matchUpId === matchUp.matchUpId));
  const later = movesRatings ? ids.find((id) => hasRatedGameAfter(requireState(stripped, id), matchUp)) : undefined;
  if (later) return { status: 'REPLAY', reason: `${later} has a rated game after matchUp ${matchUp.matchUpId}` };
  return { status: 'APPLIED', states: next };
}

/**
 * PER_ROUND: brings the states in line with a whole round as it now stands: rated from the ratings at the
 * round's start once every result is in, un-rated when one is cleared.
 */
export function applyRoundChange(
  policy: CompetitionPolicy,
  roundNumber: number,
  roundMatchUps: readonly MatchUpRecord[],
  states: ParticipantStates,
): ChangeOutcome {
  const ids = [...new Set(roundMatchUps.flatMap(sidesOf))];
  const complete = isRoundComplete(roundMatchUps);
  const upToRound = Object.fromEntries(ids.map((id) => [id, summarize(withoutRoundsFrom(requireState(states, id), roundNumber))]));
  const withRound = complete ? applyRound(policy, upToRound, roundMatchUps) : upToRound;
  const inRound = (e: { roundNumber: number }) => e.roundNumber === roundNumber;
  if (ids.every((id) => sameEntries(requireState(withRound, id), requireState(states, id), inRound))) return { status: 'UNCHANGED' };
  const later = ids.find((id) => requireState(states, id).results.some((r) => r.roundNumber > roundNumber));
  if (later) return { status: 'REPLAY', reason: `${later} already has results of a round after round ${roundNumber}` };
  return { status: 'APPLIED', states: Object.fromEntries(ids.map((id) => [id, summarize(requireState(withRound, id))])) };
}

function withoutRoundsFrom(state: ParticipantState, roundNumber: number): ParticipantState {
  return {
    ...state,
    results: state.results.filter((r) => r.roundNumber < roundNumber),
    ratingHistory: state.ratingHistory.filter((h) => h.roundNumber < roundNumber),
  };
}

/** The form rating just before this matchUp: after the last rated game that precedes it. */
function formBefore(state: ParticipantState, key: MatchUpKey): number {
  const lastEarlier = state.results.filter((r) => r.played && compareMatchUpKeys(r, key) < 0).at(-1);
  return state.ratingHistory.find((h) => h.matchUpId === lastEarlier?.matchUpId)?.dynamicFormRatingAfter ?? state.baselineRating;
}

function hasRatedGameAfter(state: ParticipantState, key: MatchUpKey): boolean {
  return state.results.some((r) => r.played && compareMatchUpKeys(r, key) > 0);
}

/** Whether two states hold the same entries of the kind selected (one matchUp's, or one round's). */
function sameEntries(x: ParticipantState, y: ParticipantState, selected: (entry: { matchUpId: string; roundNumber: number }) => boolean): boolean {
  const pick = (s: ParticipantState) => JSON.stringify([s.results.filter(selected), s.ratingHistory.filter(selected)]);
  return pick(x) === pick(y);
}
