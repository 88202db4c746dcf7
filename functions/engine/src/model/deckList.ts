import { z } from 'zod';
import { DocumentId } from '../domain/common/index.js';
import { DECK_LIMITS, DeckListText } from '../domain/deckLists/index.js';
import { StoredTimestamp } from './matchUp.js';
import { DisplayName } from './roles.js';

/** Staff, by role: an editor (the organizer) or a scorekeeper (a judge). */
const StaffRole = z.enum(['EDITOR', 'SCOREKEEPER']);

/**
 * tournaments/{t}/deckLists/{participantId}: one player's deck list (docs/judging.md#deck-lists), in the normal form
 * of domain/deckLists. Written by the player through the rules before the deadline, and by staff (setDeckList);
 * read by the player and staff, and by anyone once the organizer publishes the lists. The text is checked again
 * where it is read: a list written past the checks costs only itself.
 */
export const DeckListDoc = z
  .object({
    participantId: DocumentId,
    main: z.string().max(DECK_LIMITS.mainChars),
    sideboard: z.string().max(DECK_LIMITS.sideboardChars).default(''),
    updatedAt: StoredTimestamp,
    /** Who wrote it last: the player, or staff by role. */
    updatedBy: z.enum(['PLAYER', 'EDITOR', 'SCOREKEEPER']),
  })
  .strict();
export type DeckListDoc = z.infer<typeof DeckListDoc>;

const DeckCardChange = z
  .object({
    section: z.enum(['MAIN', 'SIDEBOARD']),
    card: z.string().max(DECK_LIMITS.cardName),
    from: z.number().int().min(0),
    to: z.number().int().min(0),
  })
  .strict();

/**
 * tournaments/{t}/deckListChanges/{id}: a staff change to a list after the deadline, card by card, by role and
 * name, at the server's time. Written by setDeckList in the same transaction as the list; read by staff.
 */
export const DeckListChangeDoc = z
  .object({
    participantId: DocumentId,
    by: StaffRole,
    byName: DisplayName.optional(),
    at: StoredTimestamp,
    changes: z.array(DeckCardChange).max(DECK_LIMITS.mainLines + DECK_LIMITS.sideboardLines),
  })
  .strict();
export type DeckListChangeDoc = z.infer<typeof DeckListChangeDoc>;

export const DeckCheckOutcome = z.enum(['OK', 'PROBLEM']);
export type DeckCheckOutcome = z.infer<typeof DeckCheckOutcome>;

/**
 * tournaments/{t}/deckChecks/{matchUpId}: staff checked the decks of one table in its round, and what they found.
 * Written by staff through the rules; read by staff only (players do not learn which tables are checked).
 */
export const DeckCheckDoc = z
  .object({
    matchUpId: z.string().min(1),
    roundNumber: z.number().int().positive(),
    outcome: DeckCheckOutcome,
    note: z.string().max(500).default(''),
    by: StaffRole,
    checkedAt: StoredTimestamp,
  })
  .strict();
export type DeckCheckDoc = z.infer<typeof DeckCheckDoc>;

/** Staff enter or correct a player's list; after the deadline the change is logged (docs/judging.md#deck-lists). */
export const SetDeckListInput = DeckListText.extend({ tournamentId: DocumentId, participantId: DocumentId }).strict();
export type SetDeckListInput = z.infer<typeof SetDeckListInput>;
