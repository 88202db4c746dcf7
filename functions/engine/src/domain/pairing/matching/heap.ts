/**
 * Binary min-heap of (key, value) pairs stored in parallel typed arrays.
 * Keys are exact integers held in doubles; values are int32 payloads (edge endpoints or blossom ids).
 * The solver uses it with lazy deletion: stale entries stay in the heap and are recognised when they reach the top.
 */
export class MinHeap {
  keys: Float64Array;
  vals: Int32Array;
  size = 0;

  constructor(capacity: number) {
    const cap = Math.max(16, capacity | 0);
    this.keys = new Float64Array(cap);
    this.vals = new Int32Array(cap);
  }

  private grow(): void {
    const cap = this.keys.length * 2;
    const keys = new Float64Array(cap);
    const vals = new Int32Array(cap);
    keys.set(this.keys);
    vals.set(this.vals);
    this.keys = keys;
    this.vals = vals;
  }

  /** Appends without restoring heap order; call heapify() before the next push/pop. */
  append(key: number, val: number): void {
    if (this.size === this.keys.length) this.grow();
    this.keys[this.size] = key;
    this.vals[this.size] = val;
    this.size++;
  }

  heapify(): void {
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(i, this.keys[i]!, this.vals[i]!);
  }

  /** Keeps only the entries for which keep(key, val) holds, restores heap order; returns how many were dropped. */
  filter(keep: (key: number, val: number) => boolean): number {
    const keys = this.keys;
    const vals = this.vals;
    let out = 0;
    for (let i = 0; i < this.size; i++) {
      const key = keys[i]!;
      const val = vals[i]!;
      if (!keep(key, val)) continue;
      keys[out] = key;
      vals[out] = val;
      out++;
    }
    const dropped = this.size - out;
    this.size = out;
    this.heapify();
    return dropped;
  }

  push(key: number, val: number): void {
    if (this.size === this.keys.length) this.grow();
    const keys = this.keys;
    const vals = this.vals;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = keys[parent]!;
      if (pk <= key) break;
      keys[i] = pk;
      vals[i] = vals[parent]!;
      i = parent;
    }
    keys[i] = key;
    vals[i] = val;
  }

  /** Removes the top entry (the caller reads keys[0] / vals[0] first). */
  pop(): void {
    const last = --this.size;
    if (last > 0) this.siftDown(0, this.keys[last]!, this.vals[last]!);
  }

  private siftDown(start: number, key: number, val: number): void {
    const keys = this.keys;
    const vals = this.vals;
    const size = this.size;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      let ck = keys[child]!;
      const right = child + 1;
      if (right < size) {
        const rk = keys[right]!;
        if (rk < ck) {
          child = right;
          ck = rk;
        }
      }
      if (ck >= key) break;
      keys[i] = ck;
      vals[i] = vals[child]!;
      i = child;
    }
    keys[i] = key;
    vals[i] = val;
  }
}
