import { PairingError } from '../errors.js';
import { BYE_ONLY, SOFT, TIER_COUNT } from './costs.js';

/** Weights stay integers below 2^50 so the solver's sums of duals stay exact in doubles. */
export const WEIGHT_LIMIT = 2 ** 50;

export interface TierWeighting {
  weights: Float64Array;
  /** Soft costs were divided by this (1 = exact) to fit the limit. */
  softDivisor: number;
}

/**
 * Turns tier vectors into one integer weight per edge, in mixed radix: a unit of tier t is worth one more than the
 * most the lower tiers can add up to over a whole round (`pairs` edges for pair tiers, one for bye-only tiers),
 * so maximising the weight of a perfect matching minimises the tiers lexicographically. The radix is computed from
 * the values actually present, so a tier no edge uses costs no precision. If the result would not fit, the soft
 * tier is coarsened, never the hard tiers.
 */
export function tierWeights(tiers: Float64Array, edgeCount: number, pairs: number): TierWeighting {
  const max = new Float64Array(TIER_COUNT);
  for (let e = 0; e < edgeCount; e++) {
    const o = e * TIER_COUNT;
    for (let t = 0; t < TIER_COUNT; t++) if (tiers[o + t]! > max[t]!) max[t] = tiers[o + t]!;
  }
  // Only the tiers some edge uses take part (a request without colours or categories leaves three at 0).
  const used = Int32Array.from({ length: TIER_COUNT }, (_, t) => t).filter((t) => max[t]! > 0);
  for (let divisor = 1; ; divisor *= 2) {
    const softMax = Math.floor(max[SOFT]! / divisor);
    const unit = new Float64Array(TIER_COUNT);
    let acc = 0;
    let top = 0;
    for (let t = TIER_COUNT - 1; t >= 0; t--) {
      const m = t === SOFT ? softMax : max[t]!;
      unit[t] = acc + 1;
      acc += (BYE_ONLY.has(t) ? 1 : pairs) * m * unit[t]!;
      top += m * unit[t]!;
    }
    const base = top + 1;
    if (base < WEIGHT_LIMIT && acc < WEIGHT_LIMIT) {
      const weights = new Float64Array(edgeCount);
      for (let e = 0; e < edgeCount; e++) {
        const o = e * TIER_COUNT;
        let cost = 0;
        for (let k = 0; k < used.length; k++) {
          const t = used[k]!;
          const v = t === SOFT ? Math.floor(tiers[o + t]! / divisor) : tiers[o + t]!;
          cost += v * unit[t]!;
        }
        weights[e] = base - cost;
      }
      return { weights, softDivisor: divisor };
    }
    if (softMax === 0) {
      throw new PairingError(
        'failed-precondition',
        'the hard pairing constraints of this field do not fit in exact integer weights; split the field or relax the constraints',
      );
    }
  }
}
