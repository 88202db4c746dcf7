import type { PairingContext } from '../context.js';
import { pairNoise } from '../../prng.js';

/**
 * OpenGotha's seeding inside a group, by each player's rating place in the group (0 = strongest):
 * split-and-random (any pair across the two halves, 0.8-1.0 of the benefit at random), split-and-fold
 * (first with last) or split-and-slip (first with the first of the lower half). A pair from two groups gets no
 * seeding benefit: it is a float, which other criteria judge.
 */
export function seedingCost(ctx: PairingContext, i: number, j: number): number {
  const w = ctx.weights.seeding;
  if (ctx.group[i] !== ctx.group[j]) return w;
  const m = ctx.groupSize[ctx.group[i]!]!;
  if (m < 2) return w;
  const a = ctx.seedPlace[i]!;
  const b = ctx.seedPlace[j]!;
  let benefit: number;
  switch (ctx.model.seeding) {
    case 'SPLIT_FOLD': {
      const x = a + b - (m - 1);
      benefit = 1 - (x * x) / ((m - 1) * (m - 1));
      break;
    }
    case 'SPLIT_SLIP': {
      const x = 2 * Math.abs(a - b) - m;
      benefit = 1 - (x * x) / (m * m);
      break;
    }
    case 'SPLIT_RANDOM': {
      const half = m / 2;
      const apart = a < half !== b < half;
      benefit = apart ? 0.8 + 0.2 * pairNoise(ctx.seed, ctx.hash[i]!, ctx.hash[j]!) : 0;
      break;
    }
  }
  return Math.round(w * (1 - benefit));
}
