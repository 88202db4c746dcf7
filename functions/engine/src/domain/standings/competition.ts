import { foldCompetition, type Participant, type ParticipantState, type ParticipantStates } from '../ratings/index.js';
import { buildLeaderboard } from './leaderboard.js';
import type { LeaderboardRow } from './leaderboardRow.js';
import type { MatchUpRecord } from '../results/index.js';
import type { CompetitionPolicy } from '../policy/index.js';

export interface Standings {
  states: ParticipantStates;
  leaderboard: LeaderboardRow[];
}

/**
 * Everything the organizer sees after these results: each participant's state and the ranked leaderboard. A round
 * robin says so: C.07 counts its forfeits and byes otherwise (docs/tiebreaks.md#fide-c07).
 */
export function computeStandings(
  policy: CompetitionPolicy,
  participants: readonly Participant[],
  matchUps: readonly MatchUpRecord[],
  options: { roundRobin?: boolean } = {},
): Standings {
  const states = foldCompetition(policy, participants, matchUps);
  const withdrawn = participants.filter((p) => p.withdrawn).map((p) => p.participantId);
  return { states, leaderboard: buildLeaderboard(policy, states, { ...options, withdrawn }) };
}

/** The participant state as the replay tool prints it; the per-result list stays internal (docs/ratings.md). */
export function publicState(state: ParticipantState): Omit<ParticipantState, 'results'> {
  const { results: _results, ...rest } = state;
  return rest;
}
