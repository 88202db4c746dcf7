/**
 * The round robin of the FIDE Arbiters' Commission's exercises on C.07 (IA Mario Held, "Exercises in
 * Tie-Breaking", Rev. 2403220900): Sonneborn-Berger (exercise 14) and Koya (exercise 16), each player's published
 * value. Player 5 lost to 6 by forfeit in round 4; a round robin's pairings are set in advance, so C.07 counts it as
 * a game against the scheduled opponent (docs/tiebreaks.md#fide-c07).
 */
import { describe, expect, it } from 'vitest';
import { chessEvent, ROUND_ROBIN, values } from './c07Crosstable.js';
import { computeStandings } from '../../src/domain/standings/competition.js';

const rows = (unplayedRounds: string) => {
  const event = chessEvent(ROUND_ROBIN, { unplayedRounds, tiebreakOrder: ['SONNEBORN_BERGER', 'KOYA'] });
  return computeStandings(event.policy, event.participants, event.matchUps, { roundRobin: true }).leaderboard;
};

describe.each(['FIDE_2024', 'FIDE_2026', 'AS_PLAYED'])('the exercises round robin (%s)', (unplayedRounds) => {
  it("Sonneborn-Berger (exercise 14): 6's forfeit win counts 5's score", () => {
    expect(values(rows(unplayedRounds), 'SONNEBORN_BERGER')).toEqual({
      1: 9.25,
      2: 6.25,
      3: 6.25,
      4: 4.25,
      5: 3.25,
      6: 2.25,
    });
  });

  it('Koya (exercise 16): points against the players on 3.5, half of the 5 anyone could make or more', () => {
    expect(values(rows(unplayedRounds), 'KOYA')).toEqual({ 1: 2, 2: 0.5, 3: 0.5, 4: 1, 5: 0.5, 6: 0 });
  });
});

describe('Koya before the last round', () => {
  it('sets the bar at half of what the rounds so far could give', () => {
    const table = {
      rows: Object.fromEntries(
        Object.entries(ROUND_ROBIN.rows).map(([id, row]) => [id, { ...row, rounds: row.rounds.slice(0, 3) }]),
      ),
    };
    const event = chessEvent(table, { tiebreakOrder: ['KOYA'] });
    // After three rounds the bar is 1.5: 1 (2.5), 2 and 3 (2 each) are over it, 5 (1.5) is on it, 4 and 6 (0.5)
    // under. 1 drew 5 and beat 2 and 3: 2.5; 3 lost to 1 and beat only players under the bar: 0.
    expect(values(event.standings().leaderboard, 'KOYA')).toEqual({ 1: 2.5, 2: 1, 3: 0, 4: 0, 5: 0.5, 6: 0 });
  });
});
