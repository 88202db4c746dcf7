import { z } from 'zod';
import type { CompetitionPolicy, PrimaryRanking } from './policy.js';
import { CompetitionTiebreak } from './policy.js';
import { splitBy } from './groups.js';
import type { ParticipantState, ParticipantStates } from './state.js';
import type { TiebreakContext } from './tiebreaks.js';
import { GROUP_TIEBREAKS, TIEBREAKS } from './tiebreaks.js';

const finite = () => z.number().finite();
const count = () => z.number().int().min(0);

/** The leaderboard row, plus match points, withdrawal and the tiebreaks that decided the order (docs/tiebreaks.md). */
export const LeaderboardRow = z
  .object({
    participantId: z.string(),
    rank: z.number().int().positive(),
    baselineRating: finite(),
    dynamicFormRating: finite(),
    pressureRating: finite(),
    wins: count(),
    losses: count(),
    draws: count(),
    pointsWon: finite(),
    pointsLost: finite(),
    matchPoints: finite(),
    withdrawn: z.boolean(),
    tiebreaks: z.partialRecord(CompetitionTiebreak, finite()),
  })
  .strict();
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;
type TiebreakValues = LeaderboardRow['tiebreaks'];

/** Who withdrew. The drop-out trend's rounds so far come from the states themselves (tiebreaks.roundsSoFar). */
export interface LeaderboardOptions {
  withdrawn?: Iterable<string>;
}

export function tiebreakContext(
  policy: CompetitionPolicy,
  states: ParticipantStates,
  options: LeaderboardOptions = {},
): TiebreakContext {
  return { states, withdrawn: new Set(options.withdrawn ?? []), dropOut: policy.victoryPolicy.buchholzDropOut };
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
export function buildLeaderboard(
  policy: CompetitionPolicy,
  states: ParticipantStates,
  options: LeaderboardOptions = {},
): LeaderboardRow[] {
  const all = Object.values(states);
  const context = tiebreakContext(policy, states, options);
  const order = policy.victoryPolicy.tiebreakOrder ?? [];
  const recorded = new Map(all.map((s) => [s.participantId, participantTiebreaks(policy, s, context)]));
  const primary = PRIMARY[policy.victoryPolicy.primaryRanking];
  const groups = splitBy(all, primary).flatMap((group) => breakTies(group, order, context, recorded));
  const rows: LeaderboardRow[] = [];
  for (const group of groups) {
    const rank = rows.length + 1;
    for (const s of [...group].sort((x, y) => (x.participantId < y.participantId ? -1 : 1)))
      rows.push(toRow(s, rank, context, recorded.get(s.participantId) ?? {}));
  }
  return rows;
}

function breakTies(
  group: ParticipantState[],
  tiebreaks: readonly CompetitionTiebreak[],
  context: TiebreakContext,
  recorded: Map<string, TiebreakValues>,
): ParticipantState[][] {
  const [tiebreak, ...rest] = tiebreaks;
  if (group.length < 2 || tiebreak === undefined) return [group];
  const value = (s: ParticipantState) => TIEBREAKS[tiebreak](s, group, context);
  if (GROUP_TIEBREAKS.has(tiebreak)) for (const s of group) recorded.get(s.participantId)![tiebreak] = value(s);
  return splitBy(group, value).flatMap((sub) => breakTies(sub, rest, context, recorded));
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
    withdrawn: context.withdrawn.has(s.participantId),
    tiebreaks,
  };
}
