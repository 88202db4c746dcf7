import { z } from 'zod';
import { PairingMethodName } from './tournament.js';

export const RoundStatus = z.enum(['OPEN', 'CLOSED']);
/** PER_ROUND tournaments rate a round once all its results are in: until then the round is WAITING. */
export const RoundRating = z.enum(['WAITING', 'RATED']);
/**
 * Who generated a round, by role rather than account: rounds are public, and only the organizer's ownerUid may
 * be. Rounds stored before the role was kept hold an account id, and read as UNKNOWN.
 */
export const RoundAuthor = z.enum(['OWNER', 'EDITOR', 'UNKNOWN']);
export type RoundAuthor = z.infer<typeof RoundAuthor>;

/** tournaments/{t}/rounds/{roundNumber}: how a round was generated, so it can be reproduced and explained. */
export const RoundDoc = z
  .object({
    roundNumber: z.number().int().positive(),
    status: RoundStatus.default('OPEN'),
    /** Kept by the score trigger for PER_ROUND tournaments; PER_MATCHUP rates every result as it lands. */
    rating: RoundRating.optional(),
    method: PairingMethodName,
    seed: z.number().int(),
    matchUpCount: z.number().int().min(0),
    byes: z.array(z.string()).default([]),
    notes: z.array(z.string()).default([]),
    /** The request that generated it: a retried call finds it and does not generate again. */
    requestId: z.string().min(1),
    generatedBy: RoundAuthor.default('UNKNOWN').catch('UNKNOWN'),
    generatedAt: z.string(),
    stats: z.record(z.string(), z.unknown()).default({}),
    /**
     * A round of the playoff after the main stage (docs/playoff.md): its number in the playoff, the main stage's
     * rounds, and on its first round the main stage's ranking it is seeded from.
     */
    playoff: z
      .object({
        playoffRound: z.number().int().positive(),
        mainRounds: z.number().int().min(0),
        seeding: z.array(z.string()).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type RoundDoc = z.infer<typeof RoundDoc>;
