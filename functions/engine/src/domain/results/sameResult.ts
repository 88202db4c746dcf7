// Without the schema library: the dashboard compares results on its first screen (the view entry).
import type { MatchUpResult, MatchUpResultInput } from './results.js';

type AnyResult = MatchUpResult | MatchUpResultInput;

/**
 * Two results are the same result: the kind (PLAYED when a written result leaves it out, as the schema reads it),
 * the game points, the drawn games (none when left out), the winner and how a won game ended; key order in a
 * stored map is not significant.
 */
export function sameResult(x: AnyResult | null | undefined, y: AnyResult | null | undefined): boolean {
  return canonical(x ?? null) === canonical(y ?? null);
}

function canonical(result: AnyResult | null): string {
  if (result === null) return 'null';
  return JSON.stringify([
    result.kind ?? 'PLAYED',
    result.score?.a ?? null,
    result.score?.b ?? null,
    result.winner ?? null,
    result.decidedBy ?? null,
  ]);
}
