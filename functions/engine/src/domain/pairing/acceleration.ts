import type { FieldPlayer } from './field.js';

/**
 * Baku acceleration (FIDE C.04.7, docs/pairing.md): the top group GA (the field's first half by seed, rounded up to
 * an even number) gets virtual points in the first rounds: a win's worth in the first half of the accelerated
 * rounds, half a win in the second half, nothing afterwards. The points move players between score groups for
 * pairing only; they never reach the standings because they are never written anywhere.
 */
export function virtualPoints(
  players: readonly FieldPlayer[],
  roundNumber: number,
  acceleratedRounds: number,
  winPoints: number,
): Float64Array {
  const points = new Float64Array(players.length);
  if (roundNumber > acceleratedRounds || acceleratedRounds === 0) return points;
  const full = roundNumber <= Math.ceil(acceleratedRounds / 2);
  const bonus = full ? winPoints : winPoints / 2;
  const groupA = 2 * Math.ceil(players.length / 4);
  const bySeed = players.slice().sort(compareSeedOrder);
  for (let k = 0; k < groupA && k < bySeed.length; k++) points[bySeed[k]!.index] = bonus;
  return points;
}

/** Seed position first, then the frozen rating, then the id, so the order never depends on form. */
export function compareSeedOrder(
  x: Pick<FieldPlayer, 'seed' | 'baseline' | 'id'>,
  y: Pick<FieldPlayer, 'seed' | 'baseline' | 'id'>,
): number {
  const sx = x.seed ?? Number.POSITIVE_INFINITY;
  const sy = y.seed ?? Number.POSITIVE_INFINITY;
  if (sx !== sy) return sx < sy ? -1 : 1;
  if (x.baseline !== y.baseline) return y.baseline - x.baseline;
  return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
}
