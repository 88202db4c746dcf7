/**
 * The browser suites' harness. `browserSuite` declares a suite that needs the Emulator Suite and Chromium: it says
 * why it skips when the emulators are absent, finds them and Hosting's origin, starts the driver (driver.ts) and
 * closes everything after, so that a file adds only its own seeding. The rest is what several suites do the same
 * way: signing in through the dashboard's own sign-in screen, a player's phone on the play tab, an organizer at
 * their championship, and what the backend stored, read with firebase-admin past the rules.
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  type MatchUpDoc,
  paths,
  type RoundDoc,
  type StandingsPageDoc,
  type TournamentDoc,
} from '@competition/engine/schemas';
import {
  type Account,
  type Emulators,
  type SeededParticipant,
  type SeededTournament,
  type SeedOptions,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  seedTournament,
  signUp,
  whyNoEmulators,
} from '../../../testing/stack.js';
import { DESKTOP, type Driver, PHONE, expectOk, freshStatus, hostingOrigin, shot, startDriver } from './driver.js';

export interface Viewport {
  width: number;
  height: number;
}

/** What a browser suite's body is handed. The emulators, the site and the driver exist once its beforeAll ran. */
export interface BrowserSuite {
  readonly emulators: Emulators;
  /** The dashboard's origin, as the Hosting emulator serves it. */
  readonly site: string;
  readonly driver: Driver;
  openPage(viewport: Viewport, label: string): Promise<Page>;
  /**
   * A new page signed in through the sign-in screen, which then opens `next` (a path of the app such as
   * `/t/<tournamentId>/organize`, or Home without one). The caller waits for what that screen shows.
   */
  signedIn(
    viewport: Viewport,
    label: string,
    account: Pick<Account, 'email' | 'password'>,
    next?: string,
  ): Promise<Page>;
  /** A player's phone signed in on the tournament's play tab, once it shows their game's score form. */
  playerPhone(tournamentId: string, player: SeededParticipant, label?: string): Promise<Page>;
  /**
   * A new organizer with a club and a championship, signed in on a desktop page that shows the championship
   * (where a tournament is created).
   */
  organizerAtChampionship(setup: {
    label: string;
    password: string;
    club: string;
    championship: string;
  }): Promise<{ organizer: Account; clubId: string; championshipId: string; desk: Page }>;
  /** A full-page screenshot into web/test/screenshots/<name>.png. */
  shot(page: Page, name: string): Promise<Buffer>;
}

/**
 * Declares a suite of the browser tier: `file` is the test file's `import.meta.url` (it names the file when the
 * suite skips). The body declares the file's own hooks and tests, which run after the harness's beforeAll.
 */
export function browserSuite(file: string, title: string, body: (web: BrowserSuite) => void): void {
  const skipReason = whyNoEmulators();
  if (skipReason) console.warn(`[${basename(fileURLToPath(file))}] skipped: ${skipReason}`);
  describe.skipIf(Boolean(skipReason))(title, () => {
    let emulators: Emulators | undefined;
    // A suite that never opens the dashboard (the Web SDK's own page) must not fail for want of Hosting: the
    // error waits until the site is asked for.
    let site: string | Error | undefined;
    let driver: Driver | undefined;

    beforeAll(async () => {
      emulators = await discoverEmulators();
      site = await hostingOrigin().catch((error: unknown) =>
        error instanceof Error ? error : new Error(String(error)),
      );
      driver = await startDriver();
    });

    afterAll(async () => {
      await driver?.close();
      await closeAdmin();
    });

    const ready = <T>(value: T | undefined, what: string): T => {
      if (value === undefined)
        throw new Error(`${what}: not there before the suite's beforeAll ran (read it in a hook or a test)`);
      return value;
    };

    const web: BrowserSuite = {
      get emulators() {
        return ready(emulators, 'the emulators');
      },
      get site() {
        if (site instanceof Error) throw site;
        return ready(site, "Hosting's origin");
      },
      get driver() {
        return ready(driver, 'the driver');
      },
      openPage: (viewport, label) => web.driver.openPage(viewport, label),
      async signedIn(viewport, label, account, next) {
        const page = await web.openPage(viewport, label);
        await signInThrough(page, web.site, account, next);
        return page;
      },
      async playerPhone(tournamentId, player, label = player.name) {
        const page = await web.signedIn(PHONE, label, player.account, `/t/${tournamentId}/play`);
        await page.locator('.my-game .score-form').waitFor();
        return page;
      },
      async organizerAtChampionship(setup) {
        const organizer = await signUp(web.emulators, `${setup.label}-${Date.now()}@example.com`, setup.password);
        const { clubId, championshipId } = await clubAndChampionship(web.emulators, organizer, setup);
        const desk = await web.signedIn(DESKTOP, 'organizer', organizer, `/championships/${championshipId}`);
        await desk.getByRole('heading', { name: setup.championship }).waitFor();
        return { organizer, clubId, championshipId, desk };
      },
      shot,
    };

    body(web);
  });
}

// ---------------------------------------------------------------- the dashboard's own screens

/**
 * Signs in on the sign-in screen as a person would (typing, then Enter); the app then opens `next`, a path of the
 * app such as `/t/<tournamentId>/organize`, or Home without one. The caller waits for what that screen shows.
 */
async function signInThrough(
  page: Page,
  site: string,
  account: Pick<Account, 'email' | 'password'>,
  next?: string,
): Promise<void> {
  await page.goto(`${site}/#/signin${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByLabel('Password').press('Enter');
}

/** Creates an account on the sign-in screen the page shows, and waits until the app shows it signed in. */
export async function signUpThrough(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.locator('.who').waitFor();
}

/** Types a score into one table's row of the Rounds tab (the names as its boxes are labelled), saves it, and waits. */
/**
 * Types a best of three's games won by each side and its drawn games on a player's phone (the card of their current
 * game, table `order + 1`), and saves.
 */
export async function enterGamesOnPhone(
  phone: Page,
  game: { order: number },
  [a, b, draws]: [number, number, number],
): Promise<void> {
  const form = phone.locator('.my-game .score-form');
  await form.locator('input[name="a"]').fill(String(a));
  await form.locator('input[name="b"]').fill(String(b));
  await form.getByLabel(`Drawn games, table ${game.order + 1}`).fill(String(draws));
  await form.getByRole('button', { name: `Save the result of table ${game.order + 1}` }).click();
  await expectOk(form);
}

export async function enterScore(row: Locator, names: [string, string], score: [number, number]): Promise<void> {
  await freshStatus(row);
  await row.getByRole('spinbutton', { name: `Game points of ${names[0]}`, exact: true }).fill(String(score[0]));
  await row.getByRole('spinbutton', { name: `Game points of ${names[1]}`, exact: true }).fill(String(score[1]));
  await row.getByRole('button', { name: /^Save the result/ }).click();
  await expectOk(row);
}

/**
 * One game's result picked from its choices (chess, Go: docs/results.md#results-in-the-games-words), by game points
 * from side a's point of view: 1-0, ½-½ or 0-1.
 */
export async function pickResult(row: Locator, score: [number, number]): Promise<void> {
  await freshStatus(row);
  const index = score[0] > score[1] ? 0 : score[0] === score[1] ? 1 : 2;
  await row.getByRole('combobox', { name: /^Result of table / }).selectOption(String(index));
  await row.getByRole('button', { name: /^Save the result/ }).click();
  await expectOk(row);
}

/** The standings documents the page's listeners delivered from the server: pages, and per-player rows. */
export const standingsReads = (page: Page) =>
  page.evaluate(() => ({ ...(globalThis as { __standingsReads?: { pages: number; rows: number } }).__standingsReads }));

// ---------------------------------------------------------------- made through the callables

/** A club and a championship it runs, both the organizer's, made through the callables. */
async function clubAndChampionship(
  emulators: Emulators,
  organizer: Account,
  names: { club: string; championship: string },
): Promise<{ clubId: string; championshipId: string }> {
  const { clubId } = await call<{ clubId: string }>(emulators, 'createClub', { name: names.club }, organizer);
  const { championshipId } = await call<{ championshipId: string }>(
    emulators,
    'createChampionship',
    { name: names.championship, clubIds: [clubId] },
    organizer,
  );
  return { clubId, championshipId };
}

/**
 * A seeded tournament (`seedTournament`), seeded again once under a new label if the first try fails: a cold
 * Functions emulator on a busy machine can miss the call timeout once, and a second seed starts afresh.
 */
export async function seedTwice(
  emulators: Emulators,
  options: SeedOptions & { players: number },
): Promise<SeededTournament> {
  return seedTournament(emulators, options).catch((error: unknown) => {
    console.warn(`[${options.label}] seeding again after: ${String(error)}`);
    return seedTournament(emulators, { ...options, label: `${options.label}-again` });
  });
}

// ---------------------------------------------------------------- as stored (firebase-admin, past the rules)

/** Every document of one of a tournament's collections as stored. */
export async function storedIn<T>(tournamentId: string, collection: string): Promise<T[]> {
  const snap = await adminFirestore().collection(`tournaments/${tournamentId}/${collection}`).get();
  return snap.docs.map((d) => d.data() as T);
}

/** Every matchUp of a tournament, by round and then by table. */
export async function storedMatchUps(tournamentId: string): Promise<MatchUpDoc[]> {
  return (await storedIn<MatchUpDoc>(tournamentId, 'matchUps')).sort(
    (x, y) => x.roundNumber - y.roundNumber || x.order - y.order,
  );
}

/** The matchUps of one round, by table. */
export async function roundMatchUps(tournamentId: string, roundNumber: number): Promise<MatchUpDoc[]> {
  const snap = await adminFirestore()
    .collection(paths.matchUps(tournamentId))
    .where('roundNumber', '==', roundNumber)
    .get();
  return snap.docs.map((d) => d.data() as MatchUpDoc).sort((x, y) => x.order - y.order);
}

export async function storedTournament(tournamentId: string): Promise<TournamentDoc> {
  return (await adminFirestore().doc(paths.tournament(tournamentId)).get()).data() as TournamentDoc;
}

export async function storedRound(tournamentId: string, roundNumber: number): Promise<RoundDoc> {
  return (await adminFirestore().doc(paths.round(tournamentId, roundNumber)).get()).data() as RoundDoc;
}

/** One page of the public standings, or undefined before the backend built it. */
export async function storedStandingsPage(tournamentId: string, page: number): Promise<StandingsPageDoc | undefined> {
  return (await adminFirestore().doc(paths.standingsPage(tournamentId, page)).get()).data() as
    StandingsPageDoc | undefined;
}
