// Imports only the playoff plan (no runtime import behind it): the tournament header and the championship's list
// show it before any tab's code has loaded.
import { playoffOf, playoffRoundName } from '@competition/engine/view';
import type { Round, Tournament } from '../data/shapes';

const MAIN_STAGE = { SWISS: 'Swiss round', ROUND_ROBIN: 'round-robin round', KNOCKOUT: 'round' } as const;

/**
 * The round as the tournament's header and lists say it: "round 3 of 5"; with a playoff, "Swiss round 5 of 5"
 * for the main stage and "Quarter-finals (round 6)" for the playoff, never "round 6 of 5". The main stage's
 * length comes from a playoff round's document when there is one (a round robin's is its table), else from the
 * planned rounds.
 */
export function roundLabel(
  tournament: Pick<Tournament, 'system' | 'pairing' | 'totalRounds'>,
  roundNumber: number,
  rounds: readonly Pick<Round, 'playoff'>[] = [],
): string {
  const planned = tournament.totalRounds;
  const playoff = playoffOf(tournament.system, tournament.pairing.options);
  if (!playoff) {
    if (planned === undefined) return `round ${roundNumber}`;
    return roundNumber > planned ? `round ${roundNumber} (${planned} planned)` : `round ${roundNumber} of ${planned}`;
  }
  const mainRounds = mainRoundsOf(rounds) ?? planned;
  if (mainRounds !== undefined && roundNumber > mainRounds)
    return `${playoffRoundName(playoff, roundNumber - mainRounds)} (round ${roundNumber})`;
  return `${MAIN_STAGE[tournament.system]} ${roundNumber}${mainRounds === undefined ? '' : ` of ${mainRounds}`}`;
}

/** The same at the head of a sheet or a screen: "Round 3 of 5", "Swiss round 5 of 5", "Quarter-finals (round 6)". */
export function roundTitle(...args: Parameters<typeof roundLabel>): string {
  const label = roundLabel(...args);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** How many rounds the main stage had, once a playoff after it has been paired (its rounds name it). */
export function mainRoundsOf(rounds: readonly Pick<Round, 'playoff'>[]): number | undefined {
  return rounds.find((r) => r.playoff)?.playoff?.mainRounds;
}
