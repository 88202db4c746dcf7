/**
 * The public standings in pages (docs/standings-updates.md#pages): a spectator reads the pages shown, 100 ranked
 * rows each, instead of one document per player. The backend ranks the rows, so the screen shows them as stored.
 */
import { getDocs, onSnapshot, type Unsubscribe } from 'firebase/firestore';
import type { Ranked } from '@competition/engine';
import { STANDINGS_PAGE_SIZE } from '@competition/engine/view';
import type { StandingsPageDoc } from '@competition/engine/schemas';
import { col, path, ref } from './connection';
import { type Standing, view } from './shapes';
import type { OnError } from './watch';
import { countDocumentRead, queryReads } from './readCount';

export { STANDINGS_PAGE_SIZE };

/** A field larger than this reads the pages even for a signed-in viewer: one read per 100 players. */
export const LARGE_FIELD = 200;

export interface StandingsPagesView {
  /** The rows of the pages read so far, in standings order. */
  rows: Array<Ranked<Standing>>;
  /** How many pages the standings have (0 while the backend has built none). */
  count: number;
  /** How many of them are read. */
  read: number;
  /** How many players the pages rank, when the backend wrote it (pages built before it said so do not). */
  players?: number;
}

/**
 * Documents delivered to the standings screen, by source: what a spectator's open costs. Kept on the page's global
 * object too, so a browser test or a benchmark can read it from outside.
 */
export const standingsReads = { pages: 0, rows: 0 };
(globalThis as { __standingsReads?: typeof standingsReads }).__standingsReads = standingsReads;

/** Counts each player's row the first time a per-player listener delivers it (what opening that way costs). */
export function countRowReads<T extends { participantId: string }>(onData: (items: T[]) => void): (items: T[]) => void {
  const seen = new Set<string>();
  return (items) => {
    for (const { participantId } of items) {
      if (seen.has(participantId)) continue;
      seen.add(participantId);
      standingsReads.rows += 1;
    }
    onData(items);
  };
}

/** The pages being listened to: page 1 at first, one more at each `showMore`, until the last. */
export interface StandingsPagesWatch {
  showMore(): void;
  stop: Unsubscribe;
}

/**
 * Listens to page 1, then to one more page at each `showMore`, and reports the rows of the pages listened to
 * together, page 1 first. The pages already shown keep their listeners: showing more reads only the new page.
 */
export function watchStandingsPages(
  tournamentId: string,
  onData: (value: StandingsPagesView) => void,
  onError: OnError,
): StandingsPagesWatch {
  const pages = new Map<number, StandingsPageDoc | null>();
  const stops: Unsubscribe[] = [];
  const report = () => {
    // Wait for every page asked for, so the rows never jump while a later page arrives.
    if (pages.size < stops.length) return;
    const count = pages.get(1)?.count ?? 0;
    const read = Math.min(stops.length, count);
    const rows: Array<Ranked<Standing>> = [];
    for (let page = 1; page <= read; page++) {
      for (const row of pages.get(page)?.rows ?? [])
        rows.push({ ...view.standing(row), rank: row.rank, sharedRank: row.sharedRank });
    }
    const players = pages.get(1)?.players;
    onData({ rows, count, read, ...(players === undefined ? {} : { players }) });
  };
  const listen = (page: number) =>
    stops.push(
      onSnapshot(
        ref(path.standingsPage(tournamentId, page)),
        (snap) => {
          // A page served from the device's cache is not a read: count what the server sent.
          if (!snap.metadata.fromCache) standingsReads.pages += 1;
          countDocumentRead(snap);
          pages.set(page, snap.exists() ? (snap.data() as StandingsPageDoc) : null);
          report();
        },
        onError,
      ),
    );
  listen(1);
  return {
    showMore() {
      const count = pages.get(1)?.count ?? 0;
      if (pages.size === stops.length && stops.length < count) listen(stops.length + 1);
    },
    stop() {
      for (const stop of stops) stop();
    },
  };
}

/**
 * Every ranked player's id and name, read once from all the pages (one read per 100 players): what a spectator's
 * name search looks in, without one document per participant.
 */
export async function readStandingsPageNames(
  tournamentId: string,
): Promise<Array<{ participantId: string; name: string }>> {
  const snap = await getDocs(col(path.standingsPages(tournamentId)));
  queryReads()(snap);
  return snap.docs
    .map((d) => d.data() as StandingsPageDoc)
    .sort((x, y) => x.page - y.page)
    .flatMap((page) => page.rows.map(({ participantId, name }) => ({ participantId, name })));
}
