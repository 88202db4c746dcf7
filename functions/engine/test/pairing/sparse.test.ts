/**
 * The sparse candidate graph loses nothing that matters: on simulated events, the round solved on the sparse
 * graph (forced even where the field is small enough to be complete) has exactly the rematches, second byes,
 * group jumps, bye placement and total score difference of the round solved on the complete graph.
 */
import { describe, expect, it } from 'vitest';
import { prepareField } from '../../src/domain/pairing/field.js';
import { generateRound } from '../../src/domain/pairing/index.js';
import type { PairingRequest, WeightedMethod } from '../../src/domain/pairing/types.js';
import { buildCandidates } from '../../src/domain/pairing/weighted/candidates.js';
import { buildContext } from '../../src/domain/pairing/weighted/context.js';
import { createCoster } from '../../src/domain/pairing/weighted/costs.js';
import { modelFor } from '../../src/domain/pairing/weighted/model.js';
import { compareHard, solveGraph, solveRound } from '../../src/domain/pairing/weighted/solve.js';
import { SimEvent, simulatedField } from '../../src/simulation/simulate.js';

function compareOnEvent(size: number, seed: number, method: WeightedMethod, rounds: number) {
  const event = new SimEvent(simulatedField(size, seed), seed);
  for (let round = 1; round <= rounds; round++) {
    const request: PairingRequest = {
      roundNumber: round,
      totalRounds: rounds,
      method,
      seed,
      players: event.pairingPlayers(),
    };
    const field = prepareField(request);
    const ctx = buildContext(field, modelFor(request, method), request);
    const coster = createCoster(ctx);
    const sparse = solveRound(ctx, coster, 0);
    const complete = solveGraph(
      ctx,
      coster,
      buildCandidates(ctx, {
        window: Int32Array.from(ctx.groupSize),
        maxDistance: ctx.groupCount,
        extraByes: true,
        rematches: true,
        forbidden: false,
        colourConflicts: true,
      }),
    );
    expect(complete.perfect).toBe(true);
    expect(compareHard(sparse.solved.totals, complete.totals), `n=${size} round ${round}`).toBe(0);
    expect(sparse.solved.graph.edgeCount).toBeLessThan(complete.graph.edgeCount);
    const out = generateRound(request);
    event.play({ pairs: out.pairings.map((p) => [p.a, p.b]), byes: out.byes });
  }
}

describe('sparse candidate graph', () => {
  it('Swiss, 151 and 200 players, 9 rounds: same hard tiers and score difference as the complete graph', () => {
    compareOnEvent(151, 11, 'SWISS', 9);
    compareOnEvent(200, 12, 'SWISS', 9);
  });
  it('weighted (fold seeding, float history), 120 players, 9 rounds', () => {
    compareOnEvent(120, 13, 'WEIGHTED', 9);
  });
  it('a 31-player Swiss run for 15 rounds (rematches crowd the groups)', () => {
    compareOnEvent(31, 14, 'SWISS', 15);
  });
});
