import type { MatchUpRecord } from './matchUps.js';
import type { MatchUpResult } from './results.js';
import { sameResult } from './sameResult.js';

/**
 * Confirmation by the opponent (docs/results.md#confirmation-by-the-opponent): when a tournament asks for it, a
 * player's score counts only once both players reported the same one, while a scorekeeper's or an editor's counts
 * as entered. This module is the one decision; the rules (firestore.rules, `reportWrite`) and the score trigger
 * both follow it.
 */

/**
 * Each player's own report of the game, from side a's point of view; null or absent: not reported. Plain types
 * (the schema is the model's, model/matchUp.ts), so the dashboard decides without the schema library.
 */
export interface Reports {
  a?: MatchUpResult | null | undefined;
  b?: MatchUpResult | null | undefined;
}

export type ReportSide = 'a' | 'b';

/** The roles a result is signed with: a side signs for a player, the others for the people who run the event. */
export type SignedBy = 'SIDE_A' | 'SIDE_B' | 'SCOREKEEPER' | 'EDITOR';

/**
 * - NO_RESULT: nothing written yet;
 * - ENTERED: a result that counts as written (a scorekeeper's or an editor's, or any result without confirmation);
 * - CONFIRMED: both players reported the result that counts;
 * - WAITING: one player reported, the opponent has not yet;
 * - DISPUTED: the two players reported different results, and nobody who runs the event has settled it.
 */
export type ConfirmationState = 'NO_RESULT' | 'ENTERED' | 'CONFIRMED' | 'WAITING' | 'DISPUTED';

export interface ScoreFields {
  result: MatchUpResult | null;
  scoredBy: SignedBy | null;
  reports?: Reports | undefined;
}

export interface Confirmation {
  /** The result that counts: in the standings, pairing, completion of the round; null for none. */
  counts: MatchUpResult | null;
  state: ConfirmationState;
}

const reportOf = (reports: Reports | undefined, side: ReportSide) => reports?.[side] ?? null;

/** The result both players reported, or null while one of them has not or they disagree. */
export function agreedReport(reports: Reports | undefined): MatchUpResult | null {
  const a = reportOf(reports, 'a');
  const b = reportOf(reports, 'b');
  return a !== null && b !== null && sameResult(a, b) ? a : null;
}

/** A result signed by one of the game's players (not by the people who run the event). */
export function isPlayerSigned(scoredBy: SignedBy | null): boolean {
  return scoredBy === 'SIDE_A' || scoredBy === 'SIDE_B';
}

function waitingState(reports: Reports | undefined): ConfirmationState {
  const a = reportOf(reports, 'a');
  const b = reportOf(reports, 'b');
  if (a !== null && b !== null) return sameResult(a, b) ? 'CONFIRMED' : 'DISPUTED';
  return a !== null || b !== null ? 'WAITING' : 'NO_RESULT';
}

/**
 * Which stored result counts. Without confirmation, the stored result. With it, a scorekeeper's or an editor's
 * result counts as entered (it settles a dispute); a player's counts only when both reports are that result. A
 * player's result stored with no report at all was written before the tournament asked for confirmation, and
 * keeps counting: turning the option on changes nothing already stored.
 */
export function confirmation(fields: ScoreFields, required: boolean): Confirmation {
  const { result, scoredBy, reports } = fields;
  if (!required || (result !== null && !isPlayerSigned(scoredBy)))
    return { counts: result, state: result === null ? 'NO_RESULT' : 'ENTERED' };
  const reported = reportOf(reports, 'a') !== null || reportOf(reports, 'b') !== null;
  if (result !== null && !reported) return { counts: result, state: 'ENTERED' };
  const agreed = agreedReport(reports);
  if (result !== null && agreed !== null && sameResult(result, agreed)) return { counts: result, state: 'CONFIRMED' };
  const state = waitingState(reports);
  return { counts: null, state: state === 'CONFIRMED' ? 'WAITING' : state };
}

/**
 * Who entered a result that stands as entered: a scorekeeper or an editor (a result stored unsigned came from the
 * organizer's side too: an import, a replay). Null for a player's result, or none. Such a result is cleared only by
 * the people who run the event: a player's clear would drop the organizer's result without confirmation, and under
 * confirmation only clear the player's own report beside it.
 */
export function enteredBy(fields: Pick<ScoreFields, 'result' | 'scoredBy'>): 'SCOREKEEPER' | 'EDITOR' | null {
  if (fields.result === null || isPlayerSigned(fields.scoredBy)) return null;
  return fields.scoredBy === 'SCOREKEEPER' ? 'SCOREKEEPER' : 'EDITOR';
}

/**
 * What a player's report writes into the matchUp under confirmation: their side's report, and the result that
 * then counts, signed by their side (none while the opponent has not agreed). A result a scorekeeper or an editor
 * entered stays: the player's report is kept beside it.
 */
export function reportWrite(
  fields: ScoreFields,
  side: ReportSide,
  report: MatchUpResult | null,
): { reports: Reports; result: MatchUpResult | null; scoredBy: SignedBy | null } {
  const reports: Reports = { ...fields.reports, [side]: report };
  if (fields.result !== null && !isPlayerSigned(fields.scoredBy))
    return { reports, result: fields.result, scoredBy: fields.scoredBy };
  const agreed = agreedReport(reports);
  return { reports, result: agreed, scoredBy: agreed === null ? null : side === 'a' ? 'SIDE_A' : 'SIDE_B' };
}

/** A stored matchUp: the game, as paired, and the fields its scores are written in. */
export type StoredMatchUp = Pick<MatchUpRecord, 'matchUpId' | 'roundNumber' | 'order' | 'a' | 'b'> & ScoreFields;

/**
 * A stored matchUp as the engine counts it under the tournament's confirmation option: the game and the result that
 * counts (a player's result the opponent has not confirmed is none yet; docs/results.md#confirmation-by-the-opponent).
 */
export function countedMatchUp(stored: StoredMatchUp, confirmScores: boolean | undefined): MatchUpRecord {
  const { matchUpId, roundNumber, order, a, b } = stored;
  return { matchUpId, roundNumber, order, a, b, result: confirmation(stored, confirmScores === true).counts };
}
