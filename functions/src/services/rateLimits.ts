import type { Firestore } from 'firebase-admin/firestore';
import { DomainError, fullAt, RATE_LIMITS, type RateLimitedCallable, takeToken } from '@competition/engine';
import { paths, RateLimitDoc } from '@competition/engine/schemas';

/**
 * Refuses a signed-out caller, and a caller who asks more often than RATE_LIMITS allows; otherwise takes one
 * token from their bucket. One small document per account and callable, written only when a call is let through.
 */
export async function admitCaller(
  db: Firestore,
  uid: string | undefined,
  callable: RateLimitedCallable,
  now = Date.now(),
): Promise<void> {
  if (!uid) throw new DomainError('unauthenticated', 'sign in to see this');
  const limit = RATE_LIMITS[callable];
  const ref = db.doc(paths.rateLimit(callable, uid));
  await db.runTransaction(async (tx) => {
    const stored = RateLimitDoc.safeParse((await tx.get(ref)).data());
    const decision = takeToken(limit, stored.success ? stored.data : undefined, now);
    if (!decision.allowed)
      throw new DomainError(
        'resource-exhausted',
        `too many requests; try again in ${decision.retryAfterSeconds} second${decision.retryAfterSeconds === 1 ? '' : 's'}`,
      );
    tx.set(ref, { ...decision.bucket, expiresAt: new Date(fullAt(limit, decision.bucket)) });
  });
}
