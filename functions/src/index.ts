/**
 * Cloud Functions entry point: the score trigger and the organizer's callables. The engines they wrap live in
 * ./domain (pure TypeScript); ./services reads documents, calls the domain and writes documents.
 */
import './firebase/options.js';

export { onMatchUpWritten } from './triggers/onMatchUpWritten.js';
export {
  acceptInvitation,
  addParticipants,
  claimEntry,
  closeTournament,
  createChampionship,
  createClub,
  createInvitation,
  createTournament,
  deleteClub,
  deleteTournament,
  exportTournament,
  generateNextRound,
  getLeaderboard,
  getStandingsCsv,
  importTournament,
  leaveClub,
  linkClub,
  linkParticipantAccount,
  recordScore,
  regenerateClaimCode,
  reopenTournament,
  revokeInvitation,
  setClubMember,
  setScorekeepers,
  undoLastRound,
  withdrawParticipant,
} from './callables/index.js';
