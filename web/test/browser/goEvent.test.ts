/**
 * Emulator Suite tier, in Chromium: a Go club's McMahon tournament on the dashboard (docs/go.md#on-the-dashboard).
 * The organizer creates a McMahon tournament with handicap games and a 3d bar, pastes ten players with their ranks
 * as Go lists write them ("4 dan", "1d", "5 kyu", "6K"...), and generates round 1. Each game's handicap and komi,
 * worked out here from the two ranks by the rule of docs/go.md#handicap, shows on the desk's pairings, on a player's
 * phone, and on the printed pairings and result slips, with the weaker player on Black, who moves first.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { type MatchUpDoc, type ParticipantDoc, type TournamentDoc, paths } from '@competition/engine/schemas';
import { type Account, adminFirestore, call, refusal, signUp } from '../../../testing/stack.js';
import { WAIT_MS, expectOk, outcome } from './driver.js';
import { browserSuite, roundMatchUps, storedIn } from './harness.js';

/** The pasted list: an OpenGotha-like header, ranks in the spellings players and clubs write. */
const PLAYERS: ReadonlyArray<readonly [name: string, rank: string, stored: string]> = [
  ['Aiko Mori', '4 dan', '4d'],
  ['Bruno Lenz', '1d', '1d'],
  ['Chen Wei', '2k', '2k'],
  ['Dana Roth', '3 kyu', '3k'],
  ['Emil Berg', '6K', '6k'],
  ['Femke Visser', '9 Kyu', '9k'],
  ['Goran Ilic', '12 k', '12k'],
  ['Hana Sato', '15kyu', '15k'],
  ['Ivo Kral', '18k', '18k'],
  ['Jun Park', '25 kyu', '25k'],
];
const BAR = '3d';
const FLOOR = '20k';
const KOMI = 7.5;

/**
 * The rule of docs/go.md#handicap, written out for round 1 (everyone's MMS is their start): a rank counts on the
 * scale 1d = 0, 1k = -1, 30k = -30, raised to the floor and lowered to the bar (the handicap's default limit); the
 * handicap is the difference less the correction of 1, at most 9 stones. A handicap game has komi 0.5.
 */
function rankNumber(rank: string): number {
  const [, grade, unit] = /^(\d+)([kd])$/.exec(rank)!;
  return unit === 'k' ? -Number(grade) : Number(grade) - 1;
}
const counted = (rank: string) => Math.min(rankNumber(BAR), Math.max(rankNumber(FLOOR), rankNumber(rank)));
function expectedGame(rankA: string, rankB: string): { stones: number; weaker: 'a' | 'b' | null; text: string } {
  const difference = counted(rankA) - counted(rankB);
  const stones = Math.min(9, Math.max(0, Math.abs(difference) - 1));
  if (stones === 0) return { stones, weaker: null, text: `even · komi ${KOMI}` };
  return { stones, weaker: difference < 0 ? 'a' : 'b', text: `H${stones} · komi 0.5` };
}

browserSuite(import.meta.url, "a Go club's McMahon tournament: ranks pasted, handicaps paired and printed", (web) => {
  let desk: Page;
  let organizer: Account;
  let tournamentId = '';
  const rankOf = new Map<string, string>();
  const nameOf = new Map<string, string>();
  let round1: MatchUpDoc[] = [];
  const at = (tab: string) => `${web.site}/#/t/${tournamentId}/${tab}`;

  beforeAll(async () => {
    ({ desk, organizer } = await web.organizerAtChampionship({
      label: 'go-event',
      password: 'organizer-pass-go',
      club: 'Kiseido Go Club',
      championship: 'Go League',
    }));
  });

  it('the organizer creates a McMahon tournament with handicap games and a 3d bar', async () => {
    await desk.getByLabel('Description').fill('Autumn McMahon');
    await desk.getByLabel('Pairing method').selectOption('MCMAHON');
    // The McMahon method brings Go's preset: McMahon scores, then SOS, SOSOS and SODOS.
    expect(await desk.getByLabel('Competition policy').inputValue()).toBe('GO');
    const settings = desk.getByRole('group', { name: 'McMahon settings' });
    await settings.getByLabel('Bar', { exact: true }).fill('9x');
    await settings.getByRole('checkbox', { name: 'Handicap games' }).check();
    await desk.getByRole('button', { name: 'Create tournament' }).click();
    // A bar that is no rank is named under its field before anything is sent.
    await expect
      .poll(() => settings.locator('.field-error').first().textContent())
      .toBe('must be a Go rank: 30k to 1k, 1d to 9d or 1p to 9p');
    await settings.getByLabel('Bar', { exact: true }).fill(BAR);
    await settings.getByLabel('Floor', { exact: true }).fill(FLOOR);
    await web.shot(desk, 'go-01-new-mcmahon-tournament');
    await desk.getByRole('button', { name: 'Create tournament' }).click();
    await desk.getByRole('heading', { name: 'Autumn McMahon' }).waitFor();
    tournamentId = (await desk.locator('[data-tournament]').getAttribute('data-tournament')) ?? '';
    expect(tournamentId).not.toBe('');
    const stored = (await adminFirestore().doc(paths.tournament(tournamentId)).get()).data() as TournamentDoc;
    expect(stored.pairing.method).toBe('MCMAHON');
    expect(stored.policy.victoryPolicy.primaryRanking).toBe('MCMAHON_SCORE');
    expect(stored.policy.pairingPolicy.mcMahon).toEqual({
      bar: BAR,
      floor: FLOOR,
      komi: KOMI,
      handicap: { correction: 1, ceiling: 9 },
    });
  });

  it('pastes ten players with their ranks in mixed spellings: stored short, listed strongest first', async () => {
    const csv = ['Name;Rank;Club', ...PLAYERS.map(([name, rank]) => `${name};${rank};Kiseido`)].join('\n');
    await desk.getByLabel(/^One per line/).fill(csv);
    await desk.getByRole('button', { name: `Add ${PLAYERS.length} participants` }).click();
    await expectOk(desk.locator('form', { has: desk.locator('#csv-status') }));
    const rows = desk.locator('table.participants tbody tr');
    await expect.poll(() => rows.count(), { timeout: WAIT_MS }).toBe(PLAYERS.length);
    expect(await rows.locator('td[data-field="goRank"]').allTextContents()).toEqual(PLAYERS.map(([, , s]) => s));
    for (const p of await storedIn<ParticipantDoc>(tournamentId, 'participants')) {
      rankOf.set(p.participantId, p.goRank!);
      nameOf.set(p.participantId, p.name);
    }
    const rankNamed = new Map([...nameOf].map(([id, name]) => [name, rankOf.get(id)]));
    expect(PLAYERS.map(([name]) => rankNamed.get(name))).toEqual(PLAYERS.map(([, , stored]) => stored));

    // One at a time, a rank that is none is refused beside its field; the callable refuses it too, in words.
    const addOne = desk.locator('form', { has: desk.locator('#add-one-title') });
    await addOne.getByLabel('Name').fill('Kim Late');
    await addOne.getByLabel('Go rank').fill('31k');
    await addOne.getByRole('button', { name: 'Add participant' }).click();
    await expect
      .poll(() => addOne.locator('.field-error').first().textContent())
      .toBe('must be a Go rank: 30k to 1k, 1d to 9d or 1p to 9p');
    await web.shot(desk, 'go-02-participants-with-ranks');
  });

  it('the callable that enters players refuses a rank that is none with invalid-argument, naming it', async () => {
    const refused = await refusal(
      call(
        web.emulators,
        'addParticipants',
        { tournamentId, participants: [{ participantId: 'p99', name: 'Kim Late', goRank: '10 dan' }] },
        organizer,
      ),
    );
    expect(refused.code).toBe('invalid-argument');
    expect(refused.message).toContain('player 1, go rank: must be a Go rank: 30k to 1k, 1d to 9d or 1p to 9p');
  });

  it('round 1 pairs handicap games: the desk shows each H and komi, the weaker player on Black', async () => {
    await desk.goto(at('rounds'));
    await desk.getByRole('button', { name: 'Generate round 1' }).click();
    const generated = await outcome(desk.locator('form:has(#generate-status)'));
    expect(generated, generated.text).toMatchObject({ state: 'ok' });
    round1 = (await roundMatchUps(tournamentId, 1)).filter((m) => m.b !== null);
    expect(round1).toHaveLength(PLAYERS.length / 2);
    const expected = round1.map((m) => expectedGame(rankOf.get(m.a)!, rankOf.get(m.b!)!));
    // The event is worth testing: some games have stones.
    expect(expected.filter((game) => game.stones > 0).length).toBeGreaterThan(0);
    for (const [k, m] of round1.entries()) {
      const game = expected[k]!;
      expect(m.cost).toMatchObject({ handicap: game.stones, komi: game.stones > 0 ? 0.5 : KOMI });
      const line = desk.locator(`li.matchup[data-matchup="${m.matchUpId}"]`);
      await expect.poll(() => line.locator('[data-handicap]').textContent(), { timeout: WAIT_MS }).toBe(game.text);
      // Each player with their rank and McMahon score: the rank's number from 30k = 0, within the floor and bar.
      for (const [side, id] of [['a', m.a] as const, ['b', m.b!] as const])
        await expect
          .poll(() => line.locator(`.side.${side} .muted`).textContent(), { timeout: WAIT_MS })
          .toBe(` ${rankOf.get(id)} · ${counted(rankOf.get(id)!) + 30} MMS`);
      if (game.weaker === null) continue;
      // In a handicap game the weaker player takes Black and moves first: side a (docs/go.md#handicap).
      expect(game.weaker).toBe('a');
      expect(m.movesFirst ?? m.a).toBe(m.a);
      expect(await line.locator('.side.a .colour').textContent()).toBe('Black');
      expect(await line.locator('.side.b .colour').textContent()).toBe('White');
    }
    await web.shot(desk, 'go-03-desk-round-1-handicaps');
  });

  it("a player's phone shows their game's handicap and colour", async () => {
    const game = round1.find((m) => expectedGame(rankOf.get(m.a)!, rankOf.get(m.b!)!).stones > 0)!;
    const expected = expectedGame(rankOf.get(game.a)!, rankOf.get(game.b!)!);
    const account = await signUp(web.emulators, `go-player-${Date.now()}@example.com`);
    const code = (await adminFirestore().doc(paths.claimCode(tournamentId, game.a)).get()).data()!.code as string;
    await call(web.emulators, 'claimEntry', { tournamentId, code }, account);
    const phone = await web.playerPhone(tournamentId, {
      participantId: game.a,
      name: nameOf.get(game.a)!,
      rating: 0,
      account,
    });
    const card = phone.locator('.my-game .current-game');
    await expect.poll(() => card.locator('[data-handicap]').textContent(), { timeout: WAIT_MS }).toBe(expected.text);
    expect(await card.locator('.my-colour strong').textContent()).toBe('Black');
    // The standings count McMahon scores: the player reads theirs, and the table heads its column MMS.
    const start = counted(rankOf.get(game.a)!) + 30;
    await expect
      .poll(() => phone.locator('.my-standing').textContent(), { timeout: WAIT_MS })
      .toContain(`${start} McMahon score`);
    const row = phone.locator(`table tr[data-participant="${game.a}"] td[data-field="mcMahonScore"]`);
    expect(await row.textContent()).toBe(String(start));
    await web.shot(phone, 'go-04-phone-handicap-game');
    await phone.close();
  });

  it('the printed pairings and result slips show each handicap and komi, Black first', async () => {
    await desk.emulateMedia({ media: 'print' });
    await desk.goto(`${web.site}/#/t/${tournamentId}/print/pairings?round=1`);
    await desk.locator('.sheet [data-ready="true"]').waitFor({ timeout: WAIT_MS });
    expect(await desk.locator('.pairings-sheet caption').textContent()).toContain('Black moves first.');
    for (const m of round1) {
      const expected = expectedGame(rankOf.get(m.a)!, rankOf.get(m.b!)!);
      const row = desk.locator(`tr[data-matchup="${m.matchUpId}"]`);
      expect(await row.locator('[data-handicap]').textContent()).toBe(expected.text);
      const black = m.movesFirst ?? m.a;
      expect(await row.locator('td.name').first().textContent()).toBe(nameOf.get(black));
    }
    await web.shot(desk, 'go-05-printed-pairings');

    await desk.goto(`${web.site}/#/t/${tournamentId}/print/slips?round=1`);
    await desk.locator('.sheet [data-ready="true"]').waitFor({ timeout: WAIT_MS });
    for (const m of round1) {
      const expected = expectedGame(rankOf.get(m.a)!, rankOf.get(m.b!)!);
      const slip = desk.locator(`section.slip[data-matchup="${m.matchUpId}"]`);
      expect(await slip.locator('[data-handicap]').textContent()).toBe(expected.text);
      expect(await slip.locator('tbody tr').first().textContent()).toContain(
        `Black: ${nameOf.get(m.movesFirst ?? m.a)}`,
      );
      // A Go result in Go's words: won, jigo or lost to circle, no game points to write.
      expect(await slip.locator('[data-marks]').allTextContents()).toEqual(['won · jigo · lost', 'won · jigo · lost']);
      expect(await slip.locator('thead').textContent()).not.toContain('Game points');
    }
    await web.shot(desk, 'go-06-printed-slips');

    // On A4 (188 mm between the margins), each slip still holds all its lines with the handicap on it.
    await desk.setViewportSize({ width: Math.round((188 * 96) / 25.4), height: 1000 });
    await desk.goto(`${web.site}/#/t/${tournamentId}/print/slips?round=1`);
    await desk.locator('.sheet [data-ready="true"]').waitFor({ timeout: WAIT_MS });
    const spills = await desk.locator('section.slip').evaluateAll((slips) =>
      slips.flatMap((slip) => {
        const box = slip.getBoundingClientRect();
        const walker = document.createTreeWalker(slip, NodeFilter.SHOW_TEXT);
        const out: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const line of range.getClientRects())
            if (line.bottom > box.bottom + 0.5 || line.right > box.right + 0.5) out.push(node.textContent ?? '');
        }
        return out;
      }),
    );
    expect(spills).toEqual([]);
    await web.shot(desk, 'go-07-printed-slips-a4');
    await desk.setViewportSize({ width: 1280, height: 900 });
    await desk.emulateMedia({ media: 'screen' });
  });

  it("the projector board, signed out, shows each player's side and handicap", async () => {
    const board = await web.openPage({ width: 1920, height: 1080 }, 'board');
    await board.goto(`${web.site}/#/t/${tournamentId}/board`);
    await board.locator('.board-table').first().waitFor({ timeout: WAIT_MS });
    for (const m of round1) {
      const expected = expectedGame(rankOf.get(m.a)!, rankOf.get(m.b!)!);
      for (const id of [m.a, m.b!]) {
        const row = board.locator(`tr[data-participant="${id}"]`);
        expect(await row.locator('[data-handicap]').textContent()).toBe(expected.text);
        expect(await row.locator('.board-side').textContent()).toBe(id === (m.movesFirst ?? m.a) ? 'Black' : 'White');
      }
    }
    await web.shot(board, 'go-08-projector-board');
    await board.close();
  });

  it('the organizer enters a game won by resignation and one won on time: B+R or W+T, stored so', async () => {
    const [first, second] = [...round1].sort((x, y) => x.order - y.order);
    await desk.goto(at('rounds/1'));
    const row = (m: MatchUpDoc) => desk.locator(`li.matchup[data-matchup="${m.matchUpId}"]`);
    // Side a wins the first by resignation, side b the second on time.
    for (const [m, pick, how] of [
      [first!, '0', 'RESIGNATION'],
      [second!, '2', 'TIME'],
    ] as const) {
      const line = row(m);
      await line.getByRole('combobox', { name: /^Result of table / }).selectOption(pick);
      await line.getByRole('combobox', { name: /^How it was won, table / }).selectOption(how);
      await line.getByRole('button', { name: /^Save the result/ }).click();
      await expectOk(line);
    }
    const stored = async (m: MatchUpDoc) =>
      (await adminFirestore().doc(paths.matchUp(tournamentId, m.matchUpId)).get()).get('result') as unknown;
    expect(await stored(first!)).toEqual({ kind: 'PLAYED', score: { a: 1, b: 0 }, decidedBy: 'RESIGNATION' });
    expect(await stored(second!)).toEqual({ kind: 'PLAYED', score: { a: 0, b: 1 }, decidedBy: 'TIME' });
    // A jigo has no winner to resign to: the choice is off for it.
    await row(first!)
      .getByRole('combobox', { name: /^Result of table / })
      .selectOption('1');
    expect(
      await row(first!)
        .getByRole('combobox', { name: /^How it was won, table / })
        .isDisabled(),
    ).toBe(true);
    await web.shot(desk, 'go-09-desk-won-by-resignation');

    // Signed out, the round reads each result in Go's words.
    const viewer = await web.openPage({ width: 375, height: 800 }, 'go-viewer');
    await viewer.goto(at('rounds/1'));
    const seen = (m: MatchUpDoc) => viewer.locator(`li.matchup[data-matchup="${m.matchUpId}"] .result`);
    const black = (m: MatchUpDoc, winner: 'a' | 'b') => (winner === 'a') === ((m.movesFirst ?? m.a) === m.a);
    await expect
      .poll(() => seen(first!).textContent(), { timeout: WAIT_MS })
      .toContain(black(first!, 'a') ? 'B+R' : 'W+R');
    expect(await seen(second!).textContent()).toContain(black(second!, 'b') ? 'B+T' : 'W+T');
    await web.shot(viewer, 'go-10-phone-results-in-go-words');
    await viewer.close();
  });

  it('leaves no console error and no unlabelled control', () => {
    expect(web.driver.consoleErrors).toEqual([]);
    expect(web.driver.unlabelled).toEqual([]);
  });
});
