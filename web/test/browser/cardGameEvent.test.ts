/**
 * Emulator Suite tier, in Chromium: a card-game Swiss as a store runs it (the TCG preset: best of three, 3 / 3 / 1 / 0
 * match points). The organizer awards a qualifier three byes, reads the rounds and the top cut off the Magic
 * Tournament Rules' table (docs/pairing.md#rounds, the byes counted as the table says) and sets the top 8; round 1
 * gives the qualifier an awarded bye beside the pairing's own; phones enter a 2-1, a 1-1 with a drawn game, a 1-0 at
 * time and an intentional draw; and before the last Swiss round a player reads "can I draw?" on the phone, checked
 * against every outcome of the round enumerated (docs/playoff.md#can-i-draw), until the organizer turns it off.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { MatchUpDoc, StandingDoc } from '@competition/engine/schemas';
import { type SeededTournament, call, playerOf, readMatchUp } from '../../../testing/stack.js';
import { type OracleChance, bruteForceChance } from '../../../testing/cutOracle.js';
import { DESKTOP, WAIT_MS, expectOk } from './driver.js';
import { browserSuite, enterGamesOnPhone, roundMatchUps, seedTwice, storedIn } from './harness.js';

const SWISS_ROUNDS = 5;
const TCG_POINTS = { win: 3, draw: 1, loss: 0 };

browserSuite(import.meta.url, 'a card-game Swiss with awarded byes, a top 8 and "can I draw?"', (web) => {
  let seeded: SeededTournament;
  let desk: Page;
  const at = (tab: string) => `${web.site}/#/t/${seeded.tournamentId}/${tab}`;

  beforeAll(async () => {
    seeded = await seedTwice(web.emulators, {
      label: 'card-game',
      players: 12,
      policy: 'TCG',
      totalRounds: SWISS_ROUNDS,
      pairFirstRound: false,
    });
    desk = await web.signedIn(DESKTOP, 'organizer', seeded.organizer, `/t/${seeded.tournamentId}/participants`);
  }, 240_000);

  it('the organizer awards three byes, and the table counts the qualifier as 8 players: a top 8, not a top 4', async () => {
    await desk.getByRole('button', { name: 'Edit Player 1', exact: true }).click();
    await desk.getByLabel('Awarded byes').selectOption('3');
    await desk.getByRole('button', { name: 'Save', exact: true }).click();
    await desk.locator('tr[data-participant="p1"] [data-awarded-byes="3"]').waitFor();
    await web.shot(desk, 'card-game-01-awarded-byes');

    await desk.goto(at('rounds'));
    // 12 players are 5 rounds and a top 4 in the table; a player on three byes counts as 8, so 19: a top 8.
    await expect
      .poll(() => desk.locator('aside p.muted').first().textContent(), { timeout: WAIT_MS })
      .toBe('12 active players (1 with awarded byes) · 5 rounds and a top 8 recommended · 5 planned');

    await desk.goto(at('organize'));
    const playoff = desk.locator('form:has(#playoff-status)');
    await playoff.getByLabel('Top cut').selectOption('8');
    await playoff.getByRole('button', { name: 'Save finals and top cut' }).click();
    await expectOk(playoff);
  });

  it('round 1 gives the qualifier an awarded bye, shown on the pairings beside the pairing bye', async () => {
    await desk.goto(at('rounds'));
    const form = desk.locator('form:has(#generate-status)');
    await desk.getByRole('button', { name: 'Generate round 1' }).click();
    await expectOk(form);
    const round1 = await roundMatchUps(seeded.tournamentId, 1);
    const byes = round1.filter((m) => m.b === null).map((m) => [m.a, m.result?.kind]);
    expect(byes).toContainEqual(['p1', 'FULL_BYE']);
    expect(byes.filter(([, kind]) => kind === 'PAIRING_BYE')).toHaveLength(1);
    const awarded = desk.locator('li.matchup[data-a="p1"][data-b=""]');
    await expect.poll(() => awarded.textContent(), { timeout: WAIT_MS }).toContain('awarded before the event');
    await web.shot(desk, 'card-game-02-round-1-byes');
  });

  /** Types the games won by each side and the drawn games on the phone of the game's first player, and saves. */
  async function enterOnPhone(game: MatchUpDoc, a: number, b: number, draws: number): Promise<Page> {
    const phone = await web.playerPhone(seeded.tournamentId, playerOf(seeded, game, 'a'));
    await enterGamesOnPhone(phone, game, [a, b, draws]);
    return phone;
  }

  it('phones enter a 2-1, a 1-1 with a drawn game, a 1-0 at time and an intentional draw', async () => {
    const games = (await roundMatchUps(seeded.tournamentId, 1)).filter((m) => m.b !== null);
    expect(games).toHaveLength(5);
    const entered: Array<[MatchUpDoc, number, number, number]> = [
      [games[0]!, 2, 1, 0],
      [games[1]!, 1, 1, 1],
      [games[2]!, 1, 0, 0],
      [games[3]!, 0, 0, 3],
    ];
    for (const [game, a, b, draws] of entered) {
      const phone = await enterOnPhone(game, a, b, draws);
      if (draws === 3) await web.shot(phone, 'card-game-03-phone-intentional-draw');
      await phone.close();
    }
    for (const [game, a, b, draws] of entered)
      await expect
        .poll(async () => (await readMatchUp(seeded.tournamentId, game.matchUpId))?.result, { timeout: WAIT_MS })
        .toEqual({ kind: 'PLAYED', score: draws ? { a, b, draws } : { a, b } });
    await score(games[4]!, 2, 0);

    const points = await settled(1);
    const of = (id: string) => points.find((row) => row.participantId === id)!;
    // The winner at time takes a win's 3 match points; each side of a drawn match 1; the qualifier's bye a win's 3.
    expect(of(games[2]!.a).matchPoints).toBe(3);
    expect([of(games[1]!.a).matchPoints, of(games[3]!.b!).matchPoints]).toEqual([1, 1]);
    expect(of('p1')).toMatchObject({ matchPoints: 3, wins: 1 });
  });

  async function score(game: MatchUpDoc, a: number, b: number): Promise<void> {
    await call(
      web.emulators,
      'recordScore',
      { tournamentId: seeded.tournamentId, matchUpId: game.matchUpId, result: { kind: 'PLAYED', score: { a, b } } },
      seeded.organizer,
    );
  }

  /** Waits until every stored standings row counts `results` results (the backend has folded them all). */
  async function settled(results: number): Promise<StandingDoc[]> {
    let rows: StandingDoc[] = [];
    await expect
      .poll(
        async () => {
          rows = await storedIn<StandingDoc>(seeded.tournamentId, 'standings');
          return rows.length === 12 && rows.every((r) => r.wins + r.draws + r.losses === results);
        },
        { timeout: WAIT_MS },
      )
      .toBe(true);
    return rows;
  }

  it(
    'rounds 2 to 4 keep the qualifier on awarded byes for rounds 2 and 3, then pair them',
    { timeout: 300_000 },
    async () => {
      const cycle: Array<[number, number]> = [
        [2, 0],
        [1, 2],
        [2, 1],
        [1, 1],
        [0, 2],
      ];
      for (let round = 2; round <= 4; round++) {
        await call(
          web.emulators,
          'generateNextRound',
          { tournamentId: seeded.tournamentId, requestId: `card-game-${round}-${seeded.tournamentId}` },
          seeded.organizer,
        );
        const games = await roundMatchUps(seeded.tournamentId, round);
        const qualifier = games.find((m) => m.a === 'p1' || m.b === 'p1')!;
        expect([round, qualifier.b === null ? qualifier.result?.kind : 'PAIRED']).toEqual([
          round,
          round <= 3 ? 'FULL_BYE' : 'PAIRED',
        ]);
        const played = games.filter((m) => m.b !== null);
        for (const [k, game] of played.entries()) await score(game, ...cycle[(k + round) % cycle.length]!);
        await settled(round);
      }
    },
  );

  /** The oracle's answer for each player of the last round: every outcome of the other games enumerated. */
  function oracle(rows: readonly StandingDoc[], games: readonly MatchUpDoc[]) {
    const round = {
      matchPoints: Object.fromEntries(rows.map((row) => [row.participantId, row.matchPoints])),
      games: games.map(({ a, b }) => ({ a, b })),
      table: TCG_POINTS,
      cut: 8,
    };
    const answers = new Map<string, Record<'WIN' | 'DRAW' | 'LOSS', OracleChance>>();
    for (const row of rows) {
      const id = row.participantId;
      if (!games.some((m) => m.b !== null && (m.a === id || m.b === id))) continue;
      answers.set(id, {
        WIN: bruteForceChance(round, id, 'WIN'),
        DRAW: bruteForceChance(round, id, 'DRAW'),
        LOSS: bruteForceChance(round, id, 'LOSS'),
      });
    }
    return answers;
  }

  it('before the last Swiss round a player reads "can I draw?", as every outcome enumerated says', async () => {
    await call(
      web.emulators,
      'generateNextRound',
      { tournamentId: seeded.tournamentId, requestId: `card-game-5-${seeded.tournamentId}` },
      seeded.organizer,
    );
    const rows = await settled(4);
    const games = await roundMatchUps(seeded.tournamentId, SWISS_ROUNDS);
    const answers = oracle(rows, games);
    // The player on the cut line: the one whose result decides most (a win and a loss answered differently).
    const [player, expected] = [...answers].find(([, a]) => a.WIN !== a.LOSS) ?? [...answers][0]!;
    const phone = await web.playerPhone(
      seeded.tournamentId,
      seeded.participants.find((p) => p.participantId === player)!,
    );
    const panel = phone.locator(`[data-cut-outlook="${player}"]`);
    await panel.waitFor({ timeout: WAIT_MS });
    const read = async (): Promise<Record<string, string | null>> => {
      const pairs = await panel
        .locator('li[data-result]')
        .evaluateAll((items) =>
          items.map((li): [string, string | null] => [
            li.getAttribute('data-result') ?? '',
            li.getAttribute('data-chance'),
          ]),
        );
      return Object.fromEntries(pairs);
    };
    await expect.poll(read, { timeout: WAIT_MS }).toEqual(expected);
    expect(await panel.textContent()).toContain('Can I draw? Your place in the top 8');
    await web.shot(phone, 'card-game-04-can-i-draw');

    await desk.goto(at('organize'));
    const switchOff = desk.getByRole('checkbox', { name: /players see what a win, a draw or a loss does/ });
    await switchOff.uncheck();
    await expectOk(desk.locator('section[aria-labelledby="cut-outlook-title"]'));
    await expect.poll(() => panel.count(), { timeout: WAIT_MS }).toBe(0);
  });
});
