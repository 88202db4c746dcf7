import { z } from 'zod';
import { CompetitionPolicy } from '../domain/policy.js';
import { Uid } from './club.js';

export const TournamentSystem = z.enum(['SWISS', 'KNOCKOUT', 'ROUND_ROBIN']);
export const TournamentStatus = z.enum(['DRAFT', 'RUNNING', 'CLOSED']);
export const PairingMethodName = z.enum([
  'SWISS',
  'DRAW_MATIC',
  'LEVEL_BASED',
  'WEIGHTED',
  'ALL',
  'SERIAL',
  'DAZED',
  'STAGGERED',
  'ROUND_ROBIN',
  'KNOCKOUT',
  'SEEDS',
  'CIRCLE',
]);

/** The organizer's pairing choice: a method and its options, as the pairing engine reads them. */
export const PairingSettings = z
  .object({
    method: PairingMethodName,
    options: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type PairingSettings = z.infer<typeof PairingSettings>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

/** tournaments/{tournamentId}: seed 004's tourney, with its competition policy and progress. */
export const TournamentDoc = z
  .object({
    tournamentId: z.string().min(1),
    championshipId: z.string().min(1),
    date: isoDate,
    description: z.string().trim().min(1).max(300),
    hostClubId: z.string().min(1).optional(),
    location: z.string().max(300).optional(),
    socialUrl: z.string().url().max(500).optional(),
    /** Minutes per round for the countdown; 0 shows no countdown. */
    roundDurationMinutes: z.number().int().min(0).max(24 * 60).default(0),
    preAlarmMinutes: z.number().int().min(0).max(24 * 60).default(0),
    /** The rating scale the first round is ordered by (seed 004); absent means random order. */
    rating: z.string().max(50).optional(),
    system: TournamentSystem,
    pairing: PairingSettings,
    ownerUid: Uid,
    /** Clubs of the championship: their admins may edit the tournament. */
    clubIds: z.array(z.string().min(1)).max(50).default([]),
    /** Owner and club admins, kept here so security rules can check an editor with one read. */
    editorUids: z.array(Uid).max(500).default([]),
    /** Allowed to write any matchUp's score while its round is open. */
    scorekeeperUids: z.array(Uid).max(500).default([]),
    policy: CompetitionPolicy,
    totalRounds: z.number().int().positive().max(1000).optional(),
    status: TournamentStatus.default('DRAFT'),
    currentRound: z.number().int().min(0).default(0),
  })
  .strict();
export type TournamentDoc = z.infer<typeof TournamentDoc>;
