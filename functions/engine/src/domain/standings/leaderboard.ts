import {
  type CompetitionPolicy,
  type CompetitionTiebreak,
  GROUP_TIEBREAKS,
  readsMcMahonScores,
} from '../policy/index.js';
import type { LeaderboardRow } from './leaderboardRow.js';
import { type Ranked, rankStandings } from './ranking.js';
import type { ParticipantState, ParticipantStates } from '../ratings/index.js';
import { type TiebreakContext, TIEBREAKS } from './tiebreaks.js';
import { type McMahonFigures, mcMahonFigures } from './mcMahon.js';
import { mcMahonSettings } from '../pairing/index.js';

type TiebreakValues = LeaderboardRow['tiebreaks'];

/** Who withdrew. The drop-out trend's rounds so far come from the states themselves (tiebreaks.roundsSoFar). */
export interface LeaderboardOptions {
  withdrawn?: Iterable<string>;
  /** The event is a round robin: C.07 counts its forfeits and byes otherwise (docs/tiebreaks.md#fide-c07). */
  roundRobin?: boolean;
}

export function tiebreakContext(
  policy: CompetitionPolicy,
  states: ParticipantStates,
  options: LeaderboardOptions = {},
): TiebreakContext {
  const { matchPoints, gameTarget } = policy.scoringPolicy;
  let lastRound = 0;
  for (const state of Object.values(states))
    for (const r of state.results) lastRound = Math.max(lastRound, r.roundNumber);
  const withdrawn = new Set(options.withdrawn ?? []);
  // Go's figures read every player at once: computed on first use, once for all the rows of this context.
  const settings = readsMcMahonScores(policy) ? mcMahonSettings(policy.pairingPolicy.mcMahon) : null;
  let figures: ReadonlyMap<string, McMahonFigures> | undefined;
  return {
    states,
    withdrawn,
    mcMahonFigures: () =>
      settings === null ? null : (figures ??= mcMahonFigures({ states, withdrawn, lastRound, settings })),
    dropOut: policy.victoryPolicy.buchholzDropOut,
    scale: { winPoints: matchPoints.win, gamesToWin: gameTarget ?? 1 },
    unplayedRounds: policy.victoryPolicy.unplayedRounds,
    drawPoints: matchPoints.draw,
    lastRound,
    roundRobin: options.roundRobin ?? false,
  };
}

/**
 * The tiebreak values that belong to the participant alone (not to a tied group). `context.states` must hold
 * the participant's opponents for the opponent-based ones.
 */
export function participantTiebreaks(
  policy: CompetitionPolicy,
  state: ParticipantState,
  context: TiebreakContext,
): TiebreakValues {
  const values: TiebreakValues = {};
  for (const tiebreak of policy.victoryPolicy.tiebreakOrder ?? []) {
    if (!GROUP_TIEBREAKS.has(tiebreak)) values[tiebreak] = TIEBREAKS[tiebreak](state, [state], context);
  }
  return values;
}

/** A leaderboard row without its rank: what can be stored per participant and updated alone. */
export type StandingValues = Omit<LeaderboardRow, 'rank'>;

export function standingValues(
  policy: CompetitionPolicy,
  state: ParticipantState,
  context: TiebreakContext,
): StandingValues {
  const { rank: _rank, ...row } = toRow(state, 0, context, participantTiebreaks(policy, state, context));
  return row;
}

/**
 * Ranks by the primary ranking, then splits each tied group by the tiebreaks in the policy's order, each computed
 * within the group still tied: the stored rows' order (ranking.ts), evaluated on the states themselves.
 */
export function buildLeaderboard(
  policy: CompetitionPolicy,
  states: ParticipantStates,
  options: LeaderboardOptions = {},
): LeaderboardRow[] {
  const context = tiebreakContext(policy, states, options);
  const rows = Object.values(states).map((s) => standingValues(policy, s, context));
  const { roundRobin } = options;
  return leaderboardRanking(policy, rows, states, { roundRobin }).map(({ sharedRank: _shared, ...row }) => row);
}

/**
 * Stored rows in standings order, with the tiebreaks decided inside a tied group (head-to-head) evaluated on the
 * tied players' states.
 */
export function leaderboardRanking<R extends StandingValues>(
  policy: CompetitionPolicy,
  rows: readonly R[],
  states: ParticipantStates,
  options: Omit<LeaderboardOptions, 'withdrawn'> = {},
): Array<Ranked<R>> {
  const withdrawn = rows.filter((row) => row.withdrawn).map((row) => row.participantId);
  const context = tiebreakContext(policy, states, { ...options, withdrawn });
  const groupTiebreak = (tiebreak: CompetitionTiebreak, s: ParticipantState, group: ParticipantState[]) =>
    TIEBREAKS[tiebreak](s, group, context);
  return rankStandings(policy, rows, { states, groupTiebreak });
}

function toRow(s: ParticipantState, rank: number, context: TiebreakContext, tiebreaks: TiebreakValues): LeaderboardRow {
  return {
    participantId: s.participantId,
    rank,
    baselineRating: s.baselineRating,
    dynamicFormRating: s.dynamicFormRating,
    pressureRating: s.pressureRating,
    wins: s.wins,
    losses: s.losses,
    draws: s.draws,
    pointsWon: s.totalPointsWon,
    pointsLost: s.totalPointsLost,
    matchPoints: s.matchPoints,
    ...mcMahonScoreOf(s, context),
    withdrawn: context.withdrawn.has(s.participantId),
    tiebreaks,
  };
}

/** The row's McMahon score, when the standings count it (docs/go.md#standings). */
function mcMahonScoreOf(s: ParticipantState, context: TiebreakContext): { mcMahonScore?: number } {
  const figures = context.mcMahonFigures()?.get(s.participantId);
  return figures === undefined ? {} : { mcMahonScore: figures.mms };
}
