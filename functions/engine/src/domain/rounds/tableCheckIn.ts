/**
 * At the table, on time (docs/judging.md#at-the-table-on-time): with table check-in on, each player taps "I'm at my
 * table" when a round starts; past the organizer's grace minutes (10, the MTR's tardiness rule) a table where one
 * player is missing is a no-show: the present player may be given the match, and the absent one dropped.
 */
import { z } from 'zod';

export const TableCheckInRules = z
  .object({
    /** Minutes of the round before a missing player is a no-show. */
    graceMinutes: z.number().int().min(0).max(60).default(10),
    /** A no-show is dropped from the event, or kept in it until they report to the desk. */
    absentees: z.enum(['DROPPED', 'KEPT']).default('DROPPED'),
  })
  .strict();
export type TableCheckInRules = z.infer<typeof TableCheckInRules>;

/** Who of a table has checked in: each side that tapped "I'm at my table". */
export interface TableCheckIn {
  matchUpId: string;
  a?: boolean;
  b?: boolean;
}

export interface NoShow {
  matchUpId: string;
  present: 'a' | 'b';
  absent: string;
}

/**
 * The no-shows of a round `elapsedMs` into it: games without a result where one player checked in and the other
 * did not, once the grace minutes are over. A table where neither came is the organizer's to judge.
 */
export function noShows(
  games: ReadonlyArray<{ matchUpId: string; a: string; b: string | null; result: unknown }>,
  checkIns: readonly TableCheckIn[],
  rules: Pick<TableCheckInRules, 'graceMinutes'>,
  elapsedMs: number,
): NoShow[] {
  if (elapsedMs < rules.graceMinutes * 60_000) return [];
  const byGame = new Map(checkIns.map((c) => [c.matchUpId, c]));
  return games.flatMap((game) => {
    if (game.b === null || game.result !== null) return [];
    const checkIn = byGame.get(game.matchUpId);
    const a = checkIn?.a === true;
    const b = checkIn?.b === true;
    if (a === b) return [];
    return [{ matchUpId: game.matchUpId, present: a ? 'a' : 'b', absent: a ? game.b : game.a }];
  });
}
