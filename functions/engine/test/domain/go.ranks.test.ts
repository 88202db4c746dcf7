/**
 * Go ranks, McMahon scores and handicaps (docs/go.md), each on a small event worked out by hand below.
 */
import { describe, expect, it } from 'vitest';
import {
  formatGoRank,
  handicapOf,
  initialMcMahonScore,
  mcMahonScore,
  mcMahonSettings,
  normalizeGoRank,
  parseGoRank,
  rankValueOf,
} from '../../src/domain/pairing/index.js';

describe('Go ranks', () => {
  it('reads the usual spellings in one place and writes them back short', () => {
    expect(normalizeGoRank('5k')).toBe('5k');
    expect(normalizeGoRank('5 kyu')).toBe('5k');
    expect(normalizeGoRank(' 1D ')).toBe('1d');
    expect(normalizeGoRank('2 dan')).toBe('2d');
    expect(normalizeGoRank('3p')).toBe('3p');
    expect(normalizeGoRank('9 pro')).toBe('9p');
    expect(formatGoRank({ kind: 'KYU', grade: 30 })).toBe('30k');
  });

  it('refuses what is no rank', () => {
    for (const text of ['31k', '0k', '10d', '10p', 'k', '5', 'five kyu', '5 kyuu'])
      expect(parseGoRank(text)).toBeNull();
  });

  it("counts on OpenGotha's scale: 30k = -30, 1k = -1, 1d = 0, 9d = 8, the pros at 7d to 9d", () => {
    expect(rankValueOf('30k')).toBe(-30);
    expect(rankValueOf('1k')).toBe(-1);
    expect(rankValueOf('1d')).toBe(0);
    expect(rankValueOf('9d')).toBe(8);
    expect(rankValueOf('1p')).toBe(6);
    expect(rankValueOf('4p')).toBe(7);
    expect(rankValueOf('9p')).toBe(8);
  });
});

describe('McMahon scores', () => {
  // Bar 1d, floor 15k: on the scale where 30k starts on 0, the bar is 30 and the floor 15.
  const settings = mcMahonSettings({ bar: '1d', floor: '15k' });

  it('starts everyone at or above the bar equal, and everyone at or below the floor equal', () => {
    expect(initialMcMahonScore('3d', settings)).toBe(30); // above the bar: the bar's 30
    expect(initialMcMahonScore('1d', settings)).toBe(30);
    expect(initialMcMahonScore('1k', settings)).toBe(29); // -1 + 30
    expect(initialMcMahonScore('10k', settings)).toBe(20); // -10 + 30
    expect(initialMcMahonScore('15k', settings)).toBe(15);
    expect(initialMcMahonScore('25k', settings)).toBe(15); // below the floor: the floor's 15
    expect(initialMcMahonScore(undefined, settings)).toBe(15); // no rank: the floor
  });

  it("adds wins and half a jigo, the bye's and absences' points rounded down as OpenGotha does by default", () => {
    // A 10k (starts on 20): won, lost, jigo, then the pairing's bye (1) and an absence (0.5): 20 + 1.5 + floor(1.5).
    expect(mcMahonScore(20, [{ points: 1 }, { points: 0 }, { points: 0.5 }, 'BYE', 'ABSENT'], settings)).toBe(22.5);
    // Two absences make a whole point; one alone is nothing.
    expect(mcMahonScore(20, ['ABSENT'], settings)).toBe(20);
    expect(mcMahonScore(20, ['ABSENT', 'ABSENT'], settings)).toBe(21);
    // Without rounding, and with the organizer's own values: a bye worth half, an absence nothing.
    const own = mcMahonSettings({ ...settings, byePoints: 0.5, absencePoints: 0, roundDown: false });
    expect(mcMahonScore(20, ['BYE', 'ABSENT', { points: 1 }], own)).toBe(21.5);
  });
});

describe('handicap', () => {
  const withHandicap = (handicap: object) => mcMahonSettings({ bar: '2d', floor: '20k', handicap });
  const player = (rank: string, mms: number) => ({ rank: rankValueOf(rank), mms });

  it('is off unless the organizer sets it: an even game with the komi', () => {
    const settings = mcMahonSettings({});
    expect(handicapOf(player('1d', 30), player('10k', 20), settings)).toEqual({ stones: 0, komi: 7.5, white: null });
  });

  it('gives the MMS difference less the correction, and White to the stronger player', () => {
    const settings = withHandicap({ correction: 1, ceiling: 9 });
    // MMS 25 (5k) against MMS 21 (9k): 4 apart, less 1 = 3 stones, komi 0.5, the first player takes White.
    expect(handicapOf(player('5k', 25), player('9k', 21), settings)).toEqual({ stones: 3, komi: 0.5, white: 'x' });
    expect(handicapOf(player('9k', 21), player('5k', 25), settings)).toEqual({ stones: 3, komi: 0.5, white: 'y' });
    // One apart with a correction of 1: even.
    expect(handicapOf(player('5k', 25), player('6k', 24), settings).stones).toBe(0);
  });

  it('stops at the ceiling and, by default, at the bar', () => {
    const settings = withHandicap({ correction: 0, ceiling: 4 });
    // 1k (MMS 29) against 15k (MMS 15): 14 apart, the ceiling's 4.
    expect(handicapOf(player('1k', 29), player('15k', 15), settings).stones).toBe(4);
    // 4d and 2d both count as the 2d bar (MMS 31 each): even, however far apart their MMS are.
    expect(handicapOf(player('4d', 33), player('2d', 31), settings).stones).toBe(0);
    // With handicaps above the bar up to 9d, the MMS decide: 33 - 31 = 2 stones.
    const above = withHandicap({ correction: 0, ceiling: 4, noHandicapAbove: '9d' });
    expect(handicapOf(player('4d', 33), player('2d', 31), above).stones).toBe(2);
  });

  it('reads the ranks instead of the MMS when the organizer says so', () => {
    const settings = withHandicap({ basedOn: 'RANK', correction: 0 });
    // Equal MMS after the rounds, but 3k against 6k: 3 stones.
    expect(handicapOf(player('3k', 27), player('6k', 27), settings).stones).toBe(3);
  });
});
