/**
 * How many Swiss rounds, and which top cut, to recommend for a field (docs/pairing.md#rounds): the Swiss seed's table
 * of rounds, or, for a policy that names it (the card games' preset), the Magic Tournament Rules' Appendix E.
 */
import { recommendedRounds } from '../pairing/index.js';
import type { CompetitionPolicy } from '../policy/index.js';

export interface ScheduleAdvice {
  rounds: number;
  /** The playoff the table recommends after the Swiss: a top 8, a top 4, or none (0). */
  topCut: 0 | 4 | 8;
  /** False where the count comes from a rule of thumb outside the table. */
  fromTable: boolean;
}

/** Appendix E (the MTR effective 10 November 2025): players up to, Swiss rounds, top cut. */
const MTR_TABLE: ReadonlyArray<readonly [maxPlayers: number, rounds: number, topCut: 4 | 8]> = [
  [16, 5, 4],
  [32, 5, 8],
  [64, 6, 8],
  [128, 7, 8],
  [226, 8, 8],
  [409, 9, 8],
];

/**
 * The players the MTR's table counts: each player once, and one with awarded byes as 2, 4 or 8 players for 1, 2
 * or 3 byes, as Appendix E says. `awardedByes` lists the byes of the players who have any.
 */
export function mtrPlayerCount(players: number, awardedByes: readonly number[] = []): number {
  return players + awardedByes.reduce((sum, byes) => sum + 2 ** byes - 1, 0);
}

/** The recommendation of the policy's table for `players` entries (and the byes some were awarded). */
export function recommendedSchedule(
  policy: Pick<CompetitionPolicy, 'pairingPolicy'>,
  players: number,
  awardedByes: readonly number[] = [],
): ScheduleAdvice {
  const swiss = recommendedRounds(players);
  if (policy.pairingPolicy.roundsTable !== 'MTR') return { ...swiss, topCut: 0 };
  const counted = mtrPlayerCount(players, awardedByes);
  // Up to 8 players the MTR plays a single elimination, not a Swiss: the Swiss seed's count, and no cut.
  if (counted <= 8) return { ...swiss, topCut: 0, fromTable: false };
  const row = MTR_TABLE.find(([maxPlayers]) => counted <= maxPlayers);
  return row ? { rounds: row[1], topCut: row[2], fromTable: true } : { rounds: 10, topCut: 8, fromTable: true };
}

/** The recommendation for the entries as they stand: the players still in, and the byes awarded to them. */
export function scheduleAdviceFor(
  policy: Pick<CompetitionPolicy, 'pairingPolicy'>,
  participants: readonly { withdrawn?: boolean | undefined; awardedByes?: number | undefined }[],
): ScheduleAdvice {
  const active = participants.filter((p) => !p.withdrawn);
  const byes = active.flatMap((p) => (p.awardedByes ? [p.awardedByes] : []));
  return recommendedSchedule(policy, active.length, byes);
}
