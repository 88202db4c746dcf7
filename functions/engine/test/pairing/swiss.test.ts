/**
 * SWISS (docs/pairing.md#swiss): match-point groups, seeded randomness, byes, withdrawals, the recommended number
 * of rounds, Baku acceleration, reproducibility, refusals, and score-group integrity on simulated events.
 */
import { describe, expect, it } from 'vitest';
import { virtualPoints } from '../../src/domain/pairing/acceleration.js';
import { prepareField } from '../../src/domain/pairing/field.js';
import { generateRound, PairingError, recommendedRounds } from '../../src/domain/pairing/index.js';
import type { PairingPlayer, PairingRequest } from '../../src/domain/pairing/types.js';
import { SimEvent, simulatedField, roundQuality } from '../../src/simulation/simulate.js';
import { assertValidRound, freshPlayers, pairsOf, playGenerated, playRound } from './support/fixtures.js';

const req = (players: PairingPlayer[], roundNumber = 1, extra: Partial<PairingRequest> = {}): PairingRequest => ({
  roundNumber,
  method: 'SWISS',
  seed: 1,
  players,
  ...extra,
});

describe('match-point groups', () => {
  it('groups by match points of the competition table (3 / 2 / 1.5 / 0), pairing inside groups', () => {
    const players = freshPlayers(8).map((p, k): PairingPlayer => ({
      ...p,
      games: [
        {
          round: 1,
          opponent: `p${k % 2 === 0 ? k + 2 : k}`,
          outcome: k % 2 === 0 ? 'WIN' : 'LOSS',
          matchPoints: [3, 0, 2, 0, 1.5, 1.5, 3, 0][k]!,
        },
      ],
    }));
    players[4]!.games[0]!.outcome = 'DRAW';
    players[5]!.games[0]!.outcome = 'DRAW';
    // Scores: p1 3, p7 3 | p3 2 | p5 1.5, p6 1.5 | p2 p4 p8 0. p5-p6 met, so the 1.5 group splits.
    const out = generateRound(req(players, 2));
    assertValidRound(players, out);
    expect(pairsOf(out)).toContain('p1-p7');
    for (const p of out.pairings) expect(p.cost.groupDistance).toBeLessThanOrEqual(1);
  });

  it('is random inside a group, reproducibly: same seed same round, other seeds other rounds', () => {
    const players = freshPlayers(64);
    const a = generateRound(req(players, 1, { seed: 7 }));
    const b = generateRound(req(players, 1, { seed: 7 }));
    expect(b).toEqual(a);
    const others = [8, 9, 10].map((seed) => pairsOf(generateRound(req(players, 1, { seed }))).join());
    expect(new Set([pairsOf(a).join(), ...others]).size).toBe(4);
    expect(a).toMatchObject({ method: 'SWISS', seed: 7, roundNumber: 1 });
  });

  it('does not depend on the order players are listed in', () => {
    const players = freshPlayers(20);
    const forward = generateRound(req(players, 1, { seed: 4 }));
    const backward = generateRound(req(players.slice().reverse(), 1, { seed: 4 }));
    expect(pairsOf(backward).sort()).toEqual(pairsOf(forward).sort());
  });

  it('records the cost terms behind every pair', () => {
    const out = generateRound(req(freshPlayers(6)));
    for (const p of out.pairings) expect(p.cost).toMatchObject({ rematches: 0, groupDistance: 0, scoreDifference: 0 });
    expect(Object.keys(out.pairings[0]!.cost)).toEqual(expect.arrayContaining(['random', 'soft']));
  });
});

describe('byes and withdrawals', () => {
  it('gives the bye to the lowest-ranked player, and never a second bye while another player can take it', () => {
    let players = freshPlayers(7);
    const seen = new Set<string>();
    for (let round = 1; round <= 7; round++) {
      const out = generateRound(req(players, round, { totalRounds: 7 }));
      assertValidRound(players, out);
      expect(out.byes).toHaveLength(1);
      expect(seen.has(out.byes[0]!)).toBe(false);
      seen.add(out.byes[0]!);
      players = playGenerated(players, out);
    }
    expect(seen.size).toBe(7);
  });

  it('the bye goes to the lowest-ranked player of the bottom score group, whatever the seed', () => {
    const players = playRound(
      freshPlayers(9),
      1,
      [
        ['p1', 'p2'],
        ['p3', 'p4'],
        ['p5', 'p6'],
        ['p7', 'p8'],
      ],
      ['p9'],
    );
    for (const seed of [1, 2, 3, 4, 5]) {
      const out = generateRound(req(players, 2, { seed }));
      expect(out.byes).toEqual(['p8']);
      expect(out.byeCosts[0]!.cost).toMatchObject({ earlierByes: 0, groupsAboveLowest: 0, rankFromBottom: 0 });
    }
  });

  it('never pairs a withdrawn player', () => {
    const players = freshPlayers(6).map((p) => (p.id === 'p2' ? { ...p, withdrawn: true } : p));
    const out = generateRound(req(players));
    assertValidRound(players, out);
    expect(out.byes).toHaveLength(1);
  });
});

describe('recommended rounds (the table by field size)', () => {
  it('follows the table', () => {
    const table: [number, number][] = [
      [5, 3],
      [8, 3],
      [9, 4],
      [16, 4],
      [17, 5],
      [32, 5],
      [33, 6],
      [64, 6],
      [65, 7],
      [128, 7],
      [129, 8],
      [212, 8],
      [213, 9],
      [385, 9],
    ];
    for (const [players, rounds] of table) expect(recommendedRounds(players)).toEqual({ rounds, fromTable: true });
    expect(recommendedRounds(1000).fromTable).toBe(false);
  });
});

describe('Baku acceleration', () => {
  it('adds a win to the top half in the first half of the accelerated rounds, half a win after, then nothing', () => {
    const field = prepareField({ roundNumber: 1, method: 'SWISS', seed: 1, players: freshPlayers(10) });
    const points = (round: number) => Array.from(virtualPoints(field.active, round, 5, 3));
    // GA = 2 * ceil(10 / 4) = 6 players.
    expect(points(1)).toEqual([3, 3, 3, 3, 3, 3, 0, 0, 0, 0]);
    expect(points(3)).toEqual([3, 3, 3, 3, 3, 3, 0, 0, 0, 0]);
    expect(points(4)).toEqual([1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 0, 0, 0, 0]);
    expect(points(6)).toEqual(new Array(10).fill(0));
  });

  it('round 1 pairs the top half among themselves, and the virtual points never show in the round', () => {
    const players = freshPlayers(16);
    const out = generateRound(req(players, 1, { totalRounds: 9, options: { acceleration: 'BAKU' } }));
    for (const p of out.pairings) expect(Number(p.a.slice(1)) <= 8).toBe(Number(p.b.slice(1)) <= 8);
    for (const p of out.pairings) expect(p.cost.scoreDifference).toBe(0);
    const plain = generateRound(req(players, 1, { totalRounds: 9 }));
    expect(plain.pairings.some((p) => Number(p.a.slice(1)) <= 8 !== Number(p.b.slice(1)) <= 8)).toBe(true);
  });
});

describe('refusals', () => {
  it('a typed PairingError with a code the Firebase layer can map', () => {
    const fail = (request: PairingRequest) => {
      try {
        generateRound(request);
      } catch (error) {
        expect(error).toBeInstanceOf(PairingError);
        return (error as PairingError).code;
      }
      throw new Error('expected a refusal');
    };
    expect(fail(req(freshPlayers(1)))).toBe('failed-precondition');
    expect(fail(req([...freshPlayers(2), ...freshPlayers(1)]))).toBe('invalid-argument');
    expect(fail({ ...req(freshPlayers(4)), method: 'NOPE' as never })).toBe('invalid-argument');
    expect(fail(req(playRound(freshPlayers(2), 1, [['p1', 'p9']]), 2))).toBe('invalid-argument');
    expect(fail(req(freshPlayers(4), 1, { options: { weights: { random: -1 } } }))).toBe('invalid-argument');
    expect(fail(req(freshPlayers(4), 1, { options: { acceleration: 'BAKU' } }))).toBe('invalid-argument');
    expect(fail(req(playRound(freshPlayers(2), 3, [['p1', 'p2']]), 2))).toBe('invalid-argument');
  });
});

describe('quality on simulated events', () => {
  it('round-robin-length Swiss (6x5, 8x7, 10x9, 7x7) completes without a rematch, an unpaired player or a second bye', () => {
    for (const [size, rounds] of [
      [6, 5],
      [8, 7],
      [10, 9],
      [7, 7],
    ] as const) {
      for (const seed of [1, 2, 3, 4, 5]) {
        const event = new SimEvent(simulatedField(size, seed), seed);
        for (let round = 1; round <= rounds; round++) {
          const out = generateRound({
            roundNumber: round,
            totalRounds: rounds,
            method: 'SWISS',
            seed,
            players: event.pairingPlayers(),
          });
          const played = { pairs: out.pairings.map((p) => [p.a, p.b] as [string, string]), byes: out.byes };
          const q = roundQuality(event, played);
          expect([q.rematches, q.unpaired, q.repeatedByes], `${size}x${rounds} seed ${seed} round ${round}`).toEqual([
            0, 0, 0,
          ]);
          event.play(played);
        }
      }
    }
  });

  it('64 and 256 players, 9 rounds (40 and 10 events): mean excess score difference within bbpPairings (3.3 and 1.3 per event)', () => {
    for (const [size, bound, events] of [
      [64, 3.3, 40],
      [256, 1.3, 10],
    ] as const) {
      const excess: number[] = [];
      for (let seed = 1; seed <= events; seed++) {
        const event = new SimEvent(simulatedField(size, seed), seed);
        let total = 0;
        for (let round = 1; round <= 9; round++) {
          const out = generateRound({
            roundNumber: round,
            totalRounds: 9,
            method: 'SWISS',
            seed,
            players: event.pairingPlayers(),
          });
          const played = { pairs: out.pairings.map((p) => [p.a, p.b] as [string, string]), byes: out.byes };
          const q = roundQuality(event, played);
          expect([q.rematches, q.unpaired, q.repeatedByes]).toEqual([0, 0, 0]);
          total += q.excessScoreDifference;
          event.play(played);
        }
        excess.push(total);
      }
      const mean = excess.reduce((a, b) => a + b, 0) / excess.length;
      expect(mean, `${size}: ${excess.join(', ')}`).toBeLessThanOrEqual(bound);
    }
  });
});
