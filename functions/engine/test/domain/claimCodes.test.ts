import { describe, expect, it } from 'vitest';
import {
  CLAIM_ALPHABET,
  FREE_WRONG_CODES,
  LOCK_MINUTES,
  NO_ATTEMPTS,
  afterWrongCode,
  claimCodeFromBytes,
  claimWaitMs,
  formatClaimCode,
  normalizeClaimCode,
  wrongCodesLeft,
} from '../../src/domain/joining/claimCodes.js';

const MINUTE = 60_000;

describe('claim codes', () => {
  it('are 8 characters of Crockford base32: no I, L, O or U, 32 symbols (40 bits)', () => {
    expect(CLAIM_ALPHABET).toHaveLength(32);
    expect(CLAIM_ALPHABET).not.toMatch(/[ILOU]/);
    expect(claimCodeFromBytes([0, 1, 2, 31, 32, 255, 18, 30])).toBe('012Z0ZJY');
    expect(() => claimCodeFromBytes([1, 2, 3])).toThrow(/8 random bytes/);
  });

  it('read back however they are typed: case, spaces, hyphens, I/L as 1 and O as 0', () => {
    expect(formatClaimCode('012Z0ZJY')).toBe('012Z-0ZJY');
    expect(normalizeClaimCode(' o1lz-Ozjy ')).toBe('011Z0ZJY');
    expect(normalizeClaimCode('012z 0zjy')).toBe('012Z0ZJY');
    expect(normalizeClaimCode('012Z0ZJ')).toBeNull();
    expect(normalizeClaimCode('012Z0ZJU')).toBeNull();
    expect(normalizeClaimCode('')).toBeNull();
  });

  it(`allow ${FREE_WRONG_CODES - 1} wrong codes, then lock for ${LOCK_MINUTES} minutes, doubling, at most a day`, () => {
    const now = 1_000_000;
    let attempts = NO_ATTEMPTS;
    for (let wrong = 1; wrong < FREE_WRONG_CODES; wrong++) {
      attempts = afterWrongCode(attempts, now);
      expect(claimWaitMs(attempts, now)).toBe(0);
      expect(wrongCodesLeft(attempts)).toBe(FREE_WRONG_CODES - wrong);
    }
    attempts = afterWrongCode(attempts, now);
    expect(wrongCodesLeft(attempts)).toBe(0);
    expect(claimWaitMs(attempts, now)).toBe(LOCK_MINUTES * MINUTE);
    expect(claimWaitMs(attempts, now + LOCK_MINUTES * MINUTE)).toBe(0);
    // After the wait, one more wrong code locks twice as long.
    const later = now + LOCK_MINUTES * MINUTE;
    attempts = afterWrongCode(attempts, later);
    expect(claimWaitMs(attempts, later)).toBe(2 * LOCK_MINUTES * MINUTE);
    for (let i = 0; i < 20; i++) attempts = afterWrongCode(attempts, later);
    expect(claimWaitMs(attempts, later)).toBe(24 * 60 * MINUTE);
  });
});
