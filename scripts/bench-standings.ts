/**
 * npm run --silent bench:standings -- [--players 385] [--writes 30] [--reference 16] [--played 0]
 *
 * (EMULATOR_PORT_OFFSET=10000 in front moves the emulators' ports, as for scripts/emulators/test.ts.)
 *
 * The standings target, measured: "a standings table of 385 players re-renders within 1 s of a score arriving". On the
 * official Emulator Suite (started here through emulators:exec, with Hosting serving web/dist, when none runs):
 * two running REDEMPTION tournaments (PER_MATCHUP, the product's default Swiss) are seeded through the callables,
 * one of `--players` and one of `--reference` players, with `--played` rounds already scored and the next one
 * paired. Each one's standings screen is opened in headless Chromium as a spectator sees it (the screen needs no
 * account), and then, alternately in the two, W results are written with firebase-admin (the players' phones)
 * into the open round's first eight games in turn, 5-3 then 3-5 on each one's next visit, so that the first
 * player's row really changes every time.
 *
 * For each write, measured from the commit (Date.now() in Node as update() resolves; the page's Date.now() reads
 * the same clock):
 * - scoreToRowMs: until the page's MutationObserver (installed on the standings table before the write) sees the
 *   player's row show the new games score: backend trigger, snapshot to the browser, React render and commit.
 * - scoreToStoredMs: until a firebase-admin listener in this process sees the stored standings row change: the
 *   backend's share (trigger and transaction), without the browser.
 * - renderTaskMs: the longest main-thread task of the page between the write and the row showing (the Long Tasks
 *   API: only tasks over 50 ms are reported, so 0 means every task was shorter): the snapshot's processing,
 *   ranking and React's render and commit run in one such task.
 * The reference tournament is the peer measured in the same run: what its numbers share with the big one's is the
 * backend and the machine, what they do not is the cost of the big table. Prints one JSON line.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { getApps, initializeApp } from 'firebase-admin/app';
import { FieldValue } from 'firebase-admin/firestore';
import { type Browser, type Page, chromium } from 'playwright-core';
import { EMULATED_SERVICE_ACCOUNT, firestore } from '../functions/src/firebase/app.js';
import { refs } from '../functions/src/firebase/refs.js';
import { type MatchUpDoc, paths } from '@competition/engine/schemas';
import { PROJECT_ID, discoverEmulators, origin } from '../testing/emulatorEnv.js';
import { simulatedField, simulatedScore } from '@competition/engine';
import { benchCli, measureInEmulators, percentile, printResult, progress, round1 } from './lib/benchCli.js';
import { type EmulatorHosts, type Person, signUp } from './lib/emulatorClients.js';

const USAGE = 'usage: npm run --silent bench:standings -- [--players 385] [--writes 30] [--reference 16] [--played 0]';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The standings table's re-render target. */
const TARGET_MS = 1000;
/** The number of Swiss rounds for 385 players (docs/pairing.md#rounds). */
const TOTAL_ROUNDS = 9;
/** Games whose results are written, in turn: a 16-player round has eight. */
const GAMES_CYCLED = 8;
/** addParticipants takes at most this many entries per call (functions/engine/src/model/requests.ts). */
const ENTRIES_PER_CALL = 1000;
const LOAD_MS = 120_000;
const WRITE_MS = 60_000;
/** After each row is seen: the trailing snapshots of the write (states, applied marker) land before the next. */
const SETTLE_MS = 300;

const { intFlag } = benchCli(USAGE);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summary(xs: readonly number[]) {
  const sorted = [...xs].sort((a, b) => a - b);
  return { p50: round1(percentile(sorted, 50)), p95: round1(percentile(sorted, 95)), max: round1(sorted.at(-1) ?? 0) };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------- the page's side

/**
 * Installed in the page (as source: tsx's name-keeping helpers do not exist there). `arm` starts watching the
 * standings table for one row's games cell to read `expected`; `result` waits for it and returns when it was seen
 * (the page's Date.now()) and the longest task the Long Tasks API reported since arming.
 */
const PROBE = `(() => {
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      longTasks.push({ at: performance.timeOrigin + entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: false });
  let pending = null;
  let armedAt = 0;
  globalThis.standingsProbe = {
    arm(participantId, expected) {
      const table = document.querySelector('table.standings');
      const selector = 'tr[data-participant="' + participantId + '"] td[data-field="games"]';
      const shown = () => table.querySelector(selector)?.textContent;
      if (shown() === expected) throw new Error('row ' + participantId + ' already shows ' + expected);
      armedAt = Date.now();
      pending = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (shown() !== expected) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(table, { subtree: true, childList: true, characterData: true, attributes: true });
      });
    },
    async result() {
      const seenAt = await pending;
      // A long task is reported once it has ended: the one that committed the row ends right after the observer.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const during = longTasks.filter((t) => t.at + t.duration >= armedAt && t.at <= seenAt);
      return { seenAt, longestTaskMs: Math.max(0, ...during.map((t) => t.duration)) };
    },
  };
})()`;

interface ProbeGlobals {
  standingsProbe: {
    arm(participantId: string, expected: string): void;
    result(): Promise<{ seenAt: number; longestTaskMs: number }>;
  };
}

// ---------------------------------------------------------------- seeding

/** One cycled game: its matchUp, and its first player's games score before the bench wrote anything into it. */
interface Cycled {
  matchUp: MatchUpDoc;
  won: number;
  lost: number;
  visits: number;
}

interface Bench {
  label: string;
  players: number;
  tournamentId: string;
  games: Cycled[];
  page?: Page;
  scoreToRowMs: number[];
  scoreToStoredMs: number[];
  renderTaskMs: number[];
}

/**
 * A running REDEMPTION tournament of `players` through the callables: `played` rounds paired and scored (simulated
 * results written all at once, as bench:backend does, each round's results applied before the next is paired),
 * then the next round paired and its byes applied.
 */
async function seed(organizer: Person, label: string, players: number, played: number): Promise<Bench> {
  const started = Date.now();
  const { clubId } = await organizer.call<{ clubId: string }>('createClub', { name: `Bench ${label} Club` });
  const { championshipId } = await organizer.call<{ championshipId: string }>('createChampionship', {
    name: `Bench ${label} League`,
    clubIds: [clubId],
  });
  const { tournamentId } = await organizer.call<{ tournamentId: string }>('createTournament', {
    championshipId,
    date: '2026-01-01',
    description: `Standings bench, ${players} players`,
    hostClubId: clubId,
    policy: 'REDEMPTION',
    pairing: { method: 'SWISS', options: {} },
    totalRounds: TOTAL_ROUNDS,
  });
  const field = simulatedField(players, players);
  const byId = new Map(field.map((p) => [p.id, p]));
  const entries = field.map((p, i) => ({ participantId: p.id, name: `Player ${i + 1}`, rating: p.rating }));
  for (let i = 0; i < entries.length; i += ENTRIES_PER_CALL)
    await organizer.call('addParticipants', { tournamentId, participants: entries.slice(i, i + ENTRIES_PER_CALL) });
  const typed = refs(firestore());
  let round: MatchUpDoc[] = [];
  for (let roundNumber = 1; roundNumber <= played + 1; roundNumber++) {
    await organizer.call('generateNextRound', { tournamentId, requestId: `bench-${label}-r${roundNumber}` });
    round = (await typed.matchUps(tournamentId).where('roundNumber', '==', roundNumber).get()).docs
      .map((d) => d.data())
      .sort((x, y) => x.order - y.order);
    const games = round.filter((m) => m.b !== null);
    const scored = roundNumber <= played ? games : [];
    await Promise.all(
      scored.map((m) =>
        typed.matchUp(tournamentId, m.matchUpId).update({
          result: simulatedScore(players, roundNumber, byId.get(m.a)!, byId.get(m.b!)!),
          scoredBy: 'EDITOR',
          scoredAt: FieldValue.serverTimestamp(),
        }),
      ),
    );
    const done = [...round.filter((m) => m.b === null), ...scored].map((m) => m.matchUpId);
    await withTimeout(applied(tournamentId, done), LOAD_MS, `${label}: the results of round ${roundNumber} applied`);
  }
  const games = await Promise.all(
    round
      .filter((m) => m.b !== null)
      .slice(0, GAMES_CYCLED)
      .map(async (matchUp) => {
        const row = (await typed.standing(tournamentId, matchUp.a).get()).data();
        return { matchUp, won: row?.pointsWon ?? 0, lost: row?.pointsLost ?? 0, visits: 0 };
      }),
  );
  progress(
    `${label}: ${players} players, ${played} rounds played and round ${played + 1} paired (${round.length} ` +
      `matchUps) in ${Date.now() - started} ms`,
  );
  return { label, players, tournamentId, games, scoreToRowMs: [], scoreToStoredMs: [], renderTaskMs: [] };
}

/** Resolves once the score trigger has applied a result for each of `matchUpIds`. */
function applied(tournamentId: string, matchUpIds: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = firestore()
      .collection(paths.appliedMarkers(tournamentId))
      .onSnapshot((snap) => {
        const done = new Set(snap.docs.filter((d) => d.get('result') !== null).map((d) => d.id));
        if (matchUpIds.every((id) => done.has(id))) {
          stop();
          resolve();
        }
      }, reject);
  });
}

// ---------------------------------------------------------------- the browser

/** The Hosting emulator's address, from the hub (it serves web/dist). */
async function hostingOrigin(hub: { host: string; port: number }): Promise<string> {
  const listed = (await (await fetch(`${origin(hub)}/emulators`)).json()) as Record<
    string,
    { host?: string; port?: number } | undefined
  >;
  const hosting = listed.hosting;
  if (!hosting?.port) throw new Error('the Hosting emulator is not running: web/dist was not built before it started');
  const host = !hosting.host || hosting.host === '0.0.0.0' ? '127.0.0.1' : hosting.host;
  return origin({ host, port: hosting.port });
}

const standingsOf = (site: string, bench: Bench) => `${site}/#/t/${bench.tournamentId}/standings`;

/** Waits until the page's standings table has a row for every player of `bench`. */
async function allRows(page: Page, bench: Bench): Promise<void> {
  const rows = `document.querySelectorAll('table.standings tbody tr').length === ${bench.players}`;
  await page.waitForFunction(rows, null, { timeout: LOAD_MS }).catch(async (error: unknown) => {
    const shown = (await page.locator('main').innerText()).slice(0, 600);
    throw new Error(`${bench.label}: the standings screen never showed ${bench.players} rows; it shows: ${shown}`, {
      cause: error,
    });
  });
}

/**
 * Opens the standings screen of `bench` and waits for every row. With `via`, the page shows that (small)
 * tournament's standings first and then follows a link to these: the Firestore emulator sometimes loses the head
 * of a listen stream whose first results are ready before the browser's back channel is attached (the channel
 * then starts at message 781 or so, the targets never become current and the screen stays on "Loading" for
 * good), which a big first screen makes likely; the production backend does not do this. Once the channel is
 * attached, the big screen's listens are added to it like any later ones.
 */
async function openStandings(browser: Browser, site: string, bench: Bench, via?: Bench): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => progress(`${bench.label} page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') progress(`${bench.label} console error: ${message.text()}`);
  });
  if (via) {
    await page.goto(standingsOf(site, via));
    await allRows(page, via);
  }
  const started = Date.now();
  await page.goto(standingsOf(site, bench));
  await allRows(page, bench);
  await page.evaluate(PROBE);
  progress(`${bench.label}: standings screen shows ${bench.players} rows, ${Date.now() - started} ms after opening`);
  return page;
}

// ---------------------------------------------------------------- one write

/** Resolves with Date.now() once the stored standings row of `participantId` reads `won`-`lost` in game points. */
function storedRow(tournamentId: string, participantId: string, won: number, lost: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const stop = firestore()
      .doc(paths.standing(tournamentId, participantId))
      .onSnapshot((snap) => {
        if (snap.get('pointsWon') !== won || snap.get('pointsLost') !== lost) return;
        const now = Date.now();
        stop();
        resolve(now);
      }, reject);
  });
}

async function writeOnce(bench: Bench, index: number): Promise<void> {
  const page = bench.page!;
  const game = bench.games[index % bench.games.length]!;
  const { matchUp } = game;
  const [a, b] = game.visits % 2 === 0 ? [5, 3] : [3, 5];
  game.visits += 1;
  const [won, lost] = [game.won + a, game.lost + b];
  await page.evaluate(([id, text]) => (globalThis as unknown as ProbeGlobals).standingsProbe.arm(id, text), [
    matchUp.a,
    `${won}–${lost}`,
  ] as const);
  const stored = storedRow(bench.tournamentId, matchUp.a, won, lost);
  // Subscribed before the write: its first snapshot must be the row as it was, not a race with the trigger.
  await sleep(50);
  await refs(firestore())
    .matchUp(bench.tournamentId, matchUp.matchUpId)
    .update({
      result: { kind: 'PLAYED', score: { a, b } },
      scoredBy: 'EDITOR',
      scoredAt: FieldValue.serverTimestamp(),
    });
  const committed = Date.now();
  const what = `${bench.label} write ${index + 1} (${matchUp.matchUpId} ${a}-${b})`;
  const [seen, storedAt] = await Promise.all([
    withTimeout(
      page.evaluate(() => (globalThis as unknown as ProbeGlobals).standingsProbe.result()),
      WRITE_MS,
      `${what}: the row on screen`,
    ),
    withTimeout(stored, WRITE_MS, `${what}: the stored row`),
  ]);
  bench.scoreToRowMs.push(seen.seenAt - committed);
  bench.scoreToStoredMs.push(storedAt - committed);
  bench.renderTaskMs.push(seen.longestTaskMs);
  progress(
    `${what}: stored +${storedAt - committed} ms, on screen +${seen.seenAt - committed} ms, longest task ${round1(seen.longestTaskMs)} ms`,
  );
  await sleep(SETTLE_MS);
}

// ---------------------------------------------------------------- the run

async function bench(players: number, writes: number, reference: number, played: number): Promise<void> {
  const started = Date.now();
  const loadBefore = loadavg()[0]!;
  if (!getApps().length) initializeApp({ projectId: PROJECT_ID, serviceAccountId: EMULATED_SERVICE_ACCOUNT });
  const { auth, firestore: store, functions, hub } = await discoverEmulators();
  const hosts: EmulatorHosts = {
    host: auth.host,
    auth: auth.port,
    firestore: store.port,
    functions: functions.port,
    projectId: PROJECT_ID,
  };
  const site = await hostingOrigin(hub);
  const organizer = await signUp(hosts, `bench-standings-${Date.now()}@example.com`);
  const big = await seed(organizer, 'big', players, played);
  const small = await seed(organizer, 'reference', reference, played);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    big.page = await openStandings(browser, site, big, small);
    small.page = await openStandings(browser, site, small);
    // Alternately, so that both tables see the same machine load.
    for (let i = 0; i < writes; i++) {
      await writeOnce(big, i);
      await writeOnce(small, i);
    }
  } finally {
    await browser.close();
    await organizer.close();
  }
  const measured = (b: Bench) => ({
    players: b.players,
    scoreToRowMs: summary(b.scoreToRowMs),
    scoreToStoredMs: summary(b.scoreToStoredMs),
    renderTaskMs: summary(b.renderTaskMs),
  });
  const line = {
    ...measured(big),
    writes,
    roundsPlayedBefore: played,
    targetMs: TARGET_MS,
    targetMet: summary(big.scoreToRowMs).p95 <= TARGET_MS,
    reference: measured(small),
    ratioP50: Math.round((summary(big.scoreToRowMs).p50 / Math.max(1, summary(small.scoreToRowMs).p50)) * 100) / 100,
    loadAverage1m: { before: round1(loadBefore), after: round1(loadavg()[0]!) },
    wallSeconds: round1((Date.now() - started) / 1000),
  };
  printResult(line);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      players: { type: 'string' },
      writes: { type: 'string' },
      reference: { type: 'string' },
      played: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const players = intFlag('players', values.players, 385, 2 * GAMES_CYCLED, 1000);
  const writes = intFlag('writes', values.writes, 30, 1, 1000);
  const reference = intFlag('reference', values.reference, 16, 2 * GAMES_CYCLED, 1000);
  const played = intFlag('played', values.played, 0, 0, TOTAL_ROUNDS - 1);
  if (process.env.FIREBASE_EMULATOR_HUB) return bench(players, writes, reference, played);
  process.exitCode = await measureInEmulators('scripts/bench-standings.ts', { hosting: true });
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
