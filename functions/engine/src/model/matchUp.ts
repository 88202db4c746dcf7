import { z } from 'zod';
import { MatchUpResult } from '../domain/results/index.js';

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
 * Who wrote a result, by the role they hold in the tournament: one of the two sides, a scorekeeper or an editor.
 * matchUps are public, so a result never names the account that wrote it; the rules check the claim against the
 * writer's own role document.
 */
export const Scorer = z.enum(['SIDE_A', 'SIDE_B', 'SCOREKEEPER', 'EDITOR']);
export type Scorer = z.infer<typeof Scorer>;

/** Each player's own report (domain/results/confirmation.ts `Reports`). */
export const Reports = z
  .object({ a: MatchUpResult.nullable().optional(), b: MatchUpResult.nullable().optional() })
  .strict();

/**
 * tournaments/{t}/matchUps/{matchUpId}: one pairing of a round, and the document scores are written into by
 * clients. Only `result`, `scoredBy`, `scoredAt` and `reports` change after generation.
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
    /** Results written before scorers were named by role carry an account id: read as unknown (null). */
    scoredBy: Scorer.nullable().default(null).catch(null),
    /**
     * When the result was written, by the server's clock (the rules require `request.time`, so clients write
     * serverTimestamp()); null when there is no result. Documents written before that carry an ISO string.
     */
    scoredAt: z.union([StoredTimestamp, z.string()]).nullable().default(null),
    /**
     * Each player's own report, when the tournament asks for the opponent's confirmation
     * (docs/results.md#confirmation-by-the-opponent): the result counts once both agree.
     */
    reports: Reports.optional(),
  })
  .strict();
export type MatchUpDoc = z.infer<typeof MatchUpDoc>;
