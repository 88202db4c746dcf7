import type { CompetitionPolicy, CompetitionTiebreak, PrimaryRanking } from './policy.js';
import type { ParticipantState, ParticipantStates } from './state.js';
import type { TiebreakContext } from './tiebreaks.js';
import { GROUP_TIEBREAKS, TIEBREAKS } from './tiebreaks.js';

/** Seed 000's leaderboard row, plus match points, withdrawal and the tiebreak values that decided the order. */
export interface LeaderboardRow {
  participantId: string;
  rank: number;
  baselineRating: number;
  dynamicFormRating: number;
  pressureRating: number;
  wins: number;
  losses: number;
  draws: number;
  pointsWon: number;
  pointsLost: number;
  matchPoints: number;
  withdrawn: boolean;
  tiebreaks: Partial<Record<CompetitionTiebreak, number>>;
}

export interface LeaderboardOptions {
  withdrawn?: Iterable<string>;
}

const PRIMARY: Record<PrimaryRanking, (s: ParticipantState) => number> = {
  WINS: (s) => s.wins,
  POINTS: (s) => s.totalPointsWon,
  MATCH_POINTS: (s) => s.matchPoints,
  PRESSURE_RATING: (s) => s.pressureRating,
  DYNAMIC_FORM_RATING: (s) => s.dynamicFormRating,
};

/**
 * Ranks by the primary ranking, then splits each tied group by the tiebreaks in the policy's order, each computed
 * within the group still tied. Rows that no tiebreak separates share a rank (1, 2, 2, 4).
 */
export function buildLeaderboard(policy: CompetitionPolicy, states: ParticipantStates, options: LeaderboardOptions = {}): LeaderboardRow[] {
  const all = Object.values(states);
  const context: TiebreakContext = {
    states,
    withdrawn: new Set(options.withdrawn ?? []),
    roundsSoFar: Math.max(0, ...all.flatMap((s) => s.results.map((r) => r.roundNumber))),
    dropOut: policy.victoryPolicy.buchholzDropOut,
  };
  const order = policy.victoryPolicy.tiebreakOrder ?? [];
  const recorded = new Map<string, Partial<Record<CompetitionTiebreak, number>>>(all.map((s) => [s.participantId, {}]));
  for (const tiebreak of order) {
    if (GROUP_TIEBREAKS.has(tiebreak)) continue;
    for (const s of all) recorded.get(s.participantId)![tiebreak] = TIEBREAKS[tiebreak](s, all, context);
  }
  const primary = PRIMARY[policy.victoryPolicy.primaryRanking];
  const groups = splitBy(all, primary).flatMap((group) => breakTies(group, order, context, recorded));
  const rows: LeaderboardRow[] = [];
  for (const group of groups) {
    const rank = rows.length + 1;
    for (const s of [...group].sort((x, y) => (x.participantId < y.participantId ? -1 : 1))) rows.push(toRow(s, rank, context, recorded));
  }
  return rows;
}

function breakTies(
  group: ParticipantState[],
  tiebreaks: readonly CompetitionTiebreak[],
  context: TiebreakContext,
  recorded: Map<string, Partial<Record<CompetitionTiebreak, number>>>,
): ParticipantState[][] {
  const [tiebreak, ...rest] = tiebreaks;
  if (group.length < 2 || tiebreak === undefined) return [group];
  const value = (s: ParticipantState) => TIEBREAKS[tiebreak](s, group, context);
  if (GROUP_TIEBREAKS.has(tiebreak)) for (const s of group) recorded.get(s.participantId)![tiebreak] = value(s);
  return splitBy(group, value).flatMap((sub) => breakTies(sub, rest, context, recorded));
}

/** Groups of equal value, highest value first. */
function splitBy(states: readonly ParticipantState[], value: (s: ParticipantState) => number): ParticipantState[][] {
  const valued = states.map((s) => ({ s, v: value(s) })).sort((x, y) => y.v - x.v);
  const groups: ParticipantState[][] = [];
  let previous: number | undefined;
  for (const { s, v } of valued) {
    if (previous === undefined || v !== previous) groups.push([s]);
    else groups.at(-1)!.push(s);
    previous = v;
  }
  return groups;
}

function toRow(
  s: ParticipantState,
  rank: number,
  context: TiebreakContext,
  recorded: Map<string, Partial<Record<CompetitionTiebreak, number>>>,
): LeaderboardRow {
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
    withdrawn: context.withdrawn.has(s.participantId),
    tiebreaks: recorded.get(s.participantId) ?? {},
  };
}
