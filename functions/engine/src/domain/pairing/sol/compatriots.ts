import type { FieldPlayer } from '../field.js';

/**
 * SoL's "delay compatriots": in the first K rounds, a player's candidates with the same points and the same
 * country move behind the other candidates with those points, so they are tried only if necessary.
 */
export function* delayCompatriots(
  player: FieldPlayer,
  candidates: Iterable<FieldPlayer>,
  roundNumber: number,
  rounds: number,
): Generator<FieldPlayer> {
  if (rounds <= 0 || roundNumber > rounds || player.country === undefined) {
    yield* candidates;
    return;
  }
  const deferred: FieldPlayer[] = [];
  for (const candidate of candidates) {
    if (candidate.score === player.score && candidate.country === player.country) {
      deferred.push(candidate);
      continue;
    }
    if (candidate.score !== player.score && deferred.length > 0) yield* deferred.splice(0);
    yield candidate;
  }
  yield* deferred;
}
