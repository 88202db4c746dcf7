/** The round as the tournament's header, the championship's list, the board and the printed sheets name it. */
import { describe, expect, it } from 'vitest';
import type { PairingOptions, System } from '@competition/engine';
import { roundLabel, roundTitle } from '../../src/lib/roundLabel';

const tournament = (system: System, options: PairingOptions, totalRounds?: number) => ({
  system,
  pairing: { method: system === 'SWISS' ? ('SWISS' as const) : ('ROUND_ROBIN' as const), options },
  ...(totalRounds === undefined ? {} : { totalRounds }),
});
const seeded = (mainRounds: number) => [{ playoff: { playoffRound: 1, mainRounds, seeding: [] } }];

describe('the round in words', () => {
  it('counts a plain Swiss against its planned rounds, and says when a round is beyond them', () => {
    const swiss = tournament('SWISS', {}, 5);
    expect(roundLabel(swiss, 3)).toBe('round 3 of 5');
    expect(roundLabel(swiss, 6)).toBe('round 6 (5 planned)');
    expect(roundLabel(tournament('SWISS', {}), 2)).toBe('round 2');
  });

  it('names the Swiss rounds and each round of a top 8 with a best-of-three final, never "round 10 of 5"', () => {
    const cut = tournament('SWISS', { topCut: 8, finalKind: 'BEST_OF_THREE' }, 5);
    expect(roundLabel(cut, 5)).toBe('Swiss round 5 of 5');
    expect([6, 7, 8, 9, 10].map((n) => roundLabel(cut, n, seeded(5)))).toEqual([
      'Quarter-finals (round 6)',
      'Semi-finals (round 7)',
      'Final, game 1 (round 8)',
      'Final, game 2 (round 9)',
      'Final, game 3 (round 10)',
    ]);
  });

  it('names a top 16, the finals alone, and a cut without a final', () => {
    const top16 = tournament('SWISS', { topCut: 16, finals: 2 }, 7);
    expect([8, 9, 10, 11].map((n) => roundLabel(top16, n))).toEqual([
      'Round of 16 (round 8)',
      'Quarter-finals (round 9)',
      'Semi-finals (round 10)',
      'Final and third place (round 11)',
    ]);
    expect(roundLabel(tournament('SWISS', { finals: 2 }, 3), 4)).toBe('Final and third place (round 4)');
    expect(roundLabel(tournament('SWISS', { topCut: 4, finals: 0 }, 3), 4)).toBe('Semi-finals (round 4)');
  });

  it("reads a round robin's length from the playoff's round, as the engine counted its table", () => {
    const robin = tournament('ROUND_ROBIN', { finals: 1 });
    expect(roundLabel(robin, 3)).toBe('round-robin round 3');
    expect(roundLabel(robin, 5, seeded(5))).toBe('round-robin round 5 of 5');
    expect(roundLabel(robin, 6, seeded(5))).toBe('Final (round 6)');
  });

  it('starts with a capital at the head of a sheet or the board', () => {
    expect(roundTitle(tournament('SWISS', {}, 5), 2)).toBe('Round 2 of 5');
    expect(roundTitle(tournament('ROUND_ROBIN', { finals: 1 }), 5, seeded(5))).toBe('Round-robin round 5 of 5');
  });
});
