import { nameMatchUps, type ReportedMatchUp, scoredGames } from '../results/index.js';
import { DomainError } from '../common/index.js';
import type { CompetitionPolicy } from '../policy/index.js';

/**
 * Refuses to take back the last round (`roundNumber`, 0 before the first) unless there is one and nobody has
 * scored in it, its automatic byes aside (a player's report waiting for the opponent holds it too). A stored result
 * the engine refuses counts as none: it does not hold the round. The refusal names the scores that do.
 */
export function assertUndoable(
  roundNumber: number,
  roundMatchUps: readonly ReportedMatchUp[],
  policy: CompetitionPolicy,
): void {
  if (roundNumber === 0) throw new DomainError('failed-precondition', 'there is no round to undo');
  const scored = scoredGames(roundMatchUps, policy);
  if (scored.length > 0) {
    const named = nameMatchUps(scored.map((m) => `table ${m.order + 1}`));
    throw new DomainError(
      'failed-precondition',
      `round ${roundNumber} already has ${scored.length} score(s) (${named}); clear them before undoing the round`,
    );
  }
}
