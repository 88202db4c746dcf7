/**
 * The card games' tiebreakers in the stored standings (docs/tiebreaks.md#card-game-tiebreakers): the rows the
 * dashboard and the players' phones listen to say what the leaderboard says after every score and a drop, although
 * the percentages read the opponents' results and resistance their opponents' too. Real callables, the real trigger.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { MatchUpResultInput } from '@competition/engine';
import { useEmulatorFirestore } from '../support/emulator.js';
import {
  call,
  cleanupFunctionsTest,
  expectRowsMatchBoard,
  fireAll,
  scoreGamesOneByOne,
  tournamentThroughCallables,
} from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

/** Best-of-three results as a store's players report them: 2-0, 2-1, a 1-1 draw and a 1-0 won at time. */
const RESULTS: MatchUpResultInput[] = [
  { kind: 'PLAYED', score: { a: 2, b: 1 } },
  { kind: 'PLAYED', score: { a: 0, b: 2 } },
  { kind: 'PLAYED', score: { a: 1, b: 1 } },
  { kind: 'PLAYED', score: { a: 1, b: 0 } },
];

const scoreRound = (tournamentId: string, roundNumber: number) =>
  scoreGamesOneByOne(fs.db, tournamentId, roundNumber, (i) => RESULTS[(i + roundNumber) % RESULTS.length]!);

describe("the card games' tiebreakers in the stored standings rows", () => {
  it('OMW%, GW%, OGW% and both resistances: the rows say what the leaderboard says after each score and a drop', async () => {
    const { tournamentId } = await tournamentThroughCallables({
      club: { name: 'Card Store', adminUids: [] },
      championship: 'Store Championship',
      tournament: {
        description: 'Friday best of three',
        policy: 'TCG',
        policyOverrides: {
          victoryPolicy: {
            tiebreakOrder: [
              'OPPONENTS_MATCH_WIN_PERCENTAGE',
              'GAME_WIN_PERCENTAGE',
              'OPPONENTS_GAME_WIN_PERCENTAGE',
              'OPPONENTS_RESISTANCE',
              'OPPONENTS_OPPONENTS_RESISTANCE',
            ],
          },
        },
        pairing: { method: 'SWISS', options: {} },
      },
      players: 7,
      ratingStep: 37,
    });

    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    await fireAll(fs.db, tournamentId);
    const [first] = await scoreRound(tournamentId, 1);
    await expectRowsMatchBoard(fs.db, tournamentId, 'round 1 is scored');

    // A round-1 player drops: the resistance of their opponent caps the drop at 75%, the rows follow.
    await call.withdrawParticipant({ tournamentId, participantId: first!.a }, 'owner');
    await fireAll(fs.db, tournamentId);
    await expectRowsMatchBoard(fs.db, tournamentId, 'the drop');

    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    await fireAll(fs.db, tournamentId);
    await scoreRound(tournamentId, 2);
    const rows = await expectRowsMatchBoard(fs.db, tournamentId, 'round 2 is scored');

    // The values are there, as fractions within their floors: the screens make percentages of them.
    for (const row of rows) {
      expect(row.tiebreaks.GAME_WIN_PERCENTAGE).toBeGreaterThanOrEqual(0.33);
      expect(row.tiebreaks.OPPONENTS_OPPONENTS_RESISTANCE).toBeGreaterThanOrEqual(0.25);
    }
    const omw = new Set(rows.map((row) => row.tiebreaks.OPPONENTS_MATCH_WIN_PERCENTAGE));
    expect(omw.size).toBeGreaterThan(2);
  });
});
