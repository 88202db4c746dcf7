/**
 * The Dutch method's incremental matching (docs/dutch.md#the-matching) against brute force on small random graphs:
 * after every batch of changes the optimum weight, and the shortcuts that answer a question from the last optimum
 * (docs/dutch.md#speed) give an answer only when every optimum agrees with it.
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
