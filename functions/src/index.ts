/**
 * Cloud Functions entry point: the score trigger, the standings pages' trigger and task, and the callables. The
 * engine they wrap is @competition/engine (pure TypeScript); ./services reads documents, calls it and writes.
 */
import './firebase/options.js';

export { onMatchUpWritten } from './triggers/onMatchUpWritten.js';
export { onStandingWritten } from './triggers/onStandingWritten.js';
// The queue's name is the function's (PAGES_QUEUE in services/standingsPages.ts).
export { rebuildStandingsPagesTask as rebuildStandingsPages } from './tasks/rebuildStandingsPages.js';
export {
  addParticipants,
  claimEntry,
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
  regenerateClaimCode,
  reopenTournament,
  setClubMember,
  setScorekeepers,
  undoLastRound,
  withdrawParticipant,
} from './callables/index.js';
