/**
 * Emulator Suite tier, in Chromium: the judge's desk (docs/judging.md) at a best-of-three card-game Swiss. A player
 * calls a judge from the phone; the organizer's desk lists the call with how long it has waited, takes it and
 * closes it with 5 extra minutes, which the player's phone and the projector board show; a round with a call still
 * open closes only on the organizer's confirmation; a game loss recorded on the desk turns a 2-0 into 1-1 in the
 * standings, the penalized player reads it on the phone, and the printed penalty report lists it for staff only.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { type MatchUpDoc, paths } from '@competition/engine/schemas';
import { type SeededTournament, adminFirestore, call, playerOf } from '../../../testing/stack.js';
import { DESKTOP, WAIT_MS, expectOk } from './driver.js';
import { browserSuite, seedTwice } from './harness.js';

browserSuite(import.meta.url, 'a judge called from a phone, with extra minutes for the table', (web) => {
  let seeded: SeededTournament;
  let games: MatchUpDoc[];
  let phone: Page;
  let desk: Page;

  beforeAll(async () => {
    seeded = await seedTwice(web.emulators, { label: 'judge-calls', players: 4, policy: 'TCG' });
    games = seeded.round1.filter((m) => m.b !== null);
    // A 40-minute round, so the board shows its clock (editors set it on the desk: written here past the rules).
    await adminFirestore().doc(paths.tournament(seeded.tournamentId)).update({ roundDurationMinutes: 40 });
  }, 240_000);

  it('a player calls a judge, and the desk lists the call with how long it has waited', async () => {
    phone = await web.playerPhone(seeded.tournamentId, playerOf(seeded, games[0]!, 'a'));
    const call = phone.locator('.my-game .judge-call');
    await call.getByRole('button', { name: 'Call a judge' }).click();
    await expect.poll(() => call.textContent(), { timeout: WAIT_MS }).toMatch(/A judge is called: waiting \d+:\d\d/);

    desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${seeded.tournamentId}/rounds/1`);
    const line = desk.locator('.judge-calls li[data-judge-table="1"]');
    await expect.poll(() => line.textContent(), { timeout: WAIT_MS }).toMatch(/Table 1 · .* waiting \d+:\d\d/);
    await web.shot(desk, 'judge-calls-1-desk');
  });

  it('the judge takes it and closes it with 5 extra minutes: the phone and the board show them', async () => {
    const line = desk.locator('.judge-calls li[data-judge-table="1"]');
    await line.getByRole('button', { name: 'Take table 1' }).click();
    const call = phone.locator('.my-game .judge-call');
    await expect.poll(() => call.textContent(), { timeout: WAIT_MS }).toContain('A judge is on the way.');
    await line.getByLabel('Extra minutes for table 1').fill('5');
    await line.getByRole('button', { name: 'Close table 1' }).click();
    await expect.poll(() => call.textContent(), { timeout: WAIT_MS }).toContain('Your table has 5 extra minutes');
    // Closed: the phone offers the button again and no longer says a judge is called.
    await call.getByRole('button', { name: 'Call a judge' }).waitFor({ timeout: WAIT_MS });
    expect(await call.textContent()).not.toMatch(/judge is called/i);
    await expect.poll(() => desk.locator('.judge-calls li').count(), { timeout: WAIT_MS }).toBe(0);
    await web.shot(phone, 'judge-calls-2-phone-extension');

    const board = await web.openPage(DESKTOP, 'board');
    await board.goto(`${web.site}/#/t/${seeded.tournamentId}/board`);
    await expect
      .poll(() => board.locator('.board-extensions').textContent(), { timeout: WAIT_MS })
      .toBe('+5 min at table 1');
    await web.shot(board, 'judge-calls-3-board');
  });

  it('a game loss recorded on the desk turns a 2-0 into 1-1 in the standings; the player reads it', async () => {
    const game = games[1]!;
    const winner = playerOf(seeded, game, 'a');
    await call(
      web.emulators,
      'recordScore',
      {
        tournamentId: seeded.tournamentId,
        matchUpId: game.matchUpId,
        result: { kind: 'PLAYED', score: { a: 2, b: 0 } },
      },
      seeded.organizer,
    );
    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/p/${winner.participantId}`);
    const penalties = desk.locator('.penalty-desk');
    await penalties.getByLabel('Infraction').fill('Deck/decklist problem');
    await penalties.getByLabel('Penalty').selectOption('GAME_LOSS');
    await penalties.getByRole('button', { name: 'Record the penalty' }).click();
    await expectOk(penalties);
    await penalties.locator('li[data-penalty="GAME_LOSS"][data-round="1"]').waitFor({ timeout: WAIT_MS });
    await web.shot(desk, 'judge-desk-4-penalty');

    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/standings`);
    const row = (id: string) => desk.locator(`table.standings tr[data-participant="${id}"] [data-field="matchPoints"]`);
    await expect.poll(() => row(winner.participantId).textContent(), { timeout: WAIT_MS }).toBe('1');
    await expect.poll(() => row(game.b!).textContent(), { timeout: WAIT_MS }).toBe('1');

    const phone = await web.playerPhone(seeded.tournamentId, winner);
    await expect
      .poll(() => phone.locator('.my-penalties').textContent(), { timeout: WAIT_MS })
      .toContain('Round 1: Game loss · Deck/decklist problem');

    // The head judge's report after the event: the penalty printed with the player's name; a player is told no.
    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/print/penalties`);
    const printed = desk.locator(`.penalty-report tr[data-player="${winner.participantId}"]`);
    await printed.waitFor({ timeout: WAIT_MS });
    expect((await printed.innerText()).replace(/\s+/g, ' ')).toContain(
      `${winner.name} 1 Game loss Deck/decklist problem organizer, `,
    );
    await web.shot(desk, 'judge-desk-5-penalty-report');
    await phone.goto(`${web.site}/#/t/${seeded.tournamentId}/print/penalties`);
    await expect
      .poll(() => phone.locator('.sheet-missing').textContent(), { timeout: WAIT_MS })
      .toContain('Only the tournament’s organizers and scorekeepers see the penalties');
  });

  it('a round with a call still open closes only once the organizer confirms', async () => {
    const other = await web.playerPhone(seeded.tournamentId, playerOf(seeded, games[1]!, 'b'));
    await other.locator('.my-game .judge-call').getByRole('button', { name: 'Call a judge' }).click();
    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/rounds/1`);
    await desk.locator('.judge-calls li[data-judge-table="2"]').waitFor({ timeout: WAIT_MS });
    await desk.getByRole('button', { name: 'Close round 1' }).click();
    const dialog = desk.getByRole('alertdialog');
    await expect
      .poll(() => dialog.textContent(), { timeout: WAIT_MS })
      .toContain('A judge call is still open (table 2)');
    await dialog.getByRole('button', { name: 'Yes, close round 1' }).click();
    await expectOk(desk.locator('section[data-round="1"]'));
    await expect.poll(() => desk.locator('section[data-round="1"]').getAttribute('data-status')).toBe('CLOSED');
  });
});
