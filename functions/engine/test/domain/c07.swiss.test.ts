/**
 * FIDE's C.07 tiebreaks (docs/tiebreaks.md#fide-c07) on the 16-player Swiss of the FIDE Arbiters' Commission's
 * exercises (IA Mario Held, "Exercises in Tie-Breaking", Rev. 2403220900, written for the text applied from
 * 1 April 2024): every published answer of exercises 1-8, 11-12, 17, 27-29 and 32, each player's value. The 2026
 * values are the same exercises with Article 16.4's cap: FIDE has published no answers for them; the values that
 * move are worked out in the comments, and agree with those the TieBreakServer project's tests give for 2026.
 */
import { describe, expect, it } from 'vitest';
import {
  ARO,
  BH,
  BH_C1,
  BPG,
  chessEvent,
  PS,
  SB,
  SB_2026,
  SWISS_5,
  values,
  WIN,
  WON,
  BH_2026,
  BH_C1_2026,
} from './c07Crosstable.js';

const ORDER = [
  'BUCHHOLZ',
  'BUCHHOLZ_CUT1',
  'SONNEBORN_BERGER',
  'AVERAGE_RATING_OF_OPPONENTS',
  'NUMBER_OF_WINS',
  'GAMES_WON',
  'PROGRESSIVE_SCORE',
  'GAMES_WITH_BLACK',
];

const leaderboard = (unplayedRounds: string) =>
  chessEvent(SWISS_5, { unplayedRounds, tiebreakOrder: ORDER }).standings().leaderboard;

describe('the C.07 exercises, 16-player Swiss, text applied from 1 April 2024 (FIDE_2024)', () => {
  const rows = leaderboard('FIDE_2024');

  it('Buchholz (exercises 1-4): a forfeit won counts a dummy on the own score, a last zero bye a draw', () => {
    // Exercise 3: Maria (11) won a forfeit from Jessica (9) in round 4: a dummy on her own 2.5, not Jessica's 1.5.
    // Exercise 4: David (4) had 12 (2 points, but zero-point byes in rounds 4-5 count as draws: 3) and a half bye.
    expect(values(rows, 'BUCHHOLZ')).toEqual(BH);
  });

  it('Buchholz cut 1 (exercises 5-8): a voluntary unplayed round is cut before a lower opponent', () => {
    // Exercise 8: Paul (14) lost a forfeit and took a zero bye: a dummy on 2 is cut, not Opal's 1.5.
    expect(values(rows, 'BUCHHOLZ_CUT1')).toEqual(BH_C1);
  });

  it('Sonneborn-Berger (exercises 11-12): a half bye counts half the dummy, a zero bye nothing', () => {
    expect(values(rows, 'SONNEBORN_BERGER')).toEqual(SB);
  });

  it('average rating of opponents (exercise 17): games played only, stored exactly, published rounded 0.5 up', () => {
    const aro = values(rows, 'AVERAGE_RATING_OF_OPPONENTS');
    expect(Object.fromEntries(Object.entries(aro).map(([id, v]) => [id, Math.floor(v! + 0.5)]))).toEqual(ARO);
    expect(aro[4]).toBe(1887.5);
  });

  it('number of wins (exercise 27): byes and forfeits won count', () => {
    expect(values(rows, 'NUMBER_OF_WINS')).toEqual(WIN);
  });

  it('games won (exercise 28): over the board only', () => {
    expect(values(rows, 'GAMES_WON')).toEqual(WON);
  });

  it('progressive score (exercise 32): a bye adds its points to the running score', () => {
    expect(values(rows, 'PROGRESSIVE_SCORE')).toEqual(PS);
  });

  it('games with black (exercise 29): the side that did not move first, forfeits left out', () => {
    expect(values(rows, 'GAMES_WITH_BLACK')).toEqual(BPG);
  });
});

describe('the same event under the text in force since 1 March 2026 (FIDE_2026)', () => {
  const rows = leaderboard('FIDE_2026');

  it("caps a bye's dummy opponent at a draw a round: David's half bye counts 2.5, not his 3.5", () => {
    expect(values(rows, 'BUCHHOLZ')).toEqual(BH_2026);
  });

  it("caps a forfeit's dummy at the scheduled opponent's score: Maria's round 4 counts Jessica's 1.5", () => {
    // 6 (Franck): his pairing bye counts 2.5 instead of his 3 points.
    expect(values(rows, 'BUCHHOLZ_CUT1')).toEqual(BH_C1_2026);
    expect(values(rows, 'SONNEBORN_BERGER')).toEqual(SB_2026);
  });

  it('leaves the tiebreaks without a dummy opponent alone', () => {
    expect(values(rows, 'PROGRESSIVE_SCORE')).toEqual(PS);
    expect(values(rows, 'NUMBER_OF_WINS')).toEqual(WIN);
  });
});

describe('the same event as played (AS_PLAYED, the default)', () => {
  it('counts no dummy opponent: the product as it was', () => {
    const rows = leaderboard('AS_PLAYED');
    // A bye counts nothing, a forfeit counts the opponent's score as it stands.
    expect(values(rows, 'BUCHHOLZ')).toEqual({ ...BH, 4: 10.5, 6: 9, 9: 7, 11: 12.5, 12: 5.5, 14: 9 });
  });
});
