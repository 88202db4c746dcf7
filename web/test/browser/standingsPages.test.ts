/**
 * Emulator Suite tier, the public standings read in pages (docs/standings-updates.md#pages), in Chromium:
 *
 * - a signed-out viewer of a 4-player tournament with round 1 scored sees the same table as the organizer (ranks,
 *   shared places, tiebreak columns, names), read from one page instead of one document per player;
 * - with 250 players, the viewer reads page 1 only (100 places), and "Show the next 100" reads page 2; the
 *   standings documents delivered are the pages shown, never the players' rows;
 * - what the signed-out standings cost in every document read: the tournament, its rounds, the status and the
 *   pages shown, no participant and no game, the same at 4 and at 250 players (so about 20 pages plus those at
 *   2,000); a name search reads the pages' names once and the found player's own game;
 * - a tournament whose pages were never built shows the rows, and its name search looks in the participants.
 *
 * Runs only inside `firebase emulators:exec` with the Hosting emulator (npm test, or
 * `npx tsx --conditions=source scripts/emulators/test.ts web/test/browser/standingsPages.test.ts`).
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { type SeededTournament, adminFirestore, call, seedTournament, waitFor } from '../../../testing/stack.js';
import { pageRebuildDue, STANDINGS_PAGE_INTERVAL_MS } from '@competition/engine';
import { DESKTOP, WAIT_MS } from './driver.js';
import { browserSuite, standingsReads as reads, storedStandingsPage } from './harness.js';

/** Rank, name and every figure of each row, as a person reads the table. */
const tableRows = (page: Page) =>
  page.$$eval('table.standings tbody tr', (rows) =>
    rows.map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent?.trim() ?? '').join(' | ')),
  );
/** Every document the page's listeners received from the server, by collection (what the visit is billed). */
const documentReads = (page: Page) =>
  page.evaluate(() => {
    const counted = (globalThis as { __documentReads?: { byCollection: Record<string, number> } }).__documentReads;
    return { ...counted?.byCollection };
  });
/**
 * A signed-out viewer's standings: the tournament, its one round, whether an update runs, and the pages shown. Each
 * is its own listener, so the table can show before the status is counted: the counts are polled.
 */
const standingsOpen = (pages: number) => ({ tournaments: 1, rounds: 1, status: 1, standingsPages: pages });

browserSuite(import.meta.url, 'the public standings in pages', (web) => {
  let seeded: SeededTournament;

  beforeAll(async () => {
    seeded = await seedTournament(web.emulators, { label: 'pages', players: 4 });
  });

  const pageDoc = (n: number) => storedStandingsPage(seeded.tournamentId, n);

  async function spectator(label: string): Promise<Page> {
    const page = await web.openPage(DESKTOP, label);
    await page.goto(`${web.site}/#/t/${seeded.tournamentId}/standings`);
    await page.locator('table.standings').waitFor();
    return page;
  }

  it('a signed-out viewer sees the same standings as the organizer, from one page', async () => {
    const [first, second] = seeded.round1;
    for (const [matchUp, a, b] of [
      [first!, 5, 2],
      [second!, 4, 4],
    ] as const)
      await call(
        web.emulators,
        'recordScore',
        {
          tournamentId: seeded.tournamentId,
          matchUpId: matchUp.matchUpId,
          result: { kind: 'PLAYED', score: { a, b } },
        },
        seeded.organizer,
      );
    await waitFor(
      'the page holding both results',
      () => pageDoc(1),
      (doc) => doc?.rows.filter((r) => r.wins + r.draws + r.losses > 0).length === 4,
    );

    const desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${seeded.tournamentId}/standings`);
    await expect.poll(() => tableRows(desk), { timeout: WAIT_MS }).toHaveLength(4);
    await expect.poll(() => desk.locator('td[data-field="wdl"]', { hasText: '0-1-0' }).count()).toBe(2);

    const viewer = await spectator('spectator-small');
    await expect.poll(() => tableRows(viewer), { timeout: WAIT_MS }).toEqual(await tableRows(desk));
    expect(await tableRows(viewer)).toContainEqual(expect.stringMatching(/^2= \| /));
    expect(await reads(viewer)).toEqual({ pages: 1, rows: 0 });
    await expect.poll(() => documentReads(viewer)).toEqual(standingsOpen(1));
    // The organizer of a small field still reads the players' rows, ranked on the device.
    expect((await reads(desk)).rows).toBe(4);
    await web.shot(viewer, 'pages-spectator-small-desktop');
  });

  it('250 players: page 1 is read, then page 2 on demand, never a row per player', async () => {
    const late = Array.from({ length: 246 }, (_, i) => ({
      participantId: `late${i + 1}`,
      name: `Late Entry ${i + 1}`,
      rating: 1500 - i,
    }));
    await call(
      web.emulators,
      'addParticipants',
      { tournamentId: seeded.tournamentId, participants: late },
      seeded.organizer,
    );
    await waitFor(
      'three pages holding the 250 players',
      async () => [await pageDoc(1), await pageDoc(3)] as const,
      ([one, three]) => one?.count === 3 && three?.rows.length === 50,
    );

    const viewer = await spectator('spectator-large');
    await expect.poll(() => tableRows(viewer), { timeout: WAIT_MS }).toHaveLength(100);
    const more = viewer.locator('.standings-more');
    expect(await more.textContent()).toContain('Showing places 1–100 of 250.');
    expect(await reads(viewer)).toEqual({ pages: 1, rows: 0 });
    // 250 players cost the same to open as 4: no document per participant, none per game.
    await expect.poll(() => documentReads(viewer)).toEqual(standingsOpen(1));
    await web.shot(viewer, 'pages-spectator-page1-desktop');

    await more.getByRole('button', { name: 'Show the next 100' }).click();
    await expect.poll(() => tableRows(viewer), { timeout: WAIT_MS }).toHaveLength(200);
    expect(await more.textContent()).toContain('Showing places 1–200 of 250.');
    expect(await reads(viewer)).toEqual({ pages: 2, rows: 0 });
    // The places run on across the pages: rows 99 to 102 show the ranks the backend gave them, shared places too.
    const ranks = await viewer.$$eval('table.standings td.rank', (cells) => cells.map((c) => c.textContent));
    const stored = [...(await pageDoc(1))!.rows.slice(98), ...(await pageDoc(2))!.rows.slice(0, 2)];
    expect(ranks.slice(98, 102)).toEqual(stored.map((r) => `${r.rank}${r.sharedRank ? '=' : ''}`));
    expect(ranks.slice(98, 102).every((rank) => rank?.endsWith('='))).toBe(true);

    await more.getByRole('button', { name: 'Show the next 50' }).click();
    await expect.poll(() => tableRows(viewer), { timeout: WAIT_MS }).toHaveLength(250);
    expect(await reads(viewer)).toEqual({ pages: 3, rows: 0 });
    await expect.poll(() => documentReads(viewer)).toEqual(standingsOpen(3));
    expect(await more.getByRole('button').count()).toBe(0);
    await web.shot(viewer, 'pages-spectator-all-desktop');
  });

  it('a tournament whose pages were never built: the rows are shown, and the search finds a player', async () => {
    const older = await seedTournament(web.emulators, { label: 'pages-missing', players: 4 });
    const pagesOf = () => adminFirestore().collection(`tournaments/${older.tournamentId}/standingsPages`);
    await waitFor(
      "the entries' page",
      () => pagesOf().get(),
      (snap) => snap.size === 1,
    );
    // A rebuild asked for by the last change is due at the end of its interval (pageRebuildDue): the pages are
    // taken away only once that time and one more interval to run it have passed, or it would build them again.
    const quiet = pageRebuildDue(Date.now()) + STANDINGS_PAGE_INTERVAL_MS;
    await expect.poll(() => Date.now(), { timeout: 2 * STANDINGS_PAGE_INTERVAL_MS + WAIT_MS }).toBeGreaterThan(quiet);
    for (const doc of (await pagesOf().get()).docs) await doc.ref.delete();

    const viewer = await web.openPage(DESKTOP, 'spectator-no-pages');
    await viewer.goto(`${web.site}/#/t/${older.tournamentId}/standings`);
    await expect.poll(() => tableRows(viewer), { timeout: WAIT_MS }).toHaveLength(4);
    await viewer.getByLabel("Player's name").fill('player 2');
    const found = viewer.getByRole('list', { name: 'Players found' });
    await expect.poll(() => found.locator('li').count(), { timeout: WAIT_MS }).toBe(1);
    expect(await found.locator('a').first().textContent()).toBe('Player 2');
    await expect
      .poll(() => found.locator('.open-game').textContent(), { timeout: WAIT_MS })
      .toMatch(/Round 1 · Table \d+ · against Player \d/);
    await web.shot(viewer, 'pages-missing-search-desktop');
  });

  it('a spectator finds a player by name and their game, reading the pages and that one game', async () => {
    const viewer = await spectator('spectator-search');
    await expect.poll(() => tableRows(viewer), { timeout: WAIT_MS }).toHaveLength(100);
    const opened = await documentReads(viewer);
    expect(opened).toEqual(standingsOpen(1));

    await viewer.getByLabel("Player's name").fill('player 3');
    const found = viewer.getByRole('list', { name: 'Players found' });
    await expect.poll(() => found.locator('li').count(), { timeout: WAIT_MS }).toBe(1);
    const line = found.locator('.open-game');
    await expect
      .poll(() => line.textContent(), { timeout: WAIT_MS })
      .toMatch(/Round 1 · Table \d+ · against Player \d/);
    await web.shot(viewer, 'pages-spectator-search-desktop');
    // The three pages again for their names (page 1 is read twice: once by the table, once by the search), and the
    // player's game by its two sides: one game, one empty answer.
    await expect
      .poll(() => documentReads(viewer))
      .toEqual({
        ...standingsOpen(1 + 3),
        matchUps: 1,
        '(empty answers)': 1,
      });
  });
});
