/**
 * The quality proof: on every round of round-robin-length events of 4 to 12 players, odd and even, the engine's
 * round is as good as the best of all possible rounds (found by enumeration and judged by the rules of
 * docs/pairing.md, see support/bruteForce.ts), and it never uses a rematch, a second bye, an absolute colour
 * conflict or (save to give the bye to the lowest group) a pair more than one group apart while a round without it
 * exists.
 */
import { describe, expect, it } from 'vitest';
import { generateRound } from '../../src/domain/pairing/index.js';
import type { PairingRequest, WeightedMethod } from '../../src/domain/pairing/types.js';
import { SimEvent, simulatedField } from '../../src/simulation/simulate.js';
import { bestRound, compareObjectives, judge } from './support/bruteForce.js';

function runEvent(
  size: number,
  seed: number,
  method: WeightedMethod,
  extra: Partial<PairingRequest> = {},
  categories = false,
) {
  const field = simulatedField(size, seed).map((p, k) => ({
    ...p,
    club: `c${k % 3}`,
    country: `n${k % 2}`,
    team: `t${k % 4}`,
  }));
  const event = new SimEvent(field, seed);
  const rounds = size % 2 === 0 ? size - 1 : size;
  const checked: { round: number; rematches: number; colourConflicts: number }[] = [];
  for (let round = 1; round <= rounds; round++) {
    const players = event.pairingPlayers().map((p, k) => ({
      ...p,
      club: field[k]!.club,
      country: field[k]!.country,
      team: field[k]!.team,
      ...(categories ? { category: 1 + (k % 3) } : {}),
    }));
    const request: PairingRequest = {
      roundNumber: round,
      totalRounds: rounds,
      method,
      seed: seed * 31 + round,
      players,
      ...extra,
    };
    const out = generateRound(request);
    const j = judge(request);
    const mine = j.objective(j.mateOf(out));
    const best = bestRound(j, rounds - round);
    const verdict = compareObjectives(mine, best.objective, j.softTolerance);
    expect(
      verdict,
      `${method} n=${size} seed=${seed} round ${round}: ${JSON.stringify(mine)} vs ${JSON.stringify(best.objective)}`,
    ).toBe(0);
    checked.push({ round, rematches: mine.rematches, colourConflicts: mine.colourConflicts });
    event.play({ pairs: out.pairings.map((p) => [p.a, p.b]), byes: out.byes });
  }
  return checked;
}

describe('exhaustive search agrees that no better round exists', () => {
  for (let size = 4; size <= 12; size++) {
    it(`SWISS, ${size} players, every round of a round-robin-length event`, () => {
      for (const seed of [1, 2, 3]) {
        const rounds = runEvent(size, seed, 'SWISS');
        expect(rounds.every((r) => r.rematches === 0)).toBe(true);
      }
    });
  }
  for (const size of [6, 7, 8, 9, 10]) {
    it(`SWISS with FIDE colours, ${size} players (absolute conflicts and denied preferences by FIDE's rules)`, () => {
      for (const seed of [1, 2]) runEvent(size, seed, 'SWISS', { options: { colours: 'FIDE' } });
    });
  }
  for (const size of [7, 8, 10]) {
    it(`WEIGHTED (OpenGotha criteria, clubs and countries), ${size} players`, () => {
      runEvent(size, 5, 'WEIGHTED', { options: { seeding: 'SPLIT_FOLD' } });
    });
    it(`WEIGHTED with three categories (OpenGotha's concave category mixing above the score groups), ${size} players`, () => {
      runEvent(size, 8, 'WEIGHTED', {}, true);
    });
    it(`DRAW_MATIC (lanes; squared rating gap plus sameTeamValue), ${size} players`, () => {
      runEvent(size, 6, 'DRAW_MATIC', { options: { laneSize: 3, weights: { random: 0 } } });
    });
    it(`LEVEL_BASED (rating bands; concave rating gap), ${size} players`, () => {
      runEvent(size, 7, 'LEVEL_BASED', { options: { bandWidth: 150, weights: { random: 0 } } });
    });
  }
});
