/**
 * Emulator Suite tier, the organizer's safety net, in Chromium through the dashboard (the club, the championship,
 * the tournament, its players and round 1 come from the callables; everything after is done on the screens):
 *
 * - closing with a game unscored asks first and names the table and its players; cancelling changes nothing;
 *   closed anyway, the tournament offers no Generate or Undo; reopened (after a question naming it), the round
 *   shows its score boxes again, takes the missing score, and the standings follow;
 * - a 4-digit score is whole in its box on the desktop and on a phone; a phone's form for the next round starts
 *   empty, with no "saved" from the game before;
 * - the create form's rounds field holds the recommended number (docs/pairing.md#rounds) unless changed, and the
 *   header then reads "round 1 of 4"; a pre-alarm as long as the round is refused at creation and on the
 *   organizer's desk;
 * - a French paste (header, "1 520") is read, a player pasted twice is refused by line; a withdrawal asks first
 *   and is taken back; an empty score box and a second tournament on the same date are refused in words, and no
 *   refusal shows an id, a schema path or "Invalid input".
 *
 * Runs only inside `firebase emulators:exec` with the Hosting emulator (npm test, or
 * `npx tsx --conditions=source scripts/emulators/test.ts web/test/browser/safety.test.ts`), with Chromium at /usr/bin/chromium.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { MatchUpDoc, ParticipantDoc, TournamentDoc } from '@competition/engine/schemas';
import {
  type Account,
  type SeededTournament,
  adminFirestore,
  call,
  playerOf,
  readRow,
  seedTournament,
  waitFor,
} from '../../../testing/stack.js';
import { DESKTOP, PHONE, WAIT_MS, expectOk, freshStatus, outcome } from './driver.js';
import { browserSuite, roundMatchUps, storedTournament } from './harness.js';

browserSuite(import.meta.url, "the organizer's safety net", (web) => {
  let desk: Page;
  let seeded: SeededTournament;

  beforeAll(async () => {
    seeded = await seedTournament(web.emulators, { label: 'safety', players: 4 });
    desk = await signedIn(DESKTOP, 'organizer');
  });

  async function signedIn(
    viewport: { width: number; height: number },
    label: string,
    account: Account = seeded.organizer,
    tab = 'organize',
    heading = 'Finish',
  ): Promise<Page> {
    const page = await web.signedIn(viewport, label, account, `/t/${seeded.tournamentId}/${tab}`);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    return page;
  }

  const recordScore = (matchUpId: string, a: number, b: number, tournamentId = seeded.tournamentId) =>
    call(
      web.emulators,
      'recordScore',
      { tournamentId, matchUpId, result: { kind: 'PLAYED', score: { a, b } } },
      seeded.organizer,
    );
  const generate = (round: number, tournamentId = seeded.tournamentId) =>
    call(
      web.emulators,
      'generateNextRound',
      { tournamentId, requestId: `safety-${round}-${tournamentId}` },
      seeded.organizer,
    );
  const roundGames = async (round: number) =>
    (await roundMatchUps(seeded.tournamentId, round)).filter((m) => m.b !== null);

  /**
   * The typed value fits inside its box: its width in the box's own font against the room between the paddings,
   * less the step arrows a desktop browser draws at the right.
   */
  const fullyVisible = (input: Locator) =>
    input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const arrows = matchMedia('(pointer: fine)').matches ? 18 : 0;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrows;
      return { text: context.measureText(el.value).width, room };
    });

  const tournamentDoc = () => storedTournament(seeded.tournamentId);
  const table = (page: Page, matchUp: MatchUpDoc) =>
    page.locator(`section[data-round="${matchUp.roundNumber}"] li.matchup[data-matchup="${matchUp.matchUpId}"]`);

  it('closing with a game unscored asks first, naming it; a reopened tournament takes the missing score', async () => {
    const [first, second] = seeded.round1;
    await call(
      web.emulators,
      'recordScore',
      {
        tournamentId: seeded.tournamentId,
        matchUpId: first!.matchUpId,
        result: { kind: 'PLAYED', score: { a: 5, b: 2 } },
      },
      seeded.organizer,
    );
    const finish = desk.locator('section[aria-labelledby="close-title"]');
    const a = playerOf(seeded, second!, 'a');
    const b = playerOf(seeded, second!, 'b');

    await finish.getByRole('button', { name: 'Close the tournament' }).click();
    const question = finish.getByRole('alertdialog');
    await expect
      .poll(() => question.textContent(), { timeout: WAIT_MS })
      .toContain(`Round 1, table ${second!.order + 1}: ${a.name} v ${b.name}`);
    await web.shot(desk, 'safety-close-asks-desktop');
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect((await tournamentDoc()).status).toBe('RUNNING');

    await finish.getByRole('button', { name: 'Close the tournament' }).click();
    await freshStatus(finish);
    await finish.getByRole('button', { name: 'Close anyway, leaving them unscored' }).click();
    await expectOk(finish);
    expect((await tournamentDoc()).status).toBe('CLOSED');

    // Closed: nothing to pair or undo, and the way back is named.
    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/rounds/1`);
    await desk.locator('[data-closed-note]').waitFor();
    expect(await desk.getByRole('button', { name: /^Generate round/ }).count()).toBe(0);
    expect(await desk.getByRole('button', { name: /^Undo round/ }).count()).toBe(0);
    expect(await table(desk, second!).getByRole('spinbutton').count()).toBe(0);
    await web.shot(desk, 'safety-closed-rounds-desktop');

    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/organize`);
    await finish.getByRole('button', { name: 'Reopen the tournament' }).click();
    await expect.poll(() => finish.getByRole('alertdialog').textContent()).toContain('Round 1 takes results again');
    await freshStatus(finish);
    await finish.getByRole('button', { name: 'Reopen it' }).click();
    await expectOk(finish);
    expect((await tournamentDoc()).status).toBe('RUNNING');

    // The reopened round shows its score boxes and takes the missing score; the standings follow.
    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/rounds/1`);
    const row = table(desk, second!);
    await row.getByRole('spinbutton', { name: `Game points of ${a.name}`, exact: true }).fill('2');
    await row.getByRole('spinbutton', { name: `Game points of ${b.name}`, exact: true }).fill('5');
    await row.getByRole('button', { name: /^Save the result/ }).click();
    await expectOk(row);
    await waitFor(
      'the standings row of the winner',
      () => readRow(seeded.tournamentId, b.participantId),
      (r) => r?.wins === 1,
    );
    expect(await readRow(seeded.tournamentId, a.participantId)).toMatchObject({ wins: 0, losses: 1 });
    await web.shot(desk, 'safety-reopened-scored-desktop');
  });

  it("shows a 4-digit score whole, and a phone's form for the next round starts empty", async () => {
    await generate(2);
    const [mine, other] = await roundGames(2);
    const player = playerOf(seeded, mine!, 'a');
    const phone = await signedIn(PHONE, 'player', player.account, 'play', player.name);
    const game = phone.locator(`.current-game[data-matchup="${mine!.matchUpId}"]`);
    const own = game.getByRole('spinbutton', { name: `Game points of ${player.name} (you)` });
    await own.fill('1000');
    const onPhone = await fullyVisible(own);
    expect(onPhone.text, `"1000" needs ${onPhone.text}px, the box has ${onPhone.room}px`).toBeLessThanOrEqual(
      onPhone.room,
    );
    await own.fill('5');
    await game.getByRole('spinbutton', { name: `Game points of ${playerOf(seeded, mine!, 'b').name}` }).fill('3');
    await game.getByRole('button', { name: /^Save the result/ }).click();
    await expectOk(game);
    await web.shot(phone, 'safety-phone-saved');

    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/rounds/2`);
    const box = table(desk, other!).getByRole('spinbutton', {
      name: `Game points of ${playerOf(seeded, other!, 'a').name}`,
      exact: true,
    });
    await box.fill('1000');
    const onDesk = await fullyVisible(box);
    expect(onDesk.text, `"1000" needs ${onDesk.text}px, the box has ${onDesk.room}px`).toBeLessThanOrEqual(onDesk.room);
    await web.shot(desk, 'safety-four-digits-desktop');

    // The next round: the phone's form is the new game's, with nothing "saved" in it. The phone's "saved" can come
    // before the server has its score (kept on the phone when the server is slow): the round is paired once it has.
    await expect
      .poll(async () => (await roundGames(2)).find((m) => m.matchUpId === mine!.matchUpId)?.result)
      .toEqual({ kind: 'PLAYED', score: { a: 5, b: 3 } });
    await recordScore(other!.matchUpId, 2, 5);
    await generate(3);
    const next = (await roundGames(3)).find((m) => m.a === player.participantId || m.b === player.participantId)!;
    const nextGame = phone.locator(`.current-game[data-matchup="${next.matchUpId}"]`);
    await nextGame.waitFor();
    expect(await nextGame.locator('.status').textContent()).toBe('');
    expect(await nextGame.textContent()).not.toContain('saved');
    await web.shot(phone, 'safety-phone-next-round');
  });

  it('takes the recommended rounds unless changed, and refuses a pre-alarm as long as the round', async () => {
    const description = `Rounds ${Date.now()}`;
    await desk.goto(`${web.site}/#/championships/${seeded.championshipId}`);
    await desk.getByRole('heading', { name: 'New tournament' }).waitFor();
    await desk.getByLabel('Description').fill(description);
    // 16 expected players: 4 rounds recommended (docs/pairing.md#rounds), shown as the value, not a greyed hint.
    await desk.getByLabel('Expected players').fill('16');
    expect(await desk.getByLabel('Rounds', { exact: true }).inputValue()).toBe('4');
    await desk.getByLabel('Round duration (minutes, 0 = no clock)').fill('40');
    await desk.getByLabel('Pre-alarm (minutes)').fill('500');
    await desk.getByRole('button', { name: 'Create tournament' }).click();
    await desk.locator('.field-error', { hasText: 'shorter than the round (40 minutes)' }).waitFor();
    await web.shot(desk, 'safety-prealarm-refused-desktop');
    await desk.getByLabel('Pre-alarm (minutes)').fill('5');
    await desk.getByRole('button', { name: 'Create tournament' }).click();
    await desk.getByRole('heading', { name: description }).waitFor();
    const created = await adminFirestore().collection('tournaments').where('description', '==', description).get();
    expect(created.size).toBe(1);
    const stored = created.docs[0]!.data() as TournamentDoc;
    expect(stored).toMatchObject({ totalRounds: 4, roundDurationMinutes: 40, preAlarmMinutes: 5 });

    const tournamentId = stored.tournamentId;
    await call(
      web.emulators,
      'addParticipants',
      {
        tournamentId,
        participants: [
          { participantId: 'x1', name: 'Xavier Roux', rating: 1500 },
          { participantId: 'x2', name: 'Yvonne Lenz', rating: 1490 },
        ],
      },
      seeded.organizer,
    );
    await generate(1, tournamentId);
    await expect
      .poll(() => desk.locator('.tournament').first().textContent(), { timeout: WAIT_MS })
      .toContain('round 1 of 4');

    // The organizer's desk refuses the same mistake, and stores nothing.
    await desk.goto(`${web.site}/#/t/${tournamentId}/organize`);
    const details = desk.locator('section[aria-labelledby="details-title"]');
    await details.getByLabel('Pre-alarm (minutes)').fill('40');
    await freshStatus(details);
    await details.getByRole('button', { name: 'Save details' }).click();
    const refused = await outcome(details);
    expect(refused.state).toBe('error');
    expect(refused.text).toContain('shorter than the round (40 minutes)');
    expect((await storedTournament(tournamentId)).preAlarmMinutes).toBe(5);
  });

  it('asks before a withdrawal and takes it back; every refusal on the screens speaks in words', async () => {
    const refusals: string[] = [];
    const participantsUrl = `${web.site}/#/t/${seeded.tournamentId}/participants`;
    await desk.goto(participantsUrl);

    // A French paste: its header, its thousands separator, a player twice and a rating that is not a number.
    const paste = desk.locator('form[aria-labelledby="csv-title"]');
    await paste.locator('textarea').fill('Nom;Classement\nÉmile Roux;1 520\nÉmile Roux;1 520\nLéa Morel;beaucoup\n');
    const preview = desk.locator('#csv-preview');
    await expect.poll(() => preview.textContent()).toContain('line 3: Émile Roux rated 1520 is listed twice');
    expect(await preview.textContent()).toContain('line 4 (Léa Morel): the rating “beaucoup” is not a number');
    refusals.push((await preview.textContent()) ?? '');
    await web.shot(desk, 'safety-paste-french-desktop');
    await paste.locator('textarea').fill('Nom;Classement\nÉmile Roux;1 520\n');
    await expect.poll(() => preview.textContent()).toContain('1 participant ready');
    await freshStatus(paste);
    await paste.getByRole('button', { name: /^Add/ }).click();
    await expectOk(paste);
    await desk.locator('tr', { hasText: 'Émile Roux' }).first().waitFor();
    expect(await desk.locator('tr', { hasText: 'Émile Roux' }).first().textContent()).toContain('1520');

    // The same person again is refused; the refusal leaves with the next, different entry.
    const addOne = desk.locator('form[aria-labelledby="add-one-title"]');
    await addOne.getByLabel('Name', { exact: true }).fill('Émile Roux');
    await addOne.getByLabel('Rating', { exact: true }).fill('1520');
    await freshStatus(addOne);
    await addOne.getByRole('button', { name: 'Add participant' }).click();
    const twice = await outcome(addOne);
    expect(twice.state).toBe('error');
    refusals.push(twice.text);
    await addOne.getByLabel('Name', { exact: true }).fill('Léa Morel');
    expect(await addOne.locator('.status').textContent()).toBe('');

    // Withdrawing asks first, naming the player; it can be taken back.
    const leaver = seeded.participants[3]!;
    const stored = async () =>
      (
        (
          await adminFirestore().doc(`tournaments/${seeded.tournamentId}/participants/${leaver.participantId}`).get()
        ).data() as ParticipantDoc | undefined
      )?.withdrawn;
    await desk.getByRole('button', { name: `Withdraw ${leaver.name}`, exact: true }).click();
    await expect.poll(() => desk.getByRole('alertdialog').textContent()).toContain(`Withdraw ${leaver.name}?`);
    expect(await stored()).toBe(false);
    await desk.getByRole('button', { name: `Yes, withdraw ${leaver.name}`, exact: true }).click();
    await waitFor('the withdrawal', stored, (w) => w === true);
    await desk.getByRole('button', { name: `Reinstate ${leaver.name}`, exact: true }).click();
    await desk.getByRole('button', { name: `Yes, reinstate ${leaver.name}`, exact: true }).click();
    await waitFor('the reinstatement', stored, (w) => w === false);
    await web.shot(desk, 'safety-reinstated-desktop');

    // A score saved with an empty box names the player and what to do.
    await desk.goto(`${web.site}/#/t/${seeded.tournamentId}/rounds/3`);
    const [game] = await roundGames(3);
    const row = table(desk, game!);
    await row
      .getByRole('spinbutton', { name: `Game points of ${playerOf(seeded, game!, 'a').name}`, exact: true })
      .fill('5');
    await freshStatus(row);
    await row.getByRole('button', { name: /^Save the result/ }).click();
    const empty = await outcome(row);
    expect(empty.state).toBe('error');
    expect(empty.text).toContain(`enter the game points of ${playerOf(seeded, game!, 'b').name}`);
    refusals.push(empty.text);

    // A second tournament on the same date names the first and says why.
    await desk.goto(`${web.site}/#/championships/${seeded.championshipId}`);
    await desk.getByRole('heading', { name: 'New tournament' }).waitFor();
    await desk.getByLabel('Date').fill('2025-06-01');
    await desk.getByLabel('Description').fill('Same day');
    const create = desk.locator('form:has(button:text("Create tournament"))');
    await freshStatus(create);
    await desk.getByRole('button', { name: 'Create tournament' }).click();
    const sameDay = await outcome(create);
    expect(sameDay.state).toBe('error');
    expect(sameDay.text).toContain('(“Open safety-');
    expect(sameDay.text).toContain('a championship plays one tournament a day');
    refusals.push(sameDay.text);
    await web.shot(desk, 'safety-same-day-desktop');

    const ids = [
      seeded.tournamentId,
      seeded.championshipId,
      seeded.clubId,
      ...(await roundGames(3)).map((m) => m.matchUpId),
    ];
    for (const text of refusals) {
      expect(text).not.toMatch(/Invalid input|expected number|NaN|\bp\d+\b|\br\d+-m\d+\b/);
      for (const id of ids) expect(text).not.toContain(id);
    }
    expect(refusals).toHaveLength(4);
  });
  it('shares the round clock: started, paused and resumed on the desk, the same on a signed-out phone and the wall', async () => {
    await adminFirestore()
      .doc(`tournaments/${seeded.tournamentId}`)
      .update({ roundDurationMinutes: 40, preAlarmMinutes: 5 });
    const clockUrl = `${web.site}/#/t/${seeded.tournamentId}/clock`;
    await desk.goto(clockUrl);
    const spectator = await web.openPage(PHONE, 'spectator');
    await spectator.goto(clockUrl);
    const deskClock = desk.locator('section.clock');
    const phoneClock = spectator.locator('section.clock');
    await expect.poll(() => phoneClock.getAttribute('data-state'), { timeout: WAIT_MS }).toBe('not-started');
    expect(await phoneClock.getByRole('timer').textContent()).toBe('40:00');
    // Nobody but an editor is offered the clock's controls.
    expect(await spectator.getByRole('button', { name: /Start|Pause|Resume|Restart/ }).count()).toBe(0);

    const seconds = async (page: Page) => {
      const [m, s] = ((await page.getByRole('timer').textContent()) ?? '').split(':').map(Number);
      return m! * 60 + s!;
    };
    await deskClock.getByRole('button', { name: 'Start the clock' }).click();
    await expect.poll(() => phoneClock.getAttribute('data-state'), { timeout: WAIT_MS }).toBe('running');
    // Running: the phone's time moves on by itself and stays within a second of the desk's.
    const first = await seconds(spectator);
    await expect.poll(() => seconds(spectator), { timeout: WAIT_MS }).toBeLessThan(first);
    const [onDesk, onPhone] = await Promise.all([seconds(desk), seconds(spectator)]);
    expect(Math.abs(onDesk - onPhone)).toBeLessThanOrEqual(1);
    await web.shot(spectator, 'safety-clock-running-phone');

    await deskClock.getByRole('button', { name: 'Pause the clock' }).click();
    await expect.poll(() => phoneClock.getAttribute('data-state'), { timeout: WAIT_MS }).toBe('paused');
    await expect
      .poll(() => desk.getByRole('timer').textContent())
      .toBe(await spectator.getByRole('timer').textContent());
    const paused = await seconds(spectator);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await seconds(spectator)).toBe(paused);
    expect(await phoneClock.textContent()).toContain('The clock is paused');
    // The projector board, opened only now, shows the same stored time, paused.
    const wall = await web.openPage(DESKTOP, 'wall');
    await wall.goto(`${web.site}/#/t/${seeded.tournamentId}/board`);
    const wallClock = wall.locator('.board-clock');
    await expect.poll(() => wallClock.getAttribute('data-state'), { timeout: WAIT_MS }).toBe('paused');
    expect(await wallClock.textContent()).toBe(`${await spectator.getByRole('timer').textContent()} (paused)`);
    await web.shot(wall, 'safety-clock-paused-board');
    await web.shot(desk, 'safety-clock-paused-desktop');
    await web.shot(spectator, 'safety-clock-paused-phone');

    await deskClock.getByRole('button', { name: 'Resume the clock' }).click();
    await expect.poll(() => phoneClock.getAttribute('data-state'), { timeout: WAIT_MS }).toBe('running');
    // The resumed clock goes on from where it stopped, not from the full time.
    await expect.poll(() => seconds(spectator), { timeout: WAIT_MS }).toBeLessThan(paused);
    expect(await seconds(spectator)).toBeGreaterThan(paused - 10);
  });
  it('undoes setup mistakes: the scoring before round 1, a mistyped rating, an entry and a tournament that have not started', async () => {
    // A draft of its own: entered, not paired.
    const description = `Setup ${Date.now()}`;
    const { tournamentId } = await call<{ tournamentId: string }>(
      web.emulators,
      'createTournament',
      { championshipId: seeded.championshipId, date: '2031-03-01', description, policy: 'REDEMPTION' },
      seeded.organizer,
    );
    await call(
      web.emulators,
      'addParticipants',
      {
        tournamentId,
        participants: [
          { participantId: 's1', name: 'Sofia Brun', rating: 1600 },
          { participantId: 's2', name: 'Tom Keller', rating: 1550 },
          { participantId: 's3', name: 'Uma Perret', rating: 1500 },
          { participantId: 's4', name: 'Vic Oudin', rating: 1450 },
          { participantId: 's5', name: 'Mistake Entry', rating: 1400 },
        ],
      },
      seeded.organizer,
    );
    const stored = async () =>
      (await adminFirestore().doc(`tournaments/${tournamentId}`).get()).data() as TournamentDoc | undefined;

    // The scoring changes before round 1.
    await desk.goto(`${web.site}/#/t/${tournamentId}/organize`);
    const scoring = desk.locator('section[aria-labelledby="scoring-title"]');
    await scoring.getByLabel('Game to (points)').fill('7');
    await scoring.getByLabel('Match points: win').fill('2');
    await freshStatus(scoring);
    await scoring.getByRole('button', { name: 'Save scoring' }).click();
    await expectOk(scoring);
    expect((await stored())!.policy.scoringPolicy).toMatchObject({ gameTarget: 7, matchPoints: { win: 2 } });
    await web.shot(desk, 'safety-scoring-before-round-1-desktop');

    // A mistyped rating is corrected; an entry added by mistake is deleted after a question naming it.
    await desk.goto(`${web.site}/#/t/${tournamentId}/participants`);
    await desk.getByRole('button', { name: 'Edit Tom Keller', exact: true }).click();
    await desk.getByLabel('Rating', { exact: true }).first().fill('1850');
    await desk.getByRole('button', { name: 'Save', exact: true }).click();
    const participant = (id: string) => adminFirestore().doc(`tournaments/${tournamentId}/participants/${id}`).get();
    await waitFor(
      'the corrected rating',
      async () => ((await participant('s2')).data() as ParticipantDoc | undefined)?.rating,
      (r) => r === 1850,
    );
    await desk.getByRole('button', { name: 'Delete Mistake Entry', exact: true }).click();
    await expect.poll(() => desk.getByRole('alertdialog').textContent()).toContain('Delete Mistake Entry?');
    expect((await participant('s5')).exists).toBe(true);
    await desk.getByRole('button', { name: 'Yes, delete Mistake Entry', exact: true }).click();
    await waitFor(
      'the deleted entry',
      async () => (await participant('s5')).exists,
      (e) => e === false,
    );
    await desk.locator('tr', { hasText: 'Tom Keller' }).filter({ hasText: '1850' }).waitFor();
    await web.shot(desk, 'safety-rating-corrected-desktop');

    // Paired: the scoring stays, and the desk says why; a player with a rated game keeps the rating he started with.
    await generate(1, tournamentId);
    await desk.goto(`${web.site}/#/t/${tournamentId}/organize`);
    await expect.poll(() => scoring.locator('[data-scoring-note]').textContent()).toContain('Round 1 is paired');
    expect(await scoring.getByRole('button', { name: 'Save scoring' }).count()).toBe(0);
    expect(await scoring.getByLabel('Game to (points)').isDisabled()).toBe(true);
    await web.shot(desk, 'safety-scoring-locked-desktop');
    expect(await desk.getByRole('button', { name: 'Delete this tournament' }).count()).toBe(0);
    const [game] = (await adminFirestore().collection(`tournaments/${tournamentId}/matchUps`).get()).docs
      .map((d) => d.data() as MatchUpDoc)
      .filter((m) => m.b !== null);
    await call(
      web.emulators,
      'recordScore',
      { tournamentId, matchUpId: game!.matchUpId, result: { kind: 'PLAYED', score: { a: 7, b: 2 } } },
      seeded.organizer,
    );
    const rated = ((await participant(game!.a)).data() as ParticipantDoc).name;
    await desk.goto(`${web.site}/#/t/${tournamentId}/participants`);
    await desk.getByRole('button', { name: `Edit ${rated}`, exact: true }).click();
    const frozen = desk.getByLabel('Rating', { exact: true }).first();
    await expect.poll(() => frozen.getAttribute('readonly')).not.toBeNull();
    expect(await desk.locator('form .hint').allTextContents()).toContainEqual(
      expect.stringContaining(`${rated} has a rated game already`),
    );
    expect(await desk.getByRole('button', { name: `Delete ${rated}`, exact: true }).count()).toBe(0);
    await web.shot(desk, 'safety-rating-frozen-desktop');

    // Another draft is deleted from the desk, after a question naming it.
    const other = `Mistake ${Date.now()}`;
    const { tournamentId: mistaken } = await call<{ tournamentId: string }>(
      web.emulators,
      'createTournament',
      { championshipId: seeded.championshipId, date: '2031-03-02', description: other },
      seeded.organizer,
    );
    const phone = await signedIn(PHONE, 'organizer-phone');
    await phone.goto(`${web.site}/#/t/${mistaken}/organize`);
    await phone.getByRole('button', { name: 'Delete this tournament' }).click();
    await expect.poll(() => phone.getByRole('alertdialog').textContent()).toContain(`Delete ${other} (2031-03-02)`);
    await web.shot(phone, 'safety-delete-asks-phone');
    await phone.getByRole('button', { name: `Yes, delete ${other}` }).click();
    await waitFor(
      'the deleted tournament',
      async () => (await adminFirestore().doc(`tournaments/${mistaken}`).get()).exists,
      (e) => e === false,
    );
    await phone.getByRole('heading', { name: 'New tournament' }).waitFor();
  });
});
