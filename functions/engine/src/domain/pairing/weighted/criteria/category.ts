import type { PairingContext } from '../context.js';

/**
 * OpenGotha's "avoid mixing categories" (docs/pairing.md): a tier above the score groups (weighed 200 times the score
 * difference): no cost inside a category, else the concavity function's shortfall on the category distance over
 * the widest one, 1 - f(d / span). It is kept exact in integers by counting in units of 1 / (2 span^2):
 * 2 span^2 (1 - f(x)) = 2(1 - k) d span + 2k d^2, whole for k = 0.5 (and any k in tenths, times 10).
 */
export function categoryTier(ctx: PairingContext, i: number, j: number): number {
  if (ctx.weights.category === 0) return 0;
  const ci = ctx.category[i]!;
  const cj = ctx.category[j]!;
  if (ci < 0 || cj < 0 || ci === cj) return 0;
  const d = Math.abs(ci - cj);
  const s = ctx.categorySpan;
  const k = ctx.model.concavity;
  return Math.round(10 * (2 * (1 - k) * d * s + 2 * k * d * d));
}
