/**
 * Emulator Suite tier, in Chromium: at the table, on time (docs/judging.md#at-the-table-on-time). The organizer turns
 * table check-in on with no grace; one player of table 1 taps "I'm at my table", the other never does; the desk
 * lists the no-show and, in one tap, gives the present player the match and drops the absent one.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { MatchUpDoc, ParticipantDoc } from '@competition/engine/schemas';
import { type SeededTournament, playerOf, readMatchUp } from '../../../testing/stack.js';
import { DESKTOP, WAIT_MS, expectOk } from './driver.js';
import { browserSuite, seedTwice, storedIn } from './harness.js';

browserSuite(import.meta.url, 'a no-show at the table turned into a win for the player who came', (web) => {
  let seeded: SeededTournament;
  let game: MatchUpDoc;
  let desk: Page;

  beforeAll(async () => {
    seeded = await seedTwice(web.emulators, { label: 'table-check-in', players: 4, policy: 'TCG' });
    game = seeded.round1.find((m) => m.b !== null)!;
    desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${seeded.tournamentId}/organize`);
  }, 240_000);

  it('the organizer turns table check-in on, and a player checks in from the phone', async () => {
    const form = desk.locator('form:has(#table-check-in-status)');
    await form.getByRole('checkbox', { name: /I'm at my table/ }).check();
    await form.getByLabel('Grace minutes').fill('0');
    await form.getByRole('button', { name: 'Save table check-in' }).click();
    await expectOk(form);

    const phone = await web.playerPhone(seeded.tournamentId, playerOf(seeded, game, 'a'));
    await phone.getByRole('button', { name: "I'm at my table" }).click();
    await expect
      .poll(() => phone.locator('.my-game .at-table').textContent(), { timeout: WAIT_MS })
      .toBe(`You are checked in at table ${game.order + 1}.`);
    await web.shot(phone, 'table-check-in-1-phone');
  });

  it('the desk gives the present player the match and drops the no-show', async () => {
    const absent = playerOf(seeded, game, 'b');
    const present = playerOf(seeded, game, 'a');
    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/rounds/1`);
    const line = desk.locator(`.no-shows li[data-no-show-table="${game.order + 1}"]`);
    await expect.poll(() => line.textContent(), { timeout: WAIT_MS }).toContain(`${absent.name} is not there`);
    await web.shot(desk, 'table-check-in-2-desk');
    await line.getByRole('button', { name: `Give ${present.name} the match` }).click();
    await desk.getByRole('button', { name: `Yes, ${present.name} wins` }).click();
    await expectOk(desk.locator('.no-shows'));
    await expect
      .poll(async () => (await readMatchUp(seeded.tournamentId, game.matchUpId))?.result, { timeout: WAIT_MS })
      .toEqual({ kind: 'FORFEIT_WIN' });
    await expect
      .poll(async () => {
        const entries = await storedIn<ParticipantDoc>(seeded.tournamentId, 'participants');
        return entries.find((p) => p.participantId === absent.participantId)?.withdrawn;
      })
      .toBe(true);
  });
});
