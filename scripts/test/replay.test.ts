import { describe, expect, it } from 'vitest';
import type { LeaderboardRow, publicState } from '@competition/engine';
import { runTool } from './cli.js';

/** What replay.ts prints. */
interface Printed {
  participants: ReturnType<typeof publicState>[];
  leaderboard: LeaderboardRow[];
}

const scenario = {
  policy: 'SWISS',
  participants: [
    { id: 'p1', rating: 1800, team: 'red' },
    { id: 'p2', rating: 1700 },
    { id: 'p3', rating: 1600 },
    { id: 'p5', rating: 1500 },
    { id: 'p6', rating: 1400 },
    { id: 'p7', rating: 1300 },
    { id: 'p8', rating: 1200 },
  ],
  rounds: [
    [
      { a: 'p1', b: 'p2', score: { a: 5, b: 3 } },
      { a: 'p3', b: null },
      { a: 'p5', b: 'p6', status: 'WALKOVER', winner: 'b' },
      { a: 'p7', b: 'p8', status: 'DOUBLE_WALKOVER' },
    ],
  ],
  options: {
    policyOverrides: { victoryPolicy: { primaryRanking: 'MATCH_POINTS', tiebreakOrder: ['POINT_DIFFERENTIAL'] } },
  },
};

/** The scenario with `fields` written over its first game (p1-p2, 5-3). */
const withFirstGame = (fields: object) => {
  const [first, ...others] = scenario.rounds[0]!;
  return { ...scenario, rounds: [[{ ...first, ...fields }, ...others]] };
};

describe('npm run replay -- FILE.json', () => {
  it('prints every participant state and the leaderboard, in leaderboard order', () => {
    const run = runTool('replay.ts', scenario);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout) as Printed;
    const byId = Object.fromEntries(out.participants.map((p) => [p.participantId, p]));
    const expected = 1 / (1 + 10 ** ((1700 - 1800) / 400));
    expect(byId.p1?.dynamicFormRating).toBeCloseTo(1800 + 24 * (5 / 8 - expected), 9);
    expect(byId.p1?.pressureRating).toBeCloseTo(5 / 8 - expected, 12);
    expect(byId.p1?.ratingHistory).toHaveLength(1);
    expect(byId.p3).toMatchObject({ wins: 1, roundsPlayed: 0, dynamicFormRating: 1600 }); // the bye
    expect(byId.p6).toMatchObject({ wins: 1, losses: 0 }); // walkover to b
    expect(byId.p5).toMatchObject({ wins: 0, losses: 1 });
    expect([byId.p7?.losses, byId.p8?.losses]).toEqual([1, 1]); // double walkover
    expect(out.participants.map((p: { participantId: string }) => p.participantId)).toEqual(
      out.leaderboard.map((r: { participantId: string }) => r.participantId),
    );
    // p1 (3 mp, +2) before the bye and the walkover winner (3 mp, 0), who share rank 2.
    expect(
      out.leaderboard.slice(0, 3).map((r: { participantId: string; rank: number }) => `${r.rank}:${r.participantId}`),
    ).toEqual(['1:p1', '2:p3', '2:p6']);
    expect(Object.keys(out.leaderboard[0] ?? {})).toEqual(
      expect.arrayContaining([
        'participantId',
        'rank',
        'baselineRating',
        'dynamicFormRating',
        'pressureRating',
        'wins',
        'losses',
        'draws',
        'pointsWon',
        'pointsLost',
      ]),
    );
  });
  it('a malformed scenario exits non-zero and names the bad field', () => {
    const run = runTool('replay.ts', withFirstGame({ score: { a: 'five', b: 3 } }));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/rounds\[0\]\[0\]\.score\.a/);
    const badPolicy = { ...scenario, options: { policyOverrides: { processingGranularity: 'WHENEVER' } } };
    const run2 = runTool('replay.ts', badPolicy);
    expect(run2.status).not.toBe(0);
    expect(run2.stderr).toMatch(/processingGranularity/);
    const run3 = runTool('replay.ts', { ...scenario, rounds: [[{ a: 'p1', b: 'nobody', score: { a: 5, b: 0 } }]] });
    expect(run3.stderr).toMatch(/unknown participant nobody/);
    expect(runTool('replay.ts', '{ not json').stderr).toMatch(/not valid JSON/);
  });
  it('a score the engine refuses (7-3 in a game to 5) exits non-zero and names the game, instead of ranking it', () => {
    const run = runTool('replay.ts', withFirstGame({ score: { a: 7, b: 3 } }));
    expect(run.status).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/rounds\[0\]\[0\]: score 7-3: a game to 5 ends when a side reaches 5/);
  });
});
