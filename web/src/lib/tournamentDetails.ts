/**
 * The tournament fields an editor changes directly (firestore.rules: location, socialUrl, the round clock), checked
 * with the model's own field schemas before anything is written. The stored document reads a malformed value as
 * absent (`.catch`); here the same schema without that fallback refuses it, naming the field.
 */
import { z } from 'zod';
import { checkPreAlarm, TournamentDoc } from '@competition/engine/schemas';

const { location, socialUrl, roundDurationMinutes, preAlarmMinutes } = TournamentDoc.shape;

export const TournamentDetailsInput = z
  .object({
    location: location.unwrap(),
    socialUrl: socialUrl.unwrap(),
    roundDurationMinutes: roundDurationMinutes.unwrap(),
    preAlarmMinutes: preAlarmMinutes.unwrap(),
  })
  .strict()
  .superRefine(checkPreAlarm);
