import { z } from 'zod';
import { DocumentId } from '../domain/common/index.js';
import { PenaltyRecord } from '../domain/results/index.js';

/**
 * tournaments/{t}/penalties/{penaltyId}: one penalty (docs/judging.md#penalties), written by the recordPenalty
 * callable; read by staff and by the penalized player.
 */
export const PenaltyDoc = PenaltyRecord;
export type PenaltyDoc = z.infer<typeof PenaltyDoc>;

/** Staff record a penalty for a player in a round (docs/judging.md#penalties). */
export const RecordPenaltyInput = z
  .object({
    tournamentId: DocumentId,
    participantId: DocumentId,
    roundNumber: z.number().int().positive(),
    infraction: PenaltyRecord.shape.infraction,
    penalty: PenaltyRecord.shape.penalty,
    note: PenaltyRecord.shape.note,
  })
  .strict();
export type RecordPenaltyInput = z.infer<typeof RecordPenaltyInput>;
