/**
 * The bye of a 13-player round 4 after a 12-player start, two late entries and a withdrawal (REDEMPTION scoring):
 * the engine once gave it to a co-leader, to spare one pair of the rest a skipped score group. The bye is an
 * automatic win, so it goes to the lowest group the absolute rules allow (docs/pairing.md#byes).
 */
import { describe, expect, it } from 'vitest';
import { Tournament } from '../../src/tournament.js';

const score = (a: string, b: string, sa: number, sb: number) => ({ a, b, score: { a: sa, b: sb } });

/** Round 4 as it stood: p6 and p9 lead on 6.5 (they drew in round 2), Late 2 entered in round 3 and lost. */
const scenario = (seed: number) => ({
  policy: 'REDEMPTION',
  pairing: { method: 'SWISS', seed },
  participants: [
    ...Array.from({ length: 12 }, (_, i) => ({ id: `p${i + 1}`, rating: 1900 - i * 40, withdrawn: i === 4 })),
    { id: 'L1', rating: 1650 },
    { id: 'L2', rating: 1500 },
  ],
  rounds: [
    [
      score('p1', 'p9', 2, 5),
      score('p2', 'p3', 4, 3),
      score('p4', 'p10', 5, 2),
      score('p5', 'p7', 5, 2),
      score('p6', 'p11', 4, 3),
      score('p8', 'p12', 3, 3),
    ],
    [
      score('p4', 'p5', 3, 4),
      score('p9', 'p6', 3, 3),
      score('p2', 'p12', 3, 3),
      score('p8', 'L1', 2, 5),
      score('p3', 'p7', 2, 5),
      score('p11', 'p1', 1, 5),
      { a: 'p10', b: null },
    ],
    [
      score('p9', 'p2', 4, 3),
      score('p6', 'L1', 5, 0),
      score('p4', 'p12', 5, 2),
      score('p1', 'p8', 3, 4),
      score('p7', 'p10', 3, 4),
      score('L2', 'p3', 1, 5),
      { a: 'p11', b: null },
    ],
  ],
});

describe('the bye above the bottom', () => {
  it('goes to the last player (no bye yet), not a co-leader, even if a pair then skips a score group', () => {
    for (const seed of [1, 7, 15, 42]) {
      const round = Tournament.fromScenario(scenario(seed)).pairRound();
      expect(round.byes, `seed ${seed}`).toEqual(['L2']);
      expect(round.byeCosts[0]!.cost).toMatchObject({ earlierByes: 0, groupsAboveLowest: 0 });
      // The leaders met in round 2: one of them floats down two groups, the price of a fair bye.
      const pairs = round.pairings.map((p) => [p.a, p.b].sort().join('-'));
      expect(pairs).not.toContain('p6-p9');
    }
  });
});
