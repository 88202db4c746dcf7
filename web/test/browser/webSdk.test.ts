/**
 * Emulator Suite tier, browser client: a page built from the stock modular Web SDK (firebase v12, bundled by
 * esbuild from ./page), served on 127.0.0.1 and driven in Chromium (playwright-core), against the Auth,
 * Functions and Firestore emulators, on a tournament seeded through the real callables (stack.ts).
 *
 * The test clicks the page's buttons as people would:
 * - a player signs in, saves the score of their matchUp, and their standings row updates live (onSnapshot);
 * - the same write, 50 times, measures score write -> standings row latency inside the browser (printed);
 * - a stranger who signed up is refused (permission-denied) and the score stays as the player left it;
 * - the organizer's "Generate next round" is refused while a game is open, then makes round 2.
 * Screenshots go to web/test/screenshots/.
 *
 * Runs only inside `firebase emulators:exec` (it says why and skips otherwise), with Chromium at
 * /usr/bin/chromium (Debian: `apt-get install chromium`) or CHROMIUM_PATH.
 */
import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MatchUpDoc } from '@competition/engine/schemas';
import {
  type Account,
  type SeededTournament,
  hostPort,
  playerOf,
  readMatchUp,
  readRow,
  seedTournament,
} from '../../../testing/stack.js';
import { WAIT_MS } from './driver.js';
import { browserSuite, roundMatchUps } from './harness.js';

const PAGE_DIR = new URL('./page/', import.meta.url);
const BENCH_WRITES = 50;

/** The page's script: main.ts and the Web SDK in one ES module, built in memory. */
async function bundlePage(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL('main.ts', PAGE_DIR))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output for the page');
  return output.text;
}

/** A static server on 127.0.0.1 and a free port: the page and its script, nothing else. */
async function servePage(script: string): Promise<{ server: Server; origin: string }> {
  const files: Record<string, { type: string; body: string }> = {
    '/index.html': { type: 'text/html; charset=utf-8', body: readFileSync(new URL('index.html', PAGE_DIR), 'utf8') },
    '/main.js': { type: 'text/javascript; charset=utf-8', body: script },
  };
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://page').pathname;
    const file = files[pathname === '/' ? '/index.html' : pathname];
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${pathname}`);
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface Status {
  state: string;
  code: string;
  text: string;
}

const played = (a: number, b: number) => ({ kind: 'PLAYED', score: { a, b } });

browserSuite(import.meta.url, 'the Web SDK in Chromium on the Emulator Suite', (web) => {
  let seeded: SeededTournament;
  let server: Server | undefined;
  let page: Page;
  const pageErrors: string[] = [];
  let game: MatchUpDoc; // round 1, board 1: `player` (side a) against `opponent`
  let other: MatchUpDoc; // round 1, board 2
  let player: Account;
  let playerId: string;
  let opponentId: string;

  beforeAll(async () => {
    const [tournament, script] = await Promise.all([
      seedTournament(web.emulators, { label: 'web', players: 4 }),
      bundlePage(),
    ]);
    seeded = tournament;
    [game, other] = seeded.round1 as [MatchUpDoc, MatchUpDoc];
    const a = playerOf(seeded, game, 'a');
    player = a.account;
    playerId = a.participantId;
    opponentId = playerOf(seeded, game, 'b').participantId;

    const served = await servePage(script);
    server = served.server;
    page = await web.openPage({ width: 1100, height: 900 }, 'Web SDK page');
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const { projectId, auth, firestore, functions } = web.emulators;
    const query = new URLSearchParams({
      project: projectId,
      tournament: seeded.tournamentId,
      auth: hostPort(auth),
      firestore: hostPort(firestore),
      functions: hostPort(functions),
    });
    await page.goto(`${served.origin}/?${query.toString()}`);
    await page.waitForSelector('#app[data-ready="true"]', { state: 'attached' });
    // The page reads round 1 from the Firestore emulator before anyone signs in: results are public.
    await page.waitForSelector(`#matchups tr[data-matchup="${other.matchUpId}"]`);
  });

  afterAll(async () => {
    if (pageErrors.length) console.warn(`[webSdk.test.ts] errors thrown in the page:\n${pageErrors.join('\n')}`);
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
    }
  });

  // ---------------------------------------------------------------- driving the page

  async function status(selector: string): Promise<Status> {
    return page.$eval(selector, (el) => ({
      state: (el as HTMLElement).dataset.state ?? '',
      code: (el as HTMLElement).dataset.code ?? '',
      text: el.textContent ?? '',
    }));
  }

  /** Clicks a button and waits for the status line it reports into to say ok or error (not a stale one). */
  async function clickAndWait(button: string, statusSelector: string, timeout = WAIT_MS): Promise<Status> {
    await page.$eval(statusSelector, (el) => {
      (el as HTMLElement).dataset.state = '';
    });
    await page.click(button);
    await page.waitForSelector(`${statusSelector}[data-state="ok"], ${statusSelector}[data-state="error"]`, {
      state: 'attached',
      timeout,
    });
    return status(statusSelector);
  }

  async function signIn(account: Account): Promise<void> {
    await signOut();
    await page.fill('#email', account.email);
    await page.fill('#password', account.password);
    const result = await clickAndWait('#sign-in', '#auth-status');
    expect(result.state, result.text).toBe('ok');
    await page.waitForSelector(`#who[data-uid="${account.uid}"]`, { state: 'attached' });
  }

  async function signOut(): Promise<void> {
    if ((await page.getAttribute('#who', 'data-uid')) === '') return;
    const result = await clickAndWait('#sign-out', '#auth-status');
    expect(result.state, result.text).toBe('ok');
    await page.waitForSelector('#who[data-uid=""]', { state: 'attached' });
  }

  async function saveScore(matchUpId: string, a: number, b: number): Promise<Status> {
    await page.waitForSelector(`#matchup option[value="${matchUpId}"]`, { state: 'attached' });
    await page.selectOption('#matchup', matchUpId);
    await page.fill('#score-a', String(a));
    await page.fill('#score-b', String(b));
    return clickAndWait('#save-score', '#score-status');
  }

  const matchUpRow = (matchUpId: string) => `#matchups tr[data-matchup="${matchUpId}"]`;

  // ---------------------------------------------------------------- what people do

  it('a player signs in, saves their score, and their standings row updates live', { timeout: 60_000 }, async () => {
    await signIn(player);
    // Who the account is arrives with its role document, a snapshot after sign-in.
    await expect.poll(() => page.textContent('#me')).toContain(`(${playerId})`);
    // Their row as addParticipants wrote it: nothing played yet.
    await page.waitForSelector(`#my-row[data-participant="${playerId}"][data-match-points="0"][data-wins="0"]`, {
      state: 'attached',
    });

    const saved = await saveScore(game.matchUpId, 5, 3);
    expect(saved, saved.text).toMatchObject({ state: 'ok' });

    // The trigger's row, pushed to the page: 5-3 reaches the target, a win, 3 match points (REDEMPTION).
    await page.waitForSelector(
      `#my-row[data-match-points="3"][data-wins="1"][data-losses="0"][data-points-won="5"][data-points-lost="3"]`,
      { state: 'attached' },
    );
    await page.waitForSelector(`#standings tr[data-participant="${opponentId}"][data-match-points="0"]`, {
      state: 'attached',
    });
    expect(await page.textContent(`${matchUpRow(game.matchUpId)} td:nth-child(5)`)).toBe('5–3');
    expect(await page.textContent(`${matchUpRow(game.matchUpId)} td:nth-child(6)`)).toBe('you');
    // The backend agrees with what the page shows.
    expect(await readRow(seeded.tournamentId, playerId)).toEqual({
      matchPoints: 3,
      wins: 1,
      losses: 0,
      draws: 0,
      pointsWon: 5,
      pointsLost: 3,
    });
    expect(await readRow(seeded.tournamentId, opponentId)).toEqual({
      matchPoints: 0,
      wins: 0,
      losses: 1,
      draws: 0,
      pointsWon: 3,
      pointsLost: 5,
    });
    await web.shot(page, 'client-player-scored');
    // The same page as the player sees it on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await web.shot(page, 'client-player-phone');
    await page.setViewportSize({ width: 1100, height: 900 });
  });

  it(
    `measures score write -> standings row onSnapshot in the browser over ${BENCH_WRITES} writes`,
    { timeout: 180_000 },
    async () => {
      await page.waitForSelector(`#who[data-uid="${player.uid}"]`, { state: 'attached' });
      await page.selectOption('#matchup', game.matchUpId);
      await page.fill('#bench-count', String(BENCH_WRITES));
      const result = await clickAndWait('#bench', '#bench-status', 170_000);
      expect(result.state, result.text).toBe('ok');
      const measured = await page.$eval('#bench-status', (el) => ({ ...(el as HTMLElement).dataset }));
      const samples = JSON.parse(measured.samples ?? '[]') as number[];
      console.log(
        `browser score->onSnapshot p50=${measured.p50} ms p95=${measured.p95} ms over ${samples.length} writes`,
      );
      expect(samples).toHaveLength(BENCH_WRITES);
      for (const sample of samples) expect(sample).toBeGreaterThan(0);
      // An even number of alternating writes ends where it began: the player's 5-3 win.
      await page.waitForSelector(`#my-row[data-match-points="3"][data-points-won="5"][data-points-lost="3"]`, {
        state: 'attached',
      });
      expect((await readMatchUp(seeded.tournamentId, game.matchUpId))?.result).toEqual(played(5, 3));
      await web.shot(page, 'client-latency');
    },
  );

  it(
    'a stranger who signed up is refused the same write, and the score stays as the player left it',
    { timeout: 60_000 },
    async () => {
      await signOut();
      const email = `stranger-${Math.random().toString(36).slice(2, 8)}@example.com`;
      await page.fill('#email', email);
      await page.fill('#password', 'a-test-password');
      const signedUp = await clickAndWait('#sign-up', '#auth-status');
      expect(signedUp.state, signedUp.text).toBe('ok');
      await page.waitForSelector('#who:not([data-uid=""])', { state: 'attached' });
      const strangerUid = await page.getAttribute('#who', 'data-uid');
      expect(seeded.participants.map((p) => p.account.uid)).not.toContain(strangerUid);
      expect(await page.textContent('#who')).toContain(email);
      expect(await page.textContent('#me')).toBe('not entered in this tournament');

      const refused = await saveScore(game.matchUpId, 0, 5);
      expect(refused, refused.text).toMatchObject({ state: 'error', code: 'permission-denied' });
      // The page's optimistic copy rolls back to the stored score...
      await page.waitForSelector(`${matchUpRow(game.matchUpId)}[data-result='${JSON.stringify(played(5, 3))}']`, {
        state: 'attached',
      });
      // ...which the backend still holds, signed by the player's side, with the standings untouched.
      const stored = await readMatchUp(seeded.tournamentId, game.matchUpId);
      expect(stored?.result).toEqual(played(5, 3));
      expect(stored?.scoredBy).toBe('SIDE_A');
      // The stranger sees who scored by role only.
      expect(await page.textContent(`${matchUpRow(game.matchUpId)} td:nth-child(6)`)).toBe('side a');
      expect(await readRow(seeded.tournamentId, playerId)).toMatchObject({ matchPoints: 3, wins: 1 });

      // Nor may the stranger run the tournament.
      const generate = await clickAndWait('#generate', '#generate-status');
      expect(generate, generate.text).toMatchObject({ state: 'error', code: 'functions/permission-denied' });
      await web.shot(page, 'client-stranger-denied');
    },
  );

  it(
    'the organizer generates round 2 once round 1 is fully scored, and it appears on the page',
    { timeout: 90_000 },
    async () => {
      await signIn(seeded.organizer);
      // Board 2 has no result: the organizer is told so, and nothing is paired.
      const early = await clickAndWait('#generate', '#generate-status');
      expect(early, early.text).toMatchObject({ state: 'error', code: 'functions/failed-precondition' });
      expect(await page.$$(`#matchups tr[data-round="2"]`)).toHaveLength(0);

      // Board 2's player scores it.
      const boardTwo = playerOf(seeded, other, 'a');
      await signIn(boardTwo.account);
      // Firestore takes the new account's token after Auth announces it: its role document, read under that token,
      // says the switch is done (a write sent before it goes as the previous account and is refused).
      await expect.poll(() => page.textContent('#me')).toContain(`(${boardTwo.participantId})`);
      const saved = await saveScore(other.matchUpId, 5, 1);
      expect(saved, saved.text).toMatchObject({ state: 'ok' });
      await page.waitForSelector(`#my-row[data-participant="${boardTwo.participantId}"][data-match-points="3"]`, {
        state: 'attached',
      });

      await signIn(seeded.organizer);
      const generated = await clickAndWait('#generate', '#generate-status');
      expect(generated, generated.text).toMatchObject({ state: 'ok', text: 'round 2 generated: 2 matchUps' });
      await page.waitForSelector('#rounds span[data-round="2"][data-status="OPEN"]', { state: 'attached' });
      await page.waitForSelector('#rounds span[data-round="1"][data-status="CLOSED"]', { state: 'attached' });
      await page.waitForSelector('#tournament[data-current-round="2"]', { state: 'attached' });
      await page.waitForFunction(() => document.querySelectorAll('#matchups tr[data-round="2"]').length === 2);
      // Round 2 is what the backend stored: two open games between players who have not met.
      const round2 = await roundMatchUps(seeded.tournamentId, 2);
      expect(round2).toHaveLength(2);
      const met = new Set(seeded.round1.map((m) => [m.a, m.b].sort().join('|')));
      for (const m of round2) {
        expect(m.result).toBeNull();
        expect(met.has([m.a, m.b].sort().join('|'))).toBe(false);
      }
      await web.shot(page, 'client-organizer-round2');
      expect(pageErrors).toEqual([]);
    },
  );
});
