/**
 * A Go McMahon tournament on the backend (docs/go.md): the entries' ranks and the policy's McMahon settings pair
 * handicap games, and the stored standings rows carry the McMahon score, SOS, SOSOS and SODOS exactly as the
 * leaderboard says after every score and a withdrawal, although each reads the opponents' final scores. The desk's
 * EGD file is written from the real export. Real callables, the real trigger.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { exportedTournamentToEgd } from '@competition/engine';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest, expectRowsMatchBoard, fireAll, scoreGamesOneByOne } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

/** Scores a round: Black (side a, who moves first) wins every other game. */
const scoreRound = (tournamentId: string, roundNumber: number) =>
  scoreGamesOneByOne(fs.db, tournamentId, roundNumber, (i) => ({ kind: 'PLAYED', winner: i % 2 === 0 ? 'a' : 'b' }));

const RANKS = ['2d', '1d', '1k', '2k', '4k', '5k', '7k', '9k', '12k'];

describe('a Go McMahon tournament in the stored standings', () => {
  it('pairs handicap games from the ranks, and the rows say what the leaderboard says', async () => {
    const { clubId } = await call.createClub({ name: 'Go Club', adminUids: [] }, 'owner');
    const { championshipId } = await call.createChampionship({ name: 'Club League', clubIds: [clubId] }, 'owner');
    const { tournamentId } = await call.createTournament(
      {
        championshipId,
        date: '2026-11-21',
        description: 'Autumn McMahon',
        policy: 'GO',
        policyOverrides: {
          pairingPolicy: { mcMahon: { bar: '1d', floor: '10k', handicap: { correction: 1 } } },
          victoryPolicy: { tiebreakOrder: ['SOS', 'SOSOS', 'SODOS', 'SOS_CUT1'] },
          // Each score on its own: a game moves the rows of players who did not play it (their opponents' MMS, and
          // two meetings away SOSOS), which only the fold of the whole tournament keeps exact.
          processingGranularity: 'PER_MATCHUP',
        },
        pairing: { method: 'MCMAHON', options: {} },
      },
      'owner',
    );
    await call.addParticipants(
      {
        tournamentId,
        participants: RANKS.map((goRank, i) => ({ participantId: `g${i + 1}`, name: `Player ${i + 1}`, goRank })),
      },
      'owner',
    );

    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    await fireAll(fs.db, tournamentId);
    const first = await scoreRound(tournamentId, 1);
    // Nine players from 2d to 12k, bar 1d, floor 10k: some pair is two MMS apart or more, a handicap game.
    expect(first.some((m) => (m.cost.handicap ?? 0) > 0)).toBe(true);
    for (const m of first) expect(m.cost.komi).toBe((m.cost.handicap ?? 0) > 0 ? 0.5 : 7.5);
    const after1 = await expectRowsMatchBoard(fs.db, tournamentId, 'round 1 is scored');
    // The McMahon score: the start from the rank (2d and 1d on the bar, 30; 12k on the floor, 20) and the win.
    const g1 = after1.find((r) => r.participantId === 'g1')!;
    const g9 = after1.find((r) => r.participantId === 'g9')!;
    expect(g1.mcMahonScore! - 30).toBe(g1.wins);
    expect(g9.mcMahonScore! - 20).toBeGreaterThanOrEqual(g9.wins);

    await call.withdrawParticipant({ tournamentId, participantId: first[0]!.b! }, 'owner');
    await fireAll(fs.db, tournamentId);
    await expectRowsMatchBoard(fs.db, tournamentId, 'the withdrawal');

    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    await fireAll(fs.db, tournamentId);
    await scoreRound(tournamentId, 2);
    const rows = await expectRowsMatchBoard(fs.db, tournamentId, 'round 2 is scored');
    expect(rows.every((r) => typeof r.tiebreaks.SOS === 'number' && typeof r.tiebreaks.SOSOS === 'number')).toBe(true);
    // Ranked by the McMahon score first.
    const scores = rows.map((r) => r.mcMahonScore!);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);

    // The desk's download: the EGD file of the exported tournament, a line per player in standings order.
    const { json } = await call.exportTournament({ tournamentId }, 'owner');
    const players = exportedTournamentToEgd(json)
      .split('\n')
      .filter((l) => /^\s+\d/.test(l));
    expect(players).toHaveLength(RANKS.length);
    expect(players[0]).toContain(`Player ${rows[0]!.participantId.slice(1)}`);
  });
});
