/**
 * Binary min-heap of (key, value) pairs. Keys are exact integers held in doubles; values are int32 payloads (edge
 * endpoints or blossom ids), stored in the same Float64Array right after their key, so that a sift touches one
 * cache line per level rather than two: a big field's edge heaps hold millions of entries, far beyond the caches.
 * The solver uses it with lazy deletion: stale entries stay in the heap and are recognised when they reach the top.
 * Which of several equal keys leaves first follows from the exact sift rules below, and the solver's choice among
 * equally heavy matchings follows from that order: a change to the rules changes pairings.
 */
export class MinHeap {
  /** cells[2i] = key and cells[2i + 1] = value of entry i, for i < size */
  cells: Float64Array;
  size = 0;

  constructor(capacity: number) {
    const cap = Math.max(16, capacity | 0);
    this.cells = new Float64Array(2 * cap);
  }

  /** Entries the heap holds before it has to grow. */
  get capacity(): number {
    return this.cells.length >> 1;
  }

  private grow(): void {
    const cells = new Float64Array(this.cells.length * 2);
    cells.set(this.cells);
    this.cells = cells;
  }

  /** Appends without restoring heap order; call heapify() before the next push/pop. */
  append(key: number, val: number): void {
    if (2 * this.size === this.cells.length) this.grow();
    this.cells[2 * this.size] = key;
    this.cells[2 * this.size + 1] = val;
    this.size++;
  }

  heapify(): void {
    const cells = this.cells;
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(i, cells[2 * i]!, cells[2 * i + 1]!);
  }

  /** Keeps the first `size` entries (which the caller has compacted in place, in their order) and restores heap order. */
  truncate(size: number): void {
    this.size = size;
    this.heapify();
  }

  /** Subtracts tau from every key; the order stays. */
  shiftKeys(tau: number): void {
    const cells = this.cells;
    for (let i = 0; i < 2 * this.size; i += 2) cells[i]! -= tau;
  }

  push(key: number, val: number): void {
    if (2 * this.size === this.cells.length) this.grow();
    const cells = this.cells;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = cells[2 * parent]!;
      if (pk <= key) break;
      cells[2 * i] = pk;
      cells[2 * i + 1] = cells[2 * parent + 1]!;
      i = parent;
    }
    cells[2 * i] = key;
    cells[2 * i + 1] = val;
  }

  /** Removes the top entry (the caller reads cells[0], its key, and cells[1], its value, first). */
  pop(): void {
    const last = --this.size;
    if (last > 0) this.siftDown(0, this.cells[2 * last]!, this.cells[2 * last + 1]!);
  }

  private siftDown(start: number, key: number, val: number): void {
    const cells = this.cells;
    const size = this.size;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      let ck = cells[2 * child]!;
      const right = child + 1;
      if (right < size) {
        const rk = cells[2 * right]!;
        if (rk < ck) {
          child = right;
          ck = rk;
        }
      }
      if (ck >= key) break;
      cells[2 * i] = ck;
      cells[2 * i + 1] = cells[2 * child + 1]!;
      i = child;
    }
    cells[2 * i] = key;
    cells[2 * i + 1] = val;
  }
}
