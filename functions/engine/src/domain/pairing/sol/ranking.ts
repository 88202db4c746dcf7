import type { FieldPlayer } from '../field.js';

type RankingKey = 'score' | 'buchholz' | 'rating' | 'netScore' | 'totalScore';
const KEYS: readonly RankingKey[] = ['score', 'buchholz', 'netScore', 'totalScore', 'rating'];
const RATING_EARLY_KEYS: readonly RankingKey[] = ['score', 'buchholz', 'rating', 'netScore', 'totalScore'];

/**
 * SoL's ranking order: points, Buchholz, net score, total score, rating. With "delay top players" set to K, the
 * rating moves to third place (before the net score) for the K rounds after the first, which keeps the top
 * players apart while the net score would otherwise decide (docs/pairing.md#delays). In round 1 only rating differs.
 */
export function solRanking(
  players: readonly FieldPlayer[],
  roundNumber: number,
  delayTopPlayers: number,
): FieldPlayer[] {
  const keys = roundNumber >= 2 && roundNumber <= 1 + delayTopPlayers ? RATING_EARLY_KEYS : KEYS;
  return players.slice().sort((x, y) => {
    for (const key of keys) {
      const d = y[key] - x[key];
      if (d !== 0) return d;
    }
    return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
  });
}
