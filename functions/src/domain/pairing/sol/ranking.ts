import type { FieldPlayer } from '../field.js';

/**
 * SoL's ranking order: points, Buchholz, net score, total score, rating. With "delay top players" set to K, the
 * rating moves to third place (before the net score) for the K rounds after the first, which keeps the top
 * players apart while the net score would otherwise decide (seed 004). In round 1 only the rating differs.
 */
export function solRanking(players: readonly FieldPlayer[], roundNumber: number, delayTopPlayers: number): FieldPlayer[] {
  const ratingEarly = roundNumber >= 2 && roundNumber <= 1 + delayTopPlayers;
  return players.slice().sort((x, y) => {
    const keys = ratingEarly
      ? [y.score - x.score, y.buchholz - x.buchholz, y.rating - x.rating, y.netScore - x.netScore, y.totalScore - x.totalScore]
      : [y.score - x.score, y.buchholz - x.buchholz, y.netScore - x.netScore, y.totalScore - x.totalScore, y.rating - x.rating];
    for (const k of keys) if (k !== 0) return k;
    return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
  });
}
