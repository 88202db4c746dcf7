/** The hall kit's lists (docs/hall.md): pairings by name, points before a round, fixed-size pages. */
import { describe, expect, it } from 'vitest';
import { MATCH_POINTS_REDEMPTION } from '@competition/engine';
import type { MatchUp } from '../../src/data/shapes.js';
import { pagesOf, pairingsByName, pointsBefore } from '../../src/lib/hall.js';
import { href, parseRoute } from '../../src/app/route.js';

const NAMES: Record<string, string> = { p1: 'Zoe', p2: 'Adam', p3: 'Mia', p4: 'Ben', p5: 'Cara' };
const nameOf = (id: string) => NAMES[id] ?? id;
const scoring = {
  gameTarget: 5,
  matchPoints: MATCH_POINTS_REDEMPTION,
  playPastTarget: 'NEVER' as const,
  phantomScore: 0,
};

function game(roundNumber: number, order: number, a: string, b: string | null, extra: Partial<MatchUp> = {}): MatchUp {
  return {
    matchUpId: `r${roundNumber}-${order}`,
    roundNumber,
    order,
    a,
    b,
    movesFirst: b === null ? null : a,
    cost: null,
    result: null,
    scoredBy: null,
    ...extra,
  } as unknown as MatchUp;
}

describe('pairings by name', () => {
  const round = [game(2, 0, 'p1', 'p2', { movesFirst: 'p2' }), game(2, 1, 'p3', 'p4'), game(2, 2, 'p5', null)];

  it('lists every player once, alphabetically, with the table, the opponent and the side', () => {
    expect(pairingsByName(round, nameOf, true)).toEqual([
      { participantId: 'p2', name: 'Adam', table: 1, opponent: 'Zoe', side: 'first', matchUpId: 'r2-0' },
      { participantId: 'p4', name: 'Ben', table: 2, opponent: 'Mia', side: 'second', matchUpId: 'r2-1' },
      { participantId: 'p5', name: 'Cara', table: null, opponent: null, side: null, matchUpId: 'r2-2' },
      { participantId: 'p3', name: 'Mia', table: 2, opponent: 'Ben', side: 'first', matchUpId: 'r2-1' },
      { participantId: 'p1', name: 'Zoe', table: 1, opponent: 'Adam', side: 'second', matchUpId: 'r2-0' },
    ]);
  });

  it('names no side when the tournament plays without colours', () => {
    expect(pairingsByName(round, nameOf, false).map((line) => line.side)).toEqual([null, null, null, null, null]);
  });
});

describe('points before a round', () => {
  it('counts the earlier rounds only, as the match-point table says, and skips a result the engine refuses', () => {
    const matchUps = [
      game(1, 0, 'p1', 'p2', { result: { kind: 'PLAYED', score: { a: 5, b: 2 } } }),
      game(1, 1, 'p3', 'p4', { result: { kind: 'PLAYED', score: { a: 3, b: 3 } } }),
      game(1, 2, 'p5', null, { result: { kind: 'PAIRING_BYE' } }),
      game(2, 0, 'p1', 'p3', { result: { kind: 'PLAYED', score: { a: 4, b: 2 } } }),
      // A forfeit win for side b is refused (a forfeit win is side a's): it counts as no result.
      game(2, 1, 'p2', 'p4', { result: { kind: 'FORFEIT_WIN', winner: 'b' } }),
      game(3, 0, 'p1', 'p5', { result: { kind: 'PLAYED', score: { a: 5, b: 0 } } }),
    ] as MatchUp[];
    const before3 = pointsBefore(matchUps, 3, scoring);
    expect(Object.fromEntries(before3)).toEqual({ p1: 5, p2: 0, p3: 1.5, p4: 1.5, p5: 3 });
    expect(Object.fromEntries(pointsBefore(matchUps, 1, scoring))).toEqual({});
  });
});

describe('pages', () => {
  it('cuts a list into pages of a size, the last one shorter', () => {
    expect(pagesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(pagesOf([], 3)).toEqual([]);
    expect(() => pagesOf([1], 0)).toThrow('a page holds at least one item');
  });
});

describe('the hall kit routes', () => {
  it('reads a sheet, its round and the board’s paging from the address, and writes them back', () => {
    expect(parseRoute('#/t/abc/print/slips?round=2')).toEqual({
      screen: 'print',
      tournamentId: 'abc',
      sheet: 'slips',
      roundNumber: 2,
    });
    expect(parseRoute('#/t/abc/print')).toEqual({ screen: 'print', tournamentId: 'abc', sheet: null });
    expect(parseRoute('#/t/abc/print/nonsense?round=x')).toEqual({ screen: 'print', tournamentId: 'abc', sheet: null });
    expect(parseRoute('#/t/abc/board?seconds=5')).toEqual({ screen: 'board', tournamentId: 'abc', pageSeconds: 5 });
    expect(parseRoute('#/t/abc/board?seconds=0')).toEqual({ screen: 'board', tournamentId: 'abc' });
    expect(href.print('abc', 'names', 3)).toBe('#/t/abc/print/names?round=3');
    expect(href.board('abc')).toBe('#/t/abc/board');
  });
});
