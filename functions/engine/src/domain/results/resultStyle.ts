import type { CompetitionPolicy } from '../policy/index.js';

/**
 * How a tournament's results are entered and read (docs/results.md#results-in-the-games-words):
 * - SINGLE_GAME: one game with no game points, chess's 1-0, ½-½, 0-1;
 * - GO: one game of Go, won by Black (B+) or White (W+), or a jigo;
 * - GAME_POINTS: the game points (or games) each side won, as typed.
 */
export type ResultStyle = 'SINGLE_GAME' | 'GO' | 'GAME_POINTS';

export function resultStyle(
  policy: Pick<CompetitionPolicy, 'scoringPolicy' | 'victoryPolicy'>,
  pairingMethod: string,
): ResultStyle {
  if (pairingMethod === 'MCMAHON' || policy.victoryPolicy.primaryRanking === 'MCMAHON_SCORE') return 'GO';
  const { gameTarget, matchPoints } = policy.scoringPolicy;
  const oneGame = matchPoints.win === 1 && matchPoints.draw === 0.5 && matchPoints.loss === 0;
  return gameTarget === null && oneGame ? 'SINGLE_GAME' : 'GAME_POINTS';
}

/** The results a player picks from in a one-game style, as game points from side a's point of view. */
export const ONE_GAME_RESULTS = [
  { winner: 'a', score: { a: 1, b: 0 } },
  { winner: 'draw', score: { a: 0.5, b: 0.5 } },
  { winner: 'b', score: { a: 0, b: 1 } },
] as const;
