import { z } from 'zod';
import { MatchUpResult } from './results.js';
import type { CostTerms, PairingRound } from '../pairing/index.js';

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
  return (
    x.roundNumber - y.roundNumber ||
    x.order - y.order ||
    (x.matchUpId < y.matchUpId ? -1 : x.matchUpId > y.matchUpId ? 1 : 0)
  );
}

export function sidesOf(matchUp: Pick<MatchUpRecord, 'a' | 'b'>): string[] {
  return matchUp.b === null ? [matchUp.a] : [matchUp.a, matchUp.b];
}

/**
 * Whether two records are the same game: the same id, round, place in the round and players. An id alone is not
 * enough: a round that is undone and paired again re-uses its ids for other players.
 */
export function sameGame(x: Omit<MatchUpRecord, 'result'>, y: Omit<MatchUpRecord, 'result'>): boolean {
  return (
    x.matchUpId === y.matchUpId && x.roundNumber === y.roundNumber && x.order === y.order && x.a === y.a && x.b === y.b
  );
}

export { sameResult } from './sameResult.js';

/** Names matchUps in a message, the first few of them and how many more: a refusal stays short in any round. */
export function nameMatchUps(names: readonly string[], shown = 10): string {
  const more = names.length > shown ? ` and ${names.length - shown} more` : '';
  return `${names.slice(0, shown).join(', ')}${more}`;
}

/** A game as a round is generated: who moves first is decided (null for a bye), and why these two met. */
export type RoundMatchUp = MatchUpRecord & { movesFirst: string | null; cost: CostTerms };

/** A bye decided before the pairing (docs/pairing.md#awarded-byes, docs/pairing.md#requested-byes). */
export interface DecidedBye {
  participantId: string;
  kind: 'FULL_BYE' | 'HALF_BYE' | 'ZERO_BYE';
}

/** Why a decided bye is there, in the words the pairing's reasons use. */
export function decidedByeCost(kind: DecidedBye['kind']): CostTerms {
  return kind === 'FULL_BYE' ? { awardedBye: 1 } : { requestedBye: 1 };
}

/**
 * A generated round's games in the order they are stored: its pairings by table, then its byes (already scored):
 * the pairing's own, then those decided before it.
 */
export function matchUpsOfRound(round: PairingRound, decidedByes: readonly DecidedBye[] = []): RoundMatchUp[] {
  const pairs = round.pairings.map((pair, order) => ({
    matchUpId: `r${round.roundNumber}-m${order + 1}`,
    roundNumber: round.roundNumber,
    order,
    a: pair.a,
    b: pair.b,
    movesFirst: pair.movesFirst,
    cost: pair.cost,
    result: null,
  }));
  const byes = round.byeCosts.map((bye, k) => ({
    matchUpId: `r${round.roundNumber}-bye${k + 1}`,
    roundNumber: round.roundNumber,
    order: pairs.length + k,
    a: bye.id,
    b: null,
    movesFirst: null,
    cost: bye.cost,
    result: { kind: 'PAIRING_BYE' as const },
  }));
  const decided = decidedByes.map(({ participantId, kind }, k) => ({
    matchUpId: `r${round.roundNumber}-bye${byes.length + k + 1}`,
    roundNumber: round.roundNumber,
    order: pairs.length + byes.length + k,
    a: participantId,
    b: null,
    movesFirst: null,
    cost: decidedByeCost(kind),
    result: { kind },
  }));
  return [...pairs, ...byes, ...decided];
}
