import type { Reports, SignedBy } from './confirmation.js';
import { sameResult } from './matchUps.js';
import type { MatchUpResult } from './results.js';

/**
 * One change of a matchUp's result or of a player's report, as the organizer reads it in the game's history
 * (docs/results.md#who-changed-a-result): before, after, and the role that wrote it (never an account).
 */
export type ChangedField = 'result' | 'reportA' | 'reportB';

export interface FieldChange {
  field: ChangedField;
  before: MatchUpResult | null;
  after: MatchUpResult | null;
}

export interface ResultChange {
  changes: FieldChange[];
  /** The role that wrote the change; null when a result was cleared (a cleared result carries no signature). */
  by: SignedBy | null;
}

export interface ScoreSnapshot {
  result: MatchUpResult | null;
  scoredBy: SignedBy | null;
  reports?: Reports | undefined;
}

/**
 * What one write of a matchUp changed in its result and reports, or null when it changed neither (a pairing's own
 * write, a duplicate). A report is signed by its own side: the rules let a player write only theirs.
 */
export function resultChange(before: ScoreSnapshot | undefined, after: ScoreSnapshot | undefined): ResultChange | null {
  const fields: Array<[ChangedField, (s: ScoreSnapshot | undefined) => MatchUpResult | null]> = [
    ['result', (s) => s?.result ?? null],
    ['reportA', (s) => s?.reports?.a ?? null],
    ['reportB', (s) => s?.reports?.b ?? null],
  ];
  const changes = fields
    .map(([field, read]) => ({ field, before: read(before), after: read(after) }))
    .filter((c) => !sameResult(c.before, c.after));
  if (changes.length === 0) return null;
  // Only a player writes a report, and only their own: a report changed names the writer whatever signed the result.
  const reportSide = changes.find((c) => c.field !== 'result')?.field;
  const by = reportSide === 'reportA' ? 'SIDE_A' : reportSide === 'reportB' ? 'SIDE_B' : (after?.scoredBy ?? null);
  return { changes, by };
}
