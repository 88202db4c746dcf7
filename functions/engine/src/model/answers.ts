/**
 * What each callable answers: the functions' handlers are typed with it (functions/src/callables) and the
 * dashboard types its calls with it, so a changed answer is a type error on both sides, not a silent drift.
 */
import type { LeaderboardRow } from '../domain/standings/index.js';
import type { InvitationRole } from './invitations.js';

export interface Done {
  ok: true;
}

export interface GeneratedRound {
  roundNumber: number;
  method: string;
  seed: number;
  matchUps: number;
  byes: string[];
  /** true when this call found the round its request had already generated. */
  repeated: boolean;
}

export interface LeaderboardView {
  tournamentId: string;
  currentRound: number;
  recommendedRounds: number;
  rows: Array<LeaderboardRow & { name: string }>;
}

export interface EditAnswer {
  /** False: the edit breaks something and waits for the organizer's confirmation (nothing was written). */
  applied: boolean;
  warnings: { kind: string; players: string[]; message: string }[];
}

export type RegistrationOutcome = { status: 'PENDING' } | { status: 'APPROVED'; participantId: string };

export interface Accepted {
  role: InvitationRole;
  /** The tournament's or the club's name, for the welcome. */
  name: string;
}

export interface CallableAnswers {
  createClub: { clubId: string };
  setClubMember: Done;
  leaveClub: Done;
  deleteClub: Done;
  createChampionship: { championshipId: string };
  linkClub: Done;
  createTournament: { tournamentId: string };
  setScorekeepers: Done;
  linkParticipantAccount: Done;
  addParticipants: { added: number; enteredRound: number };
  withdrawParticipant: Done;
  dropOut: Done;
  requestBye: Done;
  recordPenalty: { penaltyId: string };
  setDeckList: { logged: boolean };
  generateNextRound: GeneratedRound;
  undoLastRound: { roundNumber: number };
  editPairings: EditAnswer;
  setForbiddenPairs: { pairs: number };
  recordScore: Done;
  closeTournament: Done;
  reopenTournament: Done;
  exportTournament: { json: string };
  importTournament: { tournamentId: string };
  deleteTournament: { deleted: number; problems: string[] };
  getLeaderboard: LeaderboardView;
  getStandingsCsv: { csv: string };
  claimEntry: { participantId: string; name: string };
  regenerateClaimCode: { code: string };
  changeScoring: Done;
  deleteParticipant: Done;
  correctRating: Done;
  register: RegistrationOutcome;
  decideRegistration: RegistrationOutcome | { status: 'REFUSED' };
  setJoiningOptions: Done;
  setPlayoff: Done;
  createInvitation: { token: string; expiresAt: number };
  revokeInvitation: Done;
  acceptInvitation: Accepted;
  /** The name now on the account's role documents (null: none), and how many documents took it. */
  refreshDisplayName: { displayName: string | null; updated: number };
}

export type CallableName = keyof CallableAnswers;
