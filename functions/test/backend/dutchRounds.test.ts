/**
 * A FIDE Dutch tournament through the callables (docs/dutch.md): the organizer's DUTCH method with the colour drawn
 * for pairing number 1, pairing numbers from the seeds; round 1 is the top half against the bottom half with
 * alternating colours, as C.04.3 pairs it, and the FIDE report of the rounds played reads the same pairings back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { exportedTournamentToTrf, readTrf } from '@competition/engine';
import { refs } from '../../src/firebase/refs.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest, fireAll } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

async function dutchOpen() {
  const { clubId } = await call.createClub({ name: 'Chess Club' }, 'owner');
  const { championshipId } = await call.createChampionship({ name: 'Weekend Open', clubIds: [clubId] }, 'owner');
  const { tournamentId } = await call.createTournament(
    {
      championshipId,
      date: '2026-11-21',
      description: 'Rated open',
      policy: 'CHESS',
      pairing: { method: 'DUTCH', options: { initialColour: 'WHITE' } },
      totalRounds: 3,
    },
    'owner',
  );
  const participants = Array.from({ length: 8 }, (_, i) => ({
    participantId: `p${i + 1}`,
    name: `Player ${i + 1}`,
    rating: 2400 - 50 * i,
    seedPosition: i + 1,
  }));
  await call.addParticipants({ tournamentId, participants }, 'owner');
  return tournamentId;
}

const roundOf = async (tournamentId: string, roundNumber: number) =>
  (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', roundNumber).get()).docs
    .map((d) => d.data())
    .sort((x, y) => x.order - y.order);

describe('a DUTCH tournament', () => {
  it('pairs round 1 top half against bottom half, colours alternating from White for pairing number 1', async () => {
    const tournamentId = await dutchOpen();
    const first = await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    expect(first.method).toBe('DUTCH');
    const games = await roundOf(tournamentId, 1);
    // White first: 1-5, then 6-2, 3-7, 8-4 (C.04.3: the higher player's colour alternates down the boards).
    expect(games.map((m) => `${m.movesFirst}-${m.movesFirst === m.a ? m.b : m.a}`)).toEqual([
      'p1-p5',
      'p6-p2',
      'p3-p7',
      'p8-p4',
    ]);

    for (const m of games)
      await call.recordScore(
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', winner: 'a' } },
        'owner',
      );
    await fireAll(fs.db, tournamentId);
    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    const second = await roundOf(tournamentId, 2);
    expect(second).toHaveLength(4);

    // The report of round 1, read back: the same games with the same colours.
    const { json } = await call.exportTournament({ tournamentId }, 'owner');
    const scenario = readTrf(exportedTournamentToTrf(json));
    expect(scenario.rounds![0]!.map((m) => `${m.a}-${m.b}`).sort()).toEqual(['p1-p5', 'p3-p7', 'p6-p2', 'p8-p4']);
  });
});
