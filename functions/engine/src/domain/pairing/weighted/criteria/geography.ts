import type { PairingContext } from '../context.js';

/**
 * The secondary criteria (docs/pairing.md#weighted) apply in full to a pair both held to them, half to a pair with one
 * player above the bar (rated above it, or a winner of half the rounds), not at all to a pair of two.
 */
function secondaryShare(ctx: PairingContext, i: number, j: number, cost: number): number {
  const held = ctx.secondary[i]! + ctx.secondary[j]!;
  return held === 2 ? cost : held === 1 ? Math.round(cost / 2) : 0;
}

/** OpenGotha's geographical malus: a pair from the same club. */
export function sameClubCost(ctx: PairingContext, i: number, j: number): number {
  const c = ctx.club[i]!;
  return c >= 0 && c === ctx.club[j]! ? secondaryShare(ctx, i, j, ctx.weights.sameClub) : 0;
}

/**
 * Same country. Without delayCompatriots it is OpenGotha's country malus, every round; with it, it is SoL's
 * "delay compatriots": only inside a score group and only in the first K rounds.
 */
export function sameCountryCost(ctx: PairingContext, i: number, j: number): number {
  const c = ctx.country[i]!;
  if (c < 0 || c !== ctx.country[j]!) return 0;
  const k = ctx.model.compatriotRounds;
  if (k === 0) return secondaryShare(ctx, i, j, ctx.weights.sameCountry);
  return ctx.roundNumber <= k && ctx.group[i] === ctx.group[j] ? ctx.weights.sameCountry : 0;
}

/** The policy's sameTeamValue (docs/pairing.md#drawmatic): a same-team pair is discouraged (DrawMatic). */
export function sameTeamCost(ctx: PairingContext, i: number, j: number): number {
  const t = ctx.team[i]!;
  return t >= 0 && t === ctx.team[j]! ? ctx.weights.sameTeam : 0;
}
