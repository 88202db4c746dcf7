/**
 * Simulated game scores for the demo data and the backend benchmark: the outcome from the Elo expectation
 * (scripts/lib/simulate.ts, with draws), turned into game points to 5: a win reaches 5, or, now and then,
 * the clock stops a game and the leader takes a timed win; a draw is level.
 */
import { createRng, hashString, hashValues } from '../../functions/src/domain/pairing/prng.js';
import type { MatchUpResult } from '../../functions/src/domain/results.js';
import { type SimPlayer, simulatedResult } from './simulate.js';

export function simulatedScore(seed: number, roundNumber: number, a: SimPlayer, b: SimPlayer): MatchUpResult {
  const outcome = simulatedResult(seed, roundNumber, a, b);
  const rng = createRng(hashValues(seed, roundNumber, hashString(a.id), hashString(b.id), 0x5c0e));
  if (outcome === 'draw') {
    const level = 2 + Math.floor(rng() * 3);
    return { kind: 'PLAYED', score: { a: level, b: level } };
  }
  const timed = rng() < 0.15;
  const winner = timed ? 3 + Math.floor(rng() * 2) : 5;
  const loser = Math.floor(rng() * winner);
  return { kind: 'PLAYED', score: outcome === 'a' ? { a: winner, b: loser } : { a: loser, b: winner } };
}
