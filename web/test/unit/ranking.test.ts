/**
 * The dashboard orders the stored standings rows itself (the backend stores them without ranks). Whatever the
 * policy, the order, the shared ranks and the tiebreak values it shows must be the engine's leaderboard of the
 * same tournament: rows built exactly as the score trigger stores them, then ranked by web/src/lib/ranking.ts.
 */
import { describe, expect, it } from 'vitest';
import { foldCompetition } from '@competition/engine/domain/fold';
import { buildLeaderboard, standingValues, tiebreakContext } from '@competition/engine/domain/leaderboard';
import { type PresetName, presetPolicy } from '@competition/engine/domain/policy';
import { TIEBREAKS } from '@competition/engine/domain/tiebreaks';
import { makeParticipants, makeRounds, pick, prng, randomResult } from '@competition/engine/simulation/generate';
import { type GroupTiebreak, groupTiebreaksOf, rankStandings } from '../../src/lib/ranking.js';

const PRESETS: PresetName[] = ['REDEMPTION', 'SWISS', 'STANDARD', 'PRESSURE'];

function tournament(seed: number, preset: PresetName, players: number, rounds: number) {
  const random = prng(seed);
  const policy = presetPolicy(preset);
  const participants = makeParticipants(random, players);
  // Few distinct scores, so ties (and head-to-head) are common.
  const matchUps = makeRounds(random, participants, rounds, (r) =>
    r() < 0.05 ? null : randomResult(r, { draws: 0.3 }),
  );
  const states = foldCompetition(policy, participants, matchUps);
  const withdrawn = participants.filter(() => random() < 0.1).map((p) => p.participantId);
  const options = { withdrawn };
  // What the trigger stores: one row per participant, its own tiebreaks only, no rank.
  const context = tiebreakContext(policy, states, options);
  const rows = Object.values(states).map((s) => ({ ...standingValues(policy, s, context), name: s.participantId }));
  return { policy, states, rows, expected: buildLeaderboard(policy, states, options) };
}

const groupTiebreak: GroupTiebreak = (tiebreak, state, group) =>
  TIEBREAKS[tiebreak](state, group, { states: {}, withdrawn: new Set(), dropOut: 'NONE' });

describe('ranking the stored standings rows', () => {
  it('equals the engine leaderboard for every preset over 200 generated tournaments', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = prng(seed * 7919);
      const preset = pick(random, PRESETS);
      const { policy, states, rows, expected } = tournament(
        seed,
        preset,
        4 + Math.floor(random() * 20),
        1 + Math.floor(random() * 6),
      );
      const ranked = rankStandings(policy, rows, { states, groupTiebreak });
      const view = (r: { rank: number; participantId: string; tiebreaks: object; withdrawn: boolean }) => [
        r.rank,
        r.participantId,
        r.tiebreaks,
        r.withdrawn,
      ];
      expect(ranked.map(view), `seed ${seed}, ${preset}`).toEqual(expected.map(view));
      // A shared rank is marked as shared, and only then.
      for (const row of ranked) expect(row.sharedRank).toBe(ranked.filter((r) => r.rank === row.rank).length > 1);
    }
  });

  it('knows which tiebreaks need the states: those the stored rows do not carry', () => {
    const { policy, rows } = tournament(3, 'REDEMPTION', 8, 3);
    expect(groupTiebreaksOf(policy, rows)).toEqual(['HEAD_TO_HEAD']);
    const swiss = tournament(3, 'SWISS', 8, 3);
    expect(groupTiebreaksOf(swiss.policy, swiss.rows)).toEqual(['HEAD_TO_HEAD']);
    const pressure = tournament(3, 'PRESSURE', 8, 3);
    expect(groupTiebreaksOf(pressure.policy, pressure.rows)).toEqual(['HEAD_TO_HEAD_PRESSURE']);
  });

  it('without the states yet, still orders by every stored value and leaves head-to-head ties shared', () => {
    const { policy, rows, expected } = tournament(11, 'REDEMPTION', 16, 3);
    const ranked = rankStandings(policy, rows);
    const key = (r: { matchPoints: number; tiebreaks: { POINT_DIFFERENTIAL?: number } }) => [
      r.matchPoints,
      r.tiebreaks.POINT_DIFFERENTIAL,
    ];
    expect(ranked.map(key)).toEqual(expected.map(key));
  });

  it('ranks 385 players in well under the 1 s a live update may take', () => {
    const { policy, states, rows } = tournament(5, 'SWISS', 385, 9);
    const started = performance.now();
    rankStandings(policy, rows, { states, groupTiebreak });
    const ms = performance.now() - started;
    console.log(`ranking 385 stored rows (SWISS, 9 rounds): ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(250);
  });
});
