import { logger } from 'firebase-functions/v2';
import { HttpsError } from 'firebase-functions/v2/https';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DomainError, PairingError } from '@competition/engine';
import { MalformedDocumentError } from '../../src/firebase/converters.js';
import { toHttpsError } from '../../src/firebase/errors.js';

/** What describeFailure logs of an error: its message, stack and chain of causes. */
interface Failure {
  message?: string;
  stack?: string;
  cause?: Failure;
}

afterEach(() => vi.restoreAllMocks());

describe('toHttpsError: refusals keep their code, failures are logged with their cause', () => {
  it('logs an unknown failure with its message, stack and cause, under the reference the caller is given', () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const root = new Error('DEADLINE_EXCEEDED: the commit took too long');
    const error = toHttpsError(new Error('could not write the round', { cause: root }), 'generateNextRound');
    expect(error.code).toBe('internal');
    const reference = /reference (\w+)/.exec(error.message)?.[1];
    expect(reference).toMatch(/^[0-9a-f]{8}$/);
    expect(logged).toHaveBeenCalledTimes(1);
    const [message, data] = logged.mock.calls[0]! as [string, { reference: string; callable: string; error: Failure }];
    expect(message).toBe(`generateNextRound failed (${reference})`);
    expect(data.reference).toBe(reference);
    expect(data.error.message).toBe('could not write the round');
    expect(data.error.stack).toContain('errors.test.ts');
    expect(data.error.cause?.message).toBe('DEADLINE_EXCEEDED: the commit took too long');
  });

  it('logs a thrown non-error and a malformed stored document too', () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    expect(toHttpsError('a string').code).toBe('internal');
    const malformed = toHttpsError(new MalformedDocumentError('tournaments/t1', 'status: invalid'));
    expect(malformed.code).toBe('data-loss');
    expect(malformed.message).toMatch(/^malformed document tournaments\/t1: status: invalid \(reference \w{8}\)$/);
    expect(logged).toHaveBeenCalledTimes(2);
    expect(logged.mock.calls[0]![1]).toMatchObject({ error: { thrown: 'a string' } });
  });

  it('tells contention (Firestore ABORTED after the retries) apart: try again, and it is logged', () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const aborted = Object.assign(new Error('10 ABORTED: Transaction lock timeout.'), { code: 10 });
    const error = toHttpsError(aborted, 'deleteTournament');
    expect(error.code).toBe('aborted');
    expect(error.message).toMatch(
      /^other writes to the same documents kept this one from completing; try again \(reference \w{8}\)$/,
    );
    expect(logged.mock.calls[0]![1]).toMatchObject({
      callable: 'deleteTournament',
      error: { code: 10, message: '10 ABORTED: Transaction lock timeout.' },
    });
  });

  it('passes refusals through with their code and message, logging nothing', () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    expect(toHttpsError(new DomainError('failed-precondition', 'round 1 is open'))).toMatchObject({
      code: 'failed-precondition',
      message: 'round 1 is open',
    });
    expect(toHttpsError(new PairingError('invalid-argument', 'no pairing'))).toMatchObject({
      code: 'invalid-argument',
      message: 'no pairing',
    });
    const zod = z.object({ n: z.number() }).safeParse({ n: 'x' }).error!;
    expect(toHttpsError(zod)).toMatchObject({ code: 'invalid-argument' });
    const https = new HttpsError('not-found', 'gone');
    expect(toHttpsError(https)).toBe(https);
    expect(logged).not.toHaveBeenCalled();
  });
});
