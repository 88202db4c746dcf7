import { z } from 'zod';
import { Scorer } from './matchUp.js';
import { MatchUpResult } from '../domain/results/index.js';

export const ChangedField = z.enum(['result', 'reportA', 'reportB']);

/**
 * tournaments/{t}/resultChanges/{eventId}: one write that changed a matchUp's result or a player's report, kept
 * for the organizer (docs/results.md#who-changed-a-result). Written by the score trigger only, under the id of the
 * write's event, so a duplicated event writes the same document again.
 */
export const ResultChangeDoc = z
  .object({
    matchUpId: z.string().min(1),
    roundNumber: z.number().int().positive(),
    changes: z
      .array(
        z.object({ field: ChangedField, before: MatchUpResult.nullable(), after: MatchUpResult.nullable() }).strict(),
      )
      .min(1)
      .max(3),
    /** The role that wrote it; null for a cleared result, which carries no signature. */
    by: Scorer.nullable(),
    /** When the write happened (ISO 8601, the event's time). */
    at: z.string(),
  })
  .strict();
export type ResultChangeDoc = z.infer<typeof ResultChangeDoc>;
