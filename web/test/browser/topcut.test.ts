/**
 * Emulator Suite tier: a 24-player Swiss of 5 rounds with a top 8 and a best-of-three final, played to the end in
 * Chromium. The organizer creates it on the form (top cut and finals chosen there) and generates every round from
 * the Rounds tab; the Swiss's 60 scores go in through the recordScore callable to save time, the cut's scores are
 * typed into the Rounds tab. After each cut round the bracket and the final standings are read off the screen.
 *
 * Runs only inside `firebase emulators:exec` with the Hosting emulator (npm test, or
 * `npx tsx --conditions=source scripts/emulators/test.ts web/test/browser/topcut.test.ts`), with Chromium at /usr/bin/chromium.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { ParticipantDoc } from '@competition/engine/schemas';
import { type Account, call } from '../../../testing/stack.js';
import { DESKTOP, WAIT_MS, expectOk, freshStatus, outcome } from './driver.js';
import { browserSuite, enterScore, roundMatchUps, storedIn, storedRound, storedTournament } from './harness.js';

const NAMES = [
  'Ada',
  'Ben',
  'Cleo',
  'Dev',
  'Eli',
  'Fern',
  'Gus',
  'Hana',
  'Ivo',
  'Jade',
  'Kai',
  'Lena',
  'Milo',
  'Nia',
  'Otto',
  'Pia',
  'Quin',
  'Rosa',
  'Sami',
  'Tess',
  'Uma',
  'Vito',
  'Wren',
  'Yara',
];
const PLAYERS = NAMES.map((name, k) => [name, 2100 - 15 * k] as const);
const SWISS_ROUNDS = 5;

/**
 * The cut, by seed: in the quarter-finals 5 beats 4 and 6 beats 3; in the semi-finals 5 beats 1 and 2 beats 6;
 * the final, best of three, goes 2-1 to seed 5 after losing the first game.
 */
const CUT_WINNERS: Record<number, number[]> = { 6: [1, 5, 2, 6], 7: [5, 2], 8: [2], 9: [5], 10: [5] };
/**
 * After each cut round, rows [from, to) of the final standings by seed: the players knocked out so far (by seed
 * inside a round), and at the end the winner and the runner-up above them.
 */
const STANDINGS_AFTER: Record<number, { rows: [number, number]; seeds: number[] }> = {
  6: { rows: [4, 8], seeds: [3, 4, 7, 8] },
  7: { rows: [2, 8], seeds: [1, 6, 3, 4, 7, 8] },
  8: { rows: [2, 8], seeds: [1, 6, 3, 4, 7, 8] },
  9: { rows: [2, 8], seeds: [1, 6, 3, 4, 7, 8] },
  10: { rows: [0, 8], seeds: [5, 2, 1, 6, 3, 4, 7, 8] },
};

browserSuite(import.meta.url, 'a Swiss with a top 8 and a best-of-three final, in the dashboard', (web) => {
  let desk: Page;
  let organizer: Account;
  let championshipId = '';

  beforeAll(async () => {
    ({ organizer, championshipId, desk } = await web.organizerAtChampionship({
      label: 'topcut',
      password: 'organizer-pass-2',
      club: 'Card Hall',
      championship: 'Saturday Series',
    }));
  });

  const roundSection = (round: number) => desk.locator(`section[data-round="${round}"]`);
  const tables = (round: number) => roundSection(round).locator('li.matchup');

  async function generate(round: number): Promise<{ state: string; text: string }> {
    const form = desk.locator('form:has(#generate-status)');
    await freshStatus(form);
    await desk.getByRole('button', { name: `Generate round ${round}` }).click();
    // Pairing 24 players on a machine shared with other suites can take longer than one ordinary wait.
    await form.locator('.status[data-state="ok"], .status[data-state="error"]').first().waitFor({ timeout: 90_000 });
    return outcome(form);
  }

  const bracketOnScreen = (page: Page) =>
    page.locator('.bracket-round').evaluateAll((columns) =>
      columns.map((column) => ({
        title: column.querySelector('h3')?.textContent ?? '',
        entries: [...column.querySelectorAll('li.bracket-game')].map((game) => ({
          winner: game.getAttribute('data-winner') ?? '',
          wins: game.getAttribute('data-wins') ?? '',
          slots: [...game.querySelectorAll('.slot')].map((slot) => ({
            who: slot.getAttribute('data-participant') ?? '',
            seed: slot.querySelector('.seed')?.textContent?.trim() ?? '',
          })),
        })),
      })),
    );
  const finalStandingsOnScreen = (page: Page) =>
    page
      .locator('table.final-standings tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.getAttribute('data-participant') ?? '',
          row.querySelector('td.rank')?.textContent ?? '',
          row.querySelector('[data-field="how"]')?.textContent ?? '',
        ]),
      );

  it(
    '24 players, 5 Swiss rounds, a top 8 seeded 1 v 8, 4 v 5, 2 v 7, 3 v 6 and a final won 2-1, to the end',
    { timeout: 600_000 },
    async () => {
      await desk.goto(`${web.site}/#/championships/${championshipId}`);
      await desk.getByRole('heading', { name: 'New tournament' }).waitFor();
      await desk.getByLabel('Description').fill('Saturday Swiss with a top 8');
      await desk.getByLabel('Date').fill('2026-03-14');
      await desk.getByLabel('Rounds').fill(String(SWISS_ROUNDS));
      await desk.getByLabel('Top cut').selectOption('8');
      await desk.getByLabel('Each final').selectOption('BEST_OF_THREE');
      await web.shot(desk, 'desktop-topcut-1-create-form');
      await desk.getByRole('button', { name: 'Create tournament' }).click();
      await desk.getByRole('heading', { name: 'Saturday Swiss with a top 8' }).waitFor();
      const tournamentId = (await desk.locator('[data-tournament]').getAttribute('data-tournament')) ?? '';
      expect(tournamentId).not.toBe('');
      const tournament = await storedTournament(tournamentId);
      expect(tournament.pairing.options).toEqual({ topCut: 8, finalKind: 'BEST_OF_THREE' });
      expect(tournament.totalRounds).toBe(SWISS_ROUNDS);

      const csv = ['name,rating', ...PLAYERS.map(([name, rating]) => `${name},${rating}`)].join('\n');
      await desk.getByLabel(/^One per line/).fill(csv);
      await desk.getByRole('button', { name: `Add ${PLAYERS.length} participants` }).click();
      await expectOk(desk.locator('form', { has: desk.locator('#csv-status') }));
      const people = await storedIn<ParticipantDoc>(tournamentId, 'participants');
      const nameOf = (id: string) => people.find((p) => p.participantId === id)?.name ?? id;
      const ratingOf = (id: string) => people.find((p) => p.participantId === id)!.rating!;

      // The Swiss: generated in the UI, scored through the callable (the higher rating wins, by 5 to 2).
      await desk.getByRole('link', { name: 'Rounds' }).click();
      for (let round = 1; round <= SWISS_ROUNDS; round++) {
        expect(await generate(round)).toMatchObject({ state: 'ok' });
        for (const m of await roundMatchUps(tournamentId, round)) {
          if (m.b === null) continue;
          const aWins = ratingOf(m.a) > ratingOf(m.b);
          await call(
            web.emulators,
            'recordScore',
            {
              tournamentId,
              matchUpId: m.matchUpId,
              result: { kind: 'PLAYED', score: aWins ? { a: 5, b: 2 } : { a: 2, b: 5 } },
            },
            organizer,
          );
        }
      }
      await desk.getByText(/this one is in its playoff/).waitFor();

      // Round 6: the quarter-finals, seeded by the Swiss standings in bracket order.
      expect(await generate(6)).toMatchObject({ state: 'ok' });
      const round6 = await storedRound(tournamentId, 6);
      const seeding = round6.playoff!.seeding!;
      expect(round6.playoff).toMatchObject({ playoffRound: 1, mainRounds: SWISS_ROUNDS });
      expect(seeding).toHaveLength(24);
      const seedOf = (id: string) => seeding.indexOf(id) + 1;
      const bySeed = (seed: number) => seeding[seed - 1]!;
      expect((await roundMatchUps(tournamentId, 6)).map((m) => [seedOf(m.a), seedOf(m.b!)])).toEqual([
        [1, 8],
        [4, 5],
        [2, 7],
        [3, 6],
      ]);
      // The desk shows each player's seed there, not the Swiss points the playoff leaves as they were.
      const table1 = desk.locator('section[data-round="6"] li.matchup').first();
      await expect.poll(() => table1.locator('.side.a').textContent(), { timeout: WAIT_MS }).toMatch(/· seed 1$/);
      expect(await table1.locator('.side.b').textContent()).toMatch(/· seed 8$/);
      await web.shot(desk, 'desktop-topcut-2-quarter-finals');

      const bracketPage = await web.openPage(DESKTOP, 'bracket');
      await bracketPage.goto(`${web.site}/#/t/${tournamentId}/bracket`);
      const standingsPage = await web.openPage(DESKTOP, 'standings');
      for (let round = 6; round <= 10; round++) {
        if (round > 6) {
          await desk.getByRole('link', { name: 'Rounds' }).click();
          expect(await generate(round)).toMatchObject({ state: 'ok' });
        }
        const games = await roundMatchUps(tournamentId, round);
        const winners = CUT_WINNERS[round]!;
        expect(games.map((m) => winners.includes(seedOf(m.a)) || winners.includes(seedOf(m.b!)))).toEqual(
          games.map(() => true),
        );
        expect(games).toHaveLength(winners.length);
        await expect.poll(() => tables(round).count(), { timeout: WAIT_MS }).toBe(games.length);
        for (const game of games) {
          const aWins = winners.includes(seedOf(game.a));
          await enterScore(tables(round).nth(game.order), [nameOf(game.a), nameOf(game.b!)], aWins ? [5, 3] : [3, 5]);
          // Game by game: the bracket marks the winner as soon as the score is in.
          const winner = aWins ? game.a : game.b!;
          const entry = bracketPage.locator(`[data-matchup="${game.matchUpId}"]`);
          if (round < 8) await expect.poll(() => entry.getAttribute('data-winner'), { timeout: WAIT_MS }).toBe(winner);
          else
            await expect.poll(() => entry.textContent(), { timeout: WAIT_MS }).toContain(`${nameOf(winner)} won 5–3`);
        }
        // The final standings follow: the players knocked out so far in their places, by seed.
        const out = STANDINGS_AFTER[round]!;
        await standingsPage.goto(`${web.site}/#/t/${tournamentId}/standings`);
        await expect
          .poll(
            async () => (await finalStandingsOnScreen(standingsPage)).slice(...out.rows).map(([id]) => seedOf(id!)),
            {
              timeout: WAIT_MS,
            },
          )
          .toEqual(out.seeds);
      }
      const refused = await generate(11);
      expect(refused.state).toBe('error');
      expect(refused.text).toContain('complete');

      // The bracket: the tournament's round numbers, seeds beside names, the series 2-1 to seed 5.
      const columns = await bracketOnScreen(bracketPage);
      expect(columns.map((c) => c.title)).toEqual([
        'Round 6 · Quarter-finals',
        'Round 7 · Semi-finals',
        'Final · best of three',
      ]);
      const seedsOf = (entry: (typeof columns)[0]['entries'][0]) => entry.slots.map((s) => Number(s.seed));
      // Laid out as a tree from the final back: the half of the final's first side (seed 2) on top.
      expect(columns[0]!.entries.map(seedsOf)).toEqual([
        [2, 7],
        [3, 6],
        [1, 8],
        [4, 5],
      ]);
      expect(columns[0]!.entries.map((e) => seedOf(e.winner))).toEqual([2, 6, 1, 5]);
      expect(columns[1]!.entries.map(seedsOf)).toEqual([
        [2, 6],
        [1, 5],
      ]);
      expect(columns[1]!.entries.map((e) => seedOf(e.winner))).toEqual([2, 5]);
      const final = columns[2]!.entries[0]!;
      expect(seedOf(final.winner)).toBe(5);
      expect(final.wins).toBe(seedOf(final.slots[0]!.who) === 5 ? '2-1' : '1-2');
      await expect
        .poll(() => bracketPage.locator('.podium').getAttribute('data-champion'), { timeout: WAIT_MS })
        .toBe(bySeed(5));
      await web.driver.checkLabels(bracketPage, 'top cut bracket');
      await web.shot(bracketPage, 'desktop-topcut-3-bracket');

      // The final standings: the cut by how far each got (ties by seed), then the Swiss order from 9 on.
      await standingsPage.goto(`${web.site}/#/t/${tournamentId}/standings`);
      await standingsPage.locator('table.final-standings').waitFor();
      const rows = await finalStandingsOnScreen(standingsPage);
      const expectedCut = [5, 2, 1, 6, 3, 4, 7, 8];
      expect(rows.map(([id]) => seedOf(id!))).toEqual([...expectedCut, ...Array.from({ length: 16 }, (_, k) => k + 9)]);
      expect(rows.map(([, place]) => Number(place))).toEqual(Array.from({ length: 24 }, (_, k) => k + 1));
      // Outside the cut, a player is said by his rank in the table beneath ("6=" when shared), as that table shows it.
      const ninth = standingsPage.locator(`table.standings:not(.final-standings) tr[data-participant="${bySeed(9)}"]`);
      const ninthRank = (await ninth.locator('td.rank').textContent())!.trim();
      expect(rows.slice(0, 9).map(([, , how]) => how)).toEqual([
        'won the final',
        'lost the final',
        'out in the semi-finals',
        'out in the semi-finals',
        'out in the quarter-finals',
        'out in the quarter-finals',
        'out in the quarter-finals',
        'out in the quarter-finals',
        `rank ${ninthRank} after round ${SWISS_ROUNDS}`,
      ]);
      await web.shot(standingsPage, 'desktop-topcut-4-final-standings');
      // The one refusal asked of the server: round 11, after the final; Chromium logs its HTTP 400.
      expect(web.driver.refusedRequests).toEqual([expect.stringMatching(/^400 .*\/generateNextRound$/)]);
      const loggedRefusal = /^\[organizer\] Failed to load resource: the server responded with a status of 400/;
      expect(web.driver.consoleErrors.filter((line) => !loggedRefusal.test(line))).toEqual([]);
      expect(web.driver.unlabelled).toEqual([]);
    },
  );
});
