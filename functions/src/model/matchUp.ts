import { z } from 'zod';
import { MatchUpResult } from '../domain/results.js';
import { Uid } from './club.js';

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
    /** The accounts of the two players, for the security rules. */
    playerUids: z.array(Uid).max(2).default([]),
    /** The pairing engine's cost terms for this pair: "why these two". */
    cost: z.record(z.string(), z.number()).default({}),
    result: MatchUpResult.nullable().default(null),
    scoredBy: Uid.nullable().default(null),
    scoredAt: z.string().nullable().default(null),
  })
  .strict();
export type MatchUpDoc = z.infer<typeof MatchUpDoc>;

