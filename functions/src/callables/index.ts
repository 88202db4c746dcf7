import {
  AddParticipantsInput,
  ChangeScoringInput,
  ClaimEntryInput,
  CloseTournamentInput,
  ClubRef,
  CorrectRatingInput,
  CreateChampionshipInput,
  CreateClubInput,
  CreateInvitationInput,
  CreateTournamentInput,
  DecideRegistrationInput,
  DeleteParticipantInput,
  DeleteTournamentInput,
  type Done,
  DropOutInput,
  RequestByeInput,
  RecordPenaltyInput,
  SetDeckListInput,
  EditPairingsInput,
  GenerateNextRoundInput,
  ImportTournamentInput,
  InvitationRefInput,
  LinkClubInput,
  LinkParticipantAccountInput,
  RecordScoreInput,
  RefreshDisplayNameInput,
  RegenerateClaimCodeInput,
  RegisterInput,
  SetClubMemberInput,
  SetForbiddenPairsInput,
  SetJoiningOptionsInput,
  SetPlayoffInput,
  SetScorekeepersInput,
  TournamentRef,
  WithdrawParticipantInput,
} from '@competition/engine/schemas';
import * as registrations from '../services/registrations.js';
import { profileDisplayName } from '../firebase/profiles.js';
import { copyDisplayName } from '../services/displayNames.js';
import * as invitations from '../services/invitations.js';
import { claimEntry as claimService, regenerateClaimCode as regenerateService } from '../services/claims.js';
import { deleteTournament as deleteService } from '../services/deletion.js';
import * as setupCorrections from '../services/setupCorrections.js';
import { exportTournament as exportService, importTournament as importService } from '../services/exchange.js';
import * as organisation from '../services/organisation.js';
import { requestBye as requestByeService } from '../services/byeRequests.js';
import { recordPenalty as recordPenaltyService } from '../services/penalties.js';
import { setDeckList as setDeckListService } from '../services/deckLists.js';
import {
  addParticipants as addParticipantsService,
  linkParticipantAccount as linkAccountService,
  withdrawParticipant as withdrawService,
  dropOut as dropOutService,
} from '../services/participants.js';
import {
  closeTournament as closeService,
  generateNextRound as generateService,
  reopenTournament as reopenService,
  undoLastRound as undoService,
} from '../services/rounds.js';
import {
  editPairings as editPairingsService,
  setForbiddenPairs as forbiddenService,
} from '../services/pairingEdits.js';
import { setPlayoff as setPlayoffService } from '../services/playoff.js';
import { recordScore as recordScoreService } from '../services/scores.js';
import { getLeaderboard as leaderboardService, getStandingsCsv as csvService } from '../services/views.js';
import { PAIRING } from '@competition/engine';
import { admitCaller } from '../services/rateLimits.js';
import { callable } from './callable.js';

const ok: Done = { ok: true };

export const createClub = callable('createClub', CreateClubInput, (input, { db, uid }) =>
  organisation.createClub(db, uid, input),
);
export const setClubMember = callable('setClubMember', SetClubMemberInput, async (input, { db, uid }) => {
  await organisation.setClubMember(db, uid, input);
  return ok;
});
export const leaveClub = callable('leaveClub', ClubRef, async (input, { db, uid }) => {
  await organisation.leaveClub(db, uid, input.clubId);
  return ok;
});
export const deleteClub = callable('deleteClub', ClubRef, async (input, { db, uid }) => {
  await organisation.deleteClub(db, uid, input.clubId);
  return ok;
});
export const createChampionship = callable('createChampionship', CreateChampionshipInput, (input, { db, uid }) =>
  organisation.createChampionship(db, uid, input),
);
export const linkClub = callable('linkClub', LinkClubInput, async (input, { db, uid }) => {
  await organisation.linkClub(db, uid, input);
  return ok;
});
export const createTournament = callable('createTournament', CreateTournamentInput, (input, { db, uid }) =>
  organisation.createTournament(db, uid, input),
);
export const setScorekeepers = callable('setScorekeepers', SetScorekeepersInput, async (input, { db, uid }) => {
  await organisation.setScorekeepers(db, uid, input);
  return ok;
});
export const linkParticipantAccount = callable(
  'linkParticipantAccount',
  LinkParticipantAccountInput,
  async (input, { db, uid }) => {
    await linkAccountService(db, uid, input);
    return ok;
  },
);
export const addParticipants = callable('addParticipants', AddParticipantsInput, (input, { db, uid }) =>
  addParticipantsService(db, uid, input),
);
export const withdrawParticipant = callable(
  'withdrawParticipant',
  WithdrawParticipantInput,
  async (input, { db, uid }) => {
    await withdrawService(db, uid, input.tournamentId, input.participantId, input.withdrawn);
    return ok;
  },
);
export const dropOut = callable('dropOut', DropOutInput, async (input, { db, uid }) => {
  await dropOutService(db, uid, input);
  return ok;
});
export const requestBye = callable('requestBye', RequestByeInput, async (input, { db, uid }) => {
  await requestByeService(db, uid, input);
  return ok;
});
// The report names the staff member by their profile's name, as the deck-list log does.
export const recordPenalty = callable('recordPenalty', RecordPenaltyInput, async (input, { db, uid }) =>
  recordPenaltyService(db, uid, input, await profileDisplayName(uid).catch(() => undefined)),
);
// The log names the staff member by their profile's name (an account without a profile in tests has none).
export const setDeckList = callable('setDeckList', SetDeckListInput, async (input, { db, uid }) =>
  setDeckListService(db, uid, input, await profileDisplayName(uid).catch(() => undefined)),
);
export const generateNextRound = callable(
  'generateNextRound',
  GenerateNextRoundInput,
  (input, { db, uid }) => generateService(db, uid, input),
  PAIRING,
);
export const undoLastRound = callable('undoLastRound', TournamentRef, (input, { db, uid }) =>
  undoService(db, uid, input.tournamentId),
);
export const editPairings = callable('editPairings', EditPairingsInput, (input, { db, uid }) =>
  editPairingsService(db, uid, input),
);
export const setForbiddenPairs = callable('setForbiddenPairs', SetForbiddenPairsInput, (input, { db, uid }) =>
  forbiddenService(db, uid, input),
);
export const recordScore = callable('recordScore', RecordScoreInput, async (input, { db, uid }) => {
  await recordScoreService(db, uid, input);
  return ok;
});
export const closeTournament = callable('closeTournament', CloseTournamentInput, async (input, { db, uid }) => {
  await closeService(db, uid, input);
  return ok;
});
export const setPlayoff = callable('setPlayoff', SetPlayoffInput, async (input, { db, uid }) => {
  await setPlayoffService(db, uid, input);
  return ok;
});
export const reopenTournament = callable('reopenTournament', TournamentRef, async (input, { db, uid }) => {
  await reopenService(db, uid, input.tournamentId);
  return ok;
});
export const exportTournament = callable('exportTournament', TournamentRef, async (input, { db, uid }) => {
  await admitCaller(db, uid, 'exportTournament');
  return { json: await exportService(db, uid, input.tournamentId) };
});
export const importTournament = callable('importTournament', ImportTournamentInput, (input, { db, uid }) =>
  importService(db, uid, input),
);
export const deleteTournament = callable('deleteTournament', DeleteTournamentInput, (input, { db, uid }) =>
  deleteService(db, uid, input.tournamentId),
);
// Each call reads every state and participant of a tournament: only signed-in callers, and not too often.
export const getLeaderboard = callable('getLeaderboard', TournamentRef, async (input, { db, uid }) => {
  await admitCaller(db, uid, 'getLeaderboard');
  return leaderboardService(db, input.tournamentId);
});
export const getStandingsCsv = callable('getStandingsCsv', TournamentRef, async (input, { db, uid }) => {
  await admitCaller(db, uid, 'getStandingsCsv');
  return { csv: await csvService(db, input.tournamentId) };
});
export const claimEntry = callable('claimEntry', ClaimEntryInput, async (input, { db, uid }) =>
  claimService(db, uid, input, Date.now, await profileDisplayName(uid)),
);
export const regenerateClaimCode = callable('regenerateClaimCode', RegenerateClaimCodeInput, (input, { db, uid }) =>
  regenerateService(db, uid, input),
);
export const changeScoring = callable('changeScoring', ChangeScoringInput, async (input, { db, uid }) => {
  await setupCorrections.changeScoring(db, uid, input);
  return ok;
});
export const deleteParticipant = callable('deleteParticipant', DeleteParticipantInput, async (input, { db, uid }) => {
  await setupCorrections.deleteParticipant(db, uid, input);
  return ok;
});
export const correctRating = callable('correctRating', CorrectRatingInput, async (input, { db, uid }) => {
  await setupCorrections.correctRating(db, uid, input);
  return ok;
});
export const register = callable('register', RegisterInput, async (input, { db, uid }) =>
  registrations.register(db, uid, input, await profileDisplayName(uid)),
);
export const decideRegistration = callable('decideRegistration', DecideRegistrationInput, (input, { db, uid }) =>
  registrations.decideOnRegistration(db, uid, input, profileDisplayName),
);
export const setJoiningOptions = callable('setJoiningOptions', SetJoiningOptionsInput, async (input, { db, uid }) => {
  await registrations.setJoiningOptions(db, uid, input);
  return ok;
});
export const createInvitation = callable('createInvitation', CreateInvitationInput, (input, { db, uid }) =>
  invitations.createInvitation(db, uid, input),
);
export const revokeInvitation = callable('revokeInvitation', InvitationRefInput, async (input, { db, uid }) => {
  await invitations.revokeInvitation(db, uid, input);
  return ok;
});
export const acceptInvitation = callable('acceptInvitation', InvitationRefInput, async (input, { db, uid }) =>
  invitations.acceptInvitation(db, uid, input, await profileDisplayName(uid)),
);
// The name comes from the caller's own Auth profile, never from the request: see docs/joining.md#renaming.
export const refreshDisplayName = callable(
  'refreshDisplayName',
  RefreshDisplayNameInput,
  async (_input, { db, uid }) => {
    const displayName = uid ? await profileDisplayName(uid) : undefined;
    const updated = await copyDisplayName(db, uid, displayName);
    return { displayName: displayName ?? null, updated };
  },
);
