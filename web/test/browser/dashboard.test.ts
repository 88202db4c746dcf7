/**
 * Emulator Suite tier, the dashboard itself: web/dist as the Hosting emulator serves it (built by
 * scripts/emulators before the emulators start), driven in Chromium through the UI alone, against the real
 * callables, rules and score trigger.
 *
 * - The organizer (desktop) creates an account, a club, a championship and a 16-player Swiss from pasted CSV,
 *   pairs and scores three rounds in the UI (round 1 from the keyboard), is refused a 6-3 game to 5 with the
 *   server's reason, corrects a round-1 score in a reopened round, and reads standings that must equal the
 *   engine's own fold of the results the test typed (foldCompetition + buildLeaderboard), with no pair repeated.
 * - A player on a 375x812 phone enters their own round-3 score; the opponent's phone shows it appear; a stranger
 *   who signs up sees no way to enter it, and the stored score stays the player's.
 * - The participant page's rating chart, the countdown, the JSON and CSV exports.
 * - No console error in any page, every control labelled. Screenshots of each screen go to web/test/screenshots/.
 *
 * Runs only inside `firebase emulators:exec` with the Hosting emulator (npm test, or
 * `npx tsx --conditions=source scripts/emulators/test.ts web/test/browser/dashboard.test.ts`), with Chromium at /usr/bin/chromium.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { buildLeaderboard, type CompetitionPolicy, foldCompetition, type MatchUpRecord } from '@competition/engine';
import type { MatchUpDoc, ParticipantDoc, TournamentRoleDoc } from '@competition/engine/schemas';
import {
  type Account,
  type Emulators,
  FAKE_API_KEY,
  adminFirestore,
  call,
  origin,
  signUp,
  waitFor,
} from '../../../testing/stack.js';
import { DESKTOP, PHONE, WAIT_MS, expectOk, outcome } from './driver.js';
import { browserSuite, roundMatchUps, signUpThrough, storedMatchUps, storedTournament } from './harness.js';

/** An ID token for an account created in the UI (the Auth emulator's REST sign-in, as the SDK posts it). */
async function signInAs(
  emulators: Emulators,
  account: { email: string; password: string },
): Promise<{ idToken: string }> {
  const url = `${origin(emulators.auth)}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${FAKE_API_KEY}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, returnSecureToken: true }),
  });
  return (await response.json()) as { idToken: string };
}

const NAMES = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lu', 'Max', 'Nia', 'Oz', 'Pia'];
const RATINGS = [1830, 1790, 1755, 1720, 1700, 1660, 1640, 1610, 1580, 1555, 1530, 1500, 1480, 1450, 1420, 1400];
type Score = [number, number];
/** The scores the organizer types, by round and table. */
const SCORES: Record<number, Score[]> = {
  1: [
    [5, 3],
    [5, 4],
    [2, 5],
    [3, 3],
    [5, 0],
    [4, 2],
    [1, 5],
    [5, 2],
  ],
  2: [
    [5, 1],
    [3, 5],
    [4, 4],
    [5, 2],
    [0, 5],
    [5, 3],
    [2, 4],
    [5, 4],
  ],
  // Table 1 of round 3 is entered by its player on the phone.
  3: [
    [5, 2],
    [3, 5],
    [5, 1],
    [4, 3],
    [5, 0],
    [2, 2],
    [5, 3],
    [1, 5],
  ],
};
const CORRECTED: Score = [3, 5];
const played = ([a, b]: Score) => ({ kind: 'PLAYED' as const, score: { a, b } });

browserSuite(import.meta.url, 'the dashboard in Chromium, served by the Hosting emulator', (web) => {
  let desk: Page;
  const players: Account[] = [];
  const organizer = { email: `organizer-${Date.now()}@example.com`, password: 'organizer-pass-1' };
  let tournamentId = '';
  let participants: ParticipantDoc[] = [];
  let exportedJson = '';
  let finalOrder: string[] = [];
  /** What the test typed, by matchUp: the oracle's input. */
  const typed = new Map<string, ReturnType<typeof played>>();

  const checkLabels = (page: Page, screen: string) => web.driver.checkLabels(page, screen);

  beforeAll(async () => {
    const run = Math.random().toString(36).slice(2, 8);
    players.push(
      ...(await Promise.all(NAMES.map((name) => signUp(web.emulators, `${name.toLowerCase()}-${run}@example.com`)))),
    );
    desk = await web.openPage(DESKTOP, 'organizer');
  });

  // ---------------------------------------------------------------- driving the pages

  const nameOf = (participantId: string) =>
    participants.find((p) => p.participantId === participantId)?.name ?? participantId;
  const roundSection = (page: Page, round: number) => page.locator(`section[data-round="${round}"]`);
  const tables = (page: Page, round: number) => roundSection(page, round).locator('li.matchup');

  /** Types a score into one table's row and saves it; from the keyboard when asked. */
  async function enterScore(
    row: Locator,
    matchUp: { a: string; b: string | null },
    score: Score,
    keyboard = false,
  ): Promise<Locator> {
    const first = row.getByRole('spinbutton', { name: `Game points of ${nameOf(matchUp.a)}`, exact: true });
    const second = row.getByRole('spinbutton', { name: `Game points of ${nameOf(matchUp.b!)}`, exact: true });
    // A fresh status line: wait for the outcome of this save, not of an earlier one.
    await row.locator('.status').evaluate((el) => el.setAttribute('data-state', 'idle'));
    if (keyboard) {
      await first.focus();
      await desk.keyboard.press('Control+A');
      await desk.keyboard.type(String(score[0]));
      await desk.keyboard.press('Tab');
      await desk.keyboard.press('Control+A');
      await desk.keyboard.type(String(score[1]));
      await desk.keyboard.press('Enter');
    } else {
      await first.fill(String(score[0]));
      await second.fill(String(score[1]));
      await row.getByRole('button', { name: /^Save the result/ }).click();
    }
    return row;
  }

  async function generateRound(round: number): Promise<MatchUpDoc[]> {
    // The button's label moves on to the next round as soon as this one exists: hold on to the form by its status.
    const form = desk.locator('form:has(#generate-status)');
    await form.locator('.status').evaluate((el) => el.setAttribute('data-state', 'idle'));
    await desk.getByRole('button', { name: `Generate round ${round}` }).click();
    // While the call runs the button is disabled: a second click cannot pair a second round.
    expect(await form.locator('button[type=submit]').isDisabled()).toBe(true);
    await expectOk(form);
    await expect.poll(() => tables(desk, round).count(), { timeout: WAIT_MS }).toBe(8);
    return roundMatchUps(tournamentId, round);
  }

  async function scoreRound(
    round: number,
    games: MatchUpDoc[],
    skip: ReadonlySet<string> = new Set(),
    keyboard = false,
  ): Promise<void> {
    for (const game of games) {
      if (skip.has(game.matchUpId)) continue;
      const score = SCORES[round]![game.order]!;
      const row = tables(desk, round).nth(game.order);
      expect(await row.getAttribute('data-matchup')).toBe(game.matchUpId);
      await expectOk(await enterScore(row, game, score, keyboard));
      typed.set(game.matchUpId, played(score));
    }
  }

  // ---------------------------------------------------------------- the organizer

  it(
    'the organizer creates an account, a club, a championship and a tournament of 16 from pasted CSV',
    { timeout: 120_000 },
    async () => {
      await desk.goto(web.site);
      await desk.locator('.app[data-ready="true"]').waitFor();
      await checkLabels(desk, 'sign-in');
      await web.shot(desk, 'desktop-1-sign-in');
      // From the keyboard: type, Tab past "Sign in" to "Create account", Enter.
      await desk.getByLabel('Email').fill(organizer.email);
      await desk.getByLabel('Password').fill(organizer.password);
      await desk.getByLabel('Password').press('Tab');
      await desk.keyboard.press('Tab');
      await expect.poll(() => desk.evaluate(() => document.activeElement?.textContent)).toBe('Create account');
      await desk.keyboard.press('Enter');
      await desk.locator('.who').waitFor();

      await desk.getByLabel('Club name').fill('Riverside Carrom Club');
      await desk.getByLabel('Country (3 letters)').fill('gbr');
      await desk.getByRole('button', { name: 'Create club' }).click();
      const myClubs = desk.getByRole('list', { name: 'My clubs' });
      await expect.poll(() => myClubs.textContent()).toContain('Riverside Carrom Club');
      expect(await myClubs.textContent()).toContain('owner');

      await desk.getByLabel('Championship name').fill('Winter League');
      await desk.getByRole('checkbox', { name: 'Riverside Carrom Club' }).check();
      await checkLabels(desk, 'home');
      await web.shot(desk, 'desktop-2-home');
      await desk.getByRole('button', { name: 'Create championship' }).click();
      await desk.getByRole('heading', { name: 'Winter League' }).waitFor();

      // A description is required: the form names the field before anything is sent.
      await desk.getByRole('button', { name: 'Create tournament' }).click();
      await expect.poll(() => desk.locator('.field-error').first().textContent()).toMatch(/cannot be empty/i);
      await desk.getByLabel('Date').fill('2026-01-17');
      await desk.getByLabel('Description').fill('Saturday Swiss');
      await desk.getByLabel('Location').fill('Riverside Hall');
      await desk.getByLabel('Rounds', { exact: true }).fill('3');
      const advice = () => desk.locator('.field .hint').filter({ hasText: 'recommended for 16 players' }).textContent();
      await expect.poll(advice).toContain(': 4');
      // The card games' preset advises from the MTR's table, as its rounds page will: 5 rounds for 16 players.
      await desk.getByLabel('Competition policy').selectOption('TCG');
      await expect.poll(advice).toContain(': 5');
      await desk.getByLabel('Competition policy').selectOption('REDEMPTION');
      await expect.poll(advice).toContain(': 4');
      // A scoring box out of range is named as the form names it, not by the policy's schema path.
      await desk.getByLabel('Match points: win').fill('-1');
      await desk.getByRole('button', { name: 'Create tournament' }).click();
      const scoringError = desk.locator('fieldset', { hasText: 'Scoring' }).locator('.field-error');
      await expect.poll(() => scoringError.textContent()).toBe('match points for a win: must be at least 0');
      await desk.getByLabel('Match points: win').fill('3');
      await checkLabels(desk, 'championship');
      await web.shot(desk, 'desktop-3-new-tournament');
      await desk.getByRole('button', { name: 'Create tournament' }).click();
      await desk.getByRole('heading', { name: 'Saturday Swiss' }).waitFor();
      tournamentId = (await desk.locator('[data-tournament]').getAttribute('data-tournament')) ?? '';
      expect(tournamentId).not.toBe('');

      const csv = [
        'name,rating,club,country',
        ...NAMES.map((name, i) => `${name},${RATINGS[i]},${i % 3 === 0 ? 'Riverside' : 'Hillside'},GBR`),
      ].join('\n');
      await desk.getByLabel(/^One per line/).fill(csv);
      await expect.poll(() => desk.locator('#csv-preview').textContent()).toBe('16 participants ready');
      await desk.getByRole('button', { name: 'Add 16 participants' }).click();
      await expectOk(desk.locator('form', { has: desk.locator('#csv-status') }));
      await expect.poll(() => desk.locator('table.participants tbody tr').count()).toBe(16);
      await checkLabels(desk, 'participants');
      await web.shot(desk, 'desktop-4-participants');

      const stored = await adminFirestore().collection(`tournaments/${tournamentId}/participants`).get();
      participants = stored.docs.map((d) => d.data() as ParticipantDoc);
      // The dashboard links no account (players claim their entries by code): the scripts' callable does it here.
      const asOrganizer = await signInAs(web.emulators, organizer);
      for (const p of participants)
        await call(
          web.emulators,
          'linkParticipantAccount',
          { tournamentId, participantId: p.participantId, uid: players[NAMES.indexOf(p.name)]!.uid },
          asOrganizer,
        );
      const roles = (await adminFirestore().collection(`tournaments/${tournamentId}/roles`).get()).docs.map(
        (d) => d.data() as TournamentRoleDoc,
      );
      const accountOf = (participantId: string) => roles.find((r) => r.participantIds.includes(participantId))?.uid;
      const entered = participants.map((p) => [p.name, p.rating, accountOf(p.participantId)]);
      expect(entered.sort()).toEqual(NAMES.map((name, i) => [name, RATINGS[i], players[i]!.uid]).sort());
    },
  );

  it(
    "pairs and scores rounds 1 and 2 in the UI; a 6-3 game to 5 is refused with the server's reason",
    { timeout: 120_000 },
    async () => {
      await desk.getByRole('link', { name: 'Rounds' }).click();
      const round1 = await generateRound(1);
      const why = await tables(desk, 1).first().locator('.why').textContent();
      expect(why).toContain('never met');
      // The Redemption policy plays without colours: no side is shown as moving first.
      expect(await roundSection(desk, 1).locator('.colour').count()).toBe(0);

      // Table 1: an impossible score first. Nothing is stored, and the reason is the engine's, from the callable.
      const first = tables(desk, 1).first();
      const refused = await outcome(await enterScore(first, round1[0]!, [6, 3]));
      expect(refused.state).toBe('error');
      expect(refused.text).toContain('a game to 5 ends when a side reaches 5');
      expect((await storedMatchUps(tournamentId)).find((m) => m.matchUpId === round1[0]!.matchUpId)?.result).toBeNull();
      await web.shot(desk, 'desktop-5-score-refused');

      await scoreRound(1, round1, new Set(), true);
      await checkLabels(desk, 'rounds');
      await web.shot(desk, 'desktop-6-round-1-scored');
      const round2 = await generateRound(2);
      await scoreRound(2, round2);
    },
  );

  it(
    'round 3: a player enters their own score on a phone, the opponent sees it, a stranger cannot',
    { timeout: 120_000 },
    async () => {
      const round3 = await generateRound(3);
      await web.shot(desk, 'desktop-7-round-3-pairings');
      const game = round3[0]!;
      const playerIndex = participants.findIndex((p) => p.participantId === game.a);
      const player = players[NAMES.indexOf(participants[playerIndex]!.name)]!;
      const opponent = players[NAMES.indexOf(nameOf(game.b!))]!;

      const signInOnPhone = async (account: { email: string; password: string }, next: string, label: string) => {
        const phone = await web.signedIn(PHONE, label, account, next);
        await phone.locator('.who').waitFor();
        return phone;
      };
      const phone = await signInOnPhone(player, `/t/${tournamentId}/play`, 'player');
      const theirs = await signInOnPhone(opponent, `/t/${tournamentId}/play`, 'opponent');
      const card = phone.locator('.my-game');
      await expect.poll(() => card.locator('.game-head').textContent()).toBe('Round 3 · Table 1');
      expect(await phone.getByRole('link', { name: 'My game' }).getAttribute('aria-current')).toBe('page');
      expect(await card.locator('.opponent').textContent()).toBe(nameOf(game.b!));

      // From the phone's keyboard: the player's own points, Tab, the opponent's, Enter.
      const [mine, other] = SCORES[3]![0]!;
      const standing = card.locator('.my-standing');
      // The win is counted on top of rounds 1 and 2, once both are applied (wins, draws and losses add up to 2).
      const record = async () => (/(\d+)-(\d+)-(\d+)$/.exec((await standing.textContent()) ?? '') ?? []).slice(1);
      await expect.poll(async () => (await record()).reduce((sum, n) => sum + Number(n), 0)).toBe(2);
      const wins = Number((await record())[0]);
      await card.getByRole('spinbutton', { name: `Game points of ${nameOf(game.a)} (you)` }).focus();
      await phone.keyboard.type(String(mine));
      await phone.keyboard.press('Tab');
      await phone.keyboard.type(String(other));
      await phone.keyboard.press('Enter');
      await expectOk(card);
      typed.set(game.matchUpId, played([mine, other]));
      // The player's own standing moves as the trigger applies the win.
      await expect
        .poll(() => standing.textContent(), { timeout: WAIT_MS })
        .toMatch(new RegExp(`${wins + 1}-\\d+-\\d+$`));
      await checkLabels(phone, 'phone play');
      await web.shot(phone, 'phone-1-player-scored');

      // The opponent's phone shows the score without reloading.
      const theirCard = theirs.locator('.my-game');
      await expect
        .poll(() =>
          theirCard.getByRole('spinbutton').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
        )
        .toEqual([String(mine), String(other)]);
      await web.shot(theirs, 'phone-2-opponent-sees-score');

      const stored = (await storedMatchUps(tournamentId)).find((m) => m.matchUpId === game.matchUpId)!;
      expect(stored.result).toEqual(played([mine, other]));
      // Signed with the side the player plays (matchUps are public: no account id in them).
      expect(stored.scoredBy).toBe('SIDE_A');
      expect(JSON.stringify(stored)).not.toContain(player.uid);

      // A stranger signs up on the table's link: no score entry, only the reason.
      const stranger = await web.openPage(PHONE, 'stranger');
      await stranger.goto(`${web.site}/#/signin?next=${encodeURIComponent(`/t/${tournamentId}/m/${game.matchUpId}`)}`);
      await signUpThrough(stranger, `stranger-${Date.now()}@example.com`, 'stranger-pass-1');
      await stranger.getByRole('note').filter({ hasText: 'Only the two players of this game' }).waitFor();
      expect(await stranger.getByRole('spinbutton').count()).toBe(0);
      expect(await stranger.locator('[data-result-text]').textContent()).toBe(`${mine}–${other}`);
      await web.shot(stranger, 'phone-3-stranger-cannot-score');
      await stranger.goto(`${web.site}/#/t/${tournamentId}/play`);
      await stranger.getByRole('heading', { name: 'You are not entered in this tournament' }).waitFor();
      expect(await stranger.getByRole('spinbutton').count()).toBe(0);
      expect((await storedMatchUps(tournamentId)).find((m) => m.matchUpId === game.matchUpId)?.scoredBy).toBe('SIDE_A');

      // The organizer names a scorekeeper, who scores table 2 from the list of every game of the round.
      const keeper = await signUp(web.emulators, `keeper-${Date.now()}@example.com`);
      await desk.getByRole('link', { name: 'Organize' }).click();
      await call(
        web.emulators,
        'setScorekeepers',
        { tournamentId, uids: [keeper.uid] },
        await signInAs(web.emulators, organizer),
      );
      await expect.poll(() => desk.getByRole('list', { name: 'Scorekeepers' }).textContent()).toContain('Remove');
      expect(await desk.locator('main').textContent()).not.toContain(keeper.uid);
      const keeperPhone = await signInOnPhone(keeper, `/t/${tournamentId}/play`, 'scorekeeper');
      const table2 = round3[1]!;
      const keeperRow = keeperPhone.locator('.keeper-list li').nth(1);
      // A scorekeeper's tab says what it is for.
      const keeperTab = keeperPhone.getByRole('link', { name: 'Score games' });
      await expect.poll(() => keeperTab.getAttribute('aria-current')).toBe('page');
      expect(await keeperPhone.getByRole('link', { name: 'My game' }).count()).toBe(0);
      await expect
        .poll(() => keeperRow.locator('.strong').textContent())
        .toBe(`Table 2: ${nameOf(table2.a)} v ${nameOf(table2.b!)}`);
      const keeperScore = SCORES[3]![1]!;
      await keeperRow
        .getByRole('spinbutton', { name: `Game points of ${nameOf(table2.a)}`, exact: true })
        .fill(String(keeperScore[0]));
      await keeperRow
        .getByRole('spinbutton', { name: `Game points of ${nameOf(table2.b!)}`, exact: true })
        .fill(String(keeperScore[1]));
      await keeperRow.getByRole('button', { name: 'Save the result of table 2' }).click();
      await expectOk(keeperRow);
      typed.set(table2.matchUpId, played(keeperScore));
      await checkLabels(keeperPhone, 'phone scorekeeper');
      await web.shot(keeperPhone, 'phone-4-scorekeeper');
      await expect
        .poll(async () => (await storedMatchUps(tournamentId)).find((m) => m.matchUpId === table2.matchUpId)?.scoredBy)
        .toBe('SCOREKEEPER');

      // The organizer enters the rest of round 3; the tables already scored show their scores.
      await desk.getByRole('link', { name: 'Rounds' }).click();
      await expect
        .poll(() => tables(desk, 3).first().locator('.score-form').getAttribute('data-result'))
        .toContain('"a":5');
      await expect
        .poll(() => tables(desk, 3).nth(1).locator('.score-form').getAttribute('data-result'))
        .toContain(`"a":${keeperScore[0]}`);
      await scoreRound(3, round3, new Set([game.matchUpId, table2.matchUpId]));
    },
  );

  it(
    "a round-1 score corrected in the reopened round; standings equal the engine's fold, no pair repeats",
    { timeout: 120_000 },
    async () => {
      await desk.getByRole('link', { name: /^Round 1/ }).click();
      const section = roundSection(desk, 1);
      await section.getByRole('button', { name: 'Reopen round 1 for corrections' }).click();
      // The score inputs are on the page while the round is closed too (disabled), so wait for the round itself.
      await expect.poll(() => section.getAttribute('data-status'), { timeout: WAIT_MS }).toBe('OPEN');
      // The page shows its own write at once; the score's callable must find the round open on the server.
      const stored = async (): Promise<unknown> =>
        (await adminFirestore().doc(`tournaments/${tournamentId}/rounds/1`).get()).get('status');
      await expect.poll(stored).toBe('OPEN');
      const game = (await storedMatchUps(tournamentId)).find((m) => m.roundNumber === 1 && m.order === 0)!;
      await expectOk(await enterScore(tables(desk, 1).first(), game, CORRECTED));
      typed.set(game.matchUpId, played(CORRECTED));
      await section.getByRole('button', { name: 'Close round 1' }).click();
      await expect.poll(() => section.getAttribute('data-status')).toBe('CLOSED');

      // What the backend holds is what the test typed, and no two players met twice.
      const matchUps = await storedMatchUps(tournamentId);
      expect(matchUps).toHaveLength(24);
      for (const m of matchUps) expect(m.result, m.matchUpId).toEqual(typed.get(m.matchUpId));
      const pairs = matchUps.map((m) => [m.a, m.b].sort().join(' v '));
      expect(new Set(pairs).size).toBe(pairs.length);

      // The oracle: the engine's fold and leaderboard of the typed results, on the same pairings.
      const tournament = await storedTournament(tournamentId);
      const policy: CompetitionPolicy = tournament.policy;
      const records: MatchUpRecord[] = matchUps.map((m) => ({
        matchUpId: m.matchUpId,
        roundNumber: m.roundNumber,
        order: m.order,
        a: m.a,
        b: m.b,
        result: typed.get(m.matchUpId)!,
      }));
      const people = participants.map(({ participantId, name, rating }) => ({
        participantId,
        name,
        ...(rating === undefined ? {} : { rating }),
      }));
      const expected = buildLeaderboard(policy, foldCompetition(policy, people, records)).map((row) => [
        `${row.rank}`,
        nameOf(row.participantId),
        String(row.matchPoints),
        `${row.wins}-${row.draws}-${row.losses}`,
        `${row.pointsWon}–${row.pointsLost}`,
        String(row.tiebreaks.POINT_DIFFERENTIAL),
        row.tiebreaks.HEAD_TO_HEAD === undefined ? '' : String(row.tiebreaks.HEAD_TO_HEAD),
      ]);

      await desk.getByRole('link', { name: 'Standings' }).click();
      const screen = () =>
        desk.locator('table.standings tbody tr').evaluateAll((rows) =>
          rows.map((row) => {
            const cell = (selector: string) => row.querySelector(selector)?.textContent?.trim() ?? '';
            return [
              cell('td.rank').replace('=', ''),
              cell('th.player a'),
              cell('[data-field="matchPoints"]'),
              cell('[data-field="wdl"]'),
              cell('[data-field="games"]'),
              cell('[data-field="POINT_DIFFERENTIAL"]'),
              cell('[data-field="HEAD_TO_HEAD"]'),
            ];
          }),
        );
      // The trigger applies the last scores within moments: wait for the table to settle on the oracle.
      await waitFor(
        'the standings on screen to equal the fold',
        screen,
        (rows) => JSON.stringify(rows) === JSON.stringify(expected),
        WAIT_MS,
      ).catch(async () => {
        expect(await screen()).toEqual(expected);
      });
      // The Form column says what it is: the dynamic form rating, from the baseline in brackets.
      expect(await desk.locator('table.standings caption').textContent()).toContain(
        'Form: the dynamic form rating, which starts from the player’s baseline rating (in brackets)',
      );
      expect(await desk.locator('table.standings thead abbr', { hasText: 'Form' }).getAttribute('title')).toMatch(
        /^Dynamic form rating: starts from the baseline rating/,
      );
      // Shared places are shown as shared.
      const shared = expected.filter((row, i) => expected.some((other, j) => i !== j && other[0] === row[0])).length;
      expect(await desk.locator('td.rank', { hasText: '=' }).count()).toBe(shared);
      await checkLabels(desk, 'standings');
      await web.shot(desk, 'desktop-8-standings');
    },
  );

  it(
    'the participant page charts the rating history; the clock counts down; JSON and CSV export',
    { timeout: 90_000 },
    async () => {
      const leader = (await desk.locator('table.standings tbody tr th.player a').first().textContent()) ?? '';
      await desk.getByRole('link', { name: leader, exact: true }).first().click();
      await desk.getByRole('heading', { name: 'Rating history' }).waitFor();
      const chart = desk.getByRole('img', { name: /Dynamic form rating from/ });
      await chart.waitFor();
      expect(await chart.getAttribute('aria-label')).toContain('over 3 rated games');
      // The games arrive by their own snapshot, apart from the chart's.
      await expect.poll(() => desk.locator('.participant-page table tbody tr').count()).toBe(3);
      await checkLabels(desk, 'participant');
      await web.shot(desk, 'desktop-9-participant-chart');

      await desk.goto(`${web.site}/#/t/${tournamentId}/clock`);
      const clock = desk.getByRole('timer');
      await expect.poll(() => clock.textContent()).toMatch(/^\d+:\d\d$/);
      await desk.getByRole('button', { name: 'Start the clock' }).click();
      await expect.poll(() => clock.textContent()).toMatch(/^(30:00|29:5\d)$/);
      expect(await desk.locator('.clock').getAttribute('data-phase')).toBe('running');
      await checkLabels(desk, 'clock');
      await web.shot(desk, 'desktop-10-clock');

      await desk.getByRole('link', { name: 'Organize' }).click();
      const [json] = await Promise.all([
        desk.waitForEvent('download'),
        desk.getByRole('button', { name: 'Download tournament (JSON)' }).click(),
      ]);
      exportedJson = (await json.path())!;
      const exported = JSON.parse(readFileSync(exportedJson, 'utf8')) as {
        participants: unknown[];
        matchUps: unknown[];
      };
      expect(exported.participants).toHaveLength(16);
      expect(exported.matchUps).toHaveLength(24);
      const [csv] = await Promise.all([
        desk.waitForEvent('download'),
        desk.getByRole('button', { name: 'Download standings (CSV)' }).click(),
      ]);
      const csvText = readFileSync(await csv.path(), 'utf8');
      // The byte-order mark tells a spreadsheet program the file is UTF-8.
      expect(csvText.startsWith('\uFEFF')).toBe(true);
      const lines = csvText.slice(1).trim().split(/\r?\n/);
      expect(lines[0]).toMatch(/^Rank,Player,Match points,Wins,Draws,Losses,/);
      expect(lines).toHaveLength(17);
      await checkLabels(desk, 'export');
      await web.shot(desk, 'desktop-11-organize');
    },
  );

  it('a withdrawn player is marked, and keeps their place', { timeout: 60_000 }, async () => {
    const names = () => desk.locator('table.standings tbody th.player a').allTextContents();
    await desk.getByRole('link', { name: 'Standings' }).click();
    // The standings arrive by snapshot after the route changes: read them once all 16 rows are there.
    await expect.poll(async () => (await names()).length).toBe(16);
    finalOrder = await names();
    const last = finalOrder.at(-1)!;
    await desk.getByRole('link', { name: 'Participants' }).click();
    await desk.getByRole('button', { name: `Withdraw ${last}`, exact: true }).click();
    await desk.getByRole('button', { name: `Yes, withdraw ${last}`, exact: true }).click();
    await desk.getByRole('link', { name: 'Standings' }).click();
    const lastRow = desk
      .locator('table.standings tbody tr')
      .filter({ has: desk.getByRole('link', { name: last, exact: true }) });
    await expect.poll(() => lastRow.locator('.tag').textContent()).toBe('withdrawn');
    expect(await names()).toEqual(finalOrder);
  });

  it('the export imported into another championship ranks the same', { timeout: 120_000 }, async () => {
    const names = () => desk.locator('table.standings tbody th.player a').allTextContents();
    // One tournament per date per championship (docs/organisation.md#tournament-key): the copy goes into another.
    await desk.getByRole('link', { name: 'Home' }).click();
    await desk.getByLabel('Championship name').fill('Archive');
    await desk.getByRole('button', { name: 'Create championship' }).click();
    await desk.getByRole('heading', { name: 'Archive' }).waitFor();
    await desk.getByLabel('Exported tournament (JSON file)').setInputFiles(exportedJson);
    await desk.getByRole('button', { name: 'Import' }).click();
    // The import replays the whole tournament in one transaction: seconds, more on a busy machine.
    await desk.getByRole('heading', { name: 'Saturday Swiss' }).waitFor({ timeout: 60_000 });
    expect(await desk.locator('[data-tournament]').getAttribute('data-tournament')).not.toBe(tournamentId);
    await expect.poll(names, { timeout: WAIT_MS }).toEqual(finalOrder);
    await web.shot(desk, 'desktop-12-imported-standings');
  });

  it('no page logged an error, and every control had a label', () => {
    // The one refusal the test provoked (the 6-3 score) is an HTTP 400 of the callable, which Chromium logs.
    expect(web.driver.refusedRequests).toEqual([expect.stringMatching(/^400 .*\/recordScore$/)]);
    const loggedRefusal = /^\[organizer\] Failed to load resource: the server responded with a status of 400/;
    expect(web.driver.consoleErrors.filter((line) => !loggedRefusal.test(line))).toEqual([]);
    expect(web.driver.consoleErrors.length).toBeLessThanOrEqual(1);
    expect(web.driver.unlabelled).toEqual([]);
  });
});
