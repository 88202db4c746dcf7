/** At the table, on time (docs/judging.md#at-the-table-on-time): which tables have a no-show, and when. */
import { describe, expect, it } from 'vitest';
import { noShows } from '../../src/domain/rounds/tableCheckIn.js';

const games = [
  { matchUpId: 'm1', a: 'p1', b: 'p2', result: null },
  { matchUpId: 'm2', a: 'p3', b: 'p4', result: null },
  { matchUpId: 'm3', a: 'p5', b: 'p6', result: null },
  { matchUpId: 'm4', a: 'p7', b: 'p8', result: { kind: 'PLAYED', winner: 'a' } },
  { matchUpId: 'm5', a: 'p9', b: null, result: { kind: 'PAIRING_BYE' } },
];
// m3's players never tapped; m1's second player has not yet (false, as a screen passes it).
const checkIns = [
  { matchUpId: 'm1', a: true, b: false },
  { matchUpId: 'm2', a: true, b: true },
  { matchUpId: 'm4', b: true },
];
const minutes = (n: number) => n * 60_000;

describe('no-shows', () => {
  it('are the tables with one player checked in, once the grace minutes are over', () => {
    expect(noShows(games, checkIns, { graceMinutes: 10 }, minutes(9.9))).toEqual([]);
    // m2 both there, m3 neither (the organizer's to judge), m4 already has a result, m5 is a bye.
    expect(noShows(games, checkIns, { graceMinutes: 10 }, minutes(10))).toEqual([
      { matchUpId: 'm1', present: 'a', absent: 'p2' },
    ]);
  });

  it('name the absent player whichever side checked in', () => {
    const late = [{ matchUpId: 'm3', b: true }];
    expect(noShows(games, late, { graceMinutes: 0 }, 0)).toEqual([{ matchUpId: 'm3', present: 'b', absent: 'p5' }]);
  });
});
