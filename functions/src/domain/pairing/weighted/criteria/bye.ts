import type { PairingContext } from '../context.js';

/**
 * The bye (an automatic win) for an odd field is a game against a phantom vertex. Three rules, strongest first:
 * nobody gets a second bye while another player can take it (hard tier), the bye goes to the lowest group the
 * pairing allows (tier above the score difference), and inside it to the lowest-ranked player (soft).
 */
export function byeRepeatTier(ctx: PairingContext, i: number): number {
  return ctx.byes[i]! - ctx.minByes;
}

export function byeGroupTier(ctx: PairingContext, i: number): number {
  return ctx.groupCount - 1 - ctx.group[i]!;
}

export function byeRankCost(ctx: PairingContext, i: number): number {
  const w = ctx.weights.byeRank;
  return ctx.n < 2 || w === 0 ? 0 : Math.round((w * ctx.rankFromBottom[i]!) / (ctx.n - 1));
}
