/**
 * Emulator Suite tier, in Chromium: requested byes (docs/pairing.md#requested-byes). The organizer allows one
 * half-point bye a player on the desk; a player asks for one in round 2 from the phone and is refused a second;
 * round 2 leaves them out with half a point, shown on their phone and on the pairings, and the FIDE report the
 * organizer downloads writes it as an H (docs/trf.md).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { type SeededTournament, call } from '../../../testing/stack.js';
import { DESKTOP, WAIT_MS, expectOk, outcome } from './driver.js';
import { browserSuite, roundMatchUps, seedTwice } from './harness.js';

browserSuite(import.meta.url, 'a half-point bye asked for from a phone', (web) => {
  let seeded: SeededTournament;
  let desk: Page;

  beforeAll(async () => {
    seeded = await seedTwice(web.emulators, { label: 'requested-bye', players: 6, policy: 'CHESS', totalRounds: 4 });
    desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${seeded.tournamentId}/organize`);
  }, 240_000);

  it('before the organizer allows half-point byes, a player is offered only an absence', async () => {
    const player = seeded.participants[1]!;
    const phone = await web.playerPhone(seeded.tournamentId, player);
    const byes = phone.locator(`[data-byes="${player.participantId}"]`);
    await expect.poll(() => byes.textContent(), { timeout: WAIT_MS }).toContain('no half-point byes on request');
    const choice = byes.getByLabel('Bye', { exact: true });
    expect(await choice.locator('option').allTextContents()).toEqual(['zero-point bye (absent)']);
    expect(await choice.inputValue()).toBe('ZERO');
  });

  it('the organizer allows one half-point bye a player, none in the last round', async () => {
    const form = desk.locator('form:has(#bye-rules-status)');
    await form.getByLabel('Half-point byes a player may ask for').fill('1');
    await form.getByLabel('None in the last rounds').fill('1');
    await form.getByRole('button', { name: 'Save bye rules' }).click();
    await expectOk(form);
  });

  it('a player asks for a half-point bye in round 2, and is refused a second one', async () => {
    const player = seeded.participants[2]!;
    const phone = await web.playerPhone(seeded.tournamentId, player);
    const byes = phone.locator(`[data-byes="${player.participantId}"]`);
    await expect.poll(() => byes.textContent(), { timeout: WAIT_MS }).toContain('up to 1 half-point bye');
    await byes.getByLabel('Round', { exact: true }).selectOption('2');
    await byes.getByLabel('Bye', { exact: true }).selectOption('HALF');
    await byes.getByRole('button', { name: 'Ask for a bye' }).click();
    await expectOk(byes);
    await byes.locator('li[data-bye-round="2"][data-points="HALF"]').waitFor({ timeout: WAIT_MS });
    await byes.getByLabel('Round', { exact: true }).selectOption('3');
    await byes.getByRole('button', { name: 'Ask for a bye' }).click();
    const refused = await outcome(byes);
    expect(refused.state).toBe('error');
    expect(refused.text).toContain('at most 1 half-point bye a player');
    await web.shot(phone, 'requested-bye-1-phone');

    for (const m of seeded.round1.filter((game) => game.b !== null))
      await call(
        web.emulators,
        'recordScore',
        { tournamentId: seeded.tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', winner: 'a' } },
        seeded.organizer,
      );
    await call(
      web.emulators,
      'generateNextRound',
      { tournamentId: seeded.tournamentId, requestId: `requested-bye-r2-${seeded.tournamentId}` },
      seeded.organizer,
    );
    const bye = (await roundMatchUps(seeded.tournamentId, 2)).find((m) => m.a === player.participantId)!;
    expect(bye).toMatchObject({ b: null, result: { kind: 'HALF_BYE' } });
    // The phone follows: the current game is the bye, scored half a point.
    const game = phone.locator('.my-game .current-game');
    await expect.poll(() => game.textContent(), { timeout: WAIT_MS }).toContain('You have a bye this round.');
    await expect.poll(() => game.textContent(), { timeout: WAIT_MS }).toContain('half bye');
    await web.shot(phone, 'requested-bye-2-phone-round-2');

    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/rounds/2`);
    const line = desk.locator(`li.matchup[data-a="${player.participantId}"][data-b=""]`);
    await expect.poll(() => line.textContent(), { timeout: WAIT_MS }).toContain('asked for before the round');
  });

  it("the organizer's FIDE report writes the half-point bye as an H in round 2", async () => {
    const player = seeded.participants[2]!;
    for (const m of (await roundMatchUps(seeded.tournamentId, 2)).filter((game) => game.b !== null))
      await call(
        web.emulators,
        'recordScore',
        { tournamentId: seeded.tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', winner: 'a' } },
        seeded.organizer,
      );
    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/organize`);
    const [file] = await Promise.all([
      desk.waitForEvent('download'),
      desk.getByRole('button', { name: 'Download FIDE report (TRF)' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.trf$/);
    const lines = readFileSync(await file.path(), 'utf8').split('\r\n');
    // Start numbers follow the entry order: Player 3 is 3. Round 2 is the line's second 10-column round (TRF-16).
    const line = lines.find((l) => l.startsWith('001') && Number(l.slice(4, 8)) === 3)!;
    expect(line.slice(13, 47).trim()).toBe(player.name);
    expect(line.slice(101, 111).trim()).toBe('0000 - H');
  });
});
