/**
 * A round robin's crosstable: players by standing down the side and, in the same order, numbered across the top;
 * each cell the games of the row player against the column player, from the row player's side ("5–3" is the row
 * player's 5); the diagonal blank; totals from the standings.
 */
import type { ScoringPolicy } from '@competition/engine';
import type { MatchUp } from '../data/shapes';
import { type Mark, marksOf } from './outcome';

export interface CrossGame {
  matchUpId: string;
  roundNumber: number;
  /** From the row player's side; '' while the game has no result. */
  text: string;
  mark: Mark | null;
}

export interface CrossRow {
  participantId: string;
  /** One entry per column player (the row's own column is null: the diagonal). */
  cells: Array<CrossGame[] | null>;
  byes: CrossGame[];
}

const HALF = '½';

/** A result with no game points, or an unplayed one, from one side: 1 / ½ / 0, and + / − for forfeits. */
function markText(mark: Mark, played: boolean): string {
  if (played) return mark === 'W' ? '1' : mark === 'D' ? HALF : '0';
  return mark === 'W' ? '+' : mark === 'D' ? '=' : '−';
}

/** One game from `me`'s side. */
export function gameFrom(m: MatchUp, me: string, scoring: ScoringPolicy): CrossGame {
  const base = { matchUpId: m.matchUpId, roundNumber: m.roundNumber };
  const marks = marksOf(m, scoring);
  if (!m.result || !marks) return { ...base, text: '', mark: null };
  const mineIsA = m.a === me;
  const mark = mineIsA ? marks.a : marks.b!;
  if (m.result.score) {
    const [mine, theirs] = mineIsA ? [m.result.score.a, m.result.score.b] : [m.result.score.b, m.result.score.a];
    return { ...base, text: `${mine}–${theirs}`, mark };
  }
  return { ...base, text: markText(mark, m.result.kind === 'PLAYED'), mark };
}

/** Rows in the order given (the standings'), each cell in round order. */
export function buildCrosstable(
  order: readonly string[],
  matchUps: readonly MatchUp[],
  scoring: ScoringPolicy,
): CrossRow[] {
  const column = new Map(order.map((id, k) => [id, k]));
  const rows: CrossRow[] = order.map((participantId, k) => ({
    participantId,
    cells: order.map((_, c) => (c === k ? null : [])),
    byes: [],
  }));
  const sorted = [...matchUps].sort((x, y) => x.roundNumber - y.roundNumber || x.order - y.order);
  for (const m of sorted) {
    const ka = column.get(m.a);
    if (m.b === null) {
      if (ka !== undefined) rows[ka]!.byes.push(gameFrom(m, m.a, scoring));
      continue;
    }
    const kb = column.get(m.b);
    if (ka === undefined || kb === undefined) continue;
    rows[ka]!.cells[kb]!.push(gameFrom(m, m.a, scoring));
    rows[kb]!.cells[ka]!.push(gameFrom(m, m.b, scoring));
  }
  return rows;
}
