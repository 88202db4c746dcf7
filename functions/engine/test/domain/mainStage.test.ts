/** What the standings show once a playoff has started: the main stage as it stood after its last round. */
import { describe, expect, it } from 'vitest';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import { buildLeaderboard } from '../../src/domain/standings/leaderboard.js';
import { mainStageLeaderboard, mainStageRows } from '../../src/domain/standings/mainStage.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { presetPolicy, resolvePolicy } from '../../src/domain/policy/policy.js';

const game = (roundNumber: number, order: number, a: string, b: string, aWins: boolean): MatchUpRecord => ({
  matchUpId: `r${roundNumber}-m${order}`,
  roundNumber,
  order,
  a,
  b,
  result: { kind: 'PLAYED', score: aWins ? { a: 5, b: 2 } : { a: 2, b: 5 } },
});

const people = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => ({ participantId: id, rating: 1800 - 50 * i }));
// Three Swiss rounds, then a final between the 4th and the 1st in which the 4th wins, twice (best of three).
const swiss = [
  game(1, 0, 'a', 'd', true),
  game(1, 1, 'b', 'e', true),
  game(1, 2, 'c', 'f', true),
  game(2, 0, 'a', 'b', true),
  game(2, 1, 'c', 'd', true),
  game(2, 2, 'e', 'f', false),
  game(3, 0, 'a', 'c', true),
  game(3, 1, 'b', 'f', true),
  game(3, 2, 'd', 'e', true),
];
const playoff = [game(4, 0, 'a', 'd', false), game(5, 0, 'a', 'd', false)];

describe.each([
  ['SWISS (Buchholz, Sonneborn-Berger, head-to-head)', presetPolicy('SWISS')],
  ['SWISS with a drop-out trend', resolvePolicy('SWISS', { victoryPolicy: { buchholzDropOut: 'TREND' } })],
  ['PRESSURE (strength of opposition)', presetPolicy('PRESSURE')],
])('the main stage’s standings under %s', (_name, policy) => {
  const all = foldCompetition(policy, people, [...swiss, ...playoff]);
  const swissOnly = buildLeaderboard(policy, foldCompetition(policy, people, swiss));

  it('are the leaderboard after the main stage’s last round, though the states hold the playoff’s games', () => {
    expect(all.d!.wins).toBe(3);
    expect(mainStageLeaderboard(policy, all, 3)).toEqual(swissOnly);
  });

  it('leave the playoff’s wins out of the tallies, so its winner keeps his Swiss rank', () => {
    const { rows } = mainStageRows(policy, all, 3);
    const d = rows.find((r) => r.participantId === 'd')!;
    expect([d.wins, d.draws, d.losses]).toEqual([1, 0, 2]);
    expect(d.matchPoints).toBe(swissOnly.find((r) => r.participantId === 'd')!.matchPoints);
    expect(buildLeaderboard(policy, all).findIndex((r) => r.participantId === 'd')).toBeLessThan(
      swissOnly.findIndex((r) => r.participantId === 'd'),
    );
  });

  it('leave withdrawn players where the leaderboard leaves them', () => {
    const options = { withdrawn: ['b'] };
    expect(mainStageLeaderboard(policy, all, 3, options)).toEqual(
      buildLeaderboard(policy, foldCompetition(policy, people, swiss), options),
    );
  });
});
