import { z } from 'zod';
import { TEXT } from '../domain/common/index.js';
import { Participant } from '../domain/ratings/index.js';
import { ExportedParticipant } from '../domain/exchange/index.js';

/** tournaments/{t}/participants/{participantId}: a competitor as entered (the account that plays as them is in `roles`). */
export const ParticipantDoc = Participant.extend({
  name: z.string().trim().min(1).max(TEXT.name),
  // Editors write these directly: one stored malformed reads as absent instead of making the field unreadable.
  team: z.string().max(TEXT.team).optional().catch(undefined),
  club: z.string().max(TEXT.club).optional().catch(undefined),
  country: z.string().max(TEXT.participantCountry).optional().catch(undefined),
  /** The first round the participant can be paired in (late entries join a running tournament). */
  enteredRound: z.number().int().positive().default(1),
  withdrawn: z.boolean().default(false),
  droppedAt: ExportedParticipant.shape.droppedAt,
  /** Checked in for the day (docs/joining.md#check-in): written by the player or the organizer through the rules. */
  checkedIn: z.boolean().optional().catch(undefined),
}).strict();
export type ParticipantDoc = z.infer<typeof ParticipantDoc>;
