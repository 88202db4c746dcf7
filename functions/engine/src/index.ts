/**
 * The competition engine: results and match points, the three rating tracks, the leaderboard and its tiebreaks,
 * and every pairing method, on plain data. `Tournament` runs a whole event in memory; the schemas below are the
 * shapes it reads and writes. See README.md beside this package.
 */
export { Tournament } from './tournament.js';
export type { GameRef, PairRoundOptions, TournamentOptions } from './tournament.js';
export type { Standings } from './domain/standings/competition.js';
export { DomainError } from './domain/common/errors.js';
export { LeaderboardRow } from './domain/standings/leaderboard.js';
export { MatchUpRecord } from './domain/results/matchUps.js';
export { Participant } from './domain/ratings/participants.js';
export { CompetitionPolicy, PRESET_POLICIES, resolvePolicy } from './domain/policy/policy.js';
export { MatchUpResult } from './domain/results/results.js';
export type { MatchUpResultInput } from './domain/results/results.js';
export { PairingSpec } from './domain/pairing/request.js';
export { recommendedRounds } from './domain/pairing/index.js';
export type { PairingRound } from './domain/pairing/types.js';
export type { ParticipantState } from './domain/ratings/state.js';
