import type { PairingContext } from '../context.js';

/**
 * Pairs more than one group apart (score groups, lanes or bands): the hard tier behind "never a pair more than one
 * group apart when a pairing without it exists". The value is the number of groups skipped.
 */
export function groupJumpTier(ctx: PairingContext, i: number, j: number): number {
  const distance = Math.abs(ctx.group[i]! - ctx.group[j]!);
  return distance > 1 ? distance - 1 : 0;
}
