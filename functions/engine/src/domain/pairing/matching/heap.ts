/**
 * Min-heap of the items 0..capacity-1 (vertex or blossom ids), each present at most once with a key that may move
 * either way. Keys are exact integers held in doubles. The solver keeps one entry per vertex (or T-blossom), so the
 * heap stays small enough for the caches however many edges the graph has.
 *
 * Items leave in the order of (key, item): equal keys by the smaller id. That order is a property of the entries
 * alone, not of how the heap is laid out, so the solver's choice among equally heavy matchings does not depend on
 * the heap's shape or on the order in which entries came in.
 */
export class IndexedMinHeap {
  /** key of each item; Infinity while the item is not in the heap, so that a caller can compare without a lookup */
  readonly keys: Float64Array;
  /** keys and items in heap order, for positions < size: a sift reads neighbouring cells, not one per item */
  private readonly orderKey: Float64Array;
  private readonly order: Int32Array;
  /** position of each item in `order`, or -1 when absent */
  private readonly pos: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity).fill(Infinity);
    this.orderKey = new Float64Array(capacity);
    this.order = new Int32Array(capacity);
    this.pos = new Int32Array(capacity).fill(-1);
  }

  /** The item with the smallest (key, item); only when size > 0. */
  top(): number {
    return this.order[0]!;
  }

  /** Inserts the item, or moves it to its new key; Infinity removes it. */
  set(item: number, key: number): void {
    if (key === Infinity) {
      this.remove(item);
      return;
    }
    this.keys[item] = key;
    let i = this.pos[item]!;
    if (i < 0) i = this.size++;
    this.settle(i, item, key);
  }

  remove(item: number): void {
    const i = this.pos[item]!;
    if (i < 0) return;
    this.pos[item] = -1;
    this.keys[item] = Infinity;
    const last = --this.size;
    if (i !== last) this.settle(i, this.order[last]!, this.orderKey[last]!);
  }

  /** Subtracts tau from every key; the order stays. */
  shiftKeys(tau: number): void {
    for (let i = 0; i < this.size; i++) {
      this.orderKey[i]! -= tau;
      this.keys[this.order[i]!]! -= tau;
    }
  }

  /** Puts (item, key) into the hole at position i, moving it up or down to where it belongs. */
  private settle(i: number, item: number, key: number): void {
    let at = this.siftUp(i, item, key);
    if (at === i) at = this.siftDown(i, item, key);
    this.put(at, item, key);
  }

  /** Moves the parents that (item, key) must precede down into the hole; returns where the hole ends. */
  private siftUp(i: number, item: number, key: number): number {
    const { order, orderKey } = this;
    let at = i;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const pk = orderKey[parent]!;
      if (pk < key || (pk === key && order[parent]! < item)) break;
      this.put(at, order[parent]!, pk);
      at = parent;
    }
    return at;
  }

  /** Moves the least children that must precede (item, key) up into the hole; returns where the hole ends. */
  private siftDown(i: number, item: number, key: number): number {
    const { order, orderKey } = this;
    let at = i;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.size) return at;
      let ck = orderKey[child]!;
      let ci = order[child]!;
      const right = child + 1;
      if (right < this.size) {
        const rk = orderKey[right]!;
        const ri = order[right]!;
        if (rk < ck || (rk === ck && ri < ci)) {
          child = right;
          ck = rk;
          ci = ri;
        }
      }
      if (key < ck || (key === ck && item < ci)) return at;
      this.put(at, ci, ck);
      at = child;
    }
  }

  private put(at: number, item: number, key: number): void {
    this.order[at] = item;
    this.orderKey[at] = key;
    this.pos[item] = at;
  }
}
