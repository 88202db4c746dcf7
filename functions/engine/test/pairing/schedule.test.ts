/**
 * Round robin (Berger / circle tables, phantom; docs/pairing.md#round-robin) and knockout (seeded bracket, byes,
 * finals; docs/pairing.md#knockout, docs/pairing.md#finals).
 */
import { describe, expect, it } from 'vitest';
import { generateRound } from '../../src/domain/pairing/index.js';
import { bergerRound, circleRound } from '../../src/domain/pairing/schedule/roundRobin.js';
import { bracketOrder } from '../../src/domain/pairing/schedule/knockout.js';
import type { PairingPlayer, PairingRequest } from '../../src/domain/pairing/types.js';
import { assertValidRound, freshPlayers, pairsOf, playGenerated, playRound, topSeedWins } from './support/fixtures.js';

const req = (
  method: PairingRequest['method'],
  players: PairingPlayer[],
  roundNumber: number,
  options: PairingRequest['options'] = {},
): PairingRequest => ({
  roundNumber,
  method,
  seed: 1,
  players,
  options,
});

function wholeRoundRobin(n: number, method: PairingRequest['method'], options: PairingRequest['options'] = {}) {
  let players = freshPlayers(n);
  const rounds = [];
  const perCycle = n % 2 === 0 ? n - 1 : n;
  for (let r = 1; r <= perCycle; r++) {
    const out = generateRound(req(method, players, r, options));
    assertValidRound(players, out);
    rounds.push(out);
    players = playGenerated(players, out);
  }
  return { rounds, players };
}

describe('round robin', () => {
  it('Berger round 1 is 1 v n, 2 v n-1 ... (SoL "seeds")', () => {
    expect(pairsOf(generateRound(req('ROUND_ROBIN', freshPlayers(6), 1)))).toEqual(['p1-p6', 'p2-p5', 'p3-p4']);
    expect(
      bergerRound(6, 2)
        .map((p) =>
          p
            .slice()
            .sort((a, b) => a - b)
            .join('-'),
        )
        .sort(),
    ).toEqual(['1-2', '3-5', '4-6']);
  });

  for (const method of ['ROUND_ROBIN', 'CIRCLE', 'SEEDS'] as const) {
    for (const n of [6, 7, 10]) {
      it(`${method}, ${n} players: every pair exactly once, one bye per round and per player when odd`, () => {
        const { rounds } = wholeRoundRobin(n, method);
        const pairs = rounds.flatMap((r) => pairsOf(r));
        expect(new Set(pairs).size).toBe((n * (n - 1)) / 2);
        expect(pairs.length).toBe((n * (n - 1)) / 2);
        const byes = rounds.flatMap((r) => r.byes);
        expect(byes.length).toBe(n % 2 === 0 ? 0 : n);
        expect(new Set(byes).size).toBe(byes.length);
      });
    }
  }

  it('circle: player 1 stays (white in odd rounds), the others turn', () => {
    expect(circleRound(4, 1)).toEqual([
      [1, 4],
      [2, 3],
    ]);
    expect(circleRound(4, 2)).toEqual([
      [3, 1],
      [4, 2],
    ]);
  });

  it('a double round robin repeats the table with sides swapped, then stops', () => {
    const players = freshPlayers(4);
    const first = generateRound(req('ROUND_ROBIN', players, 1, { cycles: 2 }));
    const fourth = generateRound(req('ROUND_ROBIN', players, 4, { cycles: 2 }));
    expect(fourth.pairings.map((p) => [p.b, p.a])).toEqual(first.pairings.map((p) => [p.a, p.b]));
    expect(() => generateRound(req('ROUND_ROBIN', players, 7, { cycles: 2 }))).toThrowError(/has 6 rounds/);
    expect(() => generateRound(req('ROUND_ROBIN', players, 4))).toThrowError(/has 3 rounds/);
  });

  it('the table follows seeds and frozen ratings, not form, and a withdrawn player’s opponent gets the bye', () => {
    const seeded = freshPlayers(6).map((p, k) => ({ ...p, seed: 6 - k }));
    const bySeed = generateRound(req('ROUND_ROBIN', seeded, 1));
    expect(bySeed.pairings[0]).toMatchObject({ a: 'p6', b: 'p1', cost: { tableA: 1, tableB: 6 } });
    // Form (rating) reversed, frozen baseline in the original order: the table follows the baseline.
    const players = freshPlayers(6).map((p, k) => ({ ...p, baselineRating: p.rating, rating: 1000 + k }));
    expect(generateRound(req('ROUND_ROBIN', players, 1)).pairings[0]).toMatchObject({ a: 'p1', b: 'p6' });
    const withdrawn = players.map((p) =>
      p.id === 'p6'
        ? { ...p, withdrawn: true, games: [{ round: 1, opponent: 'p1', outcome: 'LOSS' as const, matchPoints: 0 }] }
        : p,
    );
    const out = generateRound(req('ROUND_ROBIN', withdrawn, 2));
    expect(out.byes).toHaveLength(1);
    expect(out.pairings.flatMap((p) => [p.a, p.b])).not.toContain('p6');
  });
});

describe('knockout', () => {
  it('standard bracket order keeps seeds 1 and 2 apart until the final', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it('6 players: byes up to 8 go to seeds 1 and 2; later rounds follow the results', () => {
    let players = freshPlayers(6);
    const r1 = generateRound(req('KNOCKOUT', players, 1));
    expect(r1.byes.sort()).toEqual(['p1', 'p2']);
    expect(pairsOf(r1).sort()).toEqual(['p3-p6', 'p4-p5']);
    players = playGenerated(players, r1, (a, b) => (a === 'p4' || b === 'p4' ? 'p5' : topSeedWins(a, b)));
    const r2 = generateRound(req('KNOCKOUT', players, 2));
    expect(pairsOf(r2).sort()).toEqual(['p1-p5', 'p2-p3']);
    players = playGenerated(players, r2, topSeedWins);
    const r3 = generateRound(req('KNOCKOUT', players, 3));
    expect(pairsOf(r3)).toEqual(['p1-p2']);
    players = playGenerated(players, r3, topSeedWins);
    expect(() => generateRound(req('KNOCKOUT', players, 4))).toThrowError(/complete/);
  });

  it('finals = 2 adds the match for third place between the semi-final losers', () => {
    let players = freshPlayers(8);
    for (let r = 1; r <= 2; r++)
      players = playGenerated(players, generateRound(req('KNOCKOUT', players, r, { finals: 2 })), topSeedWins);
    const final = generateRound(req('KNOCKOUT', players, 3, { finals: 2 }));
    expect(pairsOf(final).sort()).toEqual(['p1-p2', 'p3-p4']);
  });

  it('finals = 0 ends after the semi-finals', () => {
    let players = freshPlayers(8);
    for (let r = 1; r <= 2; r++)
      players = playGenerated(players, generateRound(req('KNOCKOUT', players, r, { finals: 0 })), topSeedWins);
    expect(() => generateRound(req('KNOCKOUT', players, 3, { finals: 0 }))).toThrowError(/no final/);
  });

  it('a best-of-three final is replayed until one side has two wins', () => {
    let players = freshPlayers(4);
    const opts = { finalKind: 'BEST_OF_THREE' as const };
    players = playGenerated(players, generateRound(req('KNOCKOUT', players, 1, opts)), topSeedWins);
    const g1 = generateRound(req('KNOCKOUT', players, 2, opts));
    expect(pairsOf(g1)).toEqual(['p1-p2']);
    players = playGenerated(players, g1, () => 'p2');
    const g2 = generateRound(req('KNOCKOUT', players, 3, opts));
    expect(pairsOf(g2)).toEqual(['p1-p2']);
    players = playGenerated(players, g2, () => 'p1');
    const g3 = generateRound(req('KNOCKOUT', players, 4, opts));
    expect(pairsOf(g3)).toEqual(['p1-p2']);
    players = playGenerated(players, g3, () => 'p1');
    expect(() => generateRound(req('KNOCKOUT', players, 5, opts))).toThrowError(/complete/);
  });

  it('refuses a drawn knockout game and an unfinished round', () => {
    const drawn = playRound(freshPlayers(4), 1, [
      ['p1', 'p4', 'draw'],
      ['p2', 'p3'],
    ]);
    expect(() => generateRound(req('KNOCKOUT', drawn, 2))).toThrowError(/draw/);
    const unfinished = playRound(freshPlayers(4), 1, [['p2', 'p3']]);
    expect(() => generateRound(req('KNOCKOUT', unfinished, 2))).toThrowError(/not complete/);
  });

  it('SEEDS for a knockout is the seeded bracket', () => {
    expect(pairsOf(generateRound(req('SEEDS', freshPlayers(8), 1, { system: 'KNOCKOUT' }))).sort()).toEqual([
      'p1-p8',
      'p2-p7',
      'p3-p6',
      'p4-p5',
    ]);
  });
});
