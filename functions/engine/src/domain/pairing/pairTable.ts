/**
 * A table from unordered pairs of player indices (stored as a < b) to a count, kept in insertion order: the
 * field's games between two players and the candidate graph's de-duplication look pairs up millions of times on
 * a big field, where open addressing over typed arrays is several times faster than a Map of numeric keys (and
 * needs no key that could pass 2^31).
 */
export class PairTable {
  /** slot -> 1 + entry index, 0 when empty */
  private slots: Int32Array;
  private mask: number;
  private first: Int32Array;
  private second: Int32Array;
  private counts: Int32Array;
  size = 0;

  constructor(expected = 64) {
    let capacity = 16;
    while (capacity < 2 * expected) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.first = new Int32Array(capacity >> 1);
    this.second = new Int32Array(capacity >> 1);
    this.counts = new Int32Array(capacity >> 1);
  }

  /** The count of the pair, 0 when absent. */
  get(i: number, j: number): number {
    const entry = this.find(i < j ? i : j, i < j ? j : i);
    return entry < 0 ? 0 : this.counts[entry]!;
  }

  /** Adds the pair with count 0 if absent; false when it was there already. */
  insert(i: number, j: number): boolean {
    const a = i < j ? i : j;
    const b = i < j ? j : i;
    if (this.find(a, b) >= 0) return false;
    this.append(a, b, 0);
    return true;
  }

  /** Sets the pair's count (adding the pair if absent). */
  set(i: number, j: number, count: number): void {
    const a = i < j ? i : j;
    const b = i < j ? j : i;
    const entry = this.find(a, b);
    if (entry >= 0) this.counts[entry] = count;
    else this.append(a, b, count);
  }

  /** Calls visit for every pair in the order the pairs were first added. */
  forEach(visit: (a: number, b: number, count: number) => void): void {
    for (let k = 0; k < this.size; k++) visit(this.first[k]!, this.second[k]!, this.counts[k]!);
  }

  private slotOf(a: number, b: number): number {
    return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x632be5ab, 0x85ebca77)) & this.mask;
  }

  private find(a: number, b: number): number {
    const { slots, first, second, mask } = this;
    for (let slot = this.slotOf(a, b); ; slot = (slot + 1) & mask) {
      const entry = slots[slot]! - 1;
      if (entry < 0) return -1;
      if (first[entry] === a && second[entry] === b) return entry;
    }
  }

  private append(a: number, b: number, count: number): void {
    if (this.size === this.first.length) this.grow();
    const entry = this.size++;
    this.first[entry] = a;
    this.second[entry] = b;
    this.counts[entry] = count;
    this.place(a, b, entry);
  }

  private place(a: number, b: number, entry: number): void {
    const { slots, mask } = this;
    let slot = this.slotOf(a, b);
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = entry + 1;
  }

  private grow(): void {
    const capacity = this.slots.length * 2;
    const widen = (old: Int32Array) => {
      const next = new Int32Array(capacity >> 1);
      next.set(old);
      return next;
    };
    this.first = widen(this.first);
    this.second = widen(this.second);
    this.counts = widen(this.counts);
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let k = 0; k < this.size; k++) this.place(this.first[k]!, this.second[k]!, k);
  }
}
