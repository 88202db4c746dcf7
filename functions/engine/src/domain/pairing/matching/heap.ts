/**
 * Min-heap of the items 0..capacity-1 (vertex or blossom ids), each present at most once with a key that may move
 * either way. Keys are exact integers held in doubles. The solver keeps one entry per vertex (or T-blossom) rather
 * than one per edge, so the heap stays small enough for the caches however many edges the graph has.
 *
 * Items leave in the order of (key, item): equal keys by the smaller id. That order is a property of the entries
 * alone, not of how the heap is laid out, so the solver's choice among equally heavy matchings does not depend on
 * the heap's shape or on the order in which entries came in.
 */
export class IndexedMinHeap {
  /** key of each item; meaningful only while the item is in the heap */
  readonly keys: Float64Array;
  /** the items in heap order, for positions < size */
  private readonly order: Int32Array;
  /** position of each item in `order`, or -1 when absent */
  private readonly pos: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.order = new Int32Array(capacity);
    this.pos = new Int32Array(capacity).fill(-1);
  }

  /** The item with the smallest (key, item); only when size > 0. */
  top(): number {
    return this.order[0]!;
  }

  /** The key of the item, or Infinity when it is not in the heap. */
  keyOf(item: number): number {
    return this.pos[item]! < 0 ? Infinity : this.keys[item]!;
  }

  /** Inserts the item, or moves it to its new key; Infinity removes it. */
  set(item: number, key: number): void {
    if (key === Infinity) {
      this.remove(item);
      return;
    }
    this.keys[item] = key;
    let i = this.pos[item]!;
    if (i < 0) {
      i = this.size++;
      this.place(item, i);
    }
    this.restore(i);
  }

  remove(item: number): void {
    const i = this.pos[item]!;
    if (i < 0) return;
    this.pos[item] = -1;
    const last = this.order[--this.size]!;
    if (i === this.size) return;
    this.place(last, i);
    this.restore(i);
  }

  /** Subtracts tau from every key; the order stays. */
  shiftKeys(tau: number): void {
    for (let i = 0; i < this.size; i++) this.keys[this.order[i]!]! -= tau;
  }

  private place(item: number, i: number): void {
    this.order[i] = item;
    this.pos[item] = i;
  }

  private before(a: number, b: number): boolean {
    const ka = this.keys[a]!;
    const kb = this.keys[b]!;
    return ka < kb || (ka === kb && a < b);
  }

  /** Moves the item at position i up or down to where it belongs. */
  private restore(i: number): void {
    const item = this.order[i]!;
    let at = i;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const above = this.order[parent]!;
      if (!this.before(item, above)) break;
      this.place(above, at);
      at = parent;
    }
    if (at === i) at = this.siftDown(item, i);
    this.place(item, at);
  }

  /** Where `item`, taken out of position i, settles below it; the children it passes move up. */
  private siftDown(item: number, i: number): number {
    let at = i;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.size) return at;
      const right = child + 1;
      if (right < this.size && this.before(this.order[right]!, this.order[child]!)) child = right;
      const below = this.order[child]!;
      if (!this.before(below, item)) return at;
      this.place(below, at);
      at = child;
    }
  }
}
