/**
 * Cloud Functions entry point: the score trigger, the standings pages' trigger and task, and the callables. The
 * engine they wrap is @competition/engine (pure TypeScript); ./services reads documents, calls it and writes.
 */
import './firebase/options.js';

export { onMatchUpWritten } from './triggers/onMatchUpWritten.js';
// The queue's name is the function's (PAGES_QUEUE in services/standingsPages.ts).
export { rebuildStandingsPages } from './tasks/rebuildStandingsPages.js';
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
  refreshDisplayName,
  reopenTournament,
  revokeInvitation,
  setClubMember,
  setForbiddenPairs,
  setJoiningOptions,
  setPlayoff,
  setScorekeepers,
  undoLastRound,
  withdrawParticipant,
  dropOut,
  requestBye,
  recordPenalty,
  setDeckList,
} from './callables/index.js';
