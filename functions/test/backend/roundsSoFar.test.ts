/**
 * Stored standings rows and the leaderboard view count "rounds so far" the same way (tiebreaks.roundsSoFar), so
 * under a Buchholz drop-out trend no row goes stale when a round is generated or undone: the rows the organizer's
 * dashboard listens to always say what getLeaderboard says. Real callables and the real trigger.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { refs } from '../../src/firebase/refs.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest, expectRowsMatchBoard, fireAll, tournamentThroughCallables } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

async function scoreRound(tournamentId: string, roundNumber: number) {
  const matchUps = (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', roundNumber).get()).docs.map(
    (d) => d.data(),
  );
  for (const m of matchUps.filter((m) => m.b !== null)) {
    await call.recordScore(
      { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
      'owner',
    );
  }
  await fireAll(fs.db, tournamentId);
  return matchUps;
}

describe('rounds so far: stored standings rows never go stale under a Buchholz drop-out trend', () => {
  it('a round generated, scored and undone after a withdrawal: the rows say what the leaderboard says at every step', async () => {
    const { tournamentId } = await tournamentThroughCallables({
      club: { name: 'Carrom Club', adminUids: [] },
      championship: 'Winter League',
      tournament: {
        description: 'Drop-out night',
        policy: 'REDEMPTION',
        policyOverrides: { victoryPolicy: { tiebreakOrder: ['BUCHHOLZ'], buchholzDropOut: 'TREND' } },
        pairing: { method: 'SWISS', options: {} },
      },
      players: 8,
      ratingStep: 37,
    });

    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    const [first] = await scoreRound(tournamentId, 1);
    // The winner of a round-1 game withdraws: his pace (3 a round) is credited to his opponent for each round missed.
    const leaver = first!.a;
    const opponent = first!.b!;
    await call.withdrawParticipant({ tournamentId, participantId: leaver }, 'owner');
    await expectRowsMatchBoard(fs.db, tournamentId, 'the withdrawal');

    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    await fireAll(fs.db, tournamentId);
    await expectRowsMatchBoard(fs.db, tournamentId, 'round 2 is generated');
    await scoreRound(tournamentId, 2);
    await expectRowsMatchBoard(fs.db, tournamentId, 'round 2 is scored');

    // The trend is in play: the opponent's Buchholz is more than his opponents' match points.
    const states = Object.fromEntries((await refs(fs.db).states(tournamentId).get()).docs.map((d) => [d.id, d.data()]));
    const met = states[opponent]!.results.flatMap((r) => (r.opponentParticipantId ? [r.opponentParticipantId] : []));
    const plain = met.reduce((sum, id) => sum + states[id]!.matchPoints, 0);
    const row = (await refs(fs.db).standing(tournamentId, opponent).get()).data()!;
    expect(row.tiebreaks.BUCHHOLZ).toBe(plain + 3);

    const round3 = await call.generateNextRound({ tournamentId, requestId: 'r3' }, 'owner');
    expect(round3.byes).toHaveLength(1);
    await fireAll(fs.db, tournamentId);
    await expectRowsMatchBoard(fs.db, tournamentId, 'round 3 is generated (its bye applied)');

    const round3Ids = (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', 3).get()).docs.map(
      (d) => d.id,
    );
    await call.undoLastRound({ tournamentId }, 'owner');
    await fireAll(fs.db, tournamentId, round3Ids);
    await expectRowsMatchBoard(fs.db, tournamentId, 'round 3 is undone (its bye taken back)');
    expect((await refs(fs.db).standing(tournamentId, opponent).get()).data()!.tiebreaks.BUCHHOLZ).toBe(plain + 3);
  });
});
