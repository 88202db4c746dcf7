import { maxWeightMatching } from '../matching/index.js';
import { compareRatingOrder, type Field, type FieldPlayer } from '../field.js';
import { hashValues, pairNoise } from '../prng.js';
import { circleRound } from '../schedule/roundRobin.js';

/**
 * SoL's "all possible matches": any pairs that have not been played, as many as possible, in no particular
 * order. A round may be incomplete; the players left over sit out (no bye). It is the fallback when the other
 * methods can no longer pair a field without rematches, and it can lay out every remaining round at once.
 */
export function pairAll(
  field: Field,
  seed: number,
  roundNumber: number,
  played: (i: number, j: number) => boolean,
): [FieldPlayer, FieldPlayer][] {
  const players = field.active;
  const n = players.length;
  // A few seeded random partners per player almost always hold a maximum matching; double them until the
  // matching is perfect or the graph is complete (then it is maximum by definition).
  for (let partners = 8; ; partners *= 2) {
    const complete = partners >= n - 1;
    const seen = new Set<number>();
    const from: number[] = [];
    const to: number[] = [];
    const weight: number[] = [];
    const add = (i: number, j: number) => {
      const a = Math.min(i, j);
      const b = Math.max(i, j);
      if (a === b || seen.has(a * n + b)) return;
      seen.add(a * n + b);
      if (played(a, b)) return;
      from.push(a);
      to.push(b);
      weight.push(1 + Math.floor(1000 * pairNoise(seed ^ roundNumber, players[a]!.hash, players[b]!.hash)));
    };
    for (let i = 0; i < n; i++) {
      if (complete) for (let j = i + 1; j < n; j++) add(i, j);
      else for (let r = 0; r < partners; r++) add(i, (i + 1 + (hashValues(seed, roundNumber, i, r) % (n - 1))) % n);
    }
    const mate = maxWeightMatching(
      { n, from: Int32Array.from(from), to: Int32Array.from(to), weight: Float64Array.from(weight) },
      { maxCardinality: true },
    );
    const pairs: [FieldPlayer, FieldPlayer][] = [];
    for (let i = 0; i < n; i++) if (mate[i]! > i) pairs.push([players[i]!, players[mate[i]!]!]);
    if (complete || pairs.length === n >> 1) return pairs;
  }
}

/**
 * Every remaining round at once: maximum matchings of the unplayed pairs until none is left. On a field that has
 * not played yet this is a round robin, and the circle table gives one with every round as full as possible.
 */
export function allRounds(field: Field, seed: number, firstRound: number): [FieldPlayer, FieldPlayer][][] {
  const players = field.active;
  const n = players.length;
  if (!field.hasForbidden && players.every((p) => p.opponents.length === 0)) {
    const byRating = players.slice().sort(compareRatingOrder);
    const size = n + (n % 2);
    return Array.from({ length: size - 1 }, (_, r) =>
      circleRound(size, r + 1)
        .filter(([x, y]) => x <= n && y <= n)
        .map(([x, y]) => [byRating[x - 1]!, byRating[y - 1]!] as [FieldPlayer, FieldPlayer]),
    );
  }
  const done = new Set<number>();
  const played = (i: number, j: number) => field.met(i, j) > 0 || field.forbidden(i, j) || done.has(i * n + j);
  const rounds: [FieldPlayer, FieldPlayer][][] = [];
  for (let r = firstRound; ; r++) {
    const pairs = pairAll(field, seed, r, played);
    if (pairs.length === 0) return rounds;
    for (const [a, b] of pairs) done.add(Math.min(a.index, b.index) * n + Math.max(a.index, b.index));
    rounds.push(pairs);
  }
}
