import { z } from 'zod';
import { TEXT } from '../domain/limits.js';
import { Participant } from '../domain/participants.js';
import { Uid } from './club.js';

/** tournaments/{t}/participants/{participantId}: a competitor as entered, plus the account that may score for them. */
export const ParticipantDoc = Participant.extend({
  name: z.string().trim().min(1).max(TEXT.name),
  /** The player's own account, allowed to write the scores of their matchUps. */
  uid: Uid.optional(),
  /** The first round the participant can be paired in (late entries join a running tournament). */
  enteredRound: z.number().int().positive().default(1),
  withdrawn: z.boolean().default(false),
}).strict();
export type ParticipantDoc = z.infer<typeof ParticipantDoc>;
