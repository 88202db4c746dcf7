/** What the organizer is told about a matchUp whose result did not reach the standings (domain/results/problems.ts). */
import { describe, expect, it } from 'vitest';
import { judgeMatchUp } from '../../src/domain/results/acceptance.js';
import { resolvePolicy } from '../../src/domain/policy/policy.js';
import {
  PROBLEM_MESSAGE_MAX,
  RETRY_WINDOW_MS,
  isPastRetryWindow,
  notAppliedProblem,
  problemOfResult,
  sameProblem,
} from '../../src/domain/results/problems.js';

describe('score problems', () => {
  const policy = resolvePolicy('REDEMPTION');
  const game = { matchUpId: 'r1-m1', roundNumber: 1, order: 0, a: 'p1', b: 'p2' };

  it('a refused stored result is a problem naming the reason; a good or empty one is none', () => {
    expect(
      problemOfResult(judgeMatchUp({ ...game, result: { kind: 'PLAYED', score: { a: 6, b: 5 } } }, policy)),
    ).toEqual({
      kind: 'REFUSED_RESULT',
      message: 'its result counts as none: score 6-5: both sides cannot reach the target of 5',
    });
    expect(
      problemOfResult(judgeMatchUp({ ...game, result: { kind: 'PLAYED', score: { a: 5, b: 4 } } }, policy)),
    ).toBeUndefined();
    expect(problemOfResult(judgeMatchUp({ ...game, result: null }, policy))).toBeUndefined();
    expect(problemOfResult(undefined)).toBeUndefined();
  });

  it('a failure says whether the trigger still retries, and keeps the message to one line of the view', () => {
    expect(notAppliedProblem(new Error('deadline exceeded'), false).message).toMatch(
      /\(retrying\): deadline exceeded$/,
    );
    expect(notAppliedProblem('boom', true).message).toMatch(/gave up after 15 minutes of retries\): boom$/);
    expect(notAppliedProblem(new Error('x'.repeat(5000)), false).message).toHaveLength(PROBLEM_MESSAGE_MAX);
    expect(sameProblem(notAppliedProblem('a', false), notAppliedProblem('a', false))).toBe(true);
    expect(sameProblem(notAppliedProblem('a', false), notAppliedProblem('a', true))).toBe(false);
    expect(sameProblem(undefined, undefined)).toBe(true);
  });

  it('an event is given up only once it is older than the retry window; an unreadable time is left to the platform', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(isPastRetryWindow(new Date(now.getTime() - RETRY_WINDOW_MS + 1000).toISOString(), now)).toBe(false);
    expect(isPastRetryWindow(new Date(now.getTime() - RETRY_WINDOW_MS - 1000).toISOString(), now)).toBe(true);
    expect(isPastRetryWindow('not a time', now)).toBe(false);
    expect(isPastRetryWindow(undefined, now)).toBe(false);
  });
});
