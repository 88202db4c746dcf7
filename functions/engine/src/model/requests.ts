import { z } from 'zod';
import { DocumentId, GamePoints, Minutes, PairingSeed, Rating, RoundCount, TEXT } from '../domain/common/index.js';
import { Participant, RequestedBye } from '../domain/ratings/index.js';
import { MatchPointTable, PolicyChoice, PolicyOverrides } from '../domain/policy/index.js';
import { PairingEdit, PairingOptions } from '../domain/pairing/index.js';
import { MatchUpResult } from '../domain/results/index.js';
import { ClubRole, Uid } from './roles.js';
import { checkPreAlarm } from './clock.js';
import { CalendarDate, ForbiddenPairs, PairingChoice, SocialUrl, TournamentSystem } from './tournament.js';

// One schema per callable input, shared by the functions and the dashboard. Every id is a DocumentId.

export const CreateClubInput = z
  .object({
    name: z.string().trim().min(1).max(TEXT.name),
    country: z.string().max(TEXT.clubCountry).optional(),
    adminUids: z.array(Uid).max(100).default([]),
    memberUids: z.array(Uid).max(2000).default([]),
  })
  .strict();

/** Gives an account a role in a club, or (role null) takes it out. The owner's role never moves. */
export const SetClubMemberInput = z
  .object({ clubId: DocumentId, uid: Uid, role: ClubRole.exclude(['OWNER']).nullable() })
  .strict();

export const ClubRef = z.object({ clubId: DocumentId }).strict();

export const CreateChampionshipInput = z
  .object({
    name: z.string().trim().min(1).max(TEXT.name),
    clubIds: z.array(DocumentId).max(50).default([]),
    rating: z.string().max(TEXT.scaleName).optional(),
  })
  .strict();

export const CreateTournamentInput = z
  .object({
    championshipId: DocumentId,
    date: CalendarDate,
    description: z.string().trim().min(1).max(300),
    hostClubId: DocumentId.optional(),
    location: z.string().max(300).optional(),
    socialUrl: SocialUrl.optional(),
    roundDurationMinutes: Minutes.default(0),
    preAlarmMinutes: Minutes.default(0),
    rating: z.string().max(TEXT.scaleName).optional(),
    /** Left out: the method's system (SWISS for the policy's methods). */
    system: TournamentSystem.optional(),
    /** Method left out: the system's (round robin, knockout), else the policy's pairingPolicy.method. */
    pairing: PairingChoice.default({ options: {} }),
    /** A preset name or a whole policy; overrides are deep-merged over it. */
    policy: PolicyChoice.default('SWISS'),
    policyOverrides: PolicyOverrides.optional(),
    totalRounds: RoundCount.optional(),
    scorekeeperUids: z.array(Uid).max(500).default([]),
  })
  .strict()
  .superRefine(checkPreAlarm);

export const NewParticipant = Participant.omit({ withdrawn: true })
  .extend({ name: z.string().trim().min(1).max(TEXT.name), uid: Uid.optional() })
  .strict();

export const AddParticipantsInput = z
  .object({ tournamentId: DocumentId, participants: z.array(NewParticipant).min(1).max(1000) })
  .strict();

/** Withdraws a player (withdrawn true, the default) or takes a withdrawal back (false): paired again from the next round. */
export const WithdrawParticipantInput = z
  .object({ tournamentId: DocumentId, participantId: DocumentId, withdrawn: z.boolean().default(true) })
  .strict();

/** A player drops their own entry (docs/organisation.md#a-player-drops-out). */
export const DropOutInput = z.object({ tournamentId: DocumentId, participantId: DocumentId }).strict();
export type DropOutInput = z.infer<typeof DropOutInput>;

/** A player or the organizer asks for a bye in a round not yet paired, or takes it back (docs/pairing.md#requested-byes). */
export const RequestByeInput = z
  .object({
    tournamentId: DocumentId,
    participantId: DocumentId,
    round: z.number().int().min(1).max(999),
    points: RequestedBye.shape.points.nullable(),
  })
  .strict();
export type RequestByeInput = z.infer<typeof RequestByeInput>;

export const GenerateNextRoundInput = z
  .object({
    tournamentId: DocumentId,
    /** Chosen by the client once per click: a retried call with the same id returns the same round. */
    requestId: DocumentId,
    /** Pair even though the current round still has open matchUps. */
    force: z.boolean().default(false),
    seed: PairingSeed.optional(),
  })
  .strict();

/**
 * One pairing edit of the current round. Without `confirm` an edit that breaks something (a rematch, a second bye
 * ...) is not applied: the answer lists the warnings, and the same call with `confirm: true` applies it.
 */
export const EditPairingsInput = z
  .object({
    tournamentId: DocumentId,
    roundNumber: z.number().int().positive(),
    edit: PairingEdit,
    confirm: z.boolean().default(false),
  })
  .strict();
export type EditPairingsInput = z.infer<typeof EditPairingsInput>;

/** Replaces the tournament's list of pairs who must not meet. */
export const SetForbiddenPairsInput = z.object({ tournamentId: DocumentId, pairs: ForbiddenPairs }).strict();
export type SetForbiddenPairsInput = z.infer<typeof SetForbiddenPairsInput>;

export const TournamentRef = z.object({ tournamentId: DocumentId }).strict();

/** Closing with games still unscored needs the organizer's word that they stay so. */
export const CloseTournamentInput = z
  .object({ tournamentId: DocumentId, leaveUnscored: z.boolean().default(false) })
  .strict();

/** The playoff after a Swiss or a round robin (docs/playoff.md), changeable until its first round is paired. */
export const SetPlayoffInput = z
  .object({
    tournamentId: DocumentId,
    topCut: PairingOptions.shape.topCut.unwrap(),
    finals: PairingOptions.shape.finals.unwrap(),
    finalKind: PairingOptions.shape.finalKind.unwrap(),
  })
  .strict();

export const LinkClubInput = z.object({ championshipId: DocumentId, clubId: DocumentId }).strict();

/** The accounts allowed to write any matchUp's score while its round is open: the whole list, replacing the old. */
export const SetScorekeepersInput = z.object({ tournamentId: DocumentId, uids: z.array(Uid).max(500) }).strict();

/** The account that plays as a participant (and so may write the scores of their matchUps), or null for none. */
export const LinkParticipantAccountInput = z
  .object({ tournamentId: DocumentId, participantId: DocumentId, uid: Uid.nullable() })
  .strict();

/** Deletes a draft or a broken tournament, its date key and everything under it. */
export const DeleteTournamentInput = z.object({ tournamentId: DocumentId }).strict();

/**
 * The scoring as the create form sets it (the game's target, the match-point table, the phantom score), changed
 * before round 1 (docs/organisation.md#correcting-the-setup).
 */
export const ChangeScoringInput = z
  .object({
    tournamentId: DocumentId,
    gameTarget: GamePoints.positive().nullable(),
    matchPoints: MatchPointTable,
    phantomScore: GamePoints.default(0),
  })
  .strict();

/** Deletes an entry added by mistake, before any round pairs it. */
export const DeleteParticipantInput = z.object({ tournamentId: DocumentId, participantId: DocumentId }).strict();

/** Corrects a mistyped rating, before the player's first rated game. */
export const CorrectRatingInput = z
  .object({ tournamentId: DocumentId, participantId: DocumentId, rating: Rating })
  .strict();

export const RecordScoreInput = z
  .object({ tournamentId: DocumentId, matchUpId: DocumentId, result: MatchUpResult.nullable() })
  .strict();

export const ImportTournamentInput = z
  .object({
    championshipId: DocumentId,
    json: z.string().min(2).max(9_000_000),
    /** Chosen by the client once per import: a retry with the same id finishes the same import (docs/scale.md). */
    requestId: DocumentId.optional(),
  })
  .strict();

export type CreateClubInput = z.infer<typeof CreateClubInput>;
export type CreateChampionshipInput = z.infer<typeof CreateChampionshipInput>;
export type SetClubMemberInput = z.infer<typeof SetClubMemberInput>;
export type LinkClubInput = z.infer<typeof LinkClubInput>;
export type SetScorekeepersInput = z.infer<typeof SetScorekeepersInput>;
export type LinkParticipantAccountInput = z.infer<typeof LinkParticipantAccountInput>;
export type CreateTournamentInput = z.infer<typeof CreateTournamentInput>;
export type AddParticipantsInput = z.infer<typeof AddParticipantsInput>;
export type GenerateNextRoundInput = z.infer<typeof GenerateNextRoundInput>;
export type RecordScoreInput = z.infer<typeof RecordScoreInput>;
export type ImportTournamentInput = z.infer<typeof ImportTournamentInput>;
export type DeleteTournamentInput = z.infer<typeof DeleteTournamentInput>;
export { ClaimEntryInput, RegenerateClaimCodeInput } from './claims.js';
export { DecideRegistrationInput, RegisterInput, SetJoiningOptionsInput } from './joining.js';
export { CreateInvitationInput, InvitationRefInput } from './invitations.js';
export { RefreshDisplayNameInput } from './roles.js';
export type CloseTournamentInput = z.infer<typeof CloseTournamentInput>;
export type ChangeScoringInput = z.infer<typeof ChangeScoringInput>;
export type DeleteParticipantInput = z.infer<typeof DeleteParticipantInput>;
export type CorrectRatingInput = z.infer<typeof CorrectRatingInput>;
export type SetPlayoffInput = z.infer<typeof SetPlayoffInput>;
