/**
 * Emulator Suite tier, in Chromium: a card-game Swiss (the TCG preset: best of three, docs/results.md#drawn-games and
 * docs/tiebreaks.md#card-game-tiebreakers) scored from the players' phones. One phone enters a 1-1 with a drawn
 * third game, another an intentional draw of three games, in the drawn-games box beside the two sides' games; the
 * backend stores the drawn games, and the standings show both matches drawn and the card games' tiebreakers as
 * percentages.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { MatchUpDoc } from '@competition/engine/schemas';
import { type SeededTournament, playerOf, readMatchUp } from '../../../testing/stack.js';
import { DESKTOP, WAIT_MS } from './driver.js';
import { browserSuite, enterGamesOnPhone, seedTwice } from './harness.js';

browserSuite(import.meta.url, 'a best of three scored from the phones', (web) => {
  let seeded: SeededTournament;
  let games: MatchUpDoc[];

  beforeAll(async () => {
    seeded = await seedTwice(web.emulators, { label: 'best-of-three', players: 4, policy: 'TCG' });
    games = seeded.round1.filter((m) => m.b !== null);
  }, 240_000);

  /** Types the games won by each side and the drawn games on the phone of the game's first player, and saves. */
  async function enterOnPhone(game: MatchUpDoc, a: number, b: number, draws: number): Promise<Page> {
    const phone = await web.playerPhone(seeded.tournamentId, playerOf(seeded, game, 'a'));
    await enterGamesOnPhone(phone, game, [a, b, draws]);
    return phone;
  }

  it('before any result, the standings show no percentages (their floors say nothing yet)', async () => {
    const desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${seeded.tournamentId}/standings`);
    const row = desk.locator(
      `table.standings tr[data-participant="${playerOf(seeded, games[0]!, 'a').participantId}"]`,
    );
    await row.waitFor({ timeout: WAIT_MS });
    for (const tiebreak of ['OPPONENTS_MATCH_WIN_PERCENTAGE', 'GAME_WIN_PERCENTAGE', 'OPPONENTS_GAME_WIN_PERCENTAGE'])
      expect(await row.locator(`[data-field="${tiebreak}"]`).textContent(), tiebreak).toBe('');
  });

  it("the result slips ask for each player's games won and the drawn games", async () => {
    const desk = await web.signedIn(
      DESKTOP,
      'organizer',
      seeded.organizer,
      `/t/${seeded.tournamentId}/print/slips?round=1`,
    );
    await desk.locator('.sheet [data-ready="true"]').waitFor({ timeout: WAIT_MS });
    const slip = desk.locator(`section.slip[data-matchup="${games[0]!.matchUpId}"]`);
    expect(await slip.locator('thead').textContent()).toContain('Games won');
    expect(await slip.locator('[data-drawn-games]').textContent()).toContain('Drawn games');
    expect(await slip.locator('.score-box').count()).toBe(3);
  });

  it('a player enters 1-1 with a drawn game, another an intentional draw, each in the drawn-games box', async () => {
    const first = await enterOnPhone(games[0]!, 1, 1, 1);
    await web.shot(first, 'best-of-three-01-phone-drawn-game');
    await enterOnPhone(games[1]!, 0, 0, 3);
    await expect
      .poll(async () => (await readMatchUp(seeded.tournamentId, games[0]!.matchUpId))?.result)
      .toEqual({ kind: 'PLAYED', score: { a: 1, b: 1, draws: 1 } });
    await expect
      .poll(async () => (await readMatchUp(seeded.tournamentId, games[1]!.matchUpId))?.result)
      .toEqual({ kind: 'PLAYED', score: { a: 0, b: 0, draws: 3 } });
  });

  it('the standings show both matches drawn, one match point each, and the percentages', async () => {
    const desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${seeded.tournamentId}/standings`);
    const row = (participantId: string) => desk.locator(`table.standings tr[data-participant="${participantId}"]`);
    const player = playerOf(seeded, games[0]!, 'a').participantId;
    await expect
      .poll(() => row(player).locator('[data-field="matchPoints"]').textContent(), { timeout: WAIT_MS })
      .toBe('1');
    // 1-1-1 is 4 game points of 9; the opponent's opponents are the same one player, at 1 of 3 match points (0.33).
    await expect.poll(() => row(player).locator('[data-field="GAME_WIN_PERCENTAGE"]').textContent()).toBe('44.44%');
    await expect
      .poll(() => row(player).locator('[data-field="OPPONENTS_MATCH_WIN_PERCENTAGE"]').textContent())
      .toBe('33.33%');
    await web.shot(desk, 'best-of-three-02-standings');
  });
});
