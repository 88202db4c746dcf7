/**
 * What the printed sheets and the projector board list (docs/hall.md): a round's pairings read from each player's
 * side, in alphabetical order, the match points each player had before the round, and pages of a fixed size.
 */
import { resolveResult, type ScoringPolicy } from '@competition/engine';
import type { MatchUp } from '../data/shapes';

/** One player's line on the sheet players look for on the wall. */
export interface NameLine {
  participantId: string;
  name: string;
  /** 1-based table; a bye has none. */
  table: number | null;
  opponent: string | null;
  /** Who moves first, when the tournament plays with colours; null otherwise and for a bye. */
  side: 'first' | 'second' | null;
  matchUpId: string;
}

/** Every player of the round once, by name (as the locale sorts them), then by id for equal names. */
export function pairingsByName(
  round: readonly MatchUp[],
  nameOf: (participantId: string) => string,
  withColours: boolean,
): NameLine[] {
  const lines: NameLine[] = [];
  for (const m of round) {
    const table = m.b === null ? null : m.order + 1;
    const sideOf = (id: string) => (withColours && m.b !== null ? (m.movesFirst === id ? 'first' : 'second') : null);
    lines.push({
      participantId: m.a,
      name: nameOf(m.a),
      table,
      opponent: m.b === null ? null : nameOf(m.b),
      side: sideOf(m.a),
      matchUpId: m.matchUpId,
    });
    if (m.b !== null)
      lines.push({
        participantId: m.b,
        name: nameOf(m.b),
        table,
        opponent: nameOf(m.a),
        side: sideOf(m.b),
        matchUpId: m.matchUpId,
      });
  }
  return lines.sort((x, y) => x.name.localeCompare(y.name) || x.participantId.localeCompare(y.participantId));
}

/**
 * Each player's match points from the rounds before `roundNumber`, as the engine counts results (a result it
 * refuses counts as none, as in the standings). Printed on the pairings, so the sheet stays true while the round's
 * own results come in.
 */
export function pointsBefore(
  matchUps: readonly MatchUp[],
  roundNumber: number,
  scoring: ScoringPolicy,
): Map<string, number> {
  const points = new Map<string, number>();
  const add = (id: string, value: number) => points.set(id, (points.get(id) ?? 0) + value);
  for (const m of matchUps) {
    if (m.roundNumber >= roundNumber || !m.result) continue;
    try {
      const resolved = resolveResult(m.result, m.b !== null, scoring);
      add(m.a, resolved.a.matchPoints);
      if (m.b !== null && resolved.b) add(m.b, resolved.b.matchPoints);
    } catch {
      // Refused by the engine: shown to the organizer among the score problems, counted nowhere.
    }
  }
  return points;
}

/** `items` in pages of `size` (the last one shorter); none for no items. */
export function pagesOf<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error('a page holds at least one item');
  const pages: T[][] = [];
  for (let k = 0; k < items.length; k += size) pages.push(items.slice(k, k + size));
  return pages;
}
