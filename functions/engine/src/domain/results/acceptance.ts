import type { Reports } from './confirmation.js';
import type { MatchUpRecord } from './matchUps.js';
import type { CompetitionPolicy } from '../policy/index.js';
import { resolveResult } from './results.js';

/** A stored matchUp as the engine counts it: its result, or no result and the reason it was refused. */
export interface JudgedMatchUp {
  record: MatchUpRecord;
  /** Why the stored result does not count (a client wrote something the engine refuses). */
  refusal?: string;
}

/**
 * A result the security rules let through but the engine refuses counts as no result, never as a failure: one
 * bad write must not stop the tournament. The refusal is kept so the organizer can be told.
 */
export function judgeMatchUp(record: MatchUpRecord, policy: CompetitionPolicy): JudgedMatchUp {
  if (record.result === null) return { record };
  try {
    resolveResult(record.result, record.b !== null, policy.scoringPolicy);
    return { record };
  } catch (error) {
    return { record: { ...record, result: null }, refusal: error instanceof Error ? error.message : String(error) };
  }
}

/** PER_ROUND (docs/processing.md#per-round): a round is rated once each of its matchUps has a result that counts. */
export function isRoundComplete(roundMatchUps: readonly MatchUpRecord[]): boolean {
  return roundMatchUps.length > 0 && roundMatchUps.every((m) => m.result !== null);
}

/** What the organizer's views say of a PER_ROUND round: rated once complete, until then waiting for results. */
export function roundRating(roundMatchUps: readonly MatchUpRecord[]): 'RATED' | 'WAITING' {
  return isRoundComplete(roundMatchUps) ? 'RATED' : 'WAITING';
}

/** Whether these participants' states already hold a rated entry of the round. */
export function isRoundApplied(
  states: Iterable<{ results: ReadonlyArray<{ roundNumber: number }> }>,
  roundNumber: number,
): boolean {
  for (const state of states) if (state.results.some((r) => r.roundNumber === roundNumber)) return true;
  return false;
}

/** A stored game with the players' own reports, if the tournament asks for them. */
export type ReportedMatchUp = MatchUpRecord & { reports?: Reports | undefined };

/**
 * The games of a round someone has scored, its automatic byes aside: a result the engine accepts, or a player's
 * report, which waits for the opponent beside no result (docs/results.md#confirmation-by-the-opponent). Rewriting
 * or deleting such a game would lose what was written, so they hold the round's pairings.
 */
export function scoredGames<M extends ReportedMatchUp>(roundMatchUps: readonly M[], policy: CompetitionPolicy): M[] {
  return roundMatchUps.filter(
    (m) => m.b !== null && (judgeMatchUp(m, policy).record.result !== null || isReported(m.reports)),
  );
}

/** Whether a game holds a player's report only, with no result that counts. */
export function isReportOnly(m: ReportedMatchUp, policy: CompetitionPolicy): boolean {
  return judgeMatchUp(m, policy).record.result === null && isReported(m.reports);
}

function isReported(reports: Reports | undefined): boolean {
  return (reports?.a ?? null) !== null || (reports?.b ?? null) !== null;
}
