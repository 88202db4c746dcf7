/**
 * Emulator Suite tier, joining in Chromium through the Hosting-served dashboard: the organizer's desk shows the
 * tournament's join link as a QR code and every entry's claim code; a 375x812 phone opens the link the QR encodes,
 * creates an account, types its claim code and writes its own score through the rules; another phone types wrong
 * codes, is refused with the tries left, then is locked out even with a right code.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchUpDoc } from '@competition/engine/model/matchUp';
import { paths } from '@competition/engine/model/paths';
import {
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  seedTournament,
  whyNoEmulators,
} from '../../../functions/test/emulators/stack.js';
import {
  DESKTOP,
  type Driver,
  PHONE,
  expectOk,
  freshStatus,
  hostingOrigin,
  outcome,
  shot,
  startDriver,
} from './driver.js';
import { signInThrough } from './setup.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[join.test.ts] skipped: ${skipReason}`);

describe.skipIf(Boolean(skipReason))('joining a tournament in Chromium', () => {
  let emulators: Emulators;
  let site: string;
  let driver: Driver;
  let seeded: SeededTournament;
  let tournamentId: string;
  let desk: Page;
  let joinUrl = '';
  const codes = new Map<string, string>();

  beforeAll(async () => {
    emulators = await discoverEmulators();
    site = await hostingOrigin();
    seeded = await seedTournament(emulators, { label: 'join', players: 4 });
    tournamentId = seeded.tournamentId;
    // The entries wait for their players: nobody is linked by account id.
    for (const { participantId } of seeded.participants)
      await call(emulators, 'linkParticipantAccount', { tournamentId, participantId, uid: null }, seeded.organizer);
    driver = await startDriver();
  }, 120_000);

  afterAll(async () => {
    await driver?.close();
    await closeAdmin();
  });

  const signUpOnPage = async (page: Page, email: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-phone-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('.who').waitFor();
  };

  it('the desk shows the join link as a QR code and each entry its claim code', { timeout: 90_000 }, async () => {
    desk = await driver.openPage(DESKTOP, 'organizer');
    await signInThrough(desk, site, seeded.organizer, `/t/${tournamentId}/organize`);
    const qr = desk.locator('img.join-qr');
    await qr.waitFor();
    joinUrl = (await qr.getAttribute('data-url')) ?? '';
    expect(joinUrl).toBe(`${site}/#/t/${tournamentId}/join`);
    // A real image, drawn by the QR library (a PNG data URL of a few hundred bytes at least).
    expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    for (const { participantId, name } of seeded.participants) {
      const row = desk.locator(`tr[data-participant="${participantId}"]`);
      await expect.poll(() => row.locator('.claim-code').textContent()).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(await row.locator('td').first().textContent()).toBe(name);
      codes.set(participantId, (await row.locator('.claim-code').textContent()) ?? '');
    }
    await driver.checkLabels(desk, 'join desk');
    await shot(desk, 'join-1-desk-qr-and-codes');
    await desk.emulateMedia({ media: 'print' });
    await shot(desk, 'join-2-desk-printed');
    await desk.emulateMedia({ media: 'screen' });
  });

  it(
    'a phone opens the link, creates an account, claims its entry and writes its own score',
    { timeout: 90_000 },
    async () => {
      const game = seeded.round1.find((m) => m.b !== null)!;
      const me = seeded.participants.find((p) => p.participantId === game.a)!;
      const phone = await driver.openPage(PHONE, 'joining player');
      await phone.goto(joinUrl);
      await phone.getByRole('heading', { name: 'Join this tournament' }).waitFor();
      await shot(phone, 'join-3-phone-signed-out');
      await phone.getByRole('link', { name: 'Sign in or create an account' }).click();
      await signUpOnPage(phone, `joiner-${Date.now()}@example.com`);
      // Back on the join screen, signed in.
      await phone.getByLabel('Your claim code').waitFor();
      await driver.checkLabels(phone, 'join');
      await phone.getByLabel('Your claim code').fill(codes.get(me.participantId)!.toLowerCase());
      await phone.getByRole('button', { name: 'Claim my entry' }).click();
      const result = await outcome(phone.locator('form'));
      expect(result).toEqual({ state: 'ok', text: `you play as ${me.name}` });
      await shot(phone, 'join-4-phone-claimed');

      await phone.getByRole('button', { name: 'Go to my game' }).click();
      const card = phone.locator('.my-game');
      await expect.poll(() => card.locator('.game-head').textContent()).toBe('Round 1 · Table 1');
      await card.getByRole('spinbutton').nth(0).fill('5');
      await card.getByRole('spinbutton').nth(1).fill('2');
      await card.getByRole('spinbutton').nth(1).press('Enter');
      await expectOk(card);
      await shot(phone, 'join-5-phone-scored');
      const stored = (
        await adminFirestore().doc(paths.matchUp(tournamentId, game.matchUpId)).get()
      ).data() as MatchUpDoc;
      expect(stored.result).toEqual({ kind: 'PLAYED', score: { a: 5, b: 2 } });
      expect(stored.scoredBy).toBe('SIDE_A');
      // The desk sees the entry joined, by the name the account chose (this one chose none), never by account id.
      await expect
        .poll(() => desk.locator(`tr[data-participant="${me.participantId}"] td`).nth(2).textContent())
        .toBe('as someone without a name yet');
    },
  );

  it(
    'another phone is refused wrong codes with the tries left, then locked out even with a right code',
    { timeout: 90_000 },
    async () => {
      const phone = await driver.openPage(PHONE, 'guessing player');
      await phone.goto(`${site}/#/signin?next=${encodeURIComponent(`/t/${tournamentId}/join`)}`);
      await signUpOnPage(phone, `guesser-${Date.now()}@example.com`);
      const form = phone.locator('form');
      const tryCode = async (code: string) => {
        await freshStatus(form);
        await phone.getByLabel('Your claim code').fill(code);
        await phone.getByRole('button', { name: 'Claim my entry' }).click();
        return outcome(form);
      };
      const first = await tryCode('ABCD-EFGH');
      expect(first.state).toBe('error');
      expect(first.text).toContain('that code matches no entry of this tournament');
      expect(first.text).toContain('(4 tries left)');
      await shot(phone, 'join-6-phone-wrong-code');
      for (const left of [3, 2, 1]) expect((await tryCode('ABCD-EFGH')).text).toContain(`(${left} tries left)`);
      expect((await tryCode('ABCD-EFGH')).text).toContain('that was the last try: wait 15 minutes');
      const untaken = seeded.participants.find((p) => p.participantId === seeded.round1.at(-1)!.b)!;
      const locked = await tryCode(codes.get(untaken.participantId)!);
      expect(locked.state).toBe('error');
      expect(locked.text).toMatch(/too many wrong codes: try again in 1[45] minutes/);
      await shot(phone, 'join-7-phone-locked');
      expect(driver.unlabelled).toEqual([]);
    },
  );
});
