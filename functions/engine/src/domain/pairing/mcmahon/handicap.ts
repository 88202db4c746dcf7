import { LOWEST_RANK, rankValueOf } from './rank.js';
import type { McMahonSettings } from './settings.js';

/** What a handicap game needs: the stones, the komi, and who takes White (the stronger player; Black moves first). */
export interface Handicap {
  stones: number;
  komi: number;
  /** 'x' or 'y' when the game has a handicap, null for an even game (colours then follow the balance). */
  white: 'x' | 'y' | null;
}

/** A player as the handicap reads them: the rank's number (-30..8) and the MMS before the round. */
export interface HandicapPlayer {
  rank: number;
  mms: number;
}

/** Komi of a handicap game: Black gets half a point so that a game cannot end in jigo (docs/go.md#handicap). */
export const HANDICAP_KOMI = 0.5;

/**
 * The handicap of a game between x and y (docs/go.md#handicap), as OpenGotha computes it: each player's "pseudo-rank"
 * (MMS on the rank scale, or the rank), no higher than `noHandicapAbove`; the difference less the correction,
 * never below 0, at most the ceiling. Without handicap settings every game is even.
 */
export function handicapOf(x: HandicapPlayer, y: HandicapPlayer, settings: McMahonSettings): Handicap {
  const even: Handicap = { stones: 0, komi: settings.komi, white: null };
  const rules = settings.handicap;
  const ceiling = rules?.ceiling ?? 9;
  if (rules === undefined || ceiling === 0) return even;
  const correction = rules.correction ?? 1;
  const threshold = rankValueOf(rules.noHandicapAbove ?? settings.bar);
  const pseudo = (p: HandicapPlayer) =>
    Math.min(threshold, (rules.basedOn ?? 'MMS') === 'MMS' ? Math.floor(p.mms) + LOWEST_RANK : p.rank);
  const difference = pseudo(x) - pseudo(y);
  const stones = Math.min(ceiling, Math.max(0, Math.abs(difference) - correction));
  if (stones === 0) return even;
  return { stones, komi: HANDICAP_KOMI, white: difference > 0 ? 'x' : 'y' };
}
