/**
 * What became of a score this device wrote through the rules (see docs/offline.md): the device keeps the score it
 * sent and compares it with the matchUp as the server holds it. A write still queued is waiting; the server's copy
 * with the same result means it arrived; the server's copy with another result means the server refused it (the
 * round was closed, the rules refused it) or somebody wrote after it, and the player is told which result stands.
 */
import type { MatchUpResultInput, ReportSide } from '@competition/engine';
import { sameResult } from '@competition/engine/view';
import type { MatchUp } from '../data/shapes';

export interface SentScore {
  tournamentId: string;
  matchUpId: string;
  /** The result written; null for a cleared one. */
  result: MatchUpResultInput | null;
  /**
   * Under confirmation by the opponent, the side whose report this is: the server's copy of that report settles
   * it, not the result (which counts only once both agree).
   */
  side?: ReportSide;
  /** When this device wrote it (its own clock, ms). */
  writtenAt: number;
}

export type Delivery = 'waiting' | 'arrived' | 'refused';

/** Only the server's copy settles it: a cached copy may be older than the write. */
export function deliveryOf(sent: SentScore, matchUp: MatchUp | undefined): Delivery {
  if (!matchUp || matchUp.sync !== 'server') return 'waiting';
  const held = sent.side ? (matchUp.reports?.[sent.side] ?? null) : matchUp.result;
  return sameResult(sent.result, held) ? 'arrived' : 'refused';
}
