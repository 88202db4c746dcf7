/**
 * A top cut's first round re-seeded around forbidden pairs (docs/playoff.md#seeding), as a knockout's first round
 * is: whenever some placing of the cut's lower seeds keeps every forbidden pair among its players apart, none meets;
 * the top seeds keep their games; a pair that must meet is named in the round's notes. The existence check tries
 * every placing by brute force.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playoffRound } from '../../src/domain/playoff/bracket.js';
import type { PairingPlayer, PairingRound } from '../../src/domain/pairing/types.js';
import type { Playoff } from '../../src/domain/playoff/playoff.js';
import { freshPlayers, playGenerated, playRound } from './support/fixtures.js';

const MAIN = 5;
/** The Swiss ranking differs from the rating order, so a cut seeded or re-seeded by rating would be caught. */
const seeding = Array.from({ length: 24 }, (_, k) => `p${((k * 7) % 24) + 1}`);
const bySeed = (s: number) => seeding[s - 1]!;
const rank = (id: string) => seeding.indexOf(id) + 1;
const key = (x: string, y: string) => [x, y].sort().join('|');

function swissPlayed(): PairingPlayer[] {
  const pairs: [string, string][] = [];
  for (let k = 0; k < 24; k += 2) pairs.push([seeding[k]!, seeding[k + 1]!]);
  return playRound(freshPlayers(24), MAIN, pairs);
}

const cut = (
  topCut: Playoff['topCut'],
  forbidden: [string, string][],
  players = swissPlayed(),
  roundNumber = MAIN + 1,
  finals: Playoff['finals'] = 1,
): PairingRound =>
  playoffRound(
    { roundNumber, method: 'SWISS', seed: 3, players, ...(forbidden.length ? { forbiddenPairs: forbidden } : {}) },
    seeding,
    MAIN,
    { topCut, finals, bestOfThree: false },
  );
const seedPairs = (round: PairingRound) => round.pairings.map((p) => `${rank(p.a)} v ${rank(p.b)}`);

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((x, k) =>
    permutations([...items.slice(0, k), ...items.slice(k + 1)]).map((rest) => [x, ...rest]),
  );
}

describe('a top cut with forbidden pairs', () => {
  it('top 8: seeds 1 and 8 must not meet, so 8 and 7 change places, the note says so, and the bracket plays on', () => {
    const first = cut(8, [[bySeed(1), bySeed(8)]]);
    expect(seedPairs(first)).toEqual(['1 v 7', '4 v 5', '2 v 8', '3 v 6']);
    expect(first.forbiddenPairsMet).toBeUndefined();
    expect(first.notes.join(' ')).toContain('re-seeded so that forbidden pairs do not meet: seeds 1 v 7, 2 v 8');
    // The lower seeds win; the semi-finals follow the quarter-finals as played, the pair lifted or not.
    const after = playGenerated(swissPlayed(), first, (a, b) => (rank(a) > rank(b) ? a : b));
    for (const forbidden of [[[bySeed(1), bySeed(8)]], []] as [string, string][][])
      expect(seedPairs(cut(8, forbidden, after, MAIN + 2))).toEqual(['5 v 7', '6 v 8']);
  });

  it('ignores a forbidden pair with a player outside the cut, and keeps the standard bracket', () => {
    const round = cut(8, [
      [bySeed(1), bySeed(9)],
      [bySeed(2), bySeed(3)],
    ]);
    expect(seedPairs(round)).toEqual(['1 v 8', '4 v 5', '2 v 7', '3 v 6']);
    expect(round.notes.join(' ')).not.toContain('forbidden');
  });

  it('names a forbidden pair the seeding cannot separate: the top 4 where seed 1 may meet neither 3 nor 4', () => {
    const round = cut(4, [
      [bySeed(1), bySeed(4)],
      [bySeed(1), bySeed(3)],
    ]);
    expect(round.forbiddenPairsMet).toHaveLength(1);
    expect(round.notes.join(' ')).toContain("a forbidden pair meets: no re-seeding of the cut's first round");
  });

  it('the finals alone stay the first places of the standings, the forbidden pair named', () => {
    const round = playoffRound(
      {
        roundNumber: MAIN + 1,
        method: 'SWISS',
        seed: 3,
        players: swissPlayed(),
        forbiddenPairs: [[bySeed(1), bySeed(2)]],
      },
      seeding,
      MAIN,
      { topCut: 0, finals: 1, bestOfThree: false },
    );
    expect(seedPairs(round)).toEqual(['1 v 2']);
    expect(round.notes.join(' ')).toContain('the finals are played by the first places of the standings');
  });

  it('keeps every forbidden pair apart whenever a placing of the lower seeds does, the top seeds unmoved', () => {
    let apart = 0;
    let together = 0;
    let untouched = 0;
    const arbitrary = fc.constantFrom<Playoff['topCut']>(4, 8).chain((topCut) =>
      fc.record({
        topCut: fc.constant(topCut),
        // Seeds up to 12: some pairs reach outside the cut and must not change it.
        forbidden: fc.uniqueArray(
          fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })).filter(([x, y]) => x < y),
          { minLength: 1, maxLength: topCut + 2, selector: ([x, y]) => `${x}-${y}` },
        ),
      }),
    );
    fc.assert(
      fc.property(arbitrary, ({ topCut, forbidden }) => {
        const pairs = forbidden.map(([x, y]): [string, string] => [bySeed(x), bySeed(y)]);
        const banned = new Set(pairs.map(([x, y]) => key(x, y)));
        const standard = cut(topCut, []);
        const round = cut(topCut, pairs);
        const tops = standard.pairings.map((p) => p.a);
        const lows = standard.pairings.map((p) => p.b);
        expect(round.pairings.map((p) => p.a)).toEqual(tops);
        expect(round.pairings.map((p) => p.b).sort()).toEqual([...lows].sort());
        const met = round.pairings.filter((p) => banned.has(key(p.a, p.b)));
        const possible = permutations(lows).some((order) => order.every((low, k) => !banned.has(key(tops[k]!, low))));
        if (possible) {
          apart++;
          expect(met).toEqual([]);
          expect(round.forbiddenPairsMet).toBeUndefined();
        } else {
          together++;
          expect(round.forbiddenPairsMet).toEqual(met.map((p) => [p.a, p.b]));
          expect(round.notes.join(' ')).toContain("no re-seeding of the cut's first round keeps them apart");
        }
        // The least change: the standard bracket stands whenever it keeps the pairs apart already.
        if (standard.pairings.every((p) => !banned.has(key(p.a, p.b)))) {
          untouched++;
          expect(round.pairings).toEqual(standard.pairings);
        }
      }),
      { numRuns: 300, seed: 2026 },
    );
    expect(apart).toBeGreaterThan(100);
    expect(together).toBeGreaterThan(0);
    expect(untouched).toBeGreaterThan(20);
  });
});
