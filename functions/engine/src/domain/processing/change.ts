import {
  compareMatchUpKeys,
  isRoundComplete,
  type MatchUpKey,
  type MatchUpRecord,
  sameGame,
  sameResult,
  sidesOf,
} from '../results/index.js';
import type { CompetitionPolicy } from '../policy/index.js';
import {
  applyRound,
  entriesForMatchUp,
  formRating,
  type ParticipantState,
  type ParticipantStates,
  type RatingPoint,
  requireState,
  resolveMatchUp,
  summarize,
  withEntries,
  withoutMatchUp,
} from '../ratings/index.js';

/**
 * What one result change does to the stored state.
 * - UNCHANGED: the state already reflects this result (a duplicate or reordered event, or a write that did not
 *   touch the result).
 * - APPLIED: the new states of the participants listed; nobody else moves.
 * - REPLAY: exactness needs the full fold (foldCompetition), because a later rated game of one of these
 *   participants started from the rating this change moves.
 */
export type ChangeOutcome =
  { status: 'UNCHANGED' } | { status: 'APPLIED'; states: ParticipantStates } | { status: 'REPLAY'; reason: string };

/**
 * What the score trigger holds for one matchUp id: the game it last brought the state in line with (the applied
 * marker) and the game stored under the id now (its result judged; undefined once the matchUp is deleted). The
 * two can be different games: an undone round paired again re-uses its ids for other players.
 */
export interface MatchUpChange {
  applied?: MatchUpRecord;
  current?: MatchUpRecord;
}

/** The game the state must now reflect: the stored one, or for a deleted matchUp the last applied one, unscored. */
export function targetOf(change: MatchUpChange): MatchUpRecord | undefined {
  return change.current ?? (change.applied && { ...change.applied, result: null });
}

/** The game last applied, unscored, when the id no longer holds it (deleted, or re-created for others): to un-apply. */
export function replacedGame(change: MatchUpChange): MatchUpRecord | undefined {
  const { applied, current } = change;
  if (!applied || (current && sameGame(applied, current))) return undefined;
  return { ...applied, result: null };
}

/** The state already reflects the game and result stored under the id (or there is nothing, and never was). */
export function isUpToDate(change: MatchUpChange): boolean {
  const target = targetOf(change);
  if (!target) return true;
  return (
    change.applied !== undefined && sameGame(change.applied, target) && sameResult(change.applied.result, target.result)
  );
}

/** Everyone whose state the change may move: the players of the game stored now and of the one it replaced. */
export function participantsOf(change: MatchUpChange): string[] {
  const games = [change.current, replacedGame(change)].filter((m): m is MatchUpRecord => m !== undefined);
  return [...new Set(games.flatMap(sidesOf))];
}

/** The rounds whose rating the change may move (two when an id was re-used in another round). */
export function roundsOf(change: MatchUpChange): number[] {
  const games = [change.current, replacedGame(change)].filter((m): m is MatchUpRecord => m !== undefined);
  return [...new Set(games.map((m) => m.roundNumber))];
}

/**
 * PER_ROUND: the markers of a round naming games it no longer holds (deleted, or re-created under the same id
 * for others). Their players lose the round's entries when the round is rated again; then the markers can go.
 */
export function goneGames(
  roundNumber: number,
  roundMatchUps: readonly MatchUpRecord[],
  markers: readonly MatchUpRecord[],
): MatchUpRecord[] {
  const now = new Map(roundMatchUps.map((m) => [m.matchUpId, m]));
  return markers.filter(
    (m) => m.roundNumber === roundNumber && !(now.has(m.matchUpId) && sameGame(now.get(m.matchUpId)!, m)),
  );
}

/**
 * The markers to delete once a round change is written: those of gone games whose id the round no longer holds at
 * all (a re-used id's marker is rewritten by its own event), bar `except`, the marker the writer sets itself.
 */
export function staleMarkers(
  roundNumber: number,
  roundMatchUps: readonly MatchUpRecord[],
  markers: readonly MatchUpRecord[],
  except?: string,
): MatchUpRecord[] {
  const held = new Set(roundMatchUps.map((m) => m.matchUpId));
  return goneGames(roundNumber, roundMatchUps, markers).filter((m) => !held.has(m.matchUpId) && m.matchUpId !== except);
}

export function formerPlayers(
  roundNumber: number,
  roundMatchUps: readonly MatchUpRecord[],
  markers: readonly MatchUpRecord[],
): string[] {
  return [...new Set(goneGames(roundNumber, roundMatchUps, markers).flatMap(sidesOf))];
}

/** A round as it stands (its matchUps, judged) and as it was last applied (the markers that name it). */
export interface RoundRecords {
  matchUps: readonly MatchUpRecord[];
  markers: readonly MatchUpRecord[];
}

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
  return reconcileMatchUp(
    policy,
    { current: matchUp },
    states,
    roundMatchUps && { matchUps: roundMatchUps, markers: [] },
  );
}

/**
 * The trigger's change for one id: un-applies the game last applied when the id no longer holds it (its players
 * lose its entries), then applies the game stored now. `states` holds everyone `participantsOf(change)` names
 * (and, PER_ROUND, everyone the round and its markers name).
 */
export function reconcileMatchUp(
  policy: CompetitionPolicy,
  change: MatchUpChange,
  states: ParticipantStates,
  round?: RoundRecords,
): ChangeOutcome {
  const replaced = replacedGame(change);
  const { current, applied } = change;
  if (policy.processingGranularity === 'PER_MATCHUP') {
    return inSteps(
      [replaced, current].filter((m): m is MatchUpRecord => m !== undefined),
      states,
      (m, s) => applyMatchUpChange(policy, m, s),
    );
  }
  if (!round) throw new Error('PER_ROUND changes need the matchUps of the whole round');
  const target = targetOf(change);
  if (!target) return { status: 'UNCHANGED' };
  if (replaced && current && replaced.roundNumber !== current.roundNumber) {
    return {
      status: 'REPLAY',
      reason: `matchUp ${current.matchUpId} moved from round ${replaced.roundNumber} to round ${current.roundNumber}`,
    };
  }
  // A deleted matchUp is out of its round; it is never put back as an open game that would un-rate the round.
  const others = round.matchUps.filter((m) => m.matchUpId !== target.matchUpId);
  const matchUps = current ? [...others, current] : others;
  const markers = applied ? [...round.markers, applied] : round.markers;
  return applyRoundChange(
    policy,
    target.roundNumber,
    matchUps,
    states,
    formerPlayers(target.roundNumber, matchUps, markers),
  );
}

/** Changes applied one after the other, each from the states the previous one left; the first replay wins. */
function inSteps(
  steps: readonly MatchUpRecord[],
  states: ParticipantStates,
  step: (m: MatchUpRecord, s: ParticipantStates) => ChangeOutcome,
): ChangeOutcome {
  let now = states;
  let changed: ParticipantStates = {};
  for (const matchUp of steps) {
    const outcome = step(matchUp, now);
    if (outcome.status === 'REPLAY') return outcome;
    if (outcome.status === 'APPLIED') {
      now = { ...now, ...outcome.states };
      changed = { ...changed, ...outcome.states };
    }
  }
  return Object.keys(changed).length > 0 ? { status: 'APPLIED', states: changed } : { status: 'UNCHANGED' };
}

function applyMatchUpChange(
  policy: CompetitionPolicy,
  matchUp: MatchUpRecord,
  states: ParticipantStates,
): ChangeOutcome {
  const ids = sidesOf(matchUp);
  const resolved = resolveMatchUp(matchUp, policy);
  const stripped = Object.fromEntries(
    ids.map((id) => [id, summarize(withoutMatchUp(requireState(states, id), matchUp.matchUpId))]),
  );
  const at = (id: string): RatingPoint => {
    const rating = formRating(requireState(stripped, id), matchUp);
    return { expectFrom: rating, before: rating };
  };
  const next: ParticipantStates = { ...stripped };
  if (resolved) {
    for (const [id, entry] of entriesForMatchUp(matchUp, resolved, policy, stripped, at))
      next[id] = withEntries(requireState(next, id), entry);
  }
  for (const id of ids) next[id] = summarize(requireState(next, id));
  const ofMatchUp = (e: { matchUpId: string }) => e.matchUpId === matchUp.matchUpId;
  if (ids.every((id) => sameEntries(requireState(next, id), requireState(states, id), ofMatchUp)))
    return { status: 'UNCHANGED' };
  const movesRatings =
    resolved?.played ||
    ids.some((id) => requireState(states, id).ratingHistory.some((h) => h.matchUpId === matchUp.matchUpId));
  const later = movesRatings ? ids.find((id) => hasRatedGameAfter(requireState(stripped, id), matchUp)) : undefined;
  if (later) return { status: 'REPLAY', reason: `${later} has a rated game after matchUp ${matchUp.matchUpId}` };
  return { status: 'APPLIED', states: next };
}

/**
 * PER_ROUND: brings the states in line with a whole round as it now stands: rated from the ratings at the
 * round's start once every result is in, un-rated when one is cleared. `formerPlayers` (see formerPlayers)
 * played a game of the round that it no longer holds: they keep no entry of it.
 */
export function applyRoundChange(
  policy: CompetitionPolicy,
  roundNumber: number,
  roundMatchUps: readonly MatchUpRecord[],
  states: ParticipantStates,
  formerPlayers: readonly string[] = [],
): ChangeOutcome {
  const ids = [...new Set([...roundMatchUps.flatMap(sidesOf), ...formerPlayers])];
  const complete = isRoundComplete(roundMatchUps);
  const upToRound = Object.fromEntries(
    ids.map((id) => [id, summarize(withoutRoundsFrom(requireState(states, id), roundNumber))]),
  );
  const withRound = complete ? applyRound(policy, upToRound, roundMatchUps) : upToRound;
  const inRound = (e: { roundNumber: number }) => e.roundNumber === roundNumber;
  if (ids.every((id) => sameEntries(requireState(withRound, id), requireState(states, id), inRound)))
    return { status: 'UNCHANGED' };
  const later = ids.find((id) => requireState(states, id).results.some((r) => r.roundNumber > roundNumber));
  if (later) return { status: 'REPLAY', reason: `${later} already has results of a round after round ${roundNumber}` };
  return {
    status: 'APPLIED',
    states: Object.fromEntries(ids.map((id) => [id, summarize(requireState(withRound, id))])),
  };
}

function withoutRoundsFrom(state: ParticipantState, roundNumber: number): ParticipantState {
  return {
    ...state,
    results: state.results.filter((r) => r.roundNumber < roundNumber),
    ratingHistory: state.ratingHistory.filter((h) => h.roundNumber < roundNumber),
  };
}

function hasRatedGameAfter(state: ParticipantState, key: MatchUpKey): boolean {
  return state.results.some((r) => r.played && compareMatchUpKeys(r, key) > 0);
}

/** Whether two states hold the same entries of the kind selected (one matchUp's, or one round's). */
function sameEntries(
  x: ParticipantState,
  y: ParticipantState,
  selected: (entry: { matchUpId: string; roundNumber: number }) => boolean,
): boolean {
  const pick = (s: ParticipantState) => JSON.stringify([s.results.filter(selected), s.ratingHistory.filter(selected)]);
  return pick(x) === pick(y);
}
