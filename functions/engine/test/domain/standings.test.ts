import { describe, expect, it } from 'vitest';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import { buildLeaderboard } from '../../src/domain/standings/leaderboard.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { type CompetitionPolicy, presetPolicy, resolvePolicy } from '../../src/domain/policy/policy.js';
import { rowSources, rowsMovedBy, standingRows } from '../../src/domain/standings/standings.js';

const won = (matchUpId: string, roundNumber: number, a: string, b: string): MatchUpRecord => ({
  matchUpId,
  roundNumber,
  order: 0,
  a,
  b,
  result: { kind: 'PLAYED', score: { a: 5, b: 2 } },
});

const people = ['a', 'b', 'c', 'd', 'x'].map((id, i) => ({ participantId: id, rating: 1500 + 50 * i }));
const fold = (policy: CompetitionPolicy, matchUps: MatchUpRecord[]) => foldCompetition(policy, people, matchUps);
const sorted = (ids: readonly string[]) => [...ids].sort();

const buchholz = presetPolicy('SWISS'); // BUCHHOLZ, SONNEBORN_BERGER, HEAD_TO_HEAD, PRESSURE_RATING
const strength = presetPolicy('PRESSURE'); // STRENGTH_OF_OPPOSITION reads opponents' frozen baselines only
const ownOnly = presetPolicy('REDEMPTION'); // POINT_DIFFERENTIAL, HEAD_TO_HEAD: nothing of an opponent's
const trend = resolvePolicy('SWISS', { victoryPolicy: { buchholzDropOut: 'TREND' } });

describe('rowsMovedBy: whose stored rows a change of states moves', () => {
  // Round 2's game r2-m1 was a v x; the round was undone and paired again: r2-m1 is now a v d.
  const round1 = [won('r1-m1', 1, 'a', 'b'), won('r1-m2', 1, 'c', 'd')];
  const before = fold(buchholz, [...round1, won('r2-m1', 2, 'a', 'x')]);
  const after = fold(buchholz, [...round1, won('r2-m1', 2, 'a', 'd')]);

  it('with a tiebreak on opponents’ scores: the changed, and everyone they met before or after the change', () => {
    expect(sorted(rowsMovedBy(buchholz, [before.a!], [after.a!]))).toEqual(['a', 'b', 'd', 'x']);
  });

  it('without one, only the changed participants (a strength of opposition reads baselines that never move)', () => {
    expect(rowsMovedBy(strength, [before.a!], [after.a!])).toEqual(['a']);
    expect(sorted(rowsMovedBy(ownOnly, [before.a!, before.x!], [after.a!, after.x!]))).toEqual(['a', 'x']);
  });
});

describe('rowSources: what the moved rows are computed from', () => {
  const states = fold(buchholz, [won('r1-m1', 1, 'a', 'b'), won('r2-m1', 2, 'a', 'c'), won('r2-m2', 2, 'b', 'd')]);

  it('Buchholz reads the opponents’ scores, as of the same moment as the rows', () => {
    expect(rowSources(buchholz, ['a'], states)).toEqual({
      opponents: ['b', 'c'],
      opponentScores: true,
      participants: ['a'],
    });
  });

  it('strength of opposition reads the opponents, but only their frozen baselines', () => {
    expect(rowSources(strength, ['a', 'b'], states)).toEqual({
      opponents: ['b', 'c', 'a', 'd'],
      opponentScores: false,
      participants: ['a', 'b'],
    });
  });

  it('tiebreaks of the participant alone read no opponent', () => {
    expect(rowSources(ownOnly, ['a'], states)).toEqual({ opponents: [], opponentScores: false, participants: ['a'] });
  });

  it('a drop-out trend also needs the opponents’ withdrawals', () => {
    expect(rowSources(trend, ['a'], states).participants).toEqual(['a', 'b', 'c']);
  });
});

describe('standingRows: the stored row is the leaderboard row without its rank', () => {
  // d won round 1 and withdrew: under the trend, c's Buchholz credits d with his pace for the rounds he missed.
  const matchUps = [won('r1-m1', 1, 'd', 'c'), won('r1-m2', 1, 'a', 'b'), won('r2-m1', 2, 'c', 'a')];
  const states = fold(trend, matchUps);
  const participants = new Map([
    ['c', { participantId: 'c', name: 'Cy' }],
    ['d', { participantId: 'd', name: 'Di', withdrawn: true }],
  ]);

  it('with the name, the withdrawal and the tiebreaks the full leaderboard gives', () => {
    const rows = standingRows(trend, ['c', 'd'], { states, participants });
    const board = buildLeaderboard(trend, states, { withdrawn: ['d'] });
    const c = board.find((r) => r.participantId === 'c')!;
    const d = board.find((r) => r.participantId === 'd')!;
    // toEqual takes a property set to undefined for one that is absent: the rows have no rank.
    expect(rows).toEqual([
      { ...c, rank: undefined, name: 'Cy' },
      { ...d, rank: undefined, name: 'Di' },
    ]);
    expect(rows[1]!.withdrawn).toBe(true);
    // c met d (3 match points, and his pace of 3 for the round he missed) and a (3).
    expect(rows[0]!.tiebreaks.BUCHHOLZ).toBe(3 + 3 + 3);
  });

  it('a participant without a document shows his id; one without a state has no row', () => {
    const rows = standingRows(trend, ['a', 'nobody'], { states, participants });
    expect(rows.map((r) => [r.participantId, r.name])).toEqual([['a', 'a']]);
  });
});
