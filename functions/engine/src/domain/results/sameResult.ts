// Without the schema library: the dashboard compares results on its first screen.
import type { MatchUpResult } from './results.js';

/** Two results are the same result (key order in a stored map is not significant). */
export function sameResult(x: MatchUpResult | null | undefined, y: MatchUpResult | null | undefined): boolean {
  return canonical(x ?? null) === canonical(y ?? null);
}

function canonical(result: MatchUpResult | null): string {
  if (result === null) return 'null';
  return JSON.stringify([result.kind, result.score?.a ?? null, result.score?.b ?? null, result.winner ?? null]);
}
