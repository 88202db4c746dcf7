import type { PairingContext } from '../context.js';
import { concaveCost } from './concavity.js';

/**
 * "Minimise score difference": the score gap of a pair in score quanta. Summed over the round it is the quantity
 * the bbpPairings comparison measures, so it is its own tier, above every soft criterion.
 */
export function scoreDifferenceTier(ctx: PairingContext, i: number, j: number): number {
  return ctx.model.scoreTier ? Math.abs(ctx.scoreUnits[i]! - ctx.scoreUnits[j]!) : 0;
}

/** The same gap through the concavity function: among equal totals, many small gaps beat one large gap. */
export function scoreConcavityCost(ctx: PairingContext, i: number, j: number): number {
  const gap = Math.abs(ctx.scoreUnits[i]! - ctx.scoreUnits[j]!);
  return gap === 0 ? 0 : concaveCost(ctx.weights.scoreConcavity, gap / ctx.scoreRange, ctx.model.concavity);
}
