/**
 * Claim codes: the private code a player types to become their entry's account (see docs/joining.md).
 *
 * A code is 8 characters of Crockford's base32 (digits and capitals without I, L, O, U), printed as two groups of
 * four: 40 bits of entropy, read aloud and typed without confusion. Typing is forgiving the way Crockford
 * intends: case, spaces and hyphens do not matter, and I/L read as 1, O as 0.
 *
 * Guessing is held off per account and tournament: the FREE_WRONG_CODES-th wrong code in a row locks the account
 * out of claiming for LOCK_MINUTES, and each further wrong code locks it for twice as long as the last (capped at a
 * day); a right code clears the count. With 1,000 codes in play a guess hits with probability 1000 / 2^40 (about 1 in a billion), and an account
 * gets at most a few dozen guesses a day.
 */
export const CLAIM_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CLAIM_CODE_LENGTH = 8;
export const FREE_WRONG_CODES = 5;
export const LOCK_MINUTES = 15;
const MAX_LOCK_MS = 24 * 60 * 60 * 1000;

/** A code from CLAIM_CODE_LENGTH random bytes (5 bits of each are used, so every character is equally likely). */
export function claimCodeFromBytes(bytes: ArrayLike<number>): string {
  if (bytes.length < CLAIM_CODE_LENGTH) throw new Error(`a claim code needs ${CLAIM_CODE_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < CLAIM_CODE_LENGTH; i++) code += CLAIM_ALPHABET[bytes[i]! & 31];
  return code;
}

/** The code as printed: two groups of four. */
export function formatClaimCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person typed, as a stored code, or null when it cannot be one. */
export function normalizeClaimCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return code.length === CLAIM_CODE_LENGTH && [...code].every((c) => CLAIM_ALPHABET.includes(c)) ? code : null;
}

/** One account's wrong codes in a row in one tournament. */
export interface ClaimAttempts {
  wrongCodes: number;
  /** Epoch milliseconds until which the account may not try, or null. */
  lockedUntil: number | null;
}

export const NO_ATTEMPTS: ClaimAttempts = { wrongCodes: 0, lockedUntil: null };

/** Milliseconds the account must still wait before trying a code, 0 when it may try now. */
export function claimWaitMs(attempts: ClaimAttempts, now: number): number {
  return attempts.lockedUntil !== null && attempts.lockedUntil > now ? attempts.lockedUntil - now : 0;
}

/** The attempts after one more wrong code at `now`. */
export function afterWrongCode(attempts: ClaimAttempts, now: number): ClaimAttempts {
  const wrongCodes = attempts.wrongCodes + 1;
  const over = wrongCodes - FREE_WRONG_CODES;
  if (over < 0) return { wrongCodes, lockedUntil: null };
  const lockMs = Math.min(MAX_LOCK_MS, LOCK_MINUTES * 60_000 * 2 ** over);
  return { wrongCodes, lockedUntil: now + lockMs };
}

/** Wrong codes the account may still type before it is locked out. */
export function wrongCodesLeft(attempts: ClaimAttempts): number {
  return Math.max(0, FREE_WRONG_CODES - attempts.wrongCodes);
}
