/**
 * Emulator Suite tier, in Chromium: during a top cut, a signed-out viewer (who reads the backend's standings pages)
 * sees the same "Standings after round 3" as the organizer (whose dashboard ranks the main stage from the states),
 * though the stored standings rows count the cut's games too (docs/playoff.md#standings).
 *
 * An 8-player Swiss of 3 rounds with a top 4, played through the callables; in the semi-finals both lower seeds win,
 * so the stored rows would lift seeds 3 and 4 over seeds 1 and 2. A withdrawal afterwards (seed 8, outside the cut)
 * makes the pages' rebuild visible: once the page shows it, the page was built after the semi-finals' results.
 *
 * Runs only inside `firebase emulators:exec` with the Hosting emulator (npm test, or
 * `EMULATOR_PORT_OFFSET=N npm run test:emulators -- web/test/browser/cutStandings.test.ts`).
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import {
  type SeededTournament,
  adminFirestore,
  call,
  seedTournament,
  waitFor,
} from '../../../functions/test/emulators/stack.js';
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
  }, 120_000);

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
});
