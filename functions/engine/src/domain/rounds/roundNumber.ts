/** The one source of the next round's number: the round after the last one paired (0 before the first). */
export function nextRoundNumber(currentRound: number): number {
  return currentRound + 1;
}

/** The last round the games name (0 before the first): the current round of a tournament kept as games alone. */
export function lastPairedRound(matchUps: readonly { roundNumber: number }[]): number {
  return matchUps.reduce((max, m) => Math.max(max, m.roundNumber), 0);
}
