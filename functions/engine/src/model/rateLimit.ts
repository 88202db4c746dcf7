import { z } from 'zod';

/**
 * rateLimits/{callable}-{uid}: one account's token bucket for one callable. `expiresAt` is when the bucket is
 * full again, for a TTL policy that deletes it (docs/operations.md, "Cost guards").
 */
export const RateLimitDoc = z.object({
  tokens: z.number().finite().min(0),
  at: z.number().finite(),
});
export type RateLimitDoc = z.infer<typeof RateLimitDoc>;
