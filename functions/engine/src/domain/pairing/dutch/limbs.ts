/**
 * Exact integers wider than 2^53 as a fixed number of float64 limbs of 48 bits each, lowest limb first, for the
 * Dutch matching's weights and duals (docs/dutch.md#the-matching). A number is `k` consecutive entries of a
 * Float64Array starting at an offset. Normalised, every limb but the top one is in [0, 2^48) and the top one carries
 * the sign, so two numbers compare limb by limb from the top. Sums of three limbs stay exact (below 2^53), which is
 * all the matching needs; nothing here allocates, unlike BigInt, whose temporaries cost more in garbage collection
 * than in arithmetic. The three signed comparisons (`sumSign`, `compareSum`, `compareSums`) are one loop at three
 * arities: they run in the search's innermost loop, where the six-term one with zeros for the missing terms was
 * measured a tenth slower.
 */
const LIMB = 2 ** 48;
const LIMB_INVERSE = 2 ** -48;
const BITS = 48;

/** Limbs enough for a non-negative number of `bits` bits, sums of a few of them, and their sign. */
export function limbsFor(bits: number): number {
  return Math.floor((bits + 4) / BITS) + 1;
}

/** Carries each limb's excess into the one above, leaving the lower limbs in [0, 2^48). */
function normalise(a: Float64Array, at: number, k: number): void {
  for (let i = 0; i < k - 1; i++) {
    const x = a[at + i]!;
    if (x >= 0 && x < LIMB) continue;
    const carry = Math.floor(x * LIMB_INVERSE);
    a[at + i] = x - carry * LIMB;
    a[at + i + 1] = a[at + i + 1]! + carry;
  }
}

export function writeBig(out: Float64Array, at: number, k: number, x: bigint): void {
  const negative = x < 0n;
  let rest = negative ? -x : x;
  for (let i = 0; i < k; i++) {
    out[at + i] = i === k - 1 ? Number(rest) : Number(rest & 0xffffffffffffn);
    rest >>= 48n;
  }
  if (negative) {
    for (let i = 0; i < k; i++) out[at + i] = -out[at + i]!;
    normalise(out, at, k);
  }
}

export function readBig(a: Float64Array, at: number, k: number): bigint {
  let x = 0n;
  for (let i = k - 1; i >= 0; i--) x = (x << 48n) + BigInt(a[at + i]!);
  return x;
}

/** out = a + b - c. */
export function sumInto(
  out: Float64Array,
  o: number,
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  c: Float64Array,
  co: number,
  k: number,
): void {
  for (let i = 0; i < k; i++) out[o + i] = a[ao + i]! + b[bo + i]! - c[co + i]!;
  normalise(out, o, k);
}

/** out = a + b. */
export function addInto(
  out: Float64Array,
  o: number,
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  k: number,
) {
  for (let i = 0; i < k; i++) out[o + i] = a[ao + i]! + b[bo + i]!;
  normalise(out, o, k);
}

/** out = a - b. */
export function subInto(
  out: Float64Array,
  o: number,
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  k: number,
) {
  for (let i = 0; i < k; i++) out[o + i] = a[ao + i]! - b[bo + i]!;
  normalise(out, o, k);
}

/** a += x, for a small integer x. */
export function addSmall(a: Float64Array, at: number, k: number, x: number): void {
  a[at] = a[at]! + x;
  normalise(a, at, k);
}

/** out = floor(a / 2). */
export function halfInto(out: Float64Array, o: number, a: Float64Array, ao: number, k: number): void {
  for (let i = 0; i < k; i++) {
    const x = a[ao + i]!;
    const low = Math.floor(x / 2);
    const carry = i + 1 < k && a[ao + i + 1]! % 2 !== 0 ? LIMB / 2 : 0;
    out[o + i] = low + carry;
  }
}

export function copyInto(out: Float64Array, o: number, a: Float64Array, ao: number, k: number): void {
  for (let i = 0; i < k; i++) out[o + i] = a[ao + i]!;
}

/** Negative, zero or positive as a is below, equal to or above b (both normalised). */
export function compare(a: Float64Array, ao: number, b: Float64Array, bo: number, k: number): number {
  for (let i = k - 1; i >= 0; i--) {
    const x = a[ao + i]!;
    const y = b[bo + i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function isZero(a: Float64Array, at: number, k: number): boolean {
  for (let i = 0; i < k; i++) if (a[at + i] !== 0) return false;
  return true;
}

/** -1, 0 or 1 (a normalised). */
export function sign(a: Float64Array, at: number, k: number): number {
  const top = a[at + k - 1]!;
  if (top !== 0) return top < 0 ? -1 : 1;
  return isZero(a, at, k) ? 0 : 1;
}

export function isOdd(a: Float64Array, at: number): boolean {
  return a[at]! % 2 !== 0;
}

/**
 * The number as a float64, within 2^-51 of its size: the three highest limbs that are not zero, the rest dropped
 * (a non-negative number; above 2^1023 it is Infinity, and the rough tests built on it then decide nothing).
 */
export function rough(a: Float64Array, at: number, k: number): number {
  let h = k - 1;
  while (h >= 0 && a[at + h] === 0) h--;
  if (h < 0) return 0;
  let x = a[at + h]!;
  if (h >= 1) x = x * LIMB + a[at + h - 1]!;
  if (h >= 2) x = x * LIMB + a[at + h - 2]!;
  return h >= 2 ? x * 2 ** (BITS * (h - 2)) : x;
}

/**
 * The sign of (a + b - c) - d, all four normalised and non-negative, read from the top limb down: it is decided as
 * soon as the limbs read so far are two units apart, since the limbs below add up to less than that.
 */
export function compareSum(
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  c: Float64Array,
  co: number,
  d: Float64Array,
  dOffset: number,
  k: number,
): number {
  let x = 0;
  for (let i = k - 1; i >= 0; i--) {
    x = x * LIMB + (a[ao + i]! + b[bo + i]! - c[co + i]! - d[dOffset + i]!);
    if (x >= 2) return 1;
    if (x <= -2) return -1;
  }
  return x === 0 ? 0 : x > 0 ? 1 : -1;
}

/**
 * The sign of a + b - c, all three normalised and non-negative, read from the top limb down like `compareSum`:
 * near-tight edges cancel in their top limbs and are decided lower down, without writing the sum.
 */
export function sumSign(
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  c: Float64Array,
  co: number,
  k: number,
): number {
  let x = 0;
  for (let i = k - 1; i >= 0; i--) {
    x = x * LIMB + (a[ao + i]! + b[bo + i]! - c[co + i]!);
    if (x >= 2) return 1;
    if (x <= -2) return -1;
  }
  return x === 0 ? 0 : x > 0 ? 1 : -1;
}

/**
 * The sign of (a + b - c) - (d + e - f), all six normalised and non-negative, read from the top limb down like
 * `compareSum`, without writing either sum.
 */
export function compareSums(
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  c: Float64Array,
  co: number,
  d: Float64Array,
  dOffset: number,
  e: Float64Array,
  eo: number,
  f: Float64Array,
  fo: number,
  k: number,
): number {
  let x = 0;
  for (let i = k - 1; i >= 0; i--) {
    x = x * LIMB + (a[ao + i]! + b[bo + i]! - c[co + i]! - d[dOffset + i]! - e[eo + i]! + f[fo + i]!);
    // The limbs below add up to between -3 and 3 units of this one.
    if (x >= 3) return 1;
    if (x <= -3) return -1;
  }
  return x === 0 ? 0 : x > 0 ? 1 : -1;
}
