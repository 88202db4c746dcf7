/**
 * Who won a matchUp, as the engine reads its result (functions/engine/src/domain/results.ts): a timed win is a win, a
 * double forfeit is a loss for both, a pairing bye is a win. The bracket and the crosstable read results this way,
 * so they agree with the standings and with the knockout's pairing of the next round.
 */
import { type Outcome, resolveResult, type ScoringPolicy } from '@competition/engine';
import type { MatchUp } from '../data/shapes';

export type Mark = 'W' | 'D' | 'L';

const MARKS: Record<Outcome, Mark> = { WIN: 'W', TIMED_WIN: 'W', DRAW: 'D', LOSS: 'L' };

export interface SideMarks {
  a: Mark;
  /** null for a bye. */
  b: Mark | null;
}

/** Each side's outcome; null while the matchUp has no result, or when the engine refuses the stored one. */
export function marksOf(m: Pick<MatchUp, 'result' | 'b'>, scoring: ScoringPolicy): SideMarks | null {
  if (!m.result) return null;
  try {
    const resolved = resolveResult(m.result, m.b !== null, scoring);
    return { a: MARKS[resolved.a.outcome], b: resolved.b ? MARKS[resolved.b.outcome] : null };
  } catch {
    // A refused result is not in the standings either: the organizer sees it among the score problems.
    return null;
  }
}

/** The participant who won and goes on (a knockout): null while unscored, drawn, or lost by both. */
export function winnerOf(m: Pick<MatchUp, 'a' | 'b' | 'result'>, scoring: ScoringPolicy): string | null {
  const marks = marksOf(m, scoring);
  if (!marks) return null;
  if (marks.a === 'W') return m.a;
  if (marks.b === 'W') return m.b;
  return null;
}
