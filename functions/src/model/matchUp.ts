import { z } from 'zod';
import { MatchUpResult } from '../domain/results.js';
import { Uid } from './roles.js';

/**
 * A Firestore timestamp, from whichever SDK read it (firebase-admin's or the web's Timestamp): recognized by its
 * shape, so the model imports neither SDK.
 */
export interface StoredTimestamp {
  toMillis(): number;
}

export const StoredTimestamp = z.custom<StoredTimestamp>(
  (value) =>
    typeof value === 'object' && value !== null && typeof (value as { toMillis?: unknown }).toMillis === 'function',
  'must be a Firestore timestamp',
);

/**
 * tournaments/{t}/matchUps/{matchUpId}: one pairing of a round, and the document scores are written into by
 * clients. Only `result`, `scoredBy` and `scoredAt` change after generation.
 */
export const MatchUpDoc = z
  .object({
    matchUpId: z.string().min(1),
    roundNumber: z.number().int().positive(),
    order: z.number().int().min(0),
    a: z.string().min(1),
    /** null: a bye. */
    b: z.string().min(1).nullable(),
    /** Side a moves first (white, home, first player): this names it; null for a bye. */
    movesFirst: z.string().min(1).nullable().default(null),
    /** The pairing engine's cost terms for this pair: "why these two". */
    cost: z.record(z.string(), z.number()).default({}),
    result: MatchUpResult.nullable().default(null),
    scoredBy: Uid.nullable().default(null),
    /**
     * When the result was written, by the server's clock (the rules require `request.time`, so clients write
     * serverTimestamp()); null when there is no result. Documents written before that carry an ISO string.
     */
    scoredAt: z.union([StoredTimestamp, z.string()]).nullable().default(null),
  })
  .strict();
export type MatchUpDoc = z.infer<typeof MatchUpDoc>;
