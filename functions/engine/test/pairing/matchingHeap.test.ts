/**
 * The solver's event heaps hand out items in the order of (key, item) whatever happened to them before: the
 * solver's choice among equally heavy matchings, and so the pairings pinned in pinned.test.ts, rests on that order.
 */
import { describe, expect, it } from 'vitest';
import { IndexedMinHeap } from '../../src/domain/pairing/matching/heap.js';
import { createRng } from '../../src/domain/pairing/prng.js';

function drain(heap: IndexedMinHeap): [number, number][] {
  const out: [number, number][] = [];
  while (heap.size > 0) {
    const item = heap.top();
    out.push([heap.keys[item]!, item]);
    heap.remove(item);
  }
  return out;
}

/** A seeded stream of 0 <= x < bound. */
function stream(seed: number): (bound: number) => number {
  const r = createRng(seed);
  return (bound) => Math.floor(r() * bound);
}

/** Every (key, item) left, in the order the heap must hand them out: by key, then by the smaller item. */
const inOrder = (want: ReadonlyMap<number, number>) =>
  [...want.entries()].map(([item, key]) => [key, item]).sort((p, q) => p[0]! - q[0]! || p[1]! - q[1]!);

const ITEMS = 3000;

describe('event heap order', () => {
  it('hands out equal keys by the smaller item, in whatever order they came in', () => {
    const next = stream(12345);
    const heap = new IndexedMinHeap(ITEMS);
    const want = new Map<number, number>();
    for (let i = 0; i < ITEMS; i++) {
      const item = next(ITEMS);
      const key = next(7); // few keys, so most are shared
      heap.set(item, key);
      want.set(item, key);
    }
    expect(drain(heap)).toEqual(inOrder(want));
  });

  it('keeps that order when keys move up and down and items leave early', () => {
    const next = stream(777);
    const heap = new IndexedMinHeap(ITEMS);
    const want = new Map<number, number>();
    for (let step = 0; step < 20000; step++) {
      const item = next(ITEMS);
      const action = next(10);
      if (action === 0) {
        heap.remove(item);
        want.delete(item);
      } else {
        const key = next(50);
        heap.set(item, key);
        want.set(item, key);
      }
      if (step % 1000 === 0) expect(heap.keys[item]).toBe(want.get(item) ?? Infinity);
    }
    expect(heap.size).toBe(want.size);
    expect(drain(heap)).toEqual(inOrder(want));
  });

  it('setting Infinity removes, and shifting keys keeps the order', () => {
    const heap = new IndexedMinHeap(8);
    for (let i = 0; i < 8; i++) heap.set(i, 100 + (i % 3));
    heap.set(4, Infinity);
    heap.shiftKeys(100);
    expect(drain(heap)).toEqual([
      [0, 0],
      [0, 3],
      [0, 6],
      [1, 1],
      [1, 7],
      [2, 2],
      [2, 5],
    ]);
  });
});
