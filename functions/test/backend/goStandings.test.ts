/**
 * A Go McMahon tournament on the backend (docs/go.md): the entries' ranks and the policy's McMahon settings pair
 * handicap games, and the stored standings rows carry the McMahon score, SOS, SOSOS and SODOS exactly as the
 * leaderboard says after every score and a withdrawal, although each reads the opponents' final scores. The desk's
 * EGD file is written from the real export. Real callables, the real trigger.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { exportedTournamentToEgd } from '@competition/engine';
import { useEmulatorFirestore } from '../support/emulator.js';
import { refs } from '../../src/firebase/refs.js';
import { call, cleanupFunctionsTest, expectRowsMatchBoard, fireAll, scoreGamesOneByOne } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });

/** Every game of the tournament as stored now, byes included. */
const storedGames = async (tournamentId: string) =>
  (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data());
afterAll(() => cleanupFunctionsTest());

/** Scores a round: Black (side a, who moves first) wins every other game. */
const scoreRound = (tournamentId: string, roundNumber: number) =>
  scoreGamesOneByOne(fs.db, tournamentId, roundNumber, (i) => ({ kind: 'PLAYED', winner: i % 2 === 0 ? 'a' : 'b' }));

const RANKS = ['2d', '1d', '1k', '2k', '4k', '5k', '7k', '9k', '12k'];
/** Each rank's first McMahon score under bar 1d and floor 10k: 30 at the bar and above, a point less a kyu. */
const START_MMS = [30, 30, 29, 28, 26, 25, 23, 21, 20];

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
    // The McMahon score from the raw games (docs/go.md): the start from the rank (2d and 1d on the bar, 30; a
    // kyu a point less each; 12k on the floor at 10k, 20), plus 1 a win or the pairing's bye.
    const round1 = (await storedGames(tournamentId)).filter((m) => m.roundNumber === 1);
    expect(round1.filter((m) => m.b === null)).toHaveLength(1);
    const won = new Set(round1.map((m) => (m.b === null || m.result?.winner === 'a' ? m.a : m.b)));
    const expectedMms = Object.fromEntries(
      RANKS.map((_, i) => [`g${i + 1}`, START_MMS[i]! + (won.has(`g${i + 1}`) ? 1 : 0)]),
    );
    expect(Object.fromEntries(after1.map((r) => [r.participantId, r.mcMahonScore]))).toEqual(expectedMms);

    await call.withdrawParticipant({ tournamentId, participantId: first[0]!.b! }, 'owner');
    await fireAll(fs.db, tournamentId);
    await expectRowsMatchBoard(fs.db, tournamentId, 'the withdrawal');

    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    await fireAll(fs.db, tournamentId);
    await scoreRound(tournamentId, 2);
    const rows = await expectRowsMatchBoard(fs.db, tournamentId, 'round 2 is scored');
    // SOS from the raw games (docs/tiebreaks.md#go), for the players who played both rounds, both even games: the
    // sum of their two opponents' final McMahon scores (stones and rounds without a game add otherwise).
    const mmsOf = new Map(rows.map((r) => [r.participantId, r.mcMahonScore!]));
    const games = await storedGames(tournamentId);
    const evenOnly = rows.filter((r) => {
      const own = games.filter((m) => m.a === r.participantId || m.b === r.participantId);
      return !r.withdrawn && own.length === 2 && own.every((m) => m.b !== null && (m.cost.handicap ?? 0) === 0);
    });
    expect(evenOnly.length, 'players with two even games').toBeGreaterThan(0);
    for (const r of evenOnly) {
      const opponents = games.flatMap((m) => (m.a === r.participantId ? [m.b!] : m.b === r.participantId ? [m.a] : []));
      const sos = opponents.reduce((sum, id) => sum + mmsOf.get(id)!, 0);
      expect(r.tiebreaks.SOS, `SOS of ${r.participantId}`).toBe(sos);
    }
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
