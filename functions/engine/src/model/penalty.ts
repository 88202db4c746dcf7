import { z } from 'zod';
import { DocumentId } from '../domain/common/index.js';
import { PenaltyKind } from '../domain/results/index.js';

const Infraction = z.string().trim().min(1, 'say what the infraction was').max(200);
const Note = z.string().trim().max(1000);

/**
 * tournaments/{t}/penalties/{penaltyId}: one penalty (docs/judging.md#penalties), written by the recordPenalty
 * callable; read by staff and by the penalized player.
 */
export const PenaltyDoc = z
  .object({
    penaltyId: DocumentId,
    participantId: DocumentId,
    roundNumber: z.number().int().positive(),
    /** The player's game of that round, when they had one. */
    matchUpId: z.string().min(1).nullable(),
    infraction: Infraction,
    penalty: PenaltyKind,
    note: Note.default(''),
    /** Who recorded it, by role: an editor or a scorekeeper. */
    by: z.enum(['EDITOR', 'SCOREKEEPER']),
    /** When, by the backend's clock (ISO 8601). */
    at: z.string().max(40),
  })
  .strict();
export type PenaltyDoc = z.infer<typeof PenaltyDoc>;

/** Staff record a penalty for a player in a round (docs/judging.md#penalties). */
export const RecordPenaltyInput = z
  .object({
    tournamentId: DocumentId,
    participantId: DocumentId,
    roundNumber: z.number().int().positive(),
    infraction: Infraction,
    penalty: PenaltyKind,
    note: Note.default(''),
  })
  .strict();
export type RecordPenaltyInput = z.infer<typeof RecordPenaltyInput>;
