import { z } from 'zod';
import { StoredTimestamp } from './matchUp.js';

/**
 * tournaments/{t}/tableCheckIns/{matchUpId}: when each player of a table said "I'm at my table"
 * (docs/judging.md#at-the-table-on-time), written by each player for their own side through the rules.
 */
export const TableCheckInDoc = z
  .object({
    matchUpId: z.string().min(1),
    roundNumber: z.number().int().positive(),
    a: StoredTimestamp.optional(),
    b: StoredTimestamp.optional(),
  })
  .strict();
export type TableCheckInDoc = z.infer<typeof TableCheckInDoc>;
