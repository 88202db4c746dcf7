/**
 * When deck lists lock, and who reads them (docs/judging.md#deck-lists): a player's list is theirs to change until
 * the deadline (round 1 paired, or the organizer's earlier time); from then on only staff change it, and each such
 * change is logged. Lists are private to their player and staff until the organizer publishes them.
 */
import { z } from 'zod';

export const DeckListSettings = z
  .object({
    /** An earlier deadline than round 1's pairing, in milliseconds since 1970 (the rules compare request.time). */
    deadlineAt: z.number().int().min(0).max(8.64e15).optional(),
    /** Open deck lists: every list is public (after the cut or the event, the organizer's call). */
    published: z.boolean().default(false),
  })
  .strict();
export type DeckListSettings = z.infer<typeof DeckListSettings>;

/** Whether lists are locked for the players: round 1 is paired, or the organizer's time has come. */
export function deckListsLocked(
  settings: Pick<DeckListSettings, 'deadlineAt'>,
  tournament: { currentRound: number },
  nowMs: number,
): boolean {
  return tournament.currentRound >= 1 || (settings.deadlineAt !== undefined && nowMs >= settings.deadlineAt);
}
