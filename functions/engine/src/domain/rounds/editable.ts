import { DomainError } from '../common/index.js';
import { isReportOnly, nameMatchUps, type ReportedMatchUp, scoredGames } from '../results/index.js';
import type { CompetitionPolicy } from '../policy/index.js';

/** Only the round being played is edited: an earlier one is over, and before round 1 there is none. */
export function assertCurrentRound(roundNumber: number, currentRound: number): void {
  if (roundNumber === currentRound) return;
  throw refuse(
    currentRound === 0
      ? 'there is no round to change yet: pair the first round'
      : `only the current round (${currentRound}) can be changed; round ${roundNumber} is over`,
  );
}

/**
 * The forbidden pairs the organizer sets (docs/pairing.md#forbidden-pairs), each pair once whichever way round it
 * is written; refused when a pair names someone not entered.
 */
export function planForbiddenPairs<P extends { a: string; b: string }>(
  pairs: readonly P[],
  entered: ReadonlySet<string>,
): P[] {
  if (pairs.some(({ a, b }) => !entered.has(a) || !entered.has(b)))
    throw new DomainError('invalid-argument', 'a forbidden pair names someone who is not entered in this tournament');
  const seen = new Set<string>();
  return pairs.filter(({ a, b }) => {
    const key = [a, b].sort().join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

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
