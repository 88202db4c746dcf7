import { z } from 'zod';
import type { JudgedMatchUp } from './acceptance.js';
import { type ScoreFields, confirmation } from './confirmation.js';
import type { MatchUpResult } from './results.js';

/**
 * What the organizer is told about a matchUp whose result did not reach the standings.
 * - REFUSED_RESULT: the stored result is one the engine refuses (written past the rules); it counts as none.
 * - NOT_APPLIED: the score trigger failed on the matchUp's latest write; retried, then given up.
 * - DISPUTED: under confirmation, the two players reported different results and nobody has settled it.
 */
export const ScoreProblemKind = z.enum(['REFUSED_RESULT', 'NOT_APPLIED', 'DISPUTED']);
export type ScoreProblemKind = z.infer<typeof ScoreProblemKind>;

export interface ScoreProblem {
  kind: ScoreProblemKind;
  message: string;
}

/** The view shows a line, and an error's text can be any length. */
export const PROBLEM_MESSAGE_MAX = 500;

/**
 * How long the score trigger retries one event before it gives up. A 2nd-gen trigger with retry is retried for
 * 24 hours, backing off from 10 s to 10 min. A transient failure (contention beyond a transaction's own retries,
 * a deadline, a short outage) passes within the first few attempts, which 15 minutes holds (about seven). One
 * that lasts longer (a document the backend cannot read, a participant without a state) needs a person, who is
 * told by the recorded problem from the first failed attempt on; retrying it for a day more only costs.
 */
export const RETRY_WINDOW_MS = 15 * 60_000;

/** Whether an event is too old to retry; an event without a readable time is left to the platform's own limit. */
export function isPastRetryWindow(eventTime: string | undefined, now: Date): boolean {
  const at = eventTime === undefined ? Number.NaN : Date.parse(eventTime);
  return Number.isFinite(at) && now.getTime() - at > RETRY_WINDOW_MS;
}

/** The problem a matchUp has once its latest write went through: its stored result refused, or none. */
export function problemOfResult(judged: JudgedMatchUp | undefined): ScoreProblem | undefined {
  return judged?.refusal
    ? { kind: 'REFUSED_RESULT', message: clip(`its result counts as none: ${judged.refusal}`) }
    : undefined;
}

/** Under confirmation, the players' disagreement until someone settles it (a player agreeing, or an entered result). */
export function disputeProblem(fields: ScoreFields, confirmScores: boolean | undefined): ScoreProblem | undefined {
  if (confirmation(fields, confirmScores === true).state !== 'DISPUTED') return undefined;
  const a = fields.reports?.a ?? null;
  const b = fields.reports?.b ?? null;
  return {
    kind: 'DISPUTED',
    message: clip(
      `the players disagree: the first player reported ${reported(a)}, the second ${reported(b)}; ` +
        'enter the result that stands, or one of them agrees with the other',
    ),
  };
}

/** The problem recorded for a failed attempt: still retrying, or given up. */
export function notAppliedProblem(error: unknown, givingUp: boolean): ScoreProblem {
  const reason = error instanceof Error ? error.message : String(error);
  const state = givingUp ? `gave up after ${RETRY_WINDOW_MS / 60_000} minutes of retries` : 'retrying';
  return { kind: 'NOT_APPLIED', message: clip(`the standings miss this matchUp's latest write (${state}): ${reason}`) };
}

/** Whether a stored problem already says what should be said (its time aside). */
export function sameProblem(stored: ScoreProblem | undefined, wanted: ScoreProblem | undefined): boolean {
  return stored?.kind === wanted?.kind && stored?.message === wanted?.message;
}

/** A report in a line: game points from the first player's side, or the kind. */
function reported(result: MatchUpResult | null): string {
  if (result === null) return 'nothing';
  if (result.score) return `${result.score.a}-${result.score.b}`;
  return result.kind === 'PLAYED' ? `a ${result.winner === 'draw' ? 'draw' : 'win'}` : result.kind.toLowerCase();
}

function clip(text: string): string {
  return text.length <= PROBLEM_MESSAGE_MAX ? text : `${text.slice(0, PROBLEM_MESSAGE_MAX - 1)}…`;
}
