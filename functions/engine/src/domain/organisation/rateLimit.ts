/**
 * A token bucket: a caller may make `burst` calls at once, then one more each time the bucket refills a token.
 * Pure arithmetic on the stored bucket, so that the shell only reads it, decides here and writes it back.
 */
export interface RateLimit {
  burst: number;
  perMinute: number;
}

export interface Bucket {
  tokens: number;
  /** When `tokens` was counted, in milliseconds since the epoch. */
  at: number;
}

export type BucketDecision = { allowed: true; bucket: Bucket } | { allowed: false; retryAfterSeconds: number };

/** Takes one token from the bucket (a new caller starts full), or says how long until there is one. */
export function takeToken(limit: RateLimit, stored: Bucket | undefined, now: number): BucketDecision {
  const perMs = limit.perMinute / 60_000;
  const elapsed = stored ? Math.max(0, now - stored.at) : 0;
  const tokens = stored ? Math.min(limit.burst, stored.tokens + elapsed * perMs) : limit.burst;
  if (tokens >= 1) return { allowed: true, bucket: { tokens: tokens - 1, at: now } };
  return { allowed: false, retryAfterSeconds: Math.ceil((1 - tokens) / perMs / 1000) };
}

/** When a bucket is full again: past that, its document carries nothing and may be deleted (a TTL policy). */
export function fullAt(limit: RateLimit, bucket: Bucket): number {
  return bucket.at + Math.ceil(((limit.burst - bucket.tokens) / limit.perMinute) * 60_000);
}
