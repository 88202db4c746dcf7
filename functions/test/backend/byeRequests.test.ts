/**
 * Requested byes and a late entry's missed rounds (docs/pairing.md#requested-byes, docs/pairing.md#late-entries),
 * through the real callables and the score trigger on the Firestore emulator.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TournamentExport } from '@competition/engine';
import { refs } from '../../src/firebase/refs.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest, expectRefusal, fireAll, tournamentThroughCallables } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

/** A 5-round chess Swiss of 8 players with accounts u1..u8: one half-point bye a player, none in the last 2 rounds. */
async function chessSwiss() {
  const setUp = await tournamentThroughCallables({
    club: { name: 'Chess Club' },
    championship: 'Autumn Open',
    tournament: {
      description: 'Rapid open',
      policy: 'CHESS',
      pairing: { method: 'SWISS', options: {} },
      totalRounds: 5,
    },
    players: 8,
    withAccounts: true,
  });
  // Editors set these through the rules (firestore.rules, tournament update): written here past them.
  await refs(fs.db)
    .tournament(setUp.tournamentId)
    .update({ byeRules: { halfPointByes: 1, halfPointByesClosedLastRounds: 2, lateEntries: 'HALF_BYES' } });
  return setUp;
}

const roundOf = async (tournamentId: string, roundNumber: number) =>
  (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', roundNumber).get()).docs.map((d) => d.data());

async function scoreRound(tournamentId: string, roundNumber: number): Promise<void> {
  for (const m of await roundOf(tournamentId, roundNumber))
    if (m.b !== null)
      await call.recordScore(
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', winner: 'a' } },
        'owner',
      );
  await fireAll(fs.db, tournamentId);
}

describe('requested byes', () => {
  it("a player asks within the organizer's limits, the organizer past them, and the round leaves them out", async () => {
    const { tournamentId } = await chessSwiss();
    await call.requestBye({ tournamentId, participantId: 'p3', round: 2, points: 'HALF' }, 'u3');
    await expectRefusal(
      call.requestBye({ tournamentId, participantId: 'p3', round: 3, points: 'HALF' }, 'u3'),
      'permission-denied',
      /at most 1 half-point bye/,
    );
    await call.requestBye({ tournamentId, participantId: 'p3', round: 5, points: 'ZERO' }, 'u3');
    await expectRefusal(
      call.requestBye({ tournamentId, participantId: 'p3', round: 4, points: 'ZERO' }, 'u4'),
      'permission-denied',
    );
    await expectRefusal(
      call.requestBye({ tournamentId, participantId: 'p4', round: 5, points: 'HALF' }, 'u4'),
      'permission-denied',
      /last 2 rounds/,
    );
    await call.requestBye({ tournamentId, participantId: 'p4', round: 5, points: 'HALF' }, 'owner');
    const p3 = (await refs(fs.db).participant(tournamentId, 'p3').get()).data()!;
    expect(p3.requestedByes).toEqual([
      { round: 2, points: 'HALF' },
      { round: 5, points: 'ZERO' },
    ]);

    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    expect((await roundOf(tournamentId, 1)).flatMap((m) => [m.a, m.b])).toContain('p3');
    await scoreRound(tournamentId, 1);
    const second = await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    // Seven players left: the pairing gives its own bye too, and the round lists both.
    expect(second.byes).toContain('p3');
    expect(second.byes).toHaveLength(2);
    const bye = (await roundOf(tournamentId, 2)).find((m) => m.a === 'p3')!;
    expect(bye).toMatchObject({ b: null, result: { kind: 'HALF_BYE' } });
    expect((await refs(fs.db).round(tournamentId, 2).get()).data()!.byes).toHaveLength(2);
    await expectRefusal(
      call.requestBye({ tournamentId, participantId: 'p3', round: 2, points: null }, 'u3'),
      'failed-precondition',
      /already paired/,
    );
    // The chess preset rates a round once it is complete: the half point counts with round 2's games.
    await scoreRound(tournamentId, 2);
    const row = (await refs(fs.db).standing(tournamentId, 'p3').get()).data()!;
    expect(row.draws).toBe(1);
  });

  it("a late entry gets a half-point bye in each round it missed, and the export's rounds agree", async () => {
    const { tournamentId, championshipId } = await chessSwiss();
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    await scoreRound(tournamentId, 1);
    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    await scoreRound(tournamentId, 2);
    const { enteredRound } = await call.addParticipants(
      { tournamentId, participants: [{ participantId: 'p9', name: 'Late Comer', rating: 1500 }] },
      'owner',
    );
    expect(enteredRound).toBe(3);
    await fireAll(fs.db, tournamentId);
    for (const roundNumber of [1, 2]) {
      const late = (await roundOf(tournamentId, roundNumber)).filter((m) => m.a === 'p9');
      expect(late.map((m) => [m.b, m.result?.kind])).toEqual([[null, 'HALF_BYE']]);
      const round = (await refs(fs.db).round(tournamentId, roundNumber).get()).data()!;
      expect(round.byes).toContain('p9');
      expect(round.matchUpCount).toBe((await roundOf(tournamentId, roundNumber)).length);
    }
    const row = (await refs(fs.db).standing(tournamentId, 'p9').get()).data()!;
    expect(row).toMatchObject({ matchPoints: 1, draws: 2 });

    const { json } = await call.exportTournament({ tournamentId }, 'owner');
    const copy = TournamentExport.parse(JSON.parse(json));
    copy.tournament.date = '2026-11-28';
    const { tournamentId: imported } = await call.importTournament(
      { championshipId, json: JSON.stringify(copy) },
      'owner',
    );
    const board = await call.getLeaderboard({ tournamentId: imported }, 'owner');
    expect(board.rows.find((r) => r.participantId === 'p9')).toMatchObject({ matchPoints: 1 });
  });
});
