import { DomainError } from '../common/index.js';
import { isReportOnly, nameMatchUps, type ReportedMatchUp, scoredGames } from '../results/index.js';
import type { CompetitionPolicy } from '../policy/index.js';

/**
 * Refuses to edit a round that has started: any result stored in it, or a player's report waiting for the opponent,
 * automatic byes aside (scoredGames). A stored result the engine refuses counts as none. The refusal names the tables
 * that hold the round.
 */
export function assertPairingsEditable(
  roundNumber: number,
  roundMatchUps: readonly ReportedMatchUp[],
  policy: CompetitionPolicy,
): void {
  if (roundNumber === 0) throw refuse('there is no round to change yet: pair the first round');
  const scored = scoredGames(roundMatchUps, policy);
  if (scored.length === 0) return;
  const one = scored.length === 1;
  const reported = scored.some((m) => isReportOnly(m, policy));
  const held = reported
    ? `${one ? "has a result or a player's report" : "have results or players' reports"}`
    : `${one ? 'has a result' : 'have results'}`;
  throw refuse(
    `round ${roundNumber} has started (${nameMatchUps(scored.map((m) => `table ${m.order + 1}`))} already ${held}); ` +
      'pairings can only be changed before the first result; clear the results first to change them',
  );
}

function refuse(message: string): DomainError {
  return new DomainError('failed-precondition', message);
}
