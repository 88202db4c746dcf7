import type { PairingContext } from '../context.js';

/**
 * "Avoid duplicate games". With avoidRepeatOpponents the candidate graph leaves rematches out and brings them back
 * only when no rematch-free round exists; this is their (hard) tier value, so as few as possible are used.
 */
export function rematchTier(ctx: PairingContext, i: number, j: number): number {
  return ctx.model.avoidRepeat ? ctx.field.met(i, j) : 0;
}

/**
 * Without avoidRepeatOpponents a rematch is only discouraged: a soft cost per earlier meeting (tods' encounter
 * value). With it the repeat weight is 0 (model.ts), so this criterion is never called.
 */
export function repeatCost(ctx: PairingContext, i: number, j: number): number {
  return ctx.weights.repeat * ctx.field.met(i, j);
}
