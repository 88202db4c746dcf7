import { z } from 'zod';
import { BoundedObject, DocumentId, LIMITS, Minutes, RoundCount, TEXT } from '../domain/common/index.js';
import { PAIRING_METHODS, SYSTEMS } from '../domain/pairing/index.js';
import { TableCheckInRules } from '../domain/rounds/index.js';
import { CompetitionPolicy } from '../domain/policy/index.js';
import { DeckListSettings } from '../domain/deckLists/index.js';
import { ByeRules, JoiningOptions } from '../domain/joining/index.js';
import { Uid } from './roles.js';

export const TournamentSystem = z.enum(SYSTEMS);
export const TournamentStatus = z.enum(['DRAFT', 'RUNNING', 'CLOSED']);
export const PairingMethodName = z.enum(PAIRING_METHODS);

/**
 * A tournament's pairing: the method decided when it was created (pairingSettingsFor: the organizer's, else the
 * system's, else the policy's) and its options, checked then with the engine's own schema.
 */
export const PairingSettings = z
  .object({
    method: PairingMethodName,
    /** Bounded here so a stored tournament stays readable; checked in full by the engine's schema. */
    options: BoundedObject.default({}),
  })
  .strict();
export type PairingSettings = z.infer<typeof PairingSettings>;

/** What the organizer says when creating a tournament: the method may be left to the system or the policy. */
export const PairingChoice = PairingSettings.extend({ method: PairingMethodName.optional() }).strict();

/**
 * Two participants who must not meet: siblings, teammates, a coach and a pupil. An object, not a pair of ids in an
 * array: Firestore stores no array inside an array.
 */
export const ForbiddenPair = z
  .object({ a: DocumentId, b: DocumentId })
  .strict()
  .refine(({ a, b }) => a !== b, 'a forbidden pair needs two different players');
export type ForbiddenPair = z.infer<typeof ForbiddenPair>;
export const ForbiddenPairs = z.array(ForbiddenPair).max(500);

/** Whether a YYYY-MM-DD string names a day that exists (no 2031-13-45, no 2031-02-30). */
function isCalendarDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (year < LIMITS.year.min || year > LIMITS.year.max) return false;
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
}

/** A tournament's day, as the organizer enters it and as it is stored: one schema for both. */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
  .refine(isCalendarDate, `expected a real calendar date from ${LIMITS.year.min} to ${LIMITS.year.max}`);

/**
 * A link to the event's page. The same pattern is firestore.rules' `socialUrl()`: the rules must accept exactly
 * what this schema reads back, or one client write would make the tournament unreadable to the backend.
 */
export const SOCIAL_URL_PATTERN = '^https?://[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(:[0-9]{1,5})?([/?#][^\\s]*)?$';
export const SocialUrl = z
  .string()
  .max(500)
  .regex(new RegExp(SOCIAL_URL_PATTERN), 'expected an http(s) address such as https://example.org/event');

/**
 * The fields an editor may change directly (firestore.rules, tournament update). A value that was stored
 * malformed reads as absent: a bad description costs only itself, never the whole tournament.
 */
const Descriptive = {
  location: z.string().max(300).optional().catch(undefined),
  socialUrl: SocialUrl.optional().catch(undefined),
  /** Minutes per round for the countdown; 0 shows no countdown. */
  roundDurationMinutes: Minutes.default(0).catch(0),
  preAlarmMinutes: Minutes.default(0).catch(0),
  /** A player's score counts only once the opponent reports the same (docs/results.md#confirmation-by-the-opponent). */
  confirmScores: z.boolean().optional().catch(undefined),
  /** Players read "can I draw?" before a Swiss round with a cut ahead, unless false (docs/playoff.md#can-i-draw). */
  cutOutlook: z.boolean().optional().catch(undefined),
  /** What a player may ask for, and what a late entry's missed rounds count (docs/pairing.md#requested-byes). */
  byeRules: ByeRules.optional().catch(undefined),
  /** Table check-in on, with its grace minutes and what becomes of a no-show (docs/judging.md); absent: off. */
  tableCheckIn: TableCheckInRules.optional().catch(undefined),
  /** Deck lists on, with their deadline and whether they are published (docs/judging.md#deck-lists); absent: off. */
  deckLists: DeckListSettings.optional().catch(undefined),
};

/** tournaments/{tournamentId}: a tournament, its competition policy and progress (docs/organisation.md#tournaments). */
export const TournamentDoc = z
  .object({
    tournamentId: DocumentId,
    championshipId: DocumentId,
    date: CalendarDate,
    description: z.string().trim().min(1).max(300),
    hostClubId: DocumentId.optional(),
    ...Descriptive,
    /** The rating scale the first round is ordered by; absent means random order (docs/organisation.md#tournaments). */
    rating: z.string().max(TEXT.scaleName).optional(),
    system: TournamentSystem,
    pairing: PairingSettings,
    ownerUid: Uid,
    /** The championship's clubs when the tournament was created: whoever runs one edits it (`roles`). */
    clubIds: z.array(DocumentId).max(50).default([]),
    policy: CompetitionPolicy,
    totalRounds: RoundCount.optional(),
    /** Pairs of participants who must not meet (docs/pairing.md#forbidden-pairs), set through setForbiddenPairs. */
    forbiddenPairs: ForbiddenPairs.optional(),
    status: TournamentStatus.default('DRAFT'),
    currentRound: z.number().int().min(0).default(0),
    /** Self-registration and check-in (docs/joining.md); absent: both closed. */
    joining: JoiningOptions.optional(),
  })
  .strict();
export type TournamentDoc = z.infer<typeof TournamentDoc>;
