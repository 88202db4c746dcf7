import { z } from 'zod';
import {
  compareMatchUpKeys,
  firstMover,
  isWin,
  type MatchUpKey,
  type MatchUpRecord,
  Outcome,
  type ResolvedResult,
  resolveResult,
  ResultKind,
  type SideResult,
} from '../results/index.js';
import { baselineRatingOf, type Participant } from './participants.js';
import type { CompetitionPolicy } from '../policy/index.js';
import { type RatedSide, rateGame } from './ratings.js';

const finite = () => z.number().finite();
const count = () => z.number().int().min(0);

/** A rating history entry (docs/ratings.md#participant-state), plus the matchUp it came from, for corrections. */
export const RatingHistoryEntry = z
  .object({
    roundNumber: z.number().int().positive(),
    opponentParticipantId: z.string(),
    dynamicFormRatingBefore: finite(),
    dynamicFormRatingAfter: finite(),
    pressureDelta: finite(),
    actualOutput: finite(),
    expectedOutput: finite(),
    matchUpId: z.string(),
  })
  .strict();
export type RatingHistoryEntry = z.infer<typeof RatingHistoryEntry>;

/** Every result a participant has, played or not: what the standings count. */
export const ResultEntry = z
  .object({
    matchUpId: z.string(),
    roundNumber: z.number().int().positive(),
    order: z.number().int().min(0),
    outcome: Outcome,
    matchPoints: finite(),
    pointsWon: finite(),
    pointsLost: finite(),
    /** Drawn games of a best of three (docs/results.md#drawn-games), when there were any. */
    drawnGames: count().optional(),
    opponentParticipantId: z.string().nullable(),
    kind: ResultKind,
    played: z.boolean(),
    /** A game played over the board: whether this side moved first (white); C.07's games with black count it. */
    movedFirst: z.boolean().optional(),
  })
  .strict();
export type ResultEntry = z.infer<typeof ResultEntry>;

/** The participant state (docs/ratings.md#participant-state), plus match points and the results the tallies sum. */
export const ParticipantState = z
  .object({
    participantId: z.string(),
    baselineRating: finite(),
    dynamicFormRating: finite(),
    pressureRating: finite(),
    roundsPlayed: count(),
    wins: count(),
    losses: count(),
    draws: count(),
    totalPointsWon: finite(),
    totalPointsLost: finite(),
    matchPoints: finite(),
    ratingHistory: z.array(RatingHistoryEntry),
    results: z.array(ResultEntry),
    /** Go: the entry's rank, which the McMahon standings start the player's score from (docs/go.md#standings). */
    goRank: z.string().optional(),
  })
  .strict();
export type ParticipantState = z.infer<typeof ParticipantState>;

export type ParticipantStates = Record<string, ParticipantState>;

export function initialParticipantState(participant: Participant, policy: CompetitionPolicy): ParticipantState {
  const baselineRating = baselineRatingOf(participant, policy);
  return {
    participantId: participant.participantId,
    baselineRating,
    dynamicFormRating: baselineRating,
    pressureRating: 0,
    roundsPlayed: 0,
    wins: 0,
    losses: 0,
    draws: 0,
    totalPointsWon: 0,
    totalPointsLost: 0,
    matchPoints: 0,
    ratingHistory: [],
    results: [],
    ...(participant.goRank !== undefined ? { goRank: participant.goRank } : {}),
  };
}

const tally = (outcomes: Outcome[], test: (o: Outcome) => boolean) => outcomes.filter(test).length;

/**
 * Recomputes every tally from the entries, in matchUp order. Both the full fold and the single-result change end
 * here, so the two paths produce the same floating-point sums bit for bit.
 */
export function summarize(state: ParticipantState): ParticipantState {
  const results = [...state.results].sort(compareMatchUpKeys);
  const keyOf = new Map(results.map((r) => [r.matchUpId, r]));
  const history = [...state.ratingHistory].sort((x, y) => compareMatchUpKeys(keyFor(keyOf, x), keyFor(keyOf, y)));
  const outcomes = results.map((r) => r.outcome);
  let pressureRating = 0;
  for (const entry of history) pressureRating += entry.pressureDelta;
  let matchPoints = 0;
  let totalPointsWon = 0;
  let totalPointsLost = 0;
  for (const r of results) {
    matchPoints += r.matchPoints;
    totalPointsWon += r.pointsWon;
    totalPointsLost += r.pointsLost;
  }
  return {
    ...state,
    dynamicFormRating: formRating(state),
    pressureRating,
    roundsPlayed: history.length,
    wins: tally(outcomes, isWin),
    losses: tally(outcomes, (o) => o === 'LOSS'),
    draws: tally(outcomes, (o) => o === 'DRAW'),
    totalPointsWon,
    totalPointsLost,
    matchPoints,
    ratingHistory: history,
    results,
  };
}

function keyFor(keys: Map<string, MatchUpKey>, entry: RatingHistoryEntry): MatchUpKey {
  return keys.get(entry.matchUpId) ?? { roundNumber: entry.roundNumber, order: 0, matchUpId: entry.matchUpId };
}

/**
 * The one definition of a participant's form rating: the rating after his last rated game in matchUp order (round,
 * place in the round, id), his baseline before any; given a matchUp, after his last rated game before it. The
 * fold, the single-result change and the stored state all read it here, so they cannot drift apart. A history
 * entry carries no place in the round: it is taken from the participant's result of the same matchUp.
 */
export function formRating(state: ParticipantState, before?: MatchUpKey): number {
  const keys = new Map<string, MatchUpKey>(state.results.map((r) => [r.matchUpId, r]));
  let last: { key: MatchUpKey; rating: number } | undefined;
  for (const entry of state.ratingHistory) {
    const key = keyFor(keys, entry);
    if (before && compareMatchUpKeys(key, before) >= 0) continue;
    if (!last || compareMatchUpKeys(key, last.key) > 0) last = { key, rating: entry.dynamicFormRatingAfter };
  }
  return last?.rating ?? state.baselineRating;
}

export function resolveMatchUp(matchUp: MatchUpRecord, policy: CompetitionPolicy): ResolvedResult | null {
  return matchUp.result === null ? null : resolveResult(matchUp.result, matchUp.b !== null, policy.scoringPolicy);
}

function resultEntry(
  matchUp: MatchUpRecord,
  side: SideResult,
  resolved: ResolvedResult,
  opponent: string | null,
): ResultEntry {
  const { matchUpId, roundNumber, order } = matchUp;
  const self = opponent === matchUp.a ? matchUp.b : matchUp.a;
  return {
    matchUpId,
    roundNumber,
    order,
    ...side,
    opponentParticipantId: opponent,
    kind: resolved.kind,
    played: resolved.played,
    ...(resolved.played && opponent !== null ? { movedFirst: firstMover(matchUp) === self } : {}),
  };
}

function historyEntry(
  matchUp: MatchUpRecord,
  policy: CompetitionPolicy,
  self: RatedSide,
  opponent: RatedSide,
  opponentId: string,
  side: SideResult,
  dynamicBefore: number,
): RatingHistoryEntry {
  const game = rateGame(policy, self, opponent, side.pointsWon, side.pointsLost);
  return {
    roundNumber: matchUp.roundNumber,
    opponentParticipantId: opponentId,
    dynamicFormRatingBefore: dynamicBefore,
    dynamicFormRatingAfter: dynamicBefore + game.dynamicDelta,
    pressureDelta: game.pressureDelta,
    actualOutput: game.actualOutput,
    expectedOutput: game.expectedOutput,
    matchUpId: matchUp.matchUpId,
  };
}

/** Where a participant's rating stands for a game: `expectFrom` feeds the expectation, `before` starts the entry. */
export interface RatingPoint {
  expectFrom: number;
  before: number;
}

/**
 * The entries one matchUp adds to its participants. PER_MATCHUP passes the current form ratings as both values;
 * PER_ROUND passes the round-start ratings for expectations and the running value for the history.
 */
export function entriesForMatchUp(
  matchUp: MatchUpRecord,
  resolved: ResolvedResult,
  policy: CompetitionPolicy,
  states: ParticipantStates,
  ratingPoint: (participantId: string) => RatingPoint,
): Map<string, { result: ResultEntry; history: RatingHistoryEntry | null }> {
  const entries = new Map<string, { result: ResultEntry; history: RatingHistoryEntry | null }>();
  const a = matchUp.a;
  const b = matchUp.b;
  if (b === null || resolved.b === null) {
    entries.set(a, { result: resultEntry(matchUp, resolved.a, resolved, null), history: null });
    return entries;
  }
  if (!resolved.played) {
    entries.set(a, { result: resultEntry(matchUp, resolved.a, resolved, b), history: null });
    entries.set(b, { result: resultEntry(matchUp, resolved.b, resolved, a), history: null });
    return entries;
  }
  const stateA = requireState(states, a);
  const stateB = requireState(states, b);
  const pointA = ratingPoint(a);
  const pointB = ratingPoint(b);
  const ratedA = { baselineRating: stateA.baselineRating, dynamicFormRating: pointA.expectFrom };
  const ratedB = { baselineRating: stateB.baselineRating, dynamicFormRating: pointB.expectFrom };
  entries.set(a, {
    result: resultEntry(matchUp, resolved.a, resolved, b),
    history: historyEntry(matchUp, policy, ratedA, ratedB, b, resolved.a, pointA.before),
  });
  entries.set(b, {
    result: resultEntry(matchUp, resolved.b, resolved, a),
    history: historyEntry(matchUp, policy, ratedB, ratedA, a, resolved.b, pointB.before),
  });
  return entries;
}

export function requireState(states: ParticipantStates, participantId: string): ParticipantState {
  const state = states[participantId];
  if (!state) throw new Error(`no competition state for participant ${participantId}`);
  return state;
}

/** Removes whatever the given matchUp had added to a participant's entries. */
export function withoutMatchUp(state: ParticipantState, matchUpId: string): ParticipantState {
  return {
    ...state,
    results: state.results.filter((r) => r.matchUpId !== matchUpId),
    ratingHistory: state.ratingHistory.filter((h) => h.matchUpId !== matchUpId),
  };
}

export function withEntries(
  state: ParticipantState,
  entry: { result: ResultEntry; history: RatingHistoryEntry | null },
): ParticipantState {
  return {
    ...state,
    results: [...state.results, entry.result],
    ratingHistory: entry.history ? [...state.ratingHistory, entry.history] : state.ratingHistory,
  };
}
