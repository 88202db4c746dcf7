import {
  buildLeaderboard,
  type LeaderboardOptions,
  standingValues,
  type StandingValues,
  tiebreakContext,
} from './leaderboard.js';
import type { LeaderboardRow } from './leaderboardRow.js';
import type { CompetitionPolicy } from '../policy/index.js';
import { type ParticipantState, type ParticipantStates, summarize } from '../ratings/index.js';

/**
 * What the standings show once a playoff has started (docs/playoff.md#standings): the main stage's standings, as
 * they stood after its last round. The playoff's games are placed by the bracket and the final standings; were
 * they also counted here, a quarter-final's winner would climb above Swiss players the seeding put ahead of him,
 * and the table would contradict the final standings' "rank 9 after round 5". The playoff's seeding reads the
 * same function, so the table and the seeding cannot disagree.
 */
export function mainStageState(state: ParticipantState, mainRounds: number): ParticipantState {
  return summarize({
    ...state,
    results: state.results.filter((r) => r.roundNumber <= mainRounds),
    ratingHistory: state.ratingHistory.filter((h) => h.roundNumber <= mainRounds),
  });
}

export function mainStageStates(states: ParticipantStates, mainRounds: number): ParticipantStates {
  return Object.fromEntries(Object.entries(states).map(([id, s]) => [id, mainStageState(s, mainRounds)]));
}

/** The main stage's ranked leaderboard, from the states of every game played. */
export function mainStageLeaderboard(
  policy: CompetitionPolicy,
  states: ParticipantStates,
  mainRounds: number,
  options: LeaderboardOptions = {},
): LeaderboardRow[] {
  return buildLeaderboard(policy, mainStageStates(states, mainRounds), options);
}

/** The main stage's rows, unranked, as the stored standings rows are: for a reader that ranks rows itself. */
export function mainStageRows(
  policy: CompetitionPolicy,
  states: ParticipantStates,
  mainRounds: number,
  options: LeaderboardOptions = {},
): { states: ParticipantStates; rows: StandingValues[] } {
  const staged = mainStageStates(states, mainRounds);
  const context = tiebreakContext(policy, staged, options);
  return { states: staged, rows: Object.values(staged).map((s) => standingValues(policy, s, context)) };
}
