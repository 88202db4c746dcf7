import { describe, expect, it } from 'vitest';
import {
  type ClaimReads,
  FREE_WRONG_CODES,
  LOCK_MINUTES,
  NO_ATTEMPTS,
  assertMayTryCode,
  planClaim,
  planClaimCode,
} from '../../src/domain/joining/index.js';
import { refusal } from './refusal.js';

const NOW = 1_000_000;
const MINUTE = 60_000;

describe('assertMayTryCode', () => {
  it('lets an account try while the tournament runs and no lock holds it', () => {
    expect(() => assertMayTryCode({ status: 'RUNNING' }, NO_ATTEMPTS, NOW)).not.toThrow();
    expect(() => assertMayTryCode({ status: 'DRAFT' }, { wrongCodes: 5, lockedUntil: NOW }, NOW)).not.toThrow();
  });

  it('refuses once the tournament is over', () => {
    expect(refusal(() => assertMayTryCode({ status: 'CLOSED' }, NO_ATTEMPTS, NOW))).toEqual({
      code: 'failed-precondition',
      message: 'this tournament is over',
    });
  });

  it('refuses a locked-out account, saying for how many minutes (at least one)', () => {
    expect(
      refusal(() =>
        assertMayTryCode({ status: 'RUNNING' }, { wrongCodes: 5, lockedUntil: NOW + 14 * MINUTE + 1 }, NOW),
      ),
    ).toEqual({
      code: 'resource-exhausted',
      message: 'too many wrong codes: try again in 15 minutes, or ask the organizer to unlock you on the desk',
    });
    expect(
      refusal(() => assertMayTryCode({ status: 'RUNNING' }, { wrongCodes: 5, lockedUntil: NOW + 1 }, NOW)).message,
    ).toBe('too many wrong codes: try again in 1 minutes, or ask the organizer to unlock you on the desk');
  });
});

describe('planClaim', () => {
  const reads: ClaimReads = {
    uid: 'u',
    now: NOW,
    attempts: NO_ATTEMPTS,
    claim: { participantId: 'p1' },
    roles: [{ uid: 'other', participantIds: ['p2'] }],
    participant: { name: 'Ann' },
  };

  it('a right code makes the account the entry’s, and clears the wrong codes typed before', () => {
    expect(planClaim(reads)).toEqual({ claimed: { participantId: 'p1', name: 'Ann' }, clearAttempts: false });
    expect(planClaim({ ...reads, attempts: { wrongCodes: 2, lockedUntil: null } })).toEqual({
      claimed: { participantId: 'p1', name: 'Ann' },
      clearAttempts: true,
    });
  });

  it('an entry the account plays already is claimed again', () => {
    expect(planClaim({ ...reads, roles: [{ uid: 'u', participantIds: ['p1'] }] })).toEqual({
      claimed: { participantId: 'p1', name: 'Ann' },
      clearAttempts: false,
    });
  });

  it('a wrong code counts, and the refusal says how many tries are left', () => {
    const plan = planClaim({ ...reads, claim: undefined });
    if (!('refused' in plan)) throw new Error('expected a refusal');
    expect(plan.attempts).toEqual({ wrongCodes: 1, lockedUntil: null });
    expect({ code: plan.refused.code, message: plan.refused.message }).toEqual({
      code: 'not-found',
      message: `that code matches no entry of this tournament: check it with the organizer (${FREE_WRONG_CODES - 1} tries left)`,
    });
    const last = planClaim({
      ...reads,
      claim: undefined,
      attempts: { wrongCodes: FREE_WRONG_CODES - 2, lockedUntil: null },
    });
    expect('refused' in last && last.refused.message).toBe(
      'that code matches no entry of this tournament: check it with the organizer (1 try left)',
    );
  });

  it('the last wrong code locks the account out, and the refusal says for how long', () => {
    const plan = planClaim({
      ...reads,
      claim: undefined,
      attempts: { wrongCodes: FREE_WRONG_CODES - 1, lockedUntil: null },
    });
    if (!('refused' in plan)) throw new Error('expected a refusal');
    expect(plan.attempts).toEqual({ wrongCodes: FREE_WRONG_CODES, lockedUntil: NOW + LOCK_MINUTES * MINUTE });
    expect(plan.refused.code).toBe('not-found');
    expect(plan.refused.message).toBe(
      `that code matches no entry of this tournament, and that was the last try: wait ${LOCK_MINUTES} minutes or ask the organizer to unlock you on the desk`,
    );
  });

  it('refuses an entry another account plays, counting nothing', () => {
    const plan = planClaim({ ...reads, roles: [{ uid: 'other', participantIds: ['p1'] }] });
    if (!('refused' in plan)) throw new Error('expected a refusal');
    expect(plan.attempts).toBeUndefined();
    expect({ code: plan.refused.code, message: plan.refused.message }).toEqual({
      code: 'already-exists',
      message: 'this entry is already claimed by another account: ask the organizer to unlink it',
    });
  });

  it('refuses an entry no longer in the tournament', () => {
    expect(refusal(() => planClaim({ ...reads, participant: undefined }))).toEqual({
      code: 'not-found',
      message: 'that entry is no longer in the tournament',
    });
  });
});

describe('planClaimCode', () => {
  it('gives an entered participant a new code, and refuses one not entered', () => {
    expect(planClaimCode(true, 'p1', 'ABCD2345')).toEqual({ participantId: 'p1', code: 'ABCD2345' });
    expect(refusal(() => planClaimCode(false, 'p1', 'ABCD2345'))).toEqual({
      code: 'not-found',
      message: 'that participant is not entered in this tournament',
    });
  });
});
