/**
 * The Dutch method's incremental matching (docs/dutch.md#the-matching) against brute force on small random graphs,
 * and against the Hungarian method on 60-vertex two-sided ones: after every batch of changes the optimum weight, and
 * the shortcuts that answer a question from the last optimum (docs/dutch.md#speed) give an answer only when every
 * optimum agrees with it.
 */
import { describe, expect, it } from 'vitest';
import { IncrementalMatching } from '../../../src/domain/pairing/dutch/matching.js';
import { createRng } from '../../../src/domain/pairing/prng.js';

/** The heaviest matching's weight, with (v, u) forced in when given (-1n when that pair is no edge). */
function best(w: bigint[][], forced?: [number, number]): bigint {
  const n = w.length;
  const used = new Array<boolean>(n).fill(false);
  let start = 0n;
  if (forced) {
    const [v, u] = forced;
    if (w[v]![u] === 0n) return -1n;
    used[v] = used[u] = true;
    start = w[v]![u]!;
  }
  const go = (): bigint => {
    const v = used.indexOf(false);
    if (v < 0) return 0n;
    used[v] = true;
    let top = go();
    for (let u = v + 1; u < n; u++) {
      if (used[u] || w[v]![u] === 0n) continue;
      used[u] = true;
      const x = w[v]![u]! + go();
      if (x > top) top = x;
      used[u] = false;
    }
    used[v] = false;
    return top;
  };
  return start + go();
}

function held(m: IncrementalMatching, w: bigint[][]): bigint {
  let total = 0n;
  for (let v = 0; v < m.n; v++) {
    const u = m.mateOf(v);
    if (u > v) total += w[v]![u]!;
  }
  return total;
}

/**
 * Few distinct weights, so that ties (several optima) are common, on top of a large common part: one limb's worth,
 * or spread over many limbs, as a late round's criteria are (differences far below the top limb).
 */
const SHAPES: { name: string; bound: bigint; listed: number; weight: (draw: () => number) => bigint }[] = [
  { name: 'two limbs', bound: 1n << 82n, listed: 32, weight: (draw) => (1n << 80n) + BigInt(Math.floor(draw() * 4)) },
  {
    name: 'eight limbs, every blossom listed',
    bound: 1n << 380n,
    // Every blossom's outside listed for its scans, the shortcut large rounds take.
    listed: 3,
    weight: (draw) =>
      (1n << 378n) + (BigInt(Math.floor(draw() * 2)) << 200n) + (BigInt(Math.floor(draw() * 2)) << 97n) + 1n,
  },
];

describe.each(SHAPES)('IncrementalMatching, weights of $name', ({ bound, listed, weight: drawWeight }) => {
  it('stays optimal, and answers questions from the last optimum only when every optimum agrees', () => {
    const draw = createRng(7);
    let answered = 0;
    let swapped = 0;
    let sealed = 0;
    for (let trial = 0; trial < 200; trial++) {
      const n = 4 + Math.floor(draw() * 6);
      const m = new IncrementalMatching(n, bound, listed);
      const w = Array.from({ length: n }, () => new Array<bigint>(n).fill(0n));
      const weight = () => (draw() < 0.2 ? 0n : drawWeight(draw));
      const set = (v: number, u: number, x: bigint) => {
        w[v]![u] = w[u]![v] = x;
        m.setWeight(v, u, x);
      };
      for (let v = 0; v < n; v++) for (let u = 0; u < v; u++) set(v, u, weight());
      m.solve();
      for (let step = 0; step < 8; step++) {
        expect(held(m, w)).toBe(best(w));
        const v = Math.floor(draw() * n);
        const order = Array.from({ length: n }, (_, u) => u)
          .filter((u) => u !== v)
          .sort(() => draw() - 0.5);
        const optimum = best(w);
        const known = m.firstPossible(v, order);
        if (known >= 0) {
          answered++;
          const first = order.find((u) => best(w, [v, u]) === optimum);
          expect(known).toBe(first);
          expect(m.mateOf(v)).toBe(known);
          expect(held(m, w)).toBe(optimum);
        }
        const others = order.filter((x) => x !== m.mateOf(v));
        const u = others[Math.floor(draw() * others.length)]!;
        if (m.swapPartners(v, u)) {
          swapped++;
          expect(m.mateOf(v)).toBe(u);
          expect(held(m, w)).toBe(optimum);
        }
        // Change a few vertices' edges, as a bracket's questions do; or settle a pair for good, as a bracket does
        // with each pair it decides (and the next change may give the two new edges again).
        if (draw() < 0.3) {
          const a = Math.floor(draw() * n);
          const b = (a + 1 + Math.floor(draw() * (n - 1))) % n;
          const x = drawWeight(draw);
          for (let y = 0; y < n; y++) {
            if (y !== a && y !== b) w[a]![y] = w[y]![a] = w[b]![y] = w[y]![b] = 0n;
          }
          w[a]![b] = w[b]![a] = x;
          m.pairOnly(a, b, x);
          sealed++;
        }
        for (let k = 0; k < 1 + Math.floor(draw() * 3); k++) {
          const x = Math.floor(draw() * n);
          for (let y = 0; y < n; y++) if (y !== x) set(x, y, weight());
        }
        m.solve();
      }
    }
    expect(answered).toBeGreaterThan(100);
    expect(swapped).toBeGreaterThan(15);
    expect(sealed).toBeGreaterThan(100);
  });
});

/**
 * The heaviest matching's weight when every edge joins `left` to `right` (the Hungarian method on the negated
 * weights, the two sides of the same size): exact on fields far beyond `best`'s search.
 */
function bestBipartite(w: bigint[][], left: number[], right: number[]): bigint {
  const size = left.length;
  const INF = 1n << 400n;
  const cost = (i: number, j: number) => -w[left[i - 1]!]![right[j - 1]!]!;
  const rowDual = new Array<bigint>(size + 1).fill(0n);
  const colDual = new Array<bigint>(size + 1).fill(0n);
  const rowOf = new Array<number>(size + 1).fill(0);
  const way = new Array<number>(size + 1).fill(0);
  for (let i = 1; i <= size; i++) {
    rowOf[0] = i;
    let j0 = 0;
    const least = new Array<bigint>(size + 1).fill(INF);
    const used = new Array<boolean>(size + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = rowOf[j0]!;
      let delta = INF;
      let j1 = 0;
      for (let j = 1; j <= size; j++) {
        if (used[j]) continue;
        const reduced = cost(i0, j) - rowDual[i0]! - colDual[j]!;
        if (reduced < least[j]!) [least[j], way[j]] = [reduced, j0];
        if (least[j]! < delta) [delta, j1] = [least[j]!, j];
      }
      for (let j = 0; j <= size; j++) {
        if (used[j]) {
          rowDual[rowOf[j]!] = rowDual[rowOf[j]!]! + delta;
          colDual[j] = colDual[j]! - delta;
        } else least[j] = least[j]! - delta;
      }
      j0 = j1;
    } while (rowOf[j0] !== 0);
    do {
      const j1 = way[j0]!;
      rowOf[j0] = rowOf[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  let total = 0n;
  for (let j = 1; j <= size; j++) total -= cost(rowOf[j]!, j);
  return total;
}

describe('IncrementalMatching on fields with more free vertices than its tight-path shortcut takes', () => {
  // Distinct random weights between two halves of 60 vertices: many vertices' heaviest edges go to the same partner, so
  // the first stages start with more than 16 free vertices (the shortcut's limit) and the last ones with fewer.
  const random = (draw: () => number, bits: number) => BigInt(Math.floor(draw() * 2 ** bits));
  it.each([
    { name: 'two limbs', bound: 1n << 82n, listed: 32, weight: (draw: () => number) => (1n << 80n) + random(draw, 40) },
    {
      name: 'eight limbs, every blossom listed',
      bound: 1n << 380n,
      listed: 3,
      weight: (draw: () => number) => (1n << 378n) + (random(draw, 30) << 200n) + (random(draw, 30) << 97n),
    },
  ])('stays optimal on 60 vertices with weights of $name, change after change', (shape) => {
    const draw = createRng(60);
    const n = 60;
    const side = Array.from({ length: n }, (_, v) => v).sort(() => draw() - 0.5);
    const left = side.slice(0, n / 2);
    const right = side.slice(n / 2);
    const m = new IncrementalMatching(n, shape.bound, shape.listed);
    const w = Array.from({ length: n }, () => new Array<bigint>(n).fill(0n));
    const setAll = (v: number) => {
      for (const u of left.includes(v) ? right : left) {
        w[v]![u] = w[u]![v] = shape.weight(draw);
        m.setWeight(v, u, w[v]![u]);
      }
    };
    for (const v of left) setAll(v);
    for (let change = 0; change < 6; change++) {
      m.solve();
      expect(held(m, w), `after change ${change}`).toBe(bestBipartite(w, left, right));
      for (let k = 0; k < 1 + change * 4; k++) setAll(side[Math.floor(draw() * n)]!);
    }
  });
});
