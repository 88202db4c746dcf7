/**
 * The Dutch matching's exact arithmetic in float64 limbs (docs/dutch.md#the-matching) against BigInt, on numbers of
 * the widths a large round reaches (hundreds of bits), with values chosen to sit on limb edges (all ones, powers of
 * two) as often as at random, and sums that cancel in their top limbs as near-tight slacks do.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addInto,
  addSmall,
  compare,
  compareSum,
  compareSums,
  halfInto,
  isOdd,
  isZero,
  limbsFor,
  readBig,
  rough,
  sign,
  subInto,
  sumInto,
  sumSign,
  writeBig,
} from '../../../src/domain/pairing/dutch/limbs.js';

const BITS = 760;
const K = limbsFor(BITS);

/** Non-negative numbers below 2^BITS, often close to a limb edge. */
const wide = fc.oneof(
  fc.bigInt({ min: 0n, max: (1n << BigInt(BITS)) - 1n }),
  fc.integer({ min: 0, max: BITS - 1 }).map((bits) => 1n << BigInt(bits)),
  fc.integer({ min: 1, max: BITS }).map((bits) => (1n << BigInt(bits)) - 1n),
  fc.bigInt({ min: 0n, max: 1n << 60n }),
);

function limbs(...values: bigint[]): Float64Array {
  const out = new Float64Array(values.length * K);
  values.forEach((x, i) => writeBig(out, i * K, K, x));
  return out;
}

const signOf = (x: bigint) => (x < 0n ? -1 : x > 0n ? 1 : 0);

describe('limbs', () => {
  it('hold a number exactly, and add, subtract and halve it as BigInt does', () => {
    fc.assert(
      fc.property(wide, wide, wide, (a, b, c) => {
        const x = limbs(a, b, c, 0n);
        expect(readBig(x, 0, K)).toBe(a);
        sumInto(x, 3 * K, x, 0, x, K, x, 2 * K, K);
        expect(readBig(x, 3 * K, K)).toBe(a + b - c);
        addInto(x, 3 * K, x, 0, x, K, K);
        expect(readBig(x, 3 * K, K)).toBe(a + b);
        subInto(x, 3 * K, x, 0, x, K, K);
        expect(readBig(x, 3 * K, K)).toBe(a - b);
        halfInto(x, 3 * K, x, 3 * K, K);
        // Floor division, for negative differences too.
        const d = a - b;
        expect(readBig(x, 3 * K, K)).toBe(d >= 0n ? d / 2n : -((-d + 1n) / 2n));
        addSmall(x, 0, K, -1);
        expect(readBig(x, 0, K)).toBe(a - 1n);
        expect(isOdd(x, 0)).toBe((a - 1n) % 2n !== 0n);
      }),
      { numRuns: 400 },
    );
  });

  it('compare and take signs as BigInt does, also when a sum cancels in its top limbs', () => {
    fc.assert(
      fc.property(wide, wide, wide, fc.bigInt({ min: -(1n << 100n), max: 1n << 100n }), (a, b, c, small) => {
        // d = a + b - c + small: (a + b - c) - d is small, decided only in the low limbs.
        const exact = a + b - c;
        const d = exact + small >= 0n ? exact + small : 0n;
        const x = limbs(a, b, c, d, 0n);
        expect(Math.sign(compare(x, 0, x, K, K))).toBe(signOf(a - b));
        expect(compareSum(x, 0, x, K, x, 2 * K, x, 3 * K, K)).toBe(signOf(exact - d));
        expect(sumSign(x, 0, x, K, x, 2 * K, K)).toBe(signOf(exact));
        // (a + b - c) - (d + b - c): the same sums apart from d.
        expect(compareSums(x, 0, x, K, x, 2 * K, x, 3 * K, x, K, x, 2 * K, K)).toBe(signOf(a - d));
        expect(compareSums(x, 0, x, K, x, 2 * K, x, 3 * K, x, 2 * K, x, K, K)).toBe(signOf(exact - (d + c - b)));
        sumInto(x, 4 * K, x, 0, x, K, x, 2 * K, K);
        expect(sign(x, 4 * K, K)).toBe(signOf(exact));
        expect(isZero(x, 4 * K, K)).toBe(exact === 0n);
      }),
      { numRuns: 400 },
    );
  });

  it('round a number within 2^-51 of its size', () => {
    // Numbers whose top limb is 1 and the rest random, or any number below 2^1000.
    const topped = fc
      .integer({ min: 1, max: 19 })
      .chain((h) => fc.bigInt({ min: 0n, max: (1n << BigInt(48 * h)) - 1n }).map((b) => (1n << BigInt(48 * h)) + b));
    fc.assert(
      fc.property(fc.oneof(topped, fc.bigInt({ min: 0n, max: (1n << 1000n) - 1n })), (a) => {
        const k = limbsFor(1000);
        const x = new Float64Array(k);
        writeBig(x, 0, k, a);
        const error = Math.abs(rough(x, 0, k) - Number(a));
        expect(error).toBeLessThanOrEqual(Number(a) * 2 ** -51);
      }),
      { numRuns: 400 },
    );
  });
});
