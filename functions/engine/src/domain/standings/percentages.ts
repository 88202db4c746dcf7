/**
 * The card games' tiebreakers (docs/tiebreaks.md#card-game-tiebreakers): Magic's match-win and game-win percentages
 * (Magic Tournament Rules, Appendix C) and Play! Pokémon's win percentage behind resistance. Each is a fraction,
 * computed exactly from one participant's own results; the opponents' means are in tiebreaks.ts.
 */
import { isByeKind } from '../results/index.js';
import type { ParticipantState, ResultEntry } from '../ratings/index.js';

/** The MTR's floor on a match-win or game-win percentage, so a weak opponent does not drag a mean down too far. */
export const PERCENTAGE_FLOOR = 0.33;
/** Play! Pokémon's floor on a win percentage, and its cap for a player who dropped before the event ended. */
export const RESISTANCE_FLOOR = 0.25;
export const DROPPED_RESISTANCE_CAP = 0.75;

/** What the percentages read of the policy: a match win's match points, and the games that win a match. */
export interface PercentageScale {
  winPoints: number;
  gamesToWin: number;
}

const floored = (value: number) => Math.max(PERCENTAGE_FLOOR, value);

/**
 * Match points over the match points the rounds played could give (a win's points each round, a bye counting as a
 * round and a win), never below 0.33. A player who withdrew counts the rounds they played.
 */
export function matchWinPercentage(state: ParticipantState, scale: PercentageScale): number {
  const rounds = state.results.length;
  if (rounds === 0 || scale.winPoints <= 0) return PERCENTAGE_FLOOR;
  return floored(state.matchPoints / (scale.winPoints * rounds));
}

/** Games won, lost and drawn in one round, as game points count them. */
interface Games {
  won: number;
  lost: number;
  drawn: number;
}

/**
 * The games of one round: a game played is what its score says; a match decided without play (a bye, a forfeit)
 * counts as the games of a won match for its winner (2-0 in a best of three) and nothing when no one won it.
 */
function gamesOf(result: ResultEntry, gamesToWin: number): Games {
  if (result.played) return { won: result.pointsWon, lost: result.pointsLost, drawn: result.drawnGames ?? 0 };
  if (result.outcome === 'WIN' || result.outcome === 'TIMED_WIN') return { won: gamesToWin, lost: 0, drawn: 0 };
  if (result.outcome === 'LOSS' && !isByeKind(result.kind)) return { won: 0, lost: gamesToWin, drawn: 0 };
  return { won: 0, lost: 0, drawn: 0 };
}

/** Game points (3 a game won, 1 a game drawn) over 3 a game played, never below 0.33. */
export function gameWinPercentage(state: ParticipantState, scale: PercentageScale): number {
  let points = 0;
  let games = 0;
  for (const result of state.results) {
    const { won, lost, drawn } = gamesOf(result, scale.gamesToWin);
    points += 3 * won + drawn;
    games += won + lost + drawn;
  }
  return games === 0 ? PERCENTAGE_FLOOR : floored(points / (3 * games));
}

/**
 * Play! Pokémon's win percentage: wins (a drawn match half a win) over the rounds, byes left out of both. The rounds
 * of a player still in the event run to the last round they have a result in, so rounds missed by a late entry count
 * as losses; a player who dropped counts the rounds they played and is capped at 75%. Never below 25%.
 */
export function winPercentage(state: ParticipantState, dropped: boolean): number {
  const matches = state.results.filter((r) => !isByeKind(r.kind));
  const byes = state.results.length - matches.length;
  const lastRound = Math.max(0, ...state.results.map((r) => r.roundNumber));
  const rounds = dropped ? matches.length : lastRound - byes;
  if (rounds <= 0) return RESISTANCE_FLOOR;
  const wins = matches.reduce((sum, r) => sum + (r.outcome === 'DRAW' ? 0.5 : r.outcome === 'LOSS' ? 0 : 1), 0);
  const cap = dropped ? DROPPED_RESISTANCE_CAP : 1;
  return Math.min(cap, Math.max(RESISTANCE_FLOOR, wins / rounds));
}
