/**
 * Emulator Suite tier, in Chromium: during a top cut, a signed-out viewer (who reads the backend's standings pages)
 * sees the same "Standings after round 3" as the organizer (whose dashboard ranks the main stage from the states),
 * though the stored standings rows count the cut's games too (docs/playoff.md#standings).
 *
 * An 8-player Swiss of 3 rounds with a top 4, played through the callables; in the semi-finals both lower seeds win,
 * so the stored rows would lift seeds 3 and 4 over seeds 1 and 2. A withdrawal afterwards (seed 8, outside the cut)
 * makes the pages' rebuild visible: once the page shows it, the page was built after the semi-finals' results.
 *
 * After the cut (docs/playoff.md#final-standings, docs/hall.md): a 12-player Swiss of 4 rounds with a top 4 and a
 * match for third place, one player withdrawn during the Swiss, played to the end and closed. The final standings
 * hold every entry; the standings CSV, the projector board and the printed standings list the same places in the
 * same order; the final round's printed pairings name each table's game; the bracket sheet is offered and printed.
 *
 * Runs only inside `firebase emulators:exec` with the Hosting emulator (npm test, or
 * `EMULATOR_PORT_OFFSET=N npm run test:emulators -- web/test/browser/cutStandings.test.ts`).
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { type SeededTournament, adminFirestore, call, seedTournament, waitFor } from '../../../testing/stack.js';
import { readFileSync } from 'node:fs';
import { DESKTOP, WAIT_MS } from './driver.js';
import { browserSuite, roundMatchUps, standingsReads as reads, storedRound, storedStandingsPage } from './harness.js';

const SWISS_ROUNDS = 3;

/** Rank, name and every figure of each row, as a person reads the table. */
const tableRows = (page: Page) =>
  page.$$eval('table.standings:not(.final-standings) tbody tr', (rows) =>
    rows.map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent?.trim() ?? '').join(' | ')),
  );

browserSuite(import.meta.url, 'the standings a spectator reads during a top cut', (web) => {
  let seeded: SeededTournament;

  beforeAll(async () => {
    seeded = await seedTournament(web.emulators, { label: 'cutpages', players: 8 });
  });

  const games = (round: number) => roundMatchUps(seeded.tournamentId, round);
  const score = (matchUpId: string, aWins: boolean) =>
    call(
      web.emulators,
      'recordScore',
      {
        tournamentId: seeded.tournamentId,
        matchUpId,
        result: { kind: 'PLAYED', score: aWins ? { a: 5, b: 2 } : { a: 2, b: 5 } },
      },
      seeded.organizer,
    );
  const generate = (round: number) =>
    call(
      web.emulators,
      'generateNextRound',
      { tournamentId: seeded.tournamentId, requestId: `cut-round-${round}` },
      seeded.organizer,
    );
  const storedRow = async (participantId: string) =>
    (await adminFirestore().doc(`tournaments/${seeded.tournamentId}/standings/${participantId}`).get()).data() as {
      wins: number;
      draws: number;
      losses: number;
    };
  const pageRow = async (participantId: string) => {
    const page = await storedStandingsPage(seeded.tournamentId, 1);
    return page?.rows.find((row) => row.participantId === participantId);
  };

  it(
    'a signed-out viewer sees the main stage after round 3, in the organizer’s order and points',
    { timeout: 180_000 },
    async () => {
      const { tournamentId, organizer, participants } = seeded;
      const rating = new Map(participants.map((p) => [p.participantId, p.rating]));
      // The top 4, set as the create form sets it (setPlayoff's first call, a cold function on a busy machine, twice
      // missed the call timeout in these runs).
      await adminFirestore().doc(`tournaments/${tournamentId}`).update({ 'pairing.options.topCut': 4 });
      // The Swiss: the higher rating wins every game.
      for (let round = 1; round <= SWISS_ROUNDS; round++) {
        if (round > 1) await generate(round);
        for (const m of await games(round)) await score(m.matchUpId, rating.get(m.a)! > rating.get(m.b!)!);
      }
      // Round 4, the semi-finals: seeds 4 and 3 beat seeds 1 and 2.
      await generate(SWISS_ROUNDS + 1);
      const round4 = await storedRound(tournamentId, 4);
      const seeding = round4.playoff!.seeding!;
      const seedOf = (id: string) => seeding.indexOf(id) + 1;
      const semis = await games(SWISS_ROUNDS + 1);
      expect(semis.map((m) => [seedOf(m.a), seedOf(m.b!)])).toEqual([
        [1, 4],
        [2, 3],
      ]);
      for (const m of semis) await score(m.matchUpId, false);
      const fourth = seeding[3]!;
      await waitFor(
        'the semi-final in the stored rows',
        () => storedRow(fourth),
        (row) => row?.wins + row?.losses === 4,
        60_000,
      );

      // A change now outside the cut, seed 8 withdrawing: the page showing it was built after the semi-finals.
      const last = seeding[7]!;
      await call(web.emulators, 'withdrawParticipant', { tournamentId, participantId: last }, organizer);
      await waitFor(
        'the withdrawal on page 1',
        () => pageRow(last),
        (row) => row?.withdrawn === true,
        60_000,
      );
      // The stored row of the semi-final's winner counts 4 games; the main stage shows his 3.
      expect((await pageRow(fourth))!.wins + (await pageRow(fourth))!.losses).toBe(SWISS_ROUNDS);

      const desk = await web.signedIn(DESKTOP, 'organizer', organizer, `/t/${tournamentId}/standings`);
      await desk.getByRole('heading', { name: `Standings after round ${SWISS_ROUNDS}` }).waitFor({ timeout: WAIT_MS });
      await expect.poll(() => tableRows(desk), { timeout: WAIT_MS }).toHaveLength(8);
      expect((await reads(desk)).rows).toBe(8);

      const viewer = await web.openPage(DESKTOP, 'spectator');
      await viewer.goto(`${web.site}/#/t/${tournamentId}/standings`);
      await viewer
        .getByRole('heading', { name: `Standings after round ${SWISS_ROUNDS}` })
        .waitFor({ timeout: WAIT_MS });
      await expect.poll(() => tableRows(viewer), { timeout: WAIT_MS }).toEqual(await tableRows(desk));
      expect(await reads(viewer)).toEqual({ pages: 1, rows: 0 });
      // Every row shows the main stage's three games (wins-draws-losses): the semi-finals count in the bracket only.
      const played = await viewer.$$eval('table.standings:not(.final-standings) td[data-field="wdl"]', (cells) =>
        cells.map((cell) => (cell.textContent ?? '').split('-').reduce((sum, n) => sum + Number(n), 0)),
      );
      expect(played).toEqual(Array.from({ length: 8 }, () => SWISS_ROUNDS));
      // The semi-finals' winners stay below the seeds they beat.
      const order = await viewer.$$eval('table.standings:not(.final-standings) tbody tr', (rows) =>
        rows.map((row) => row.getAttribute('data-participant') ?? ''),
      );
      expect(order.indexOf(seeding[0]!)).toBeLessThan(order.indexOf(seeding[3]!));
      expect(order.indexOf(seeding[1]!)).toBeLessThan(order.indexOf(seeding[2]!));
      await web.shot(viewer, 'cut-standings-spectator-desktop');
    },
  );

  /** The fields of one CSV line, as a spreadsheet program reads them: quoted fields unquoted (RFC 4180). */
  const csvCells = (line: string) =>
    [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, field]) =>
      field!.startsWith('"') ? field!.slice(1, -1).replace(/""/g, '"') : field!,
    );

  /** Place, name, seed and how, as the Final standings table reads. */
  const finalRows = (page: Page, table = 'table.final-standings') =>
    page.$$eval(`${table} tbody tr`, (rows) =>
      rows.map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent?.trim() ?? '')),
    );

  it(
    'after a top 4 and its finals, closed: the CSV, the board and the prints show the final standings',
    { timeout: 420_000 },
    async () => {
      const NAMES = ['Ada', 'Ben', 'Chloé', 'Dev', 'Eli', 'Fern', 'Gus', 'Hana', 'Ivo', 'Jade', 'Kai', 'Lena'];
      const { organizer, clubId, championshipId, desk } = await web.organizerAtChampionship({
        label: 'cutfinal',
        password: 'organizer-pass-9',
        club: 'Final Table Club',
        championship: 'Final Table Season',
      });
      const { tournamentId } = await call<{ tournamentId: string }>(
        web.emulators,
        'createTournament',
        {
          championshipId,
          date: '2026-05-09',
          description: 'Spring Swiss with a top 4',
          hostClubId: clubId,
          policy: 'REDEMPTION',
          pairing: { method: 'SWISS', options: { topCut: 4, finals: 2 } },
          totalRounds: 4,
          roundDurationMinutes: 40,
        },
        organizer,
      );
      const rating = new Map(NAMES.map((name, k) => [`p${k + 1}`, 2000 - 20 * k]));
      const nameOf = (id: string) => NAMES[Number(id.slice(1)) - 1]!;
      await call(
        web.emulators,
        'addParticipants',
        {
          tournamentId,
          participants: NAMES.map((name, k) => ({ participantId: `p${k + 1}`, name, rating: 2000 - 20 * k })),
        },
        organizer,
      );
      const generate = (round: number) =>
        call(web.emulators, 'generateNextRound', { tournamentId, requestId: `final-round-${round}` }, organizer);
      const score = (matchUpId: string, aWins: boolean) =>
        call(
          web.emulators,
          'recordScore',
          { tournamentId, matchUpId, result: { kind: 'PLAYED', score: aWins ? { a: 5, b: 2 } : { a: 2, b: 5 } } },
          organizer,
        );
      // The Swiss: the higher rating wins every game; Fern (sixth by rating) withdraws after round 2.
      const withdrawn = 'p6';
      for (let round = 1; round <= 4; round++) {
        await generate(round);
        for (const m of await roundMatchUps(tournamentId, round))
          if (m.b !== null) await score(m.matchUpId, rating.get(m.a)! > rating.get(m.b)!);
        if (round === 2)
          await call(web.emulators, 'withdrawParticipant', { tournamentId, participantId: withdrawn }, organizer);
      }
      // Round 5, the semi-finals: seed 4 beats seed 1, seed 2 beats seed 3.
      await generate(5);
      const seeding = (await storedRound(tournamentId, 5)).playoff!.seeding!;
      expect(seeding).toHaveLength(11);
      expect(seeding).not.toContain(withdrawn);
      const seed = (n: number) => seeding[n - 1]!;
      const beats = async (round: number, winner: string) => {
        const m = (await roundMatchUps(tournamentId, round)).find((g) => g.a === winner || g.b === winner)!;
        await score(m.matchUpId, m.a === winner);
      };
      await beats(5, seed(4));
      await beats(5, seed(2));
      // Round 6: seed 2 wins the final over seed 4, seed 3 the match for third place over seed 1.
      await generate(6);
      await beats(6, seed(2));
      await beats(6, seed(3));
      await call(web.emulators, 'closeTournament', { tournamentId }, organizer);

      // The Final standings screen: every entry, the withdrawn player among those outside the cut, without a seed.
      await desk.goto(`${web.site}/#/t/${tournamentId}/standings`);
      // The screen ranks the live states it listens to: a first snapshot can still come from the page's cache, so
      // the screen is read once it says what the backend's own export says (the download is checked below).
      const { csv } = await call<{ csv: string }>(web.emulators, 'getStandingsCsv', { tournamentId }, organizer);
      const backend = csv.trimEnd().split('\r\n').slice(1).map(csvCells);
      const placed = (rows: string[][]) => rows.map(([place, name, seedText, how]) => [place, name, seedText, how]);
      const asExported = placed(backend).map(([place, name, seedText, how]) => [place, name, seedText || '–', how]);
      await expect.poll(async () => placed(await finalRows(desk)), { timeout: WAIT_MS }).toEqual(asExported);
      const onScreen = await finalRows(desk);
      expect(onScreen.map(([place]) => place)).toEqual(NAMES.map((_, k) => String(k + 1)));
      expect(onScreen.slice(0, 4).map(([, name, , how]) => [name, how])).toEqual([
        [nameOf(seed(2)), 'won the final'],
        [nameOf(seed(4)), 'lost the final'],
        [nameOf(seed(3)), 'won the match for third place'],
        [nameOf(seed(1)), 'lost the match for third place'],
      ]);
      const dropped = onScreen.find(([, name]) => name === nameOf(withdrawn))!;
      expect(Number(dropped[0])).toBeGreaterThan(4);
      expect(dropped[2]).toBe('–');
      expect(dropped[3]).toMatch(/, withdrawn$/);
      // Outside the cut, each player is said by his rank in the table below ("5=" when shared), the withdrawn too.
      const tableRanks = new Map(
        (await tableRows(desk)).map((row) => {
          const [rank, name] = row.split(' | ');
          return [name!.replace(/\s*withdrawn$/, ''), rank!];
        }),
      );
      expect(onScreen.slice(4).map(([, , , how]) => how)).toEqual(
        onScreen
          .slice(4)
          .map(
            ([, name]) =>
              `rank ${tableRanks.get(name!)} after round 4${name === nameOf(withdrawn) ? ', withdrawn' : ''}`,
          ),
      );
      // The main stage's table: the winner's match points after round 4, the playoff's two wins not counted.
      const mainRow = desk.locator(`table.standings:not(.final-standings) tr[data-participant="${seed(2)}"]`);
      const mainPoints = (await mainRow.locator('[data-field="matchPoints"]').textContent())!.trim();
      expect(
        (await mainRow.locator('[data-field="wdl"]').textContent())!.split('-').reduce((sum, n) => sum + Number(n), 0),
      ).toBe(4);
      await web.shot(desk, 'cut-final-1-final-standings');

      // The CSV: a byte-order mark, each column once, the final standings' rows in order, the main stage's points.
      await desk.getByRole('link', { name: 'Organize' }).click();
      const [download] = await Promise.all([
        desk.waitForEvent('download'),
        desk.getByRole('button', { name: 'Download standings (CSV)' }).click(),
      ]);
      const bytes = readFileSync(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...lines] = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
      const columns = csvCells(header!);
      expect(new Set(columns).size).toBe(columns.length);
      // The game-point differential tiebreak is the game-point difference: one column, not two.
      expect(columns.filter((c) => /^Game-point diff/.test(c))).toEqual(['Game-point difference']);
      expect(columns.slice(0, 5)).toEqual(['Place', 'Player', 'Seed', 'How', 'Match points']);
      const csvRows = lines.map(csvCells);
      expect(csvRows.map((cells) => cells.slice(0, 4))).toEqual(
        onScreen.map(([place, name, seedText, how]) => [place, name, seedText === '–' ? '' : seedText, how]),
      );
      const winnerRow = csvRows[0]!;
      expect(winnerRow[columns.indexOf('Match points')]).toBe(mainPoints);
      expect(['Wins', 'Draws', 'Losses'].reduce((sum, c) => sum + Number(winnerRow[columns.indexOf(c)]), 0)).toBe(4);
      expect(csvRows.find((cells) => cells[1] === 'Chloé')).toBeDefined();

      // The board, signed out: the final standings' places, each final-round table named, the event over.
      const board = await web.openPage({ width: 1920, height: 1080 }, 'board');
      await board.goto(`${web.site}/#/t/${tournamentId}/board`);
      const boardPlaces = () =>
        board.$$eval('.board-standings tbody tr', (rows) =>
          rows.map((row) => [
            row.querySelector('[data-field="place"]')?.textContent?.trim() ?? '',
            row.querySelector('.board-name')?.textContent?.trim() ?? '',
          ]),
        );
      await expect
        .poll(boardPlaces, { timeout: WAIT_MS })
        .toEqual(onScreen.map(([place, name]) => [place, name]).slice(0, 12));
      expect(await board.locator('.board-standings h2').textContent()).toBe('Final standings');
      const tableGames = await board.$$eval('.board-pairings tbody tr', (rows) =>
        rows.map((row) => [
          row.querySelector('.board-name')?.textContent ?? '',
          row.querySelector('[data-field="game"]')?.textContent ?? '',
        ]),
      );
      expect(Object.fromEntries(tableGames)).toEqual({
        [nameOf(seed(2))]: 'Final',
        [nameOf(seed(4))]: 'Final',
        [nameOf(seed(3))]: 'Match for third place',
        [nameOf(seed(1))]: 'Match for third place',
      });
      const head = (await board.locator('.board-head').textContent()) ?? '';
      expect(head).toContain('Tournament over');
      expect(head).not.toContain('not started');
      // How each place was earned is read whole from the wall, "withdrawn" included: no cell is cut.
      const cutCells = await board.$$eval('.board-standings td.board-how', (cells) =>
        cells.filter((td) => td.scrollWidth > td.clientWidth).map((td) => td.textContent),
      );
      expect(cutCells).toEqual([]);
      expect(await board.locator('.board-standings td.board-how', { hasText: 'withdrawn' }).count()).toBe(1);
      await web.shot(board, 'cut-final-2-board');

      // The printed sheets: the bracket offered and printed, the final round's tables named, main-stage points.
      await desk.goto(`${web.site}/#/t/${tournamentId}/print`);
      await desk.locator('[data-sheet-link]').first().waitFor({ timeout: WAIT_MS });
      expect(await desk.locator('[data-sheet-link]').evaluateAll((links) => links.map((a) => a.textContent))).toContain(
        'Bracket',
      );
      await desk.locator('[data-sheet-link="bracket"]').click();
      await desk.locator('.sheet .bracket-round').first().waitFor({ timeout: WAIT_MS });
      expect(await desk.locator('.sheet').textContent()).not.toContain('has no bracket');
      expect(await desk.locator('.sheet .podium').getAttribute('data-champion')).toBe(seed(2));
      await web.shot(desk, 'cut-final-3-print-bracket');

      await desk.goto(`${web.site}/#/t/${tournamentId}/print/pairings?round=6`);
      await desk.locator('.pairings-sheet tbody tr').first().waitFor({ timeout: WAIT_MS });
      const printed = await desk.$$eval('.pairings-sheet tbody tr', (rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '')),
      );
      // Table, game, a player and his points, the other and his points, the result.
      expect(printed.map((cells) => cells[1])).toEqual(['Final', 'Match for third place']);
      const finalTable = printed[0]!;
      const winnerCell = finalTable[2] === nameOf(seed(2)) ? 3 : 5;
      expect(finalTable[winnerCell]).toBe(mainPoints);
      await web.shot(desk, 'cut-final-4-print-final-pairings');
      await desk.goto(`${web.site}/#/t/${tournamentId}/print/names?round=6`);
      await desk.locator('.names-table tbody tr').first().waitFor({ timeout: WAIT_MS });
      const byName = await desk.$$eval('.names-table tbody tr', (rows) =>
        rows.map((row) => [
          row.querySelector('td')?.textContent ?? '',
          row.querySelector('[data-field="game"]')?.textContent ?? '',
        ]),
      );
      expect(Object.fromEntries(byName)).toEqual(Object.fromEntries(tableGames));

      await desk.goto(`${web.site}/#/t/${tournamentId}/print/standings`);
      await expect
        .poll(async () => finalRows(desk, '.sheet table.final-standings'), { timeout: WAIT_MS })
        .toEqual(onScreen);
      await web.shot(desk, 'cut-final-5-print-standings');
      expect(web.driver.consoleErrors).toEqual([]);
    },
  );
});
