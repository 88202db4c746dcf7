import { z } from 'zod';
import { MatchUpResult } from './results.js';

/** A pairing of a round; side b is null for a bye. The result is null until scored (or once cleared). */
export const MatchUpRecord = z
  .object({
    matchUpId: z.string().min(1),
    roundNumber: z.number().int().positive(),
    /** Position inside the round; orders two games of one player in one round. */
    order: z.number().int().nonnegative().default(0),
    a: z.string().min(1),
    b: z.string().min(1).nullable(),
    /** Side a moves first (white, home); exports name it. null for a bye. */
    movesFirst: z.string().min(1).nullable().optional(),
    result: MatchUpResult.nullable().default(null),
  })
  .strict();
export type MatchUpRecord = z.infer<typeof MatchUpRecord>;

export interface MatchUpKey {
  roundNumber: number;
  order: number;
  matchUpId: string;
}

/** The order in which results are applied: by round, then position in the round, then id. */
export function compareMatchUpKeys(x: MatchUpKey, y: MatchUpKey): number {
  return x.roundNumber - y.roundNumber || x.order - y.order || (x.matchUpId < y.matchUpId ? -1 : x.matchUpId > y.matchUpId ? 1 : 0);
}

export function sidesOf(matchUp: Pick<MatchUpRecord, 'a' | 'b'>): string[] {
  return matchUp.b === null ? [matchUp.a] : [matchUp.a, matchUp.b];
}
