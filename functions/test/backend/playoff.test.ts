/** The playoff after a Swiss through the real callables: top cut seeded by the Swiss standings, best-of-three finals. */
import { afterAll, describe, expect, it } from 'vitest';
import { refs } from '../../src/firebase/refs.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest, expectRefusal, fireAll, tournamentThroughCallables } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

const setUp = (options: Record<string, unknown>, totalRounds?: number) =>
  tournamentThroughCallables({
    club: { name: 'Card Club' },
    championship: 'Spring Series',
    tournament: {
      description: 'Saturday Swiss with a cut',
      policy: 'SWISS',
      pairing: { method: 'SWISS', options },
      ...(totalRounds ? { totalRounds } : {}),
    },
    players: 10,
    ratingStep: 40,
  });

async function roundOf(tournamentId: string, roundNumber: number) {
  const docs = (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', roundNumber).get()).docs;
  return docs.map((d) => d.data()).sort((x, y) => x.order - y.order);
}

/** Scores a round: `winner` picks who wins each game; a bye is already scored. */
async function play(tournamentId: string, roundNumber: number, winner: (a: string, b: string) => string) {
  for (const m of await roundOf(tournamentId, roundNumber)) {
    if (m.b === null) continue;
    const aWins = winner(m.a, m.b) === m.a;
    await call.recordScore(
      {
        tournamentId,
        matchUpId: m.matchUpId,
        result: { kind: 'PLAYED', score: aWins ? { a: 5, b: 2 } : { a: 1, b: 5 } },
      },
      'owner',
    );
  }
}

const lowerNumberWins = (a: string, b: string) => (Number(a.slice(1)) < Number(b.slice(1)) ? a : b);

describe('playoff after a Swiss', () => {
  it('a top 4 seeded by the Swiss standings, then best-of-three finals for 1st and 3rd, and then no more rounds', async () => {
    const { tournamentId } = await setUp({ topCut: 4, finals: 2, finalKind: 'BEST_OF_THREE' }, 3);
    for (let r = 1; r <= 3; r++) {
      const round = await call.generateNextRound({ tournamentId, requestId: `swiss-${r}` }, 'owner');
      expect(round.method).toBe('SWISS');
      await play(tournamentId, r, lowerNumberWins);
    }
    await fireAll(fs.db, tournamentId);
    const swiss = (await call.getLeaderboard({ tournamentId }, 'owner')).rows.map((r) => r.participantId);

    const cut = await call.generateNextRound({ tournamentId, requestId: 'cut-1' }, 'owner');
    expect(cut).toMatchObject({ roundNumber: 4, method: 'KNOCKOUT', matchUps: 2, byes: [] });
    const semis = await roundOf(tournamentId, 4);
    expect(semis.map((m) => [m.a, m.b])).toEqual([
      [swiss[0], swiss[3]],
      [swiss[1], swiss[2]],
    ]);
    expect(semis.map((m) => m.cost)).toEqual([
      { seedA: 1, seedB: 4 },
      { seedA: 2, seedB: 3 },
    ]);
    const roundDoc = (await refs(fs.db).round(tournamentId, 4).get()).data()!;
    expect(roundDoc.playoff).toEqual({ playoffRound: 1, mainRounds: 3, seeding: swiss });
    expect(roundDoc.notes[0]).toMatch(/top 4, seeded by the standings after round 3/);

    // Upsets: seeds 4 and 3 reach the final, 1 and 2 play for third.
    await play(tournamentId, 4, (a, b) => (swiss.indexOf(a) > swiss.indexOf(b) ? a : b));
    await call.generateNextRound({ tournamentId, requestId: 'cut-2' }, 'owner');
    const finals = await roundOf(tournamentId, 5);
    expect(finals.map((m) => [m.a, m.b])).toEqual([
      [swiss[2], swiss[3]],
      [swiss[0], swiss[1]],
    ]);
    expect((await refs(fs.db).round(tournamentId, 5).get()).data()!.playoff).toEqual({
      playoffRound: 2,
      mainRounds: 3,
    });
    // Game 1: both higher seeds win. Game 2: the third-place series ends 2-0, the final stands 1-1.
    const higherSeedWins = (a: string, b: string) => (swiss.indexOf(a) < swiss.indexOf(b) ? a : b);
    await play(tournamentId, 5, higherSeedWins);
    await call.generateNextRound({ tournamentId, requestId: 'cut-3' }, 'owner');
    expect((await roundOf(tournamentId, 6)).map((m) => [m.a, m.b])).toEqual([
      [swiss[2], swiss[3]],
      [swiss[0], swiss[1]],
    ]);
    await play(tournamentId, 6, (a, b) => (a === swiss[2] || b === swiss[2] ? swiss[3]! : higherSeedWins(a, b)));
    await call.generateNextRound({ tournamentId, requestId: 'cut-4' }, 'owner');
    expect((await roundOf(tournamentId, 7)).map((m) => [m.a, m.b])).toEqual([[swiss[2], swiss[3]]]);
    await play(tournamentId, 7, higherSeedWins);
    await expectRefusal(
      call.generateNextRound({ tournamentId, requestId: 'cut-5' }, 'owner'),
      'out-of-range',
      /complete/,
    );
  });

  it('finals without a cut: 1st v 2nd of the Swiss, one game', async () => {
    const { tournamentId } = await setUp({ finals: 1 }, 2);
    for (let r = 1; r <= 2; r++) {
      await call.generateNextRound({ tournamentId, requestId: `swiss-${r}` }, 'owner');
      await play(tournamentId, r, lowerNumberWins);
    }
    await fireAll(fs.db, tournamentId);
    const swiss = (await call.getLeaderboard({ tournamentId }, 'owner')).rows.map((r) => r.participantId);
    await call.generateNextRound({ tournamentId, requestId: 'final' }, 'owner');
    expect((await roundOf(tournamentId, 3)).map((m) => [m.a, m.b])).toEqual([[swiss[0], swiss[1]]]);
    await play(tournamentId, 3, lowerNumberWins);
    await expectRefusal(call.generateNextRound({ tournamentId, requestId: 'more' }, 'owner'), 'out-of-range');
  });

  it('a playoff that could not be played is refused when the tournament is created', async () => {
    await expectRefusal(setUp({ topCut: 8 }), 'invalid-argument', /number of rounds/);
    await expectRefusal(setUp({ topCut: 6 }, 5), 'invalid-argument');
  });

  it('setPlayoff changes the cut until the playoff starts, and is refused after, by anyone but an editor, and on a knockout', async () => {
    const { tournamentId, championshipId } = await setUp({}, 2);
    await call.setPlayoff({ tournamentId, topCut: 4, finals: 2, finalKind: 'SINGLE' }, 'owner');
    expect((await refs(fs.db).tournament(tournamentId).get()).data()!.pairing.options).toMatchObject({
      topCut: 4,
      finals: 2,
      finalKind: 'SINGLE',
    });
    await expectRefusal(
      call.setPlayoff({ tournamentId, topCut: 6, finals: 1, finalKind: 'SINGLE' }, 'owner'),
      'invalid-argument',
    );
    await expectRefusal(
      call.setPlayoff({ tournamentId, topCut: 8, finals: 1, finalKind: 'SINGLE' }, 'stranger'),
      'permission-denied',
    );
    for (let r = 1; r <= 2; r++) {
      await call.generateNextRound({ tournamentId, requestId: `swiss-${r}` }, 'owner');
      await play(tournamentId, r, lowerNumberWins);
    }
    // During the last Swiss round and after it, until the cut is paired: a top 8 instead, one final.
    await call.setPlayoff({ tournamentId, topCut: 8, finals: 1, finalKind: 'BEST_OF_THREE' }, 'owner');
    expect(await call.generateNextRound({ tournamentId, requestId: 'cut-1' }, 'owner')).toMatchObject({
      roundNumber: 3,
      matchUps: 4,
    });
    await expectRefusal(
      call.setPlayoff({ tournamentId, topCut: 4, finals: 1, finalKind: 'SINGLE' }, 'owner'),
      'failed-precondition',
      /playoff has started/,
    );
    expect((await refs(fs.db).tournament(tournamentId).get()).data()!.pairing.options).toMatchObject({ topCut: 8 });
    const { tournamentId: knockout } = await call.createTournament(
      { championshipId, date: '2026-11-28', description: 'Cup', system: 'KNOCKOUT' },
      'owner',
    );
    await expectRefusal(
      call.setPlayoff({ tournamentId: knockout, topCut: 0, finals: 2, finalKind: 'SINGLE' }, 'owner'),
      'failed-precondition',
      /knockout/,
    );
  });
});
