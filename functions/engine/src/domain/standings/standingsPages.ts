/**
 * The public standings in pages (docs/standings-updates.md#pages): the ranked rows cut into pages of
 * STANDINGS_PAGE_SIZE, so a spectator opening the standings of 2,000 players reads about 20 documents instead of
 * 2,000. The backend rebuilds them at most once per STANDINGS_PAGE_INTERVAL_MS, whatever the number of scores.
 */
import { leaderboardRanking, type StandingValues } from './leaderboard.js';
import { mainStageRows } from './mainStage.js';
import type { CompetitionPolicy } from '../policy/index.js';
import type { Ranked } from './ranking.js';
import type { ParticipantStates } from '../ratings/index.js';

import { STANDINGS_PAGE_INTERVAL_MS, STANDINGS_PAGE_SIZE } from './standingsPageSize.js';

export { STANDINGS_PAGE_INTERVAL_MS, STANDINGS_PAGE_SIZE } from './standingsPageSize.js';

export type PageRow = Ranked<StandingValues & { name: string }>;

export interface StandingsPage {
  page: number;
  rows: PageRow[];
}

/**
 * The pages of the ranked standings, page 1 first; an empty field has no page. Once a playoff has started
 * (`mainRounds` set), the pages are the main stage's standings after its last round, as every other reader shows
 * them (docs/playoff.md#standings): computed from `states` (every participant's), the stored rows giving only the
 * names and withdrawals.
 */
export function standingsPages(
  policy: CompetitionPolicy,
  stored: ReadonlyArray<StandingValues & { name: string }>,
  states: ParticipantStates,
  mainRounds?: number,
): StandingsPage[] {
  const { rows, rankStates } =
    mainRounds === undefined ? { rows: stored, rankStates: states } : mainStage(policy, stored, states, mainRounds);
  const ranked = leaderboardRanking(policy, rows, rankStates);
  const pages: StandingsPage[] = [];
  for (let start = 0; start < ranked.length; start += STANDINGS_PAGE_SIZE)
    pages.push({ page: pages.length + 1, rows: ranked.slice(start, start + STANDINGS_PAGE_SIZE) });
  return pages;
}

function mainStage(
  policy: CompetitionPolicy,
  stored: ReadonlyArray<StandingValues & { name: string }>,
  states: ParticipantStates,
  mainRounds: number,
) {
  const names = new Map(stored.map((row) => [row.participantId, row.name]));
  const withdrawn = stored.filter((row) => row.withdrawn).map((row) => row.participantId);
  const main = mainStageRows(policy, states, mainRounds, { withdrawn });
  return {
    rows: main.rows.map((row) => ({ ...row, name: names.get(row.participantId) ?? row.participantId })),
    rankStates: main.states,
  };
}

/**
 * The end of the interval a change at `now` falls in: the one rebuild that shows it runs then, so every change of
 * an interval waits for the same rebuild.
 */
export function pageRebuildDue(now: number, intervalMs = STANDINGS_PAGE_INTERVAL_MS): number {
  return (Math.floor(now / intervalMs) + 1) * intervalMs;
}
