/**
 * The callables of the Firebase shell: each one's input is checked with its own schema first (the schemas and the
 * Functions SDK load with the first action, not on the first screen), and a refusal carries the server's words.
 */
import type { z } from 'zod';
import type { CallableAnswers, CallableName } from '@competition/engine/schemas';
import type * as Requests from '@competition/engine/schemas';
import { live } from './connection';
import { ActionError, rethrow } from './errors';

type Schemas = typeof Requests;
type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas];

/** The callables' input schemas and the Functions SDK, loaded with the first action. */
const loadRequests = () => import('@competition/engine/schemas');
const loadFunctions = () => import('firebase/functions');

/**
 * Checks the input with the callable's own schema first (field-named messages, nothing sent), then calls it;
 * a refusal carries the server's message.
 */
function callable<N extends CallableName, K extends SchemaName>(name: N, schemaName: K) {
  return async (input: z.input<Schemas[K]>): Promise<CallableAnswers[N]> => {
    const [requests, sdk, instance, errors] = await Promise.all([
      loadRequests(),
      loadFunctions(),
      live().functions(),
      import('@competition/engine'),
    ]);
    const checked = (requests[schemaName] as z.ZodType).safeParse(input);
    if (!checked.success) throw new ActionError('invalid-argument', errors.issuesInWords(checked.error.issues));
    // The callable protocol sends an undefined field as null: drop them, as JSON does.
    const data = JSON.parse(JSON.stringify(checked.data)) as unknown;
    try {
      return (await sdk.httpsCallable<unknown, CallableAnswers[N]>(instance, name)(data)).data;
    } catch (error) {
      rethrow(error);
    }
  };
}

export const actions = {
  createClub: callable('createClub', 'CreateClubInput'),
  createChampionship: callable('createChampionship', 'CreateChampionshipInput'),
  createTournament: callable('createTournament', 'CreateTournamentInput'),
  addParticipants: callable('addParticipants', 'AddParticipantsInput'),
  withdrawParticipant: callable('withdrawParticipant', 'WithdrawParticipantInput'),
  dropOut: callable('dropOut', 'DropOutInput'),
  requestBye: callable('requestBye', 'RequestByeInput'),
  recordPenalty: callable('recordPenalty', 'RecordPenaltyInput'),
  setDeckList: callable('setDeckList', 'SetDeckListInput'),
  generateNextRound: callable('generateNextRound', 'GenerateNextRoundInput'),
  undoLastRound: callable('undoLastRound', 'TournamentRef'),
  /** One pairing edit before the round's first result: answered with its warnings unless confirmed. */
  editPairings: callable('editPairings', 'EditPairingsInput'),
  /** The pairs of participants who must not meet. */
  setForbiddenPairs: callable('setForbiddenPairs', 'SetForbiddenPairsInput'),
  recordScore: callable('recordScore', 'RecordScoreInput'),
  closeTournament: callable('closeTournament', 'CloseTournamentInput'),
  reopenTournament: callable('reopenTournament', 'TournamentRef'),
  exportTournament: callable('exportTournament', 'TournamentRef'),
  importTournament: callable('importTournament', 'ImportTournamentInput'),
  getStandingsCsv: callable('getStandingsCsv', 'TournamentRef'),
  setPlayoff: callable('setPlayoff', 'SetPlayoffInput'),
  /** Club owners and admins name members and admins (role null removes); anyone may leave. */
  setClubMember: callable('setClubMember', 'SetClubMemberInput'),
  leaveClub: callable('leaveClub', 'ClubRef'),
  linkClub: callable('linkClub', 'LinkClubInput'),
  /** Who may score every game of the tournament. */
  setScorekeepers: callable('setScorekeepers', 'SetScorekeepersInput'),
  /** A signed-in player becomes the entry whose private code they typed. */
  claimEntry: callable('claimEntry', 'ClaimEntryInput'),
  /** A new claim code for one entry: the old one stops working. */
  regenerateClaimCode: callable('regenerateClaimCode', 'RegenerateClaimCodeInput'),
  /** The account that plays for a participant (null: none). */
  linkParticipantAccount: callable('linkParticipantAccount', 'LinkParticipantAccountInput'),
  /** A tournament that has not started (no round), or a broken one, with everything under it. */
  deleteTournament: callable('deleteTournament', 'DeleteTournamentInput'),
  /** The scoring as the create form sets it, before round 1. */
  changeScoring: callable('changeScoring', 'ChangeScoringInput'),
  /** An entry added by mistake, before any round pairs it. */
  deleteParticipant: callable('deleteParticipant', 'DeleteParticipantInput'),
  /** A mistyped rating, before the player's first rated game. */
  correctRating: callable('correctRating', 'CorrectRatingInput'),
  /** A signed-in person asks to play: accepted at once, or waiting for the organizer. */
  register: callable('register', 'RegisterInput'),
  /** The organizer approves (enters the person) or declines a waiting registration. */
  decideRegistration: callable('decideRegistration', 'DecideRegistrationInput'),
  /** Self-registration and check-in, opened or closed. */
  setJoiningOptions: callable('setJoiningOptions', 'SetJoiningOptionsInput'),
  /** An invitation to keep score in a tournament, or to join a club; its token makes the link. */
  createInvitation: callable('createInvitation', 'CreateInvitationInput'),
  revokeInvitation: callable('revokeInvitation', 'InvitationRefInput'),
  /** The signed-in account takes the invitation's role. */
  acceptInvitation: callable('acceptInvitation', 'InvitationRefInput'),
  /** The account's renamed profile, copied onto its roles and club memberships (the name is read server-side). */
  refreshDisplayName: callable('refreshDisplayName', 'RefreshDisplayNameInput'),
};
