import { type DutchField, type DutchPlayer, scoreBefore } from './players.js';

export const FLOAT_DOWN = 0;
export const FLOAT_UP = 1;
export const FLOAT_NONE = 2;
export type Float = typeof FLOAT_DOWN | typeof FLOAT_UP | typeof FLOAT_NONE;

/**
 * How a player floated `roundsBack` rounds ago (1 = the last round): down or up against an opponent with fewer or
 * more points at the time (virtual points included), and down in a round without a game that scored more than a
 * loss (a bye, a forfeit win: docs/dutch.md#unplayed-rounds).
 */
export function floatOf(field: DutchField, p: DutchPlayer, roundsBack: number): Float {
  const round = p.rounds[field.playedRounds - roundsBack]!;
  if (!round.played) return round.points > field.points.loss ? FLOAT_DOWN : FLOAT_NONE;
  const mine = scoreBefore(field, p, roundsBack);
  const theirs = scoreBefore(field, field.players[round.opponent]!, roundsBack);
  return mine > theirs ? FLOAT_DOWN : mine < theirs ? FLOAT_UP : FLOAT_NONE;
}
