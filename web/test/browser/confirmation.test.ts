/**
 * Emulator Suite tier, the opponent's confirmation on two phones (375x812 Chromium, the Hosting-served dashboard):
 * the organizer turns the option on at the desk; a player reports a score, the opponent's phone shows it waiting and
 * agrees in one tap, and only then do the standings count it; on another table the two players report different
 * scores, both phones show the dispute and the desk lists it, the organizer enters the result, the dispute leaves
 * the desk and both phones show the result that stands (docs/results.md#confirmation-by-the-opponent).
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { type MatchUpDoc, paths } from '@competition/engine/schemas';
import {
  type SeededParticipant,
  type SeededTournament,
  adminFirestore,
  playerOf,
  readMatchUp,
} from '../../../testing/stack.js';
import { DESKTOP, WAIT_MS, expectOk } from './driver.js';
import { browserSuite, seedTwice, storedTournament } from './harness.js';

browserSuite(import.meta.url, 'two phones confirm and dispute a score', (web) => {
  let seeded: SeededTournament;
  let tournamentId: string;
  let desk: Page;

  beforeAll(async () => {
    seeded = await seedTwice(web.emulators, { label: 'confirm', players: 6 });
    tournamentId = seeded.tournamentId;
  }, 240_000);

  const stored = async (matchUpId: string) => (await readMatchUp(tournamentId, matchUpId))!;

  /** The game's reports on a phone, once they say `state`. */
  const reportsOn = async (page: Page, state: string) => {
    const reports = page.locator(`.my-game .reports[data-confirmation="${state}"]`);
    await reports.waitFor({ timeout: WAIT_MS });
    return reports;
  };

  /** Types the two boxes in the order the form shows them (the game's first player, then the second) and saves. */
  async function report(page: Page, game: MatchUpDoc, a: number, b: number): Promise<void> {
    const form = page.locator('.my-game .score-form');
    await form.locator('input[name="a"]').fill(String(a));
    await form.locator('input[name="b"]').fill(String(b));
    await form.getByRole('button', { name: `Save the result of table ${game.order + 1}` }).click();
    await expectOk(form);
  }

  const matchPoints = (page: Page, player: SeededParticipant) =>
    page
      .locator(`table.standings tr[data-participant="${player.participantId}"] [data-field="matchPoints"]`)
      .textContent();

  it('the organizer turns the confirmation on at the desk', { timeout: 120_000 }, async () => {
    desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${tournamentId}/organize`);
    const toggle = desk.getByLabel("The opponent confirms a player's score before it counts");
    await toggle.check();
    const card = desk.locator('section', { has: toggle });
    await expectOk(card);
    await expect
      .poll(
        async () => (await adminFirestore().doc(paths.tournament(tournamentId)).get()).get('confirmScores') as unknown,
      )
      .toBe(true);
  });

  it(
    'a reported score waits for the opponent, who agrees on their phone; then the standings count it',
    { timeout: 180_000 },
    async () => {
      const game = seeded.round1[0]!;
      const first = playerOf(seeded, game, 'a');
      const second = playerOf(seeded, game, 'b');
      const phoneA = await web.playerPhone(tournamentId, first);
      const phoneB = await web.playerPhone(tournamentId, second);

      await report(phoneA, game, 5, 3);
      const waitingA = await reportsOn(phoneA, 'WAITING');
      expect(await waitingA.textContent()).toMatch(/Waiting for .* to confirm/);
      await web.shot(phoneA, 'confirm-01-reported-waiting');

      const waitingB = await reportsOn(phoneB, 'WAITING');
      expect(await waitingB.textContent()).toContain(`${first.name} reported: ${first.name} won 5–3`);
      // Nothing counts yet: the opponent has not agreed.
      expect(await matchPoints(phoneB, first)).toBe('0');
      expect((await stored(game.matchUpId)).result).toBeNull();
      await web.shot(phoneB, 'confirm-02-opponent-asked');
      await web.driver.checkLabels(phoneB, 'play tab, a report to confirm');

      await waitingB.getByRole('button', { name: `Confirm: ${first.name} won 5–3` }).click();
      await reportsOn(phoneB, 'CONFIRMED');
      await reportsOn(phoneA, 'CONFIRMED');
      await expect.poll(() => matchPoints(phoneB, first), { timeout: WAIT_MS }).toBe('3');
      await expect.poll(() => matchPoints(phoneA, first), { timeout: WAIT_MS }).toBe('3');
      expect(await matchPoints(phoneA, second)).toBe('0');
      expect((await stored(game.matchUpId)).result).toMatchObject({ score: { a: 5, b: 3 } });
      await web.shot(phoneA, 'confirm-03-confirmed-counts');
    },
  );

  it(
    'two different reports are a dispute on both phones and at the desk until the organizer enters the result',
    { timeout: 180_000 },
    async () => {
      const game = seeded.round1[1]!;
      const first = playerOf(seeded, game, 'a');
      const second = playerOf(seeded, game, 'b');
      const phoneA = await web.playerPhone(tournamentId, first);
      const phoneB = await web.playerPhone(tournamentId, second);

      await report(phoneA, game, 5, 3);
      await reportsOn(phoneB, 'WAITING');
      // The second player claims the opposite: 3–5, a win for themself.
      await report(phoneB, game, 3, 5);

      for (const [phone, opponent] of [
        [phoneA, second],
        [phoneB, first],
      ] as const) {
        const disputed = await reportsOn(phone, 'DISPUTED');
        const text = await disputed.textContent();
        expect(text).toContain(`You and ${opponent.name} reported different scores`);
        expect(text).toContain('You reported: you won 5–3');
        expect(text).toContain(`${opponent.name} reported: ${opponent.name} won 5–3`);
      }
      await web.shot(phoneA, 'confirm-04-dispute-first-player');
      await web.shot(phoneB, 'confirm-05-dispute-second-player');
      expect(await matchPoints(phoneA, first)).toBe('0');
      expect(await matchPoints(phoneA, second)).toBe('0');

      await desk.goto(`${web.site}/#/t/${tournamentId}/rounds/1`);
      const disputes = desk.getByRole('list', { name: 'Disputed scores' });
      const line = disputes.locator(`li[data-matchup="${game.matchUpId}"]`);
      await line.waitFor({ timeout: WAIT_MS });
      expect(await line.textContent()).toContain(`Round 1, table ${game.order + 1}`);
      await expect
        .poll(async () => (await adminFirestore().doc(paths.scoreProblem(tournamentId, game.matchUpId)).get()).data())
        .toMatchObject({ kind: 'DISPUTED' });
      await web.shot(desk, 'confirm-06-desk-dispute');
      await web.driver.checkLabels(desk, 'rounds with a dispute');

      // The organizer heard both players and the score sheet says the second player won 5–4.
      const entry = desk.locator(`.score-form[data-matchup="${game.matchUpId}"]`).last();
      await entry.locator('input[name="a"]').fill('4');
      await entry.locator('input[name="b"]').fill('5');
      await entry.getByRole('button', { name: `Save the result of table ${game.order + 1}` }).click();
      await expectOk(entry);
      await desk.getByRole('heading', { name: 'Scores the players disagree on' }).waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await adminFirestore().doc(paths.scoreProblem(tournamentId, game.matchUpId)).get()).exists)
        .toBe(false);
      await web.shot(desk, 'confirm-07-desk-settled');

      for (const [phone, winner] of [
        [phoneA, second.name],
        [phoneB, 'you'],
      ] as const) {
        const entered = await reportsOn(phone, 'ENTERED');
        expect(await entered.textContent()).toContain(`The organizer entered ${winner} won 5–4: it counts.`);
        // The player's own "reported: you won 5–3" under the boxes is gone: the boxes show the organizer's 4–5.
        expect(await phone.locator('.my-game .score-form > .status').textContent()).toBe('');
        await expect.poll(() => matchPoints(phone, second), { timeout: WAIT_MS }).toBe('3');
        expect(await matchPoints(phone, first)).toBe('0');
      }
      await web.shot(phoneA, 'confirm-08-settled-first-player');
      await web.shot(phoneB, 'confirm-09-settled-second-player');
    },
  );

  it(
    'a report typed offline survives an offline reload, says it waits, and reaches the opponent once back online',
    { timeout: 180_000 },
    async () => {
      const game = seeded.round1[2]!;
      const first = playerOf(seeded, game, 'a');
      const second = playerOf(seeded, game, 'b');
      const phoneA = await web.playerPhone(tournamentId, first, 'reporter offline');
      // A first visit leaves the service worker in control, so that the app opens offline.
      await phoneA.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await phoneA.reload();
      await phoneA.locator('.my-game .score-form').waitFor();
      const context = phoneA.context();

      await context.setOffline(true);
      const form = phoneA.locator('.my-game .score-form');
      await form.locator('input[name="a"]').fill('5');
      await form.locator('input[name="b"]').fill('1');
      await form.getByRole('button', { name: `Save the result of table ${game.order + 1}` }).click();
      await expect.poll(() => form.locator('> .status').textContent()).toMatch(/kept on this phone: .*5–1/);
      const waiting = phoneA.locator(`.waiting-to-send[data-matchup="${game.matchUpId}"]`);
      await expect.poll(() => waiting.textContent()).toMatch(/Waiting to send table 3: your report 5–1/);
      await web.shot(phoneA, 'confirm-10-offline-report-waiting');

      await phoneA.reload();
      await phoneA.locator('.my-game .score-form').waitFor();
      await expect.poll(() => waiting.textContent()).toMatch(/Waiting to send table 3: your report 5–1/);
      expect((await stored(game.matchUpId)).reports).toBeUndefined();
      await web.shot(phoneA, 'confirm-11-offline-report-after-reload');

      const back = Date.now();
      await context.setOffline(false);
      await expect
        .poll(async () => (await stored(game.matchUpId)).reports?.a ?? null, { timeout: WAIT_MS })
        .toMatchObject({ score: { a: 5, b: 1 } });
      console.log(
        `[confirmation.test.ts] the offline report reached the server ${Date.now() - back} ms after the network`,
      );
      // The phone still shows its tournament, with the report waiting for the opponent.
      const waitingA = await reportsOn(phoneA, 'WAITING');
      expect(await waitingA.textContent()).toMatch(/Waiting for .* to confirm/);
      await expect.poll(() => waiting.count()).toBe(0);
      expect(await phoneA.locator('.score-arrived').textContent()).toMatch(/your report 5–1 reached the server/);
      await web.shot(phoneA, 'confirm-12-offline-report-arrived');

      const phoneB = await web.playerPhone(tournamentId, second);
      const waitingB = await reportsOn(phoneB, 'WAITING');
      await waitingB.getByRole('button', { name: `Confirm: ${first.name} won 5–1` }).click();
      await expect.poll(() => matchPoints(phoneA, first), { timeout: WAIT_MS }).toBe('3');
      await desk.goto(`${web.site}/#/t/${tournamentId}/standings`);
      await expect
        .poll(
          () =>
            desk
              .locator(`table.standings tr[data-participant="${first.participantId}"] [data-field="matchPoints"]`)
              .textContent(),
          { timeout: WAIT_MS },
        )
        .toBe('3');
      // Home still lists the tournament on the phone that was offline.
      await phoneA.goto(`${web.site}/#/`);
      const { description } = await storedTournament(tournamentId);
      await phoneA.getByRole('list', { name: 'My tournaments' }).getByText(description).waitFor({ timeout: WAIT_MS });
    },
  );

  it('every control had a label', () => {
    expect(web.driver.unlabelled).toEqual([]);
    console.log(`[confirmation.test.ts] console errors seen: ${JSON.stringify(web.driver.consoleErrors, null, 1)}`);
  });
});
