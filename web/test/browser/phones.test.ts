/**
 * Emulator Suite tier, phones in a hall (375x812 Chromium, the Hosting-served dashboard with its service worker):
 * a player loses the network, writes a score, sees it waiting to send, reloads (the service worker serves the app,
 * Firestore's persistent cache the data and the queued write), gets the network back and sees the standings row
 * arrive; another player's offline score arrives after the organizer entered another result and closed the round,
 * is refused, says so, and the organizer's result stands; a round paired while a player's app is open shows the new
 * table at once, and a system notification while the app is in the background; a signed-out phone finds a player's
 * table, reads the standings with the name in view, and lists a championship's tournaments.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import {
  type SeededParticipant,
  type SeededTournament,
  adminFirestore,
  call,
  playerOf,
  readMatchUp,
} from '../../../testing/stack.js';
import { DESKTOP, PHONE, WAIT_MS } from './driver.js';
import { browserSuite, roundMatchUps, seedTwice, storedMatchUps, storedTournament } from './harness.js';

browserSuite(import.meta.url, 'phones in a hall', (web) => {
  let seeded: SeededTournament;
  let tournamentId: string;
  let phone: Page;
  let late: Page;

  beforeAll(async () => {
    seeded = await seedTwice(web.emulators, { label: 'phones', players: 4 });
    tournamentId = seeded.tournamentId;
  }, 240_000);

  const matchUp = async (matchUpId: string) => (await readMatchUp(tournamentId, matchUpId))!;

  /**
   * A player's phone, signed in on the play tab, with the service worker in control and Hosting's config in its
   * cache (an online reload after the worker took over), as after a first visit.
   */
  async function playerPhone(player: SeededParticipant, label: string): Promise<Page> {
    const page = await web.playerPhone(tournamentId, player, label);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await page.locator('.my-game .score-form').waitFor();
    return page;
  }

  const enterScore = async (page: Page, name: string, opponent: string, mine: number, theirs: number) => {
    await page.getByLabel(`Game points of ${name} (you)`).fill(String(mine));
    await page.getByLabel(`Game points of ${opponent}`).fill(String(theirs));
    await page.getByRole('button', { name: /^Save the result of table/ }).click();
  };

  it(
    'a score written offline waits, survives a reload, and reaches the standings when the network returns',
    { timeout: 180_000 },
    async () => {
      const game = seeded.round1[0]!;
      const me = playerOf(seeded, game, 'a');
      const opponent = playerOf(seeded, game, 'b');
      phone = await playerPhone(me, 'player offline');
      const context: BrowserContext = phone.context();

      await context.setOffline(true);
      await enterScore(phone, me.name, opponent.name, 5, 3);
      const waiting = phone.locator(`.waiting-to-send[data-matchup="${game.matchUpId}"]`);
      await expect.poll(() => waiting.textContent()).toMatch(/Waiting to send table 1: 5–3/);
      // The outbox line is written at once; Firestore's own pending write reaches the listener after IndexedDB.
      await expect.poll(() => phone.locator('.my-game .score-form').getAttribute('data-sync')).toBe('pending');
      await web.shot(phone, 'phone-01-waiting-to-send');
      await web.driver.checkLabels(phone, 'play tab offline');

      // Offline, the page comes back from the service worker and the score from Firestore's persistent cache.
      await phone.reload();
      await phone.locator('.my-game .score-form').waitFor();
      await expect.poll(() => waiting.textContent()).toMatch(/Waiting to send table 1: 5–3/);
      expect(await phone.getByLabel(`Game points of ${me.name} (you)`).inputValue()).toBe('5');
      expect((await matchUp(game.matchUpId)).result).toBeNull();
      await web.shot(phone, 'phone-02-after-offline-reload');

      await context.setOffline(false);
      const row = phone.locator(`table.standings tr[data-participant="${me.participantId}"]`);
      await expect.poll(() => row.locator('[data-field="matchPoints"]').textContent(), { timeout: WAIT_MS }).toBe('3');
      await expect.poll(() => phone.locator('.score-arrived').textContent()).toMatch(/5–3 reached the server/);
      expect(await waiting.count()).toBe(0);
      expect((await matchUp(game.matchUpId)).result).toMatchObject({ score: { a: 5, b: 3 } });
      await web.shot(phone, 'phone-03-arrived');
    },
  );

  it(
    "a score sent offline after the organizer closed the round is refused on arrival and the organizer's result stands",
    { timeout: 180_000 },
    async () => {
      const game = seeded.round1[1]!;
      const me = playerOf(seeded, game, 'a');
      const opponent = playerOf(seeded, game, 'b');
      late = await playerPhone(me, 'player refused');
      await late.context().setOffline(true);
      await enterScore(late, me.name, opponent.name, 5, 1);
      await late.locator(`.waiting-to-send[data-matchup="${game.matchUpId}"]`).waitFor();

      // Meanwhile the organizer enters the result from the score sheet and closes the round.
      const result = { kind: 'PLAYED', score: { a: 2, b: 5 } };
      await call(web.emulators, 'recordScore', { tournamentId, matchUpId: game.matchUpId, result }, seeded.organizer);
      await adminFirestore().doc(`tournaments/${tournamentId}/rounds/1`).update({ status: 'CLOSED' });

      await late.context().setOffline(false);
      const refused = late.locator(`.score-refused[data-matchup="${game.matchUpId}"]`);
      await refused.waitFor({ timeout: WAIT_MS });
      const text = await refused.textContent();
      expect(text).toMatch(/did not count/);
      expect(text).toMatch(/you sent 5–1, but the round was closed before it arrived/);
      expect(text).toMatch(/The result that stands is 2–5, entered by the organizer/);
      await web.shot(late, 'phone-04-refused-on-arrival');
      const stored = await matchUp(game.matchUpId);
      expect(stored.result).toMatchObject({ score: { a: 2, b: 5 } });
      expect(stored.scoredBy).toBe('EDITOR');

      // The notice stays after a reload until the player has read it.
      await late.reload();
      await refused.waitFor();
      await refused.getByRole('button', { name: 'Understood' }).click();
      expect(await refused.count()).toBe(0);
    },
  );

  /** The notifications the page's service worker shows, read in the worker itself. */
  const notificationsOf = async (page: Page) => {
    const [worker] = page.context().serviceWorkers();
    if (!worker) throw new Error('no service worker in this phone');
    return worker.evaluate(async () => {
      const { registration } = globalThis as unknown as { registration: ServiceWorkerRegistration };
      return (await registration.getNotifications()).map(({ title, body }) => ({ title, body }));
    });
  };

  /**
   * Headless Chromium shows every page as visible whatever is done to it (another tab in front, a minimized window,
   * a lifecycle state through the DevTools protocol), so the phone is told its app went to the background the way
   * the page itself learns it: the visibility state and its event.
   */
  const setHidden = (page: Page, hidden: boolean) =>
    page.evaluate((hide) => {
      if (hide) {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      } else {
        // Own properties shadow the document's getters; removing them gives the real state back.
        Reflect.deleteProperty(document, 'visibilityState');
        Reflect.deleteProperty(document, 'hidden');
      }
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);

  it(
    'a round paired while the player has the app open shows the new table at once, and a notification in the background',
    { timeout: 180_000 },
    async () => {
      const me = playerOf(seeded, seeded.round1[0]!, 'a');
      await phone.goto(`${web.site}/#/t/${tournamentId}`);
      await phone.locator('table.standings').waitFor();
      expect(await phone.locator('.round-notice').count()).toBe(0);
      // Both phones allowed notifications; this one is in the background, the other in the player's hand.
      for (const page of [phone, late]) await page.context().grantPermissions(['notifications'], { origin: web.site });
      await late.goto(`${web.site}/#/t/${tournamentId}`);
      await late.locator('table.standings').waitFor();
      await setHidden(phone, true);
      expect(await phone.evaluate(() => document.visibilityState)).toBe('hidden');

      await call(
        web.emulators,
        'generateNextRound',
        { tournamentId, requestId: `phones-2-${tournamentId}` },
        seeded.organizer,
      );
      const round2 = await roundMatchUps(tournamentId, 2);
      const mine = round2.find((m) => m.a === me.participantId || m.b === me.participantId)!;
      const opponentId = mine.a === me.participantId ? mine.b : mine.a;
      const opponent = seeded.participants.find((p) => p.participantId === opponentId)!;

      const notice = phone.locator('.round-notice[data-round="2"]');
      await notice.waitFor({ timeout: WAIT_MS });
      expect(await notice.locator('.table-number').textContent()).toBe(String(mine.order + 1));
      expect(await notice.locator('.opponent').textContent()).toBe(opponent.name);
      // A card game without colours: who starts is decided at the table, so the notice says nothing of it.
      expect(await notice.locator('.side').count()).toBe(0);
      const tournament = await storedTournament(tournamentId);
      await expect
        .poll(() => notificationsOf(phone), { timeout: WAIT_MS })
        .toEqual([
          {
            title: `${tournament.description}: round 2 is paired`,
            body: `Round 2, table ${mine.order + 1}: you play ${opponent.name}.`,
          },
        ]);
      await setHidden(phone, false);
      await web.shot(phone, 'phone-05-next-round-notice');

      // The phone in the player's hand shows the table on the page and no system notification on top of it.
      await late.locator('.round-notice[data-round="2"]').waitFor({ timeout: WAIT_MS });
      expect(await notificationsOf(late)).toEqual([]);
    },
  );

  it(
    "a signed-out phone finds a player's table, keeps names in view in the standings, and lists a championship",
    {
      timeout: 120_000,
    },
    async () => {
      const spectator = await web.openPage(PHONE, 'spectator');
      await spectator.goto(`${web.site}/#/t/${tournamentId}`);
      const wanted = seeded.participants[2]!;
      const game = (await storedMatchUps(tournamentId)).find(
        (m) => m.roundNumber === 2 && (m.a === wanted.participantId || m.b === wanted.participantId),
      )!;
      const opponentId = game.a === wanted.participantId ? game.b : game.a;
      // Lower case and part of the name, as a spectator types it.
      await spectator.getByLabel("Player's name").fill(wanted.name.toLowerCase().slice(0, -1) + wanted.name.slice(-1));
      const line = spectator.locator(`.find-player .open-game[data-participant="${wanted.participantId}"]`);
      await line.waitFor();
      expect(await line.locator('.table-number').textContent()).toBe(String(game.order + 1));
      expect(await line.locator('.opponent').textContent()).toBe(
        seeded.participants.find((p) => p.participantId === opponentId)!.name,
      );
      await web.shot(spectator, 'phone-06-spectator-finds-a-player');
      await web.driver.checkLabels(spectator, 'standings with the search');

      // The standings scroll sideways at 375 px; the rank and the name stay in view over the tiebreak columns.
      const scroller = spectator.locator('.table-scroll').first();
      const widths = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(widths.scroll).toBeGreaterThan(widths.client);
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const name = spectator.locator('table.standings tbody th.player').first();
      const box = (await name.boundingBox())!;
      const frame = (await scroller.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(frame.x);
      await web.shot(spectator, 'phone-07-standings-scrolled');

      await spectator.goto(`${web.site}/#/championships/${seeded.championshipId}`);
      const listed = spectator.getByRole('list', { name: 'Tournaments' }).getByRole('link');
      await listed.first().waitFor();
      expect(await listed.allTextContents()).toEqual([expect.stringContaining('Open phones-')]);
      expect(await spectator.getByText('Sign in to see this championship').count()).toBe(0);
      await web.shot(spectator, 'phone-08-championship-signed-out');
    },
  );

  it(
    'a result the organizer entered offers the player no Clear, and says who entered it',
    { timeout: 120_000 },
    async () => {
      const me = playerOf(seeded, seeded.round1[0]!, 'a');
      const game = (await storedMatchUps(tournamentId)).find(
        (m) => m.roundNumber === 2 && (m.a === me.participantId || m.b === me.participantId),
      )!;
      const opponentId = game.a === me.participantId ? game.b! : game.a;
      const opponent = seeded.participants.find((p) => p.participantId === opponentId)!;
      await phone.goto(`${web.site}/#/t/${tournamentId}/play`);
      const form = phone.locator(`.my-game .score-form[data-matchup="${game.matchUpId}"]`);
      await form.waitFor({ timeout: WAIT_MS });
      const clear = form.getByRole('button', { name: /^Clear the result/ });

      // The player's own result can be cleared from the phone.
      await enterScore(phone, me.name, opponent.name, 5, 1);
      await expect.poll(() => clear.count(), { timeout: WAIT_MS }).toBe(1);
      // Clear shows as soon as the phone holds its score; the organizer's entry must come after the server has it.
      const mine = game.a === me.participantId ? { a: 5, b: 1 } : { a: 1, b: 5 };
      const stored = async () => {
        const { result } = await matchUp(game.matchUpId);
        return result?.kind === 'PLAYED' ? result.score : result;
      };
      await expect.poll(stored, { timeout: WAIT_MS }).toEqual(mine);

      // The organizer enters another result from the score sheet: the phone shows it, with neither Save nor Clear
      // (docs/results.md#who-writes-a-result).
      const result = { kind: 'PLAYED', score: game.a === me.participantId ? { a: 4, b: 5 } : { a: 5, b: 4 } };
      await call(web.emulators, 'recordScore', { tournamentId, matchUpId: game.matchUpId, result }, seeded.organizer);
      const shown = async () =>
        (JSON.parse((await form.getAttribute('data-result')) ?? 'null') as typeof result)?.score;
      await expect.poll(shown, { timeout: WAIT_MS }).toEqual(result.score);
      expect(await clear.count()).toBe(0);
      // The player's "saved: …" under the boxes is gone: the boxes show the organizer's result.
      expect(await form.locator(':scope > .status').textContent()).toBe('');
      expect(await form.getByRole('button', { name: /^Save the result/ }).count()).toBe(0);
      expect(await form.locator('.entered-result').textContent()).toMatch(/ (4–5|5–4) /);
      expect(await form.locator('.entered-by').textContent()).toBe(
        'Entered by the organizer: only a scorekeeper or the organizer can change it.',
      );
      await web.shot(phone, 'phone-09-organizer-result');
    },
  );

  it(
    'a player drops out from the phone, asked first, and the desk sees who dropped and when',
    { timeout: 120_000 },
    async () => {
      const me = playerOf(seeded, seeded.round1[0]!, 'a');
      // The organizer's result of the test before locks the player's form: cleared, the boxes are back.
      const game = (await storedMatchUps(tournamentId)).find(
        (m) => m.roundNumber === 2 && (m.a === me.participantId || m.b === me.participantId),
      )!;
      await call(
        web.emulators,
        'recordScore',
        { tournamentId, matchUpId: game.matchUpId, result: null },
        seeded.organizer,
      );
      // A long name is shown whole above its box on a 375 px phone, "(you)" included, never cut.
      const longName = 'Bruno Petit-Dupont de la Fontaine';
      await adminFirestore()
        .doc(`tournaments/${tournamentId}/participants/${me.participantId}`)
        .update({ name: longName });
      await phone.goto(`${web.site}/#/t/${tournamentId}/play`);
      const mine = phone.locator('.my-game');
      const label = mine.locator('.who-plays', { hasText: '(you)' });
      await expect.poll(() => label.innerText(), { timeout: WAIT_MS }).toBe(`${longName} (you)`);
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(
        true,
      );
      await web.shot(phone, 'phone-09a-long-name');
      await mine.getByRole('button', { name: 'Drop from the tournament' }).click();
      const question = mine.locator('.confirm');
      expect(await question.textContent()).toMatch(/You will not be paired again, and only the organizer can take you/);
      await web.shot(phone, 'phone-10-drop-asked');
      await question.getByRole('button', { name: 'Yes, drop me' }).click();
      await expect
        .poll(() => mine.locator('.dropped').textContent(), { timeout: WAIT_MS })
        .toMatch(
          /^You dropped out at \d\d?:\d\d( [AP]M)?: you are not paired again\. Only the organizer can take you back\.$/,
        );
      const stored = await adminFirestore().doc(`tournaments/${tournamentId}/participants/${me.participantId}`).get();
      expect(stored.get('withdrawn')).toBe(true);
      expect(stored.get('droppedAt')).toBeGreaterThan(Date.now() - 120_000);
      await web.shot(phone, 'phone-11-dropped');

      const desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${tournamentId}/participants`);
      const row = desk.locator(`tr[data-participant="${me.participantId}"]`);
      await expect
        .poll(() => row.locator('.tag').textContent(), { timeout: WAIT_MS })
        .toMatch(/^dropped out at \d\d?:\d\d( [AP]M)?$/);
      await web.shot(desk, 'phone-12-desk-sees-drop');
    },
  );

  it('every control had a label', () => {
    expect(web.driver.unlabelled).toEqual([]);
    console.log(`[phones.test.ts] console errors seen: ${JSON.stringify(web.driver.consoleErrors, null, 1)}`);
  });
});
