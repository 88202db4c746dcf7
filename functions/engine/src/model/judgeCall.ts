import { z } from 'zod';
import { ExtensionMinutes, JudgeCallStatus } from '../domain/rounds/index.js';
import { StoredTimestamp } from './matchUp.js';

/**
 * tournaments/{t}/judgeCalls/{matchUpId}: the judge call of one table (docs/judging.md#judge-calls), written by the
 * players of the game (a call) and by staff (taking, closing, extra minutes) through the rules. A player calls
 * again once it is closed; the extra minutes add up over the round.
 */
export const JudgeCallDoc = z
  .object({
    matchUpId: z.string().min(1),
    roundNumber: z.number().int().positive(),
    status: JudgeCallStatus,
    /** Who called: side a or side b of the game. */
    calledBy: z.enum(['SIDE_A', 'SIDE_B']),
    calledAt: StoredTimestamp,
    /** How many times the table called this round. */
    calls: z.number().int().min(1),
    takenAt: StoredTimestamp.optional(),
    closedAt: StoredTimestamp.optional(),
    extensionMinutes: ExtensionMinutes,
  })
  .strict();
export type JudgeCallDoc = z.infer<typeof JudgeCallDoc>;
