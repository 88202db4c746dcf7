import type { PairingContext } from '../context.js';
import { concaveCost } from './concavity.js';

/**
 * OpenGotha's "minimize handicap", a secondary criterion of the McMahon method (docs/go.md#the-mcmahon-method): the
 * MMS gap of a pair through the concavity function, where a player above the secondary criteria's bar counts as the
 * top of the field, so two such players cost nothing and the criterion works below the bar.
 */
export function minimizeHandicapCost(ctx: PairingContext, i: number, j: number): number {
  const top = ctx.scoreUnits[ctx.order[0]!]!;
  const pseudo = (k: number) => (ctx.secondary[k] ? ctx.scoreUnits[k]! : top);
  const gap = Math.abs(pseudo(i) - pseudo(j));
  return gap === 0 ? 0 : concaveCost(ctx.weights.minimizeHandicap, gap / ctx.scoreRange, ctx.model.concavity);
}
