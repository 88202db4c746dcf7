/**
 * Judge calls (docs/judging.md#judge-calls): a player calls a judge to the table from the phone; a judge takes the
 * call, closes it and may give the table extra minutes, which its clock adds to the round's. Free of zod: the
 * dashboard's first screens read it.
 */
export const JUDGE_CALL_STATUSES = ['OPEN', 'TAKEN', 'CLOSED'] as const;

/** What the desk reads of a call: its table's game, round, status, and the minutes given. */
export interface JudgeCallView {
  matchUpId: string;
  roundNumber: number;
  status: (typeof JUDGE_CALL_STATUSES)[number];
  extensionMinutes: number;
}

/** The calls of the round not yet closed: a judge is still wanted, or on the way. */
export function openJudgeCalls<C extends JudgeCallView>(calls: readonly C[], roundNumber: number): C[] {
  return calls.filter((call) => call.roundNumber === roundNumber && call.status !== 'CLOSED');
}

/** The extra minutes a table's clock runs past the round's. */
export function extensionOf(calls: readonly JudgeCallView[], matchUpId: string): number {
  return calls.find((call) => call.matchUpId === matchUpId)?.extensionMinutes ?? 0;
}

/**
 * Why closing the round needs the organizer's confirmation: calls still open at these tables (by number, as the
 * pairings show them). Null when none is.
 */
export function roundCloseWarning(
  calls: readonly JudgeCallView[],
  roundNumber: number,
  tableOf: (matchUpId: string) => number,
): string | null {
  const open = openJudgeCalls(calls, roundNumber);
  if (open.length === 0) return null;
  const tables = open.map((call) => tableOf(call.matchUpId)).sort((x, y) => x - y);
  const count = open.length === 1 ? 'A judge call is' : `${open.length} judge calls are`;
  return `${count} still open (table${tables.length === 1 ? '' : 's'} ${tables.join(', ')})`;
}
