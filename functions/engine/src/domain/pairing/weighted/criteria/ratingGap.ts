import type { PairingContext } from '../context.js';
import { concaveCost } from './concavity.js';

/**
 * Rating gap through the concavity function over the field's rating range (DrawMatic, level-based); with k = 1
 * (DrawMatic) the cost is the squared gap.
 */
export function ratingGapCost(ctx: PairingContext, i: number, j: number): number {
  return concaveCost(
    ctx.weights.ratingGap,
    Math.abs(ctx.rating[i]! - ctx.rating[j]!) / ctx.ratingRange,
    ctx.model.ratingGapK,
  );
}
