import { judgeMatchUp } from './acceptance.js';
import { DomainError } from './errors.js';
import type { MatchUpRecord } from './matchUps.js';
import { nameMatchUps } from './matchUps.js';
import type { CompetitionPolicy } from './policy.js';

/**
 * Refuses to take back the last round (`roundNumber`, 0 before the first) unless there is one and nobody has
 * scored in it, its automatic byes aside. A stored result the engine refuses counts as none: it does not hold the
 * round. The refusal names the scores that do.
 */
export function assertUndoable(
  roundNumber: number,
  roundMatchUps: readonly MatchUpRecord[],
  policy: CompetitionPolicy,
): void {
  if (roundNumber === 0) throw new DomainError('failed-precondition', 'there is no round to undo');
  const scored = roundMatchUps.filter((m) => m.b !== null && judgeMatchUp(m, policy).record.result !== null);
  if (scored.length > 0) {
    const named = nameMatchUps(scored.map((m) => `table ${m.order + 1}`));
    throw new DomainError(
      'failed-precondition',
      `round ${roundNumber} already has ${scored.length} score(s) (${named}); clear them before undoing the round`,
    );
  }
}
