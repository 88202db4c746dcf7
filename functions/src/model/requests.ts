import { z } from 'zod';
import { Participant } from '../domain/participants.js';
import { PresetName } from '../domain/policy.js';
import { MatchUpResult } from '../domain/results.js';
import { Uid } from './club.js';
import { PairingSettings, TournamentSystem } from './tournament.js';

/** One schema per callable input, shared by the functions and the dashboard. */
const id = () => z.string().trim().min(1).max(128).regex(/^[^/]+$/, 'must not contain "/"');

export const CreateClubInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    country: z.string().max(3).optional(),
    adminUids: z.array(Uid).max(100).default([]),
    memberUids: z.array(Uid).max(2000).default([]),
  })
  .strict();

export const CreateChampionshipInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    clubIds: z.array(id()).max(50).default([]),
    rating: z.string().max(50).optional(),
  })
  .strict();

export const CreateTournamentInput = z
  .object({
    championshipId: id(),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD'),
    description: z.string().trim().min(1).max(300),
    hostClubId: id().optional(),
    location: z.string().max(300).optional(),
    socialUrl: z.string().url().max(500).optional(),
    roundDurationMinutes: z.number().int().min(0).max(1440).default(0),
    preAlarmMinutes: z.number().int().min(0).max(1440).default(0),
    rating: z.string().max(50).optional(),
    system: TournamentSystem.default('SWISS'),
    pairing: PairingSettings.default({ method: 'SWISS', options: {} }),
    /** A preset name or a whole policy; overrides are deep-merged over it. */
    policy: z.union([PresetName, z.record(z.string(), z.unknown())]).default('SWISS'),
    policyOverrides: z.record(z.string(), z.unknown()).optional(),
    totalRounds: z.number().int().positive().max(1000).optional(),
    scorekeeperUids: z.array(Uid).max(500).default([]),
  })
  .strict();

export const NewParticipant = Participant.omit({ withdrawn: true })
  .extend({ name: z.string().trim().min(1).max(200), uid: Uid.optional(), participantId: id() })
  .strict();

export const AddParticipantsInput = z
  .object({ tournamentId: id(), participants: z.array(NewParticipant).min(1).max(1000) })
  .strict();

export const WithdrawParticipantInput = z.object({ tournamentId: id(), participantId: id() }).strict();

export const GenerateNextRoundInput = z
  .object({
    tournamentId: id(),
    /** Chosen by the client once per click: a retried call with the same id returns the same round. */
    requestId: id(),
    /** Pair even though the current round still has open matchUps. */
    force: z.boolean().default(false),
    seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  })
  .strict();

export const TournamentRef = z.object({ tournamentId: id() }).strict();

export const RecordScoreInput = z.object({ tournamentId: id(), matchUpId: id(), result: MatchUpResult.nullable() }).strict();

export const ImportTournamentInput = z.object({ championshipId: id(), json: z.string().min(2).max(9_000_000) }).strict();

export type CreateClubInput = z.infer<typeof CreateClubInput>;
export type CreateChampionshipInput = z.infer<typeof CreateChampionshipInput>;
export type CreateTournamentInput = z.infer<typeof CreateTournamentInput>;
export type AddParticipantsInput = z.infer<typeof AddParticipantsInput>;
export type GenerateNextRoundInput = z.infer<typeof GenerateNextRoundInput>;
export type RecordScoreInput = z.infer<typeof RecordScoreInput>;
export type ImportTournamentInput = z.infer<typeof ImportTournamentInput>;
