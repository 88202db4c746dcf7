import type { PairingContext } from '../context.js';

/**
 * The bye (an automatic win) for an odd field is a game against a phantom vertex. Three rules, strongest first:
 * nobody gets a second bye while another player can take it, the bye goes to the lowest group the pairing allows
 * (above a pair skipping a group and the score difference), and inside it to the lowest-ranked player (below the score difference, above
 * every soft criterion). Each is a tier of its own.
 */
export function byeRepeatTier(ctx: PairingContext, i: number): number {
  return ctx.byes[i]! - ctx.minByes;
}

export function byeGroupTier(ctx: PairingContext, i: number): number {
  return ctx.groupCount - 1 - ctx.group[i]!;
}

export function byeRankTier(ctx: PairingContext, i: number): number {
  return ctx.rankFromBottom[i]!;
}
