import type { FloatPlacement } from '../../types.js';
import type { PairingContext } from '../context.js';

/**
 * OpenGotha's draw-up/draw-down criterion. For a pair from two groups (fewer than four apart), the scenario says
 * whether the float repeats (0: both players already floated this way, 1: one did), is neutral (2), or corrects an
 * earlier float (3: one player, 4: both); on top, the floaters' places in their groups match the organizer's
 * choice of top / middle / bottom. Benefit = 20 per scenario step + up to 20 for the places; cost = what is missing
 * from the full benefit, which a pair inside one group always has.
 */
export function floatCost(ctx: PairingContext, i: number, j: number): number {
  const w = ctx.weights.floats;
  const gi = ctx.group[i]!;
  const gj = ctx.group[j]!;
  if (gi === gj) return 0;
  if (Math.abs(gi - gj) >= 4) return w;
  const [down, up] = gi < gj ? [i, j] : [j, i];
  const downHistory = (ctx.floatsUp[down]! > 0 ? 1 : 0) - (ctx.floatsDown[down]! > 0 ? 1 : 0);
  const upHistory = (ctx.floatsDown[up]! > 0 ? 1 : 0) - (ctx.floatsUp[up]! > 0 ? 1 : 0);
  const scenario = 2 + downHistory + upHistory;
  const places = 10 * (closeness(ctx, down, ctx.model.drawDown) + closeness(ctx, up, ctx.model.drawUp));
  const benefit = 20 * scenario + places;
  return Math.round((w * (100 - benefit)) / 100);
}

/** 1 when the player sits where the organizer wants floaters taken from, 0 at the opposite end. */
function closeness(ctx: PairingContext, i: number, placement: FloatPlacement): number {
  const m = ctx.groupSize[ctx.group[i]!]!;
  if (m < 2) return 1;
  const t = ctx.place[i]! / (m - 1);
  return placement === 'TOP' ? 1 - t : placement === 'BOTTOM' ? t : 1 - Math.abs(2 * t - 1);
}
