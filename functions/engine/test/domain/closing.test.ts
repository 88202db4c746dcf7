import { describe, expect, it } from 'vitest';
import { assertClosable, assertReopenable, unscoredGames } from '../../src/domain/rounds/closing.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';

const NAMES: Record<string, string> = { p1: 'Emma Girard', p2: 'Paul Roux', p3: 'Ana Lima', p4: 'Bo Berg', p5: 'Cy' };
const nameOf = (id: string) => NAMES[id] ?? id;
const game = (roundNumber: number, order: number, a: string, b: string | null, scored: boolean): MatchUpRecord => ({
  matchUpId: `r${roundNumber}-m${order + 1}`,
  roundNumber,
  order,
  a,
  b,
  result: scored ? { kind: b === null ? 'PAIRING_BYE' : 'PLAYED', ...(b ? { score: { a: 5, b: 3 } } : {}) } : null,
});

describe('closing a tournament', () => {
  const matchUps = [
    game(4, 3, 'p1', 'p2', false),
    game(4, 0, 'p3', 'p4', true),
    game(4, 4, 'p5', null, true),
    game(3, 1, 'p4', 'p1', false),
  ];

  it('lists the games without a result by round and table, byes aside', () => {
    expect(unscoredGames(matchUps)).toEqual([
      { roundNumber: 3, table: 2, a: 'p4', b: 'p1' },
      { roundNumber: 4, table: 4, a: 'p1', b: 'p2' },
    ]);
  });

  it('is refused while a game has no result, naming the round, the table and the players', () => {
    expect(() => assertClosable(unscoredGames(matchUps), nameOf, false)).toThrow(
      '2 games have no result yet: round 3, table 2 (Bo Berg v Emma Girard); round 4, table 4 (Emma Girard v Paul Roux)',
    );
  });

  it('goes ahead when every game has a result, or when the organizer leaves them unscored', () => {
    expect(() => assertClosable([], nameOf, false)).not.toThrow();
    expect(() => assertClosable(unscoredGames(matchUps), nameOf, true)).not.toThrow();
  });

  it('reopens only a closed tournament', () => {
    expect(() => assertReopenable('CLOSED')).not.toThrow();
    expect(() => assertReopenable('RUNNING')).toThrow('the tournament is not closed');
  });
});
