import type { PairingContext } from '../context.js';

/** OpenGotha's geographical malus: a pair from the same club. */
export function sameClubCost(ctx: PairingContext, i: number, j: number): number {
  const c = ctx.club[i]!;
  return c >= 0 && c === ctx.club[j]! ? ctx.weights.sameClub : 0;
}

/**
 * Same country. Without delayCompatriots it is OpenGotha's country malus, every round; with it, it is SoL's
 * "delay compatriots": only inside a score group and only in the first K rounds.
 */
export function sameCountryCost(ctx: PairingContext, i: number, j: number): number {
  const c = ctx.country[i]!;
  if (c < 0 || c !== ctx.country[j]!) return 0;
  const k = ctx.model.compatriotRounds;
  if (k === 0) return ctx.weights.sameCountry;
  return ctx.roundNumber <= k && ctx.group[i] === ctx.group[j] ? ctx.weights.sameCountry : 0;
}

/** Seed 000's sameTeamValue: a same-team pair is discouraged (DrawMatic). */
export function sameTeamCost(ctx: PairingContext, i: number, j: number): number {
  const t = ctx.team[i]!;
  return t >= 0 && t === ctx.team[j]! ? ctx.weights.sameTeam : 0;
}
