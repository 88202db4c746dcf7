import type { PairingContext } from '../context.js';
import { pairNoise } from '../../prng.js';

/**
 * Seeded pair noise: with nothing else to choose between two pairings, the noise does, so pairing inside a
 * group is random (docs/pairing.md#swiss) yet the same seed gives the same round.
 */
export function randomCost(ctx: PairingContext, i: number, j: number): number {
  return Math.floor(
    ctx.weights.random * pairNoise(ctx.seed ^ Math.imul(ctx.roundNumber, 0x2545f491), ctx.hash[i]!, ctx.hash[j]!),
  );
}
