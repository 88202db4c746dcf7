/**
 * The standings' order, one rule for the engine's leaderboard and for every reader of the stored rows (the
 * dashboard ranks them itself). The backend stores one row per participant without its rank (ranks
 * move together, so no single write could keep them), and leaves the order to the reader: the policy's primary
 * ranking, then its tiebreaks in order, each splitting only the group still tied, rows still equal sharing a
 * rank. Every number comes from the rows as stored. A tiebreak the rows do not carry depends on who else is
 * tied (head-to-head): it is evaluated inside the tied group by the domain's own function on the players' stored
 * states, handed in by the caller. Imports no schema, so the dashboard's first screen can rank (docs/tiebreaks.md).
 */
import { splitBy } from './groups.js';
import type { LeaderboardRow } from './leaderboardRow.js';
import type { CompetitionPolicy, CompetitionTiebreak, PrimaryRanking } from '../policy/index.js';
import type { ParticipantState } from '../ratings/index.js';

type Row = Omit<LeaderboardRow, 'rank'>;
export type Ranked<R extends Row> = R & { rank: number; sharedRank: boolean };

/** A group tiebreak's value for one tied player (tiebreaks.ts; docs/tiebreaks.md). */
export type GroupTiebreak = (
  tiebreak: CompetitionTiebreak,
  state: ParticipantState,
  group: ParticipantState[],
) => number;

export interface RankOptions {
  /** The stored states, by participant, and the domain's group tiebreaks: needed only to split a tie head-to-head. */
  states?: Readonly<Record<string, ParticipantState>>;
  groupTiebreak?: GroupTiebreak;
}

const PRIMARY: Record<PrimaryRanking, (row: Row) => number> = {
  WINS: (r) => r.wins,
  POINTS: (r) => r.pointsWon,
  MATCH_POINTS: (r) => r.matchPoints,
  MCMAHON_SCORE: (r) => r.mcMahonScore ?? 0,
  PRESSURE_RATING: (r) => r.pressureRating,
  DYNAMIC_FORM_RATING: (r) => r.dynamicFormRating,
};

/** The policy's tiebreaks that the stored rows do not carry: those decided inside a tied group. */
export function groupTiebreaksOf(policy: CompetitionPolicy, rows: readonly Row[]): CompetitionTiebreak[] {
  return (policy.victoryPolicy.tiebreakOrder ?? []).filter((t) => rows.some((row) => !(t in row.tiebreaks)));
}

type Computed = Map<string, Row['tiebreaks']>;

/** Rows in standings order with their ranks; equal rows share the rank of the first (1, 2, 2, 4). */
export function rankStandings<R extends Row>(
  policy: CompetitionPolicy,
  rows: readonly R[],
  options: RankOptions = {},
): Array<Ranked<R>> {
  const order = policy.victoryPolicy.tiebreakOrder ?? [];
  const grouped = new Set(groupTiebreaksOf(policy, rows));
  const primary = PRIMARY[policy.victoryPolicy.primaryRanking];
  const computed: Computed = new Map();

  const breakTies = (group: R[], tiebreaks: readonly CompetitionTiebreak[]): R[][] => {
    const [tiebreak, ...rest] = tiebreaks;
    if (group.length < 2 || tiebreak === undefined) return [group];
    const value = grouped.has(tiebreak) ? groupValue(tiebreak, group) : (row: R) => row.tiebreaks[tiebreak] ?? 0;
    if (!value) return breakTies(group, rest);
    return splitBy(group, value).flatMap((sub) => breakTies(sub, rest));
  };

  // Kept for the table's column, as the backend's leaderboard keeps it; null while states or code still load.
  const groupValue = (tiebreak: CompetitionTiebreak, group: R[]): ((row: R) => number) | null => {
    const tied = group.map((row) => options.states?.[row.participantId]);
    if (!options.groupTiebreak || tied.some((s) => s === undefined)) return null;
    const states = tied as ParticipantState[];
    const values = new Map(states.map((s) => [s.participantId, options.groupTiebreak!(tiebreak, s, states)]));
    for (const [id, v] of values) computed.set(id, { ...computed.get(id), [tiebreak]: v });
    return (row) => values.get(row.participantId) ?? 0;
  };

  const ranked: Array<Ranked<R>> = [];
  for (const group of splitBy(rows, primary).flatMap((g) => breakTies(g, order))) {
    const rank = ranked.length + 1;
    for (const row of [...group].sort((x, y) => (x.participantId < y.participantId ? -1 : 1))) {
      ranked.push({
        ...row,
        tiebreaks: { ...row.tiebreaks, ...computed.get(row.participantId) },
        rank,
        sharedRank: group.length > 1,
      });
    }
  }
  return ranked;
}
