/**
 * The set-up the browser suites share: signing in through the dashboard's own sign-in screen, and an organizer's
 * club and championship made through the callables (the suites then create their tournaments in the page or by call).
 */
import type { Page } from 'playwright-core';
import {
  type Account,
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  seedTournament,
  signUp,
} from '../../../functions/test/emulators/stack.js';
import { DESKTOP, type Driver, startDriver } from './driver.js';

/**
 * Signs in on the sign-in screen as a person would (typing, then Enter); the app then opens `next`, a path of the
 * app such as `/t/<tournamentId>/organize`, or Home without one. The caller waits for what that screen shows.
 */
export async function signInThrough(
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

/** A club and a championship it runs, both the organizer's, made through the callables. */
export async function clubAndChampionship(
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
 * A new organizer with a club and a championship, signed in on a desktop page that shows the championship (where a
 * tournament is created). The caller closes the driver.
 */
export async function organizerAtChampionship(
  emulators: Emulators,
  site: string,
  setup: { label: string; password: string; club: string; championship: string },
): Promise<{ organizer: Account; clubId: string; championshipId: string; driver: Driver; desk: Page }> {
  const organizer = await signUp(emulators, `${setup.label}-${Date.now()}@example.com`, setup.password);
  const { clubId, championshipId } = await clubAndChampionship(emulators, organizer, setup);
  const driver = await startDriver();
  const desk = await driver.openPage(DESKTOP, 'organizer');
  await signInThrough(desk, site, organizer, `/championships/${championshipId}`);
  await desk.getByRole('heading', { name: setup.championship }).waitFor();
  return { organizer, clubId, championshipId, driver, desk };
}

/** Every document of one of a tournament's collections as stored (read with the admin SDK, past the rules). */
export async function storedIn<T>(tournamentId: string, collection: string): Promise<T[]> {
  const snap = await adminFirestore().collection(`tournaments/${tournamentId}/${collection}`).get();
  return snap.docs.map((d) => d.data() as T);
}

/**
 * A seeded tournament (`seedTournament`), seeded again once under a new label if the first try fails: a cold
 * Functions emulator on a busy machine can miss the call timeout once, and a second seed starts afresh.
 */
export async function seedTwice(
  emulators: Emulators,
  options: { label: string; players: number },
): Promise<SeededTournament> {
  return seedTournament(emulators, options).catch((error: unknown) => {
    console.warn(`[${options.label}] seeding again after: ${String(error)}`);
    return seedTournament(emulators, { ...options, label: `${options.label}-again` });
  });
}
