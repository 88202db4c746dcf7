/**
 * Cloud Functions entry point: the score trigger and the organizer's callables. The engines they wrap live in
 * ./domain (pure TypeScript); ./services reads documents, calls the domain and writes documents.
 */
import './firebase/options.js';

export { onMatchUpWritten } from './triggers/onMatchUpWritten.js';
export {
  acceptInvitation,
  addParticipants,
  changeScoring,
  claimEntry,
  closeTournament,
  correctRating,
  createChampionship,
  createClub,
  createInvitation,
  createTournament,
  decideRegistration,
  deleteClub,
  deleteParticipant,
  deleteTournament,
  editPairings,
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
  register,
  reopenTournament,
  revokeInvitation,
  setClubMember,
  setForbiddenPairs,
  setJoiningOptions,
  setPlayoff,
  setScorekeepers,
  undoLastRound,
  withdrawParticipant,
} from './callables/index.js';
