import type { CompetitionPolicy, RatingAggregation } from '../policy/index.js';

/** E = 1 / (1 + 10^((Rb - Ra) / scale)) (docs/ratings.md#expectation). */
export function expectedScore(ratingA: number, ratingB: number, scale: number): number {
  return 1 / (1 + Math.pow(10, (ratingB - ratingA) / scale));
}

/**
 * The actual output from game points (docs/ratings.md): POINT_SHARE is won / total; WEIGHTED blends the share with the
 * normalised differential (the context factor is reserved and counts 0). No points played means 0.5.
 */
export function actualOutput(pointsWon: number, pointsLost: number, policy: CompetitionPolicy): number {
  const total = pointsWon + pointsLost;
  if (total === 0) return 0.5;
  const pointShare = pointsWon / total;
  const pressure = policy.ratingPolicy.pressureRating;
  if (!pressure || pressure.actualOutputMethod === 'POINT_SHARE') return pointShare;
  const weights = pressure.weights ?? { pointShare: 1 };
  const w1 = weights.pointShare ?? 1;
  const w2 = weights.pointDifferential ?? 0;
  const w3 = weights.contextFactor ?? 0;
  const totalWeight = w1 + w2 + w3;
  if (totalWeight === 0) return pointShare;
  const normalizedDifferential = (pointsWon - pointsLost) / total;
  const contextFactor = 0;
  return (w1 * pointShare + w2 * normalizedDifferential + w3 * contextFactor) / totalWeight;
}

/** A doubles pair's or a team's rating from its members' (ratingAggregation, AVERAGE by default: docs/ratings.md). */
export function aggregateRatings(ratings: readonly number[], method: RatingAggregation = 'AVERAGE'): number {
  if (ratings.length === 0) return 0;
  switch (method) {
    case 'MIN':
      return Math.min(...ratings);
    case 'MAX':
      return Math.max(...ratings);
    case 'SUM':
      return ratings.reduce((sum, r) => sum + r, 0);
    case 'AVERAGE':
      return ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
  }
}

export interface RatedSide {
  baselineRating: number;
  dynamicFormRating: number;
}

export interface GameRating {
  actualOutput: number;
  /** From the frozen baselines: what the pressure track measures against. */
  expectedOutput: number;
  pressureDelta: number;
  dynamicDelta: number;
}

/**
 * One played game's effect on one side. Dynamic expectations come from form ratings, pressure expectations from
 * baselines only: dynamic ratings affect opportunity, never evaluation.
 */
export function rateGame(
  policy: CompetitionPolicy,
  self: RatedSide,
  opponent: RatedSide,
  pointsWon: number,
  pointsLost: number,
): GameRating {
  const { dynamicFormRating, pressureRating } = policy.ratingPolicy;
  const scale = dynamicFormRating.logisticScale;
  const actual = actualOutput(pointsWon, pointsLost, policy);
  const expectedBaseline = expectedScore(self.baselineRating, opponent.baselineRating, scale);
  const expectedDynamic = expectedScore(self.dynamicFormRating, opponent.dynamicFormRating, scale);
  return {
    actualOutput: actual,
    expectedOutput: expectedBaseline,
    pressureDelta: pressureRating?.enabled ? actual - expectedBaseline : 0,
    dynamicDelta: dynamicFormRating.enabled ? dynamicFormRating.kFactor * (actual - expectedDynamic) : 0,
  };
}
