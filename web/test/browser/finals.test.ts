/**
 * Emulator Suite tier: a Swiss of 3 rounds with the finals alone (no cut): 1st v 2nd for the title, 3rd v 4th for
 * third place, both in round 4. The bracket names that round the final and third place (not semi-finals), the
 * header names it too instead of "round 4 of 3", and the standings table under the final standings keeps the
 * Swiss's tallies: the final's winner does not gain a win there (docs/playoff.md#standings).
 *
 * Runs only inside `firebase emulators:exec` with the Hosting emulator (npm test, or
 * `npx tsx --conditions=source scripts/emulators/test.ts web/test/browser/finals.test.ts`), with Chromium at /usr/bin/chromium.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { MatchUpDoc } from '@competition/engine/schemas';
import { type SeededTournament, call, seedTournament } from '../../../testing/stack.js';
import { DESKTOP, WAIT_MS } from './driver.js';
import { browserSuite, roundMatchUps, storedRound } from './harness.js';

browserSuite(import.meta.url, 'the finals alone after a Swiss, in the dashboard', (web) => {
  let seeded: SeededTournament;

  beforeAll(async () => {
    seeded = await seedTournament(web.emulators, { label: 'finals', players: 8 });
  });

  const games = (round: number) => roundMatchUps(seeded.tournamentId, round);
  const ratingOf = (id: string) => seeded.participants.find((p) => p.participantId === id)!.rating;
  const score = (m: MatchUpDoc, aWins: boolean) =>
    call(
      web.emulators,
      'recordScore',
      {
        tournamentId: seeded.tournamentId,
        matchUpId: m.matchUpId,
        result: { kind: 'PLAYED', score: aWins ? { a: 5, b: 2 } : { a: 2, b: 5 } },
      },
      seeded.organizer,
    );
  const generate = (round: number) =>
    call(
      web.emulators,
      'generateNextRound',
      { tournamentId: seeded.tournamentId, requestId: `finals-round-${round}` },
      seeded.organizer,
    );
  const text = (page: Page, selector: string) => page.locator(selector).first().textContent();

  it('round 4 holds the final and the match for third place, named so everywhere', { timeout: 300_000 }, async () => {
    const { tournamentId, organizer } = seeded;
    await call(web.emulators, 'setPlayoff', { tournamentId, topCut: 0, finals: 2, finalKind: 'SINGLE' }, organizer);
    // The Swiss: the higher rating wins every game.
    for (let round = 1; round <= 3; round++) {
      if (round > 1) await generate(round);
      for (const m of await games(round)) if (m.b !== null) await score(m, ratingOf(m.a) > ratingOf(m.b));
    }
    const page = await web.openPage(DESKTOP, 'spectator');
    await page.goto(`${web.site}/#/t/${tournamentId}/standings`);
    await expect.poll(() => text(page, '.tournament-head .meta'), { timeout: WAIT_MS }).toContain('Swiss round 3 of 3');
    const swissRow = async (id: string) =>
      page
        .locator(`table.standings:not(.final-standings) tr[data-participant="${id}"] [data-field="wdl"]`)
        .textContent();

    await generate(4);
    const round4 = await storedRound(tournamentId, 4);
    const seeding = round4.playoff!.seeding!;
    const [final, third] = await games(4);
    expect([final!.a, final!.b, third!.a, third!.b]).toEqual(seeding.slice(0, 4));
    // The second seed wins the final, the third seed the match for third place.
    await score(final!, false);
    await score(third!, true);
    const champion = seeding[1]!;
    const swissWins = (await games(1))
      .concat(await games(2), await games(3))
      .filter((m) => m.b !== null && (m.a === champion || m.b === champion))
      .filter((m) => (ratingOf(m.a) > ratingOf(m.b!) ? m.a : m.b) === champion).length;

    // The header names the round, never "round 4 of 3".
    await page.reload();
    await expect
      .poll(() => text(page, '.tournament-head .meta'), { timeout: WAIT_MS })
      .toContain('Final and third place (round 4)');
    expect(await text(page, '.tournament-head .meta')).not.toContain('of 3');

    // The standings table is the Swiss's: the final's win counts in the final standings, not in the tallies.
    await page.getByRole('heading', { name: 'Standings after round 3' }).waitFor({ timeout: WAIT_MS });
    await expect.poll(() => swissRow(champion), { timeout: WAIT_MS }).toBe(`${swissWins}-0-${3 - swissWins}`);
    await expect
      .poll(
        () =>
          page
            .locator('table.final-standings tbody tr')
            .evaluateAll((rows) => rows.slice(0, 4).map((r) => r.getAttribute('data-participant'))),
        { timeout: WAIT_MS },
      )
      .toEqual([seeding[1], seeding[0], seeding[2], seeding[3]]);
    await web.shot(page, 'desktop-finals-1-standings');

    // The bracket: one column, the final and the match for third place, each won by its winner.
    await page.goto(`${web.site}/#/t/${tournamentId}/bracket`);
    await page.locator('.bracket-round').first().waitFor({ timeout: WAIT_MS });
    expect(await page.locator('.bracket-round h3').allTextContents()).toEqual(['Round 4 · Final and third place']);
    const entries = await page
      .locator('li.bracket-game')
      .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-label'), r.getAttribute('data-winner')]));
    expect(entries).toEqual([
      ['FINAL', champion],
      ['THIRD_PLACE', seeding[2]],
    ]);
    await expect.poll(() => page.locator('.podium').getAttribute('data-champion'), { timeout: WAIT_MS }).toBe(champion);
    expect(await page.locator('.podium').getAttribute('data-third')).toBe(seeding[2]);
    expect(await page.locator('.bracket').textContent()).not.toMatch(/semi-final|goes on/i);
    await web.driver.checkLabels(page, 'finals bracket');
    await web.shot(page, 'desktop-finals-2-bracket');
    expect(web.driver.consoleErrors).toEqual([]);
    expect(web.driver.unlabelled).toEqual([]);
  });
});
