/**
 * A late entry's missed rounds (docs/pairing.md#late-entries): by the organizer's byeRules nothing at all (absent),
 * or a zero-point or a half-point bye in each Swiss round already paired, written with the entry so the first
 * pairing that meets the player already counts them.
 */
import type { ByeRules } from '../joining/index.js';
import type { NewMatchUp, PairedRound } from './roundLifecycle.js';

/** What a paired round's document says of its games: how many, whose byes, and whether it is the playoff's. */
type RoundSoFar = Pick<PairedRound, 'roundNumber' | 'matchUpCount' | 'byes' | 'playoff'>;

export interface LateEntryByes {
  matchUps: NewMatchUp[];
  /** The round documents' counts and byes, with the new byes in them. */
  rounds: Array<Pick<RoundSoFar, 'roundNumber' | 'matchUpCount' | 'byes'>>;
}

export function planLateEntryByes(
  rules: Pick<ByeRules, 'lateEntries'> | undefined,
  system: string,
  rounds: readonly RoundSoFar[],
  entrants: readonly string[],
): LateEntryByes {
  const lateEntries = rules?.lateEntries ?? 'ABSENT';
  if (lateEntries === 'ABSENT' || system !== 'SWISS' || entrants.length === 0) return { matchUps: [], rounds: [] };
  const kind = lateEntries === 'HALF_BYES' ? 'HALF_BYE' : 'ZERO_BYE';
  // A late entry missed no playoff round: the playoff is the cut's alone.
  const missed = rounds.filter((round) => round.playoff === undefined);
  return {
    matchUps: missed.flatMap((round) =>
      entrants.map((participantId, k): NewMatchUp => ({
        matchUpId: `r${round.roundNumber}-late-${participantId}`,
        roundNumber: round.roundNumber,
        order: round.matchUpCount + k,
        a: participantId,
        b: null,
        movesFirst: null,
        cost: { lateEntry: 1 },
        result: { kind },
        scoredBy: null,
        scoredAt: null,
      })),
    ),
    rounds: missed.map((round) => ({
      roundNumber: round.roundNumber,
      matchUpCount: round.matchUpCount + entrants.length,
      byes: [...round.byes, ...entrants],
    })),
  };
}
