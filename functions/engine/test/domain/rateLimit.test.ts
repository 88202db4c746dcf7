import { describe, expect, it } from 'vitest';
import { fullAt, takeToken } from '../../src/domain/organisation/rateLimit.js';

const limit = { burst: 3, perMinute: 6 };

describe('a caller’s token bucket', () => {
  it('lets a new caller make `burst` calls at once, then refuses and says when to come back', () => {
    let bucket;
    for (let i = 0; i < 3; i++) {
      const decision = takeToken(limit, bucket, 1_000);
      expect(decision.allowed).toBe(true);
      bucket = decision.allowed ? decision.bucket : undefined;
    }
    expect(takeToken(limit, bucket, 1_000)).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it('refills at its rate and never beyond the burst', () => {
    const empty = { tokens: 0, at: 0 };
    expect(takeToken(limit, empty, 9_000).allowed).toBe(false);
    expect(takeToken(limit, empty, 10_000)).toEqual({ allowed: true, bucket: { tokens: 0, at: 10_000 } });
    expect(takeToken(limit, empty, 3_600_000)).toEqual({ allowed: true, bucket: { tokens: 2, at: 3_600_000 } });
    expect(fullAt(limit, { tokens: 1, at: 0 })).toBe(20_000);
  });
});
