/**
 * The callables (functions/src/callables): each one's input is checked with its own schema first (the schemas and
 * the Functions SDK load with the first action, not on the first screen), and a refusal carries the server's words.
 */
import type { z } from 'zod';
import type * as Requests from '@competition/engine/model/requests';
import { live } from './connection';
import { ActionError, rethrow } from './errors';

type Schemas = typeof Requests;
type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas];

/** The callables' input schemas and the Functions SDK, loaded with the first action. */
const loadRequests = () => import('@competition/engine/model/requests');
const loadFunctions = () => import('firebase/functions');

/**
 * Checks the input with the callable's own schema first (field-named messages, nothing sent), then calls it;
 * a refusal carries the server's message.
 */
function callable<K extends SchemaName, O>(name: string, schemaName: K) {
  return async (input: z.input<Schemas[K]>): Promise<O> => {
    const [requests, sdk, instance, errors] = await Promise.all([
      loadRequests(),
      loadFunctions(),
      live().functions(),
      import('@competition/engine/domain/messages'),
    ]);
    const checked = (requests[schemaName] as z.ZodType).safeParse(input);
    if (!checked.success) throw new ActionError('invalid-argument', errors.issuesInWords(checked.error.issues));
    // The callable protocol sends an undefined field as null: drop them, as JSON does.
    const data = JSON.parse(JSON.stringify(checked.data)) as unknown;
    try {
      return (await sdk.httpsCallable<unknown, O>(instance, name)(data)).data;
    } catch (error) {
      rethrow(error);
    }
  };
}

export const actions = {
  createClub: callable<'CreateClubInput', { clubId: string }>('createClub', 'CreateClubInput'),
  createChampionship: callable<'CreateChampionshipInput', { championshipId: string }>(
    'createChampionship',
    'CreateChampionshipInput',
  ),
  createTournament: callable<'CreateTournamentInput', { tournamentId: string }>(
    'createTournament',
    'CreateTournamentInput',
  ),
  addParticipants: callable<'AddParticipantsInput', { added: number; enteredRound: number }>(
    'addParticipants',
    'AddParticipantsInput',
  ),
  withdrawParticipant: callable<'WithdrawParticipantInput', unknown>('withdrawParticipant', 'WithdrawParticipantInput'),
  generateNextRound: callable<'GenerateNextRoundInput', { roundNumber: number; matchUps: number; byes: string[] }>(
    'generateNextRound',
    'GenerateNextRoundInput',
  ),
  undoLastRound: callable<'TournamentRef', { roundNumber: number }>('undoLastRound', 'TournamentRef'),
  recordScore: callable<'RecordScoreInput', { ok: boolean }>('recordScore', 'RecordScoreInput'),
  closeTournament: callable<'CloseTournamentInput', { ok: boolean }>('closeTournament', 'CloseTournamentInput'),
  reopenTournament: callable<'TournamentRef', { ok: boolean }>('reopenTournament', 'TournamentRef'),
  exportTournament: callable<'TournamentRef', { json: string }>('exportTournament', 'TournamentRef'),
  importTournament: callable<'ImportTournamentInput', { tournamentId: string }>(
    'importTournament',
    'ImportTournamentInput',
  ),
  getStandingsCsv: callable<'TournamentRef', { csv: string }>('getStandingsCsv', 'TournamentRef'),
  /** Club owners and admins name members and admins (role null removes); anyone may leave. */
  setClubMember: callable<'SetClubMemberInput', { ok: boolean }>('setClubMember', 'SetClubMemberInput'),
  leaveClub: callable<'ClubRef', { ok: boolean }>('leaveClub', 'ClubRef'),
  linkClub: callable<'LinkClubInput', { ok: boolean }>('linkClub', 'LinkClubInput'),
  /** Who may score every game of the tournament. */
  setScorekeepers: callable<'SetScorekeepersInput', { ok: boolean }>('setScorekeepers', 'SetScorekeepersInput'),
  /** A signed-in player becomes the entry whose private code they typed. */
  claimEntry: callable<'ClaimEntryInput', { participantId: string; name: string }>('claimEntry', 'ClaimEntryInput'),
  /** A new claim code for one entry: the old one stops working. */
  regenerateClaimCode: callable<'RegenerateClaimCodeInput', { code: string }>(
    'regenerateClaimCode',
    'RegenerateClaimCodeInput',
  ),
  /** The account that plays for a participant (null: none). */
  linkParticipantAccount: callable<'LinkParticipantAccountInput', { ok: boolean }>(
    'linkParticipantAccount',
    'LinkParticipantAccountInput',
  ),
  /** An invitation to keep score in a tournament, or to join a club; its token makes the link. */
  createInvitation: callable<'CreateInvitationInput', { token: string; expiresAt: number }>(
    'createInvitation',
    'CreateInvitationInput',
  ),
  revokeInvitation: callable<'InvitationRefInput', { ok: boolean }>('revokeInvitation', 'InvitationRefInput'),
  /** The signed-in account takes the invitation's role. */
  acceptInvitation: callable<'InvitationRefInput', { role: string; name: string }>(
    'acceptInvitation',
    'InvitationRefInput',
  ),
};
