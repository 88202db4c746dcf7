/** The rounds and top cut recommended for a field (docs/pairing.md#rounds): the Swiss seed's table, or the MTR's. */
import { describe, expect, it } from 'vitest';
import { presetPolicy } from '../../src/domain/policy/policy.js';
import { mtrPlayerCount, recommendedSchedule } from '../../src/domain/rounds/recommendation.js';

describe("the Magic Tournament Rules' Appendix E, the card games' preset's recommendation", () => {
  const tcg = presetPolicy('TCG');

  it('gives rounds and the top cut by players, at each boundary of the table', () => {
    const advice = (players: number) => {
      const { rounds, topCut } = recommendedSchedule(tcg, players);
      return [players, rounds, topCut];
    };
    expect([9, 16, 17, 32, 33, 64, 65, 128, 129, 226, 227, 409, 410].map(advice)).toEqual([
      [9, 5, 4],
      [16, 5, 4],
      [17, 5, 8],
      [32, 5, 8],
      [33, 6, 8],
      [64, 6, 8],
      [65, 7, 8],
      [128, 7, 8],
      [129, 8, 8],
      [226, 8, 8],
      [227, 9, 8],
      [409, 9, 8],
      [410, 10, 8],
    ]);
  });

  it('counts a player with 1, 2 or 3 awarded byes as 2, 4 or 8 players', () => {
    expect(mtrPlayerCount(30, [1])).toBe(31);
    expect(mtrPlayerCount(30, [1, 2, 3])).toBe(30 + 1 + 3 + 7);
    // 30 players are 5 rounds and a top 8; with three of them on three byes they count as 51: 6 rounds.
    expect(recommendedSchedule(tcg, 30, [3, 3, 3]).rounds).toBe(6);
  });

  it('recommends no cut for 8 players or fewer, which the MTR plays as a single elimination', () => {
    expect(recommendedSchedule(tcg, 8)).toEqual({ rounds: 3, topCut: 0, fromTable: false });
  });

  it("leaves every other preset on the Swiss seed's table, with no cut", () => {
    expect(recommendedSchedule(presetPolicy('REDEMPTION'), 40)).toEqual({ rounds: 6, topCut: 0, fromTable: true });
    expect(recommendedSchedule(presetPolicy('SWISS'), 16)).toEqual({ rounds: 4, topCut: 0, fromTable: true });
  });
});
