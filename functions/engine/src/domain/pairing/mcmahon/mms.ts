import { LOWEST_RANK, rankValueOf } from './rank.js';
import type { McMahonSettings } from './settings.js';

/**
 * McMahon scores (docs/go.md#mcmahon-scores), counted on OpenGotha's scale where 30k starts on 0: a player starts on
 * their rank's number, raised to the floor and lowered to the bar, and adds a point a win, half a jigo.
 */
export function initialMcMahonScore(rank: string | undefined, settings: McMahonSettings): number {
  const value = rankValueOrFloor(rank, settings);
  return Math.min(rankValueOf(settings.bar), Math.max(rankValueOf(settings.floor), value)) - LOWEST_RANK;
}

/** A player's rank on OpenGotha's scale; without a rank, the floor's, as the weakest anyone can be. */
export function rankValueOrFloor(rank: string | undefined, settings: Pick<McMahonSettings, 'floor'>): number {
  return rankValueOf(rank ?? settings.floor);
}

/** One round of a player as MMS counts it: a game's points, the pairing's bye, or an absence. */
export type McMahonRound = { points: number } | 'BYE' | 'ABSENT';

const UNPLAYED_BY_CHOICE: ReadonlySet<string> = new Set(['HALF_BYE', 'ZERO_BYE']);

/**
 * A round of a player as MMS counts it, the one reading the pairing and the standings share: a game (forfeits
 * included) counts its points; a requested bye (half or zero point) is an absence, as OpenGotha has one value for
 * every round a player does not play by choice; a full-point bye the organizer gave counts what it earned; the
 * pairing's own bye counts as the organizer set.
 */
export function mcMahonRoundOf(round: { opponent: string | null; unplayed?: string; points: number }): McMahonRound {
  if (round.opponent !== null) return { points: round.points };
  if (round.unplayed !== undefined && UNPLAYED_BY_CHOICE.has(round.unplayed)) return 'ABSENT';
  return round.unplayed === 'FULL_BYE' ? { points: round.points } : 'BYE';
}

/** The MMS after the rounds: the start, the games' points, and the byes' and absences' points as the organizer set. */
export function mcMahonScore(start: number, rounds: readonly McMahonRound[], settings: McMahonSettings): number {
  let games = 0;
  let unplayed = 0;
  for (const round of rounds) {
    if (round === 'BYE') unplayed += settings.byePoints;
    else if (round === 'ABSENT') unplayed += settings.absencePoints;
    else games += round.points;
  }
  return start + games + (settings.roundDown ? Math.floor(unplayed) : unplayed);
}

/** Whether the player starts on the bar: OpenGotha's secondary criteria leave such players out. */
export function atBar(start: number, settings: McMahonSettings): boolean {
  return start >= rankValueOf(settings.bar) - LOWEST_RANK;
}
