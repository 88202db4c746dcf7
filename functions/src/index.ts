/**
 * Cloud Functions entry point: the score trigger and the organizer's callables. The engines they wrap live in
 * ./domain (pure TypeScript); ./services reads documents, calls the domain and writes documents.
 */
export { onMatchUpWritten } from './triggers/onMatchUpWritten.js';
export {
  addParticipants,
  closeTournament,
  createChampionship,
  createClub,
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
  reopenTournament,
  setClubMember,
  setScorekeepers,
  undoLastRound,
  withdrawParticipant,
} from './callables/index.js';
