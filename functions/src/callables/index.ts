import {
  AddParticipantsInput,
  CloseTournamentInput,
  ClubRef,
  CreateChampionshipInput,
  CreateClubInput,
  CreateTournamentInput,
  DeleteTournamentInput,
  GenerateNextRoundInput,
  ImportTournamentInput,
  LinkClubInput,
  LinkParticipantAccountInput,
  RecordScoreInput,
  SetClubMemberInput,
  SetScorekeepersInput,
  TournamentRef,
  WithdrawParticipantInput,
} from '@competition/engine/model/requests';
import { ClaimEntryInput, RegenerateClaimCodeInput } from '@competition/engine/model/claims';
import { CreateInvitationInput, InvitationRefInput } from '@competition/engine/model/invitations';
import { profileDisplayName } from '../firebase/profiles.js';
import * as invitations from '../services/invitations.js';
import { claimEntry as claimService, regenerateClaimCode as regenerateService } from '../services/claims.js';
import { deleteTournament as deleteService } from '../services/deletion.js';
import { exportTournament as exportService, importTournament as importService } from '../services/exchange.js';
import * as organisation from '../services/organisation.js';
import {
  addParticipants as addParticipantsService,
  linkParticipantAccount as linkAccountService,
  withdrawParticipant as withdrawService,
} from '../services/participants.js';
import {
  closeTournament as closeService,
  generateNextRound as generateService,
  reopenTournament as reopenService,
  undoLastRound as undoService,
} from '../services/rounds.js';
import { recordScore as recordScoreService } from '../services/scores.js';
import { getLeaderboard as leaderboardService, getStandingsCsv as csvService } from '../services/views.js';
import { PAIRING } from '@competition/engine/deployment';
import { admitCaller } from '../services/rateLimits.js';
import { callable } from './callable.js';

const ok = { ok: true } as const;

export const createClub = callable(CreateClubInput, (input, { db, uid }) => organisation.createClub(db, uid, input));
export const setClubMember = callable(SetClubMemberInput, async (input, { db, uid }) => {
  await organisation.setClubMember(db, uid, input);
  return ok;
});
export const leaveClub = callable(ClubRef, async (input, { db, uid }) => {
  await organisation.leaveClub(db, uid, input.clubId);
  return ok;
});
export const deleteClub = callable(ClubRef, async (input, { db, uid }) => {
  await organisation.deleteClub(db, uid, input.clubId);
  return ok;
});
export const createChampionship = callable(CreateChampionshipInput, (input, { db, uid }) =>
  organisation.createChampionship(db, uid, input),
);
export const linkClub = callable(LinkClubInput, async (input, { db, uid }) => {
  await organisation.linkClub(db, uid, input);
  return ok;
});
export const createTournament = callable(CreateTournamentInput, (input, { db, uid }) =>
  organisation.createTournament(db, uid, input),
);
export const setScorekeepers = callable(SetScorekeepersInput, async (input, { db, uid }) => {
  await organisation.setScorekeepers(db, uid, input);
  return ok;
});
export const linkParticipantAccount = callable(LinkParticipantAccountInput, async (input, { db, uid }) => {
  await linkAccountService(db, uid, input);
  return ok;
});
export const addParticipants = callable(AddParticipantsInput, (input, { db, uid }) =>
  addParticipantsService(db, uid, input),
);
export const withdrawParticipant = callable(WithdrawParticipantInput, (input, { db, uid }) =>
  withdrawService(db, uid, input.tournamentId, input.participantId, input.withdrawn),
);
export const generateNextRound = callable(
  GenerateNextRoundInput,
  (input, { db, uid }) => generateService(db, uid, input),
  PAIRING,
);
export const undoLastRound = callable(TournamentRef, (input, { db, uid }) => undoService(db, uid, input.tournamentId));
export const recordScore = callable(RecordScoreInput, async (input, { db, uid }) => {
  await recordScoreService(db, uid, input);
  return { ok: true };
});
export const closeTournament = callable(CloseTournamentInput, async (input, { db, uid }) => {
  await closeService(db, uid, input);
  return { ok: true };
});
export const reopenTournament = callable(TournamentRef, async (input, { db, uid }) => {
  await reopenService(db, uid, input.tournamentId);
  return ok;
});
export const exportTournament = callable(TournamentRef, async (input, { db, uid }) => {
  await admitCaller(db, uid, 'exportTournament');
  return { json: await exportService(db, uid, input.tournamentId) };
});
export const importTournament = callable(ImportTournamentInput, (input, { db, uid }) => importService(db, uid, input));
export const deleteTournament = callable(DeleteTournamentInput, (input, { db, uid }) =>
  deleteService(db, uid, input.tournamentId),
);
// Each call reads every state and participant of a tournament: only signed-in callers, and not too often.
export const getLeaderboard = callable(TournamentRef, async (input, { db, uid }) => {
  await admitCaller(db, uid, 'getLeaderboard');
  return leaderboardService(db, input.tournamentId);
});
export const getStandingsCsv = callable(TournamentRef, async (input, { db, uid }) => {
  await admitCaller(db, uid, 'getStandingsCsv');
  return { csv: await csvService(db, input.tournamentId) };
});
export const claimEntry = callable(ClaimEntryInput, async (input, { db, uid }) =>
  claimService(db, uid, input, Date.now, await profileDisplayName(uid)),
);
export const regenerateClaimCode = callable(RegenerateClaimCodeInput, (input, { db, uid }) =>
  regenerateService(db, uid, input),
);
export const createInvitation = callable(CreateInvitationInput, (input, { db, uid }) =>
  invitations.createInvitation(db, uid, input),
);
export const revokeInvitation = callable(InvitationRefInput, async (input, { db, uid }) => {
  await invitations.revokeInvitation(db, uid, input);
  return ok;
});
export const acceptInvitation = callable(InvitationRefInput, async (input, { db, uid }) =>
  invitations.acceptInvitation(db, uid, input, await profileDisplayName(uid)),
);
