/**
 * The emulator tier's split between stacks (scripts/testing/shards.ts): the busiest stack decides how long the
 * tier takes, so the files are dealt longest first to the stack with the least work so far.
 */
import { describe, expect, it } from 'vitest';
import { planShards } from '../testing/shards.js';

describe('planShards', () => {
  it('deals the longest files first, each to the stack with the least work', () => {
    const durations = { a: 90, b: 60, c: 50, d: 40, e: 10 };
    // 90 | 60, then 50 joins 60's stack (110), 40 joins 90's (130), 10 joins 110's (120).
    expect(planShards(['e', 'd', 'c', 'b', 'a'], durations, 2)).toEqual([
      ['a', 'd'],
      ['b', 'c', 'e'],
    ]);
  });

  it('weighs a file never timed as a typical one, and runs every file exactly once', () => {
    const plan = planShards(['new', 'x', 'y', 'z'], { x: 100, y: 10, z: 20 }, 2);
    expect(plan.flat().sort()).toEqual(['new', 'x', 'y', 'z']);
    // The new file weighs 20 (the median of 10, 20, 100): it goes beside y, not beside x.
    expect(plan).toEqual([['x'], ['new', 'z', 'y']]);
  });

  it('leaves out stacks with nothing to run, and refuses a number of stacks below one', () => {
    expect(planShards(['only'], {}, 3)).toEqual([['only']]);
    expect(() => planShards(['a'], {}, 0)).toThrow('the number of stacks must be 1 or more, got 0');
  });
});
