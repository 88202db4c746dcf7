import { ABSOLUTE } from '../../colours.js';
import type { PairingContext } from '../context.js';

/**
 * FIDE C.3: two players with the same absolute colour preference (a colour difference beyond +-1, or the same
 * colour twice in a row, asking for the other colour) do not meet: one of them would end at +-3 or with three in
 * a row. A hard tier: the candidate graph leaves these pairs out until no round exists without them. In the last
 * round a topscorer is exempt (then the pair counts in the preference tier instead).
 */
export function colourConflictTier(ctx: PairingContext, i: number, j: number): number {
  if (ctx.model.colours !== 'FIDE') return 0;
  if (ctx.prefStrength[i] !== ABSOLUTE || ctx.prefStrength[j] !== ABSOLUTE || ctx.prefColour[i] !== ctx.prefColour[j])
    return 0;
  return ctx.colourExempt[i] || ctx.colourExempt[j] ? 0 : 1;
}

/**
 * FIDE C.12/C.13 in one tier, below the score difference and above every soft criterion: when both players want
 * the same colour, the weaker preference gives way (colours.ts), and the pair costs that preference's strength
 * (1 mild, 2 strong, 3 absolute), so a round denies as few players, and as few strong ones, as it can.
 */
export function colourPreferenceTier(ctx: PairingContext, i: number, j: number): number {
  if (ctx.model.colours !== 'FIDE') return 0;
  const c = ctx.prefColour[i]!;
  if (c === 0 || c !== ctx.prefColour[j]) return 0;
  return Math.min(ctx.prefStrength[i]!, ctx.prefStrength[j]!);
}

/**
 * OpenGotha's white/black balance (BALANCE, docs/colours.md): full benefit when the balances (whites minus blacks) are
 * strictly opposed, half when one is level and the other beyond +-1, none otherwise; the cost is what is missing.
 */
export function colourBalanceCost(ctx: PairingContext, i: number, j: number): number {
  const w = ctx.weights.colourBalance;
  // A handicap game's colours are the handicap's: OpenGotha gives it no balance benefit (docs/go.md#handicap).
  if (ctx.mcMahon && ctx.mcMahon.handicap(i, j).stones > 0) return w;
  const a = ctx.colourDiff[i]!;
  const b = ctx.colourDiff[j]!;
  if ((a > 0 && b < 0) || (a < 0 && b > 0)) return 0;
  if ((a === 0 && Math.abs(b) > 1) || (b === 0 && Math.abs(a) > 1)) return Math.round(w / 2);
  return w;
}
