/**
 * The order of the stored standings rows, as the dashboard ranks them: rows built exactly as the score trigger
 * stores them (one per participant, its own tiebreaks only, no rank), with the states for head-to-head.
 */
import { describe, expect, it } from 'vitest';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import { standingValues, tiebreakContext } from '../../src/domain/standings/leaderboard.js';
import { type PresetName, presetPolicy } from '../../src/domain/policy/policy.js';
import { groupTiebreaksOf, rankStandings } from '../../src/domain/standings/ranking.js';
import { groupTiebreak } from '../../src/domain/standings/tiebreaks.js';
import { makeParticipants, makeRounds, prng, randomResult } from '../../src/simulation/generate.js';

function tournament(seed: number, preset: PresetName, players: number, rounds: number) {
  const random = prng(seed);
  const policy = presetPolicy(preset);
  const participants = makeParticipants(random, players);
  // Few distinct scores, so ties (and head-to-head) are common.
  const matchUps = makeRounds(random, participants, rounds, (r) =>
    r() < 0.05 ? null : randomResult(r, { draws: 0.3 }),
  );
  const states = foldCompetition(policy, participants, matchUps);
  const context = tiebreakContext(policy, states, {});
  const rows = Object.values(states).map((s) => ({ ...standingValues(policy, s, context), name: s.participantId }));
  return { policy, states, rows };
}

describe('ranking the stored standings rows', () => {
  it('knows which tiebreaks need the states: those the stored rows do not carry', () => {
    const { policy, rows } = tournament(3, 'REDEMPTION', 8, 3);
    expect(groupTiebreaksOf(policy, rows)).toEqual(['HEAD_TO_HEAD']);
    const swiss = tournament(3, 'SWISS', 8, 3);
    expect(groupTiebreaksOf(swiss.policy, swiss.rows)).toEqual(['HEAD_TO_HEAD']);
    const pressure = tournament(3, 'PRESSURE', 8, 3);
    expect(groupTiebreaksOf(pressure.policy, pressure.rows)).toEqual(['HEAD_TO_HEAD_PRESSURE']);
  });

  it('orders by match points, then point differential, and marks equal rows as sharing their rank', () => {
    const { policy, rows, states } = tournament(11, 'REDEMPTION', 16, 3);
    const ranked = rankStandings(policy, rows, { states, groupTiebreak });
    const expected = [...rows]
      .map((r) => [r.matchPoints, r.tiebreaks.POINT_DIFFERENTIAL ?? 0])
      .sort((x, y) => y[0]! - x[0]! || y[1]! - x[1]!);
    expect(ranked.map((r) => [r.matchPoints, r.tiebreaks.POINT_DIFFERENTIAL ?? 0])).toEqual(expected);
    expect(ranked.map((r) => r.rank)[0]).toBe(1);
    const shared = ranked.filter((r) => r.sharedRank);
    expect(shared.length).toBeGreaterThan(0);
    for (const row of ranked) expect(row.sharedRank).toBe(ranked.filter((r) => r.rank === row.rank).length > 1);
  });

  it('without the states yet, still orders by every stored value and leaves head-to-head ties shared', () => {
    const { policy, rows } = tournament(11, 'REDEMPTION', 16, 3);
    const ranked = rankStandings(policy, rows);
    const key = (r: { matchPoints: number; tiebreaks: { POINT_DIFFERENTIAL?: number } }) => [
      r.matchPoints,
      r.tiebreaks.POINT_DIFFERENTIAL ?? 0,
    ];
    expect(ranked.map(key)).toEqual(rows.map(key).sort((x, y) => y[0]! - x[0]! || y[1]! - x[1]!));
    expect(ranked.every((r) => !('HEAD_TO_HEAD' in r.tiebreaks))).toBe(true);
  });
});
