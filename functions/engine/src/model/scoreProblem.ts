import { z } from 'zod';
import { PROBLEM_MESSAGE_MAX, ScoreProblemKind } from '../domain/results/index.js';

/**
 * tournaments/{t}/scoreProblems/{matchUpId}: a matchUp whose latest result is not in the standings, and why; for
 * the organizer's view. Written by the score trigger only, and gone once the matchUp is fixed (a good result, a
 * cleared result, the matchUp deleted).
 */
export const ScoreProblemDoc = z
  .object({
    matchUpId: z.string().min(1),
    /** null when the matchUp could not be read at all. */
    roundNumber: z.number().int().positive().nullable(),
    kind: ScoreProblemKind,
    message: z.string().max(PROBLEM_MESSAGE_MAX),
    /** When it was recorded (ISO 8601). */
    at: z.string(),
  })
  .strict();
export type ScoreProblemDoc = z.infer<typeof ScoreProblemDoc>;
