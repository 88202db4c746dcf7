/**
 * Keeps the public standings pages (docs/standings-updates.md#pages): a change to any standings row asks for one
 * rebuild at the end of its interval; the rebuild ranks every row and writes only the pages that changed.
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { getFunctions } from 'firebase-admin/functions';
import { FUNCTIONS_REGION, groupTiebreaksOf, pageRebuildDue, standingsPages } from '@competition/engine';
import { defaultApp } from '../firebase/app.js';
import { refs } from '../firebase/refs.js';
import { whileTournamentExists } from './tournamentAccess.js';

/** The task queue of the rebuild (the function of that name in functions/src/index.ts). */
export const PAGES_QUEUE = 'rebuildStandingsPages';
/** A batch holds at most this many pages (100 rows each, ~30 KB): well inside a commit's size limit. */
const PAGES_PER_COMMIT = 50;

/** The interval this instance last asked a rebuild for, per tournament (one number each: it cannot grow past them). */
const askedHere = new Map<string, number>();

export interface PagesRebuild {
  tournamentId: string;
  due: number;
}

/**
 * Asks for the rebuild that shows a change made now. Every change of one interval asks for the same task (its id
 * names the tournament and the interval), so the queue runs one rebuild per interval and refuses the copies.
 */
export async function askForPagesRebuild(tournamentId: string, now: number): Promise<'asked' | 'already asked'> {
  const due = pageRebuildDue(now);
  // A warm instance sees most changes of an interval: it asks the queue once, not once per standings row.
  if (askedHere.get(tournamentId) === due) return 'already asked';
  const queue = getFunctions(defaultApp()).taskQueue<PagesRebuild>(
    `locations/${FUNCTIONS_REGION}/functions/${PAGES_QUEUE}`,
  );
  try {
    await queue.enqueue({ tournamentId, due }, { id: taskId(tournamentId, due), scheduleTime: new Date(due) });
    askedHere.set(tournamentId, due);
    return 'asked';
  } catch (error) {
    if ((error as { code?: string }).code !== 'functions/task-already-exists') throw error;
    askedHere.set(tournamentId, due);
    return 'already asked';
  }
}

/**
 * The writers of standings rows call this after their commit (a score, a correction's commits, an entry, a
 * withdrawal, a deletion, an import): one call per write, not one trigger per row, so a round of 1,000 scores does not
 * cost 2,000 more function runs. A failed ask is logged, not thrown: the change is stored, and the next change of
 * the tournament asks again.
 */
export async function pagesFollow(tournamentId: string): Promise<void> {
  try {
    await askForPagesRebuild(tournamentId, Date.now());
  } catch (error) {
    logger.warn('standings pages rebuild not asked', error, { tournamentId });
  }
}

function taskId(tournamentId: string, due: number): string {
  return `pages-${tournamentId.replace(/[^A-Za-z0-9_-]/g, '_')}-${due}`;
}

/**
 * Ranks the stored rows, or once a playoff has started the main stage's standings (docs/playoff.md#standings), and
 * writes the pages whose rows changed; pages past the last are deleted.
 */
export async function rebuildStandingsPages(
  db: Firestore,
  tournamentId: string,
  now = new Date(),
): Promise<{ pages: number; written: number }> {
  const ref = refs(db);
  const tournament = (await ref.tournament(tournamentId).get()).data();
  if (!tournament) return { pages: 0, written: 0 };
  const [standings, stored, current] = await Promise.all([
    ref.standings(tournamentId).get(),
    ref.standingsPages(tournamentId).get(),
    tournament.currentRound > 0 ? ref.round(tournamentId, tournament.currentRound).get() : null,
  ]);
  const rows = standings.docs.map((d) => d.data());
  const policy = tournament.policy;
  // Every playoff round names the main stage's rounds; its standings are computed from every player's state.
  const mainRounds = current?.data()?.playoff?.mainRounds;
  // Head-to-head is decided inside a tied group, from the tied players' states: read them only when it counts.
  const states =
    mainRounds !== undefined || groupTiebreaksOf(policy, rows).length > 0
      ? Object.fromEntries((await ref.states(tournamentId).get()).docs.map((d) => [d.id, d.data()]))
      : {};
  const pages = standingsPages(policy, rows, states, mainRounds);
  const players = pages.reduce((n, { rows: pageRows }) => n + pageRows.length, 0);
  const before = new Map(stored.docs.map((d) => [d.id, d.data()]));
  const updatedAt = now.toISOString();
  const writes: Array<(tx: Transaction) => void> = [];
  for (const { page, rows: pageRows } of pages) {
    const previous = before.get(String(page));
    before.delete(String(page));
    const unchanged =
      previous?.count === pages.length &&
      previous.players === players &&
      JSON.stringify(previous.rows) === JSON.stringify(pageRows);
    if (unchanged) continue;
    const doc = { page, count: pages.length, players, rows: pageRows, updatedAt };
    writes.push((tx) => tx.set(ref.standingsPage(tournamentId, page), doc));
  }
  for (const id of before.keys()) writes.push((tx) => tx.delete(ref.standingsPage(tournamentId, Number(id))));
  for (let start = 0; start < writes.length; start += PAGES_PER_COMMIT) {
    // Each commit holds the tournament: a tournament deleted meanwhile gets no page written after it is gone.
    const stillThere = await whileTournamentExists(db, ref, tournamentId, (tx) => {
      for (const write of writes.slice(start, start + PAGES_PER_COMMIT)) write(tx);
    });
    if (!stillThere) return { pages: 0, written: 0 };
  }
  return { pages: pages.length, written: writes.length };
}
