/**
 * Emulator Suite tier, in Chromium: requested byes (docs/pairing.md#requested-byes). The organizer allows one
 * half-point bye a player on the desk; a player asks for one in round 2 from the phone and is refused a second;
 * round 2 leaves them out with half a point, shown on their phone and on the pairings.
 */
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
});
