/**
 * Penalties (docs/judging.md#penalties): what staff record for an infraction, and what a game loss or a match loss
 * does to the match's result, which then takes the normal result path (standings, ratings, history, corrections).
 */
import { z } from 'zod';
import { DocumentId, DomainError } from '../common/index.js';
import type { ScoringPolicy } from '../policy/index.js';
import type { MatchUpResult } from './results.js';

export const PenaltyKind = z.enum(['WARNING', 'GAME_LOSS', 'MATCH_LOSS', 'DISQUALIFICATION']);
export type PenaltyKind = z.infer<typeof PenaltyKind>;

/**
 * One penalty as staff recorded it: a document of the tournament, and an entry of its export (docs/judging.md#penalties).
 */
export const PenaltyRecord = z
  .object({
    penaltyId: DocumentId,
    participantId: DocumentId,
    roundNumber: z.number().int().positive(),
    /** The player's game of that round, when they had one. */
    matchUpId: z.string().min(1).nullable(),
    infraction: z.string().trim().min(1, 'say what the infraction was').max(200),
    penalty: PenaltyKind,
    note: z.string().trim().max(1000).default(''),
    /** Who recorded it, by role: an editor or a scorekeeper. */
    by: z.enum(['EDITOR', 'SCOREKEEPER']),
    /** Their name when they recorded it, for the report the head judge files (none for an account without one). */
    byName: z.string().trim().min(1).max(100).optional(),
    /** When, by the backend's clock (ISO 8601). */
    at: z.string().max(40),
  })
  .strict();
export type PenaltyRecord = z.infer<typeof PenaltyRecord>;

/** The infractions the desk offers first (the Magic Infraction Procedure Guide's common ones); any text is taken. */
export const COMMON_INFRACTIONS = [
  'Tardiness',
  'Deck/decklist problem',
  'Slow play',
  'Drawing extra cards',
  'Game rule violation',
  'Insufficient shuffling',
  'Unsporting conduct',
] as const;

/** A penalty is for a round already paired, while the tournament runs. */
export function assertPenaltyRound(tournament: { status: string; currentRound: number }, roundNumber: number): void {
  if (tournament.status !== 'RUNNING') throw new DomainError('failed-precondition', 'the tournament is not running');
  if (roundNumber > tournament.currentRound)
    throw new DomainError('invalid-argument', `round ${roundNumber} is not paired yet`);
}

/** The side of a game a penalty falls on, and that game's result now. */
export interface PenalizedGame {
  side: 'a' | 'b';
  hasOpponent: boolean;
  result: MatchUpResult | null;
}

const other = (side: 'a' | 'b') => (side === 'a' ? 'b' : 'a');

/**
 * The match's result after the penalty, or null when the result stays as it is: a warning; a game loss before any
 * score (the players enter the final score with the lost game in it); a disqualification alone.
 */
export function resultAfterPenalty(
  game: PenalizedGame,
  penalty: PenaltyKind,
  scoring: Pick<ScoringPolicy, 'gameTarget'>,
): MatchUpResult | null {
  if (penalty === 'WARNING' || penalty === 'DISQUALIFICATION') return null;
  if (!game.hasOpponent) throw new DomainError('failed-precondition', 'a bye has no match to lose');
  const target = scoring.gameTarget;
  const winner = other(game.side);
  if (penalty === 'MATCH_LOSS') {
    // As a match lost without play: the games that win a match for the opponent, or the win alone.
    if (target === null) return { kind: 'PLAYED', winner };
    return { kind: 'PLAYED', score: { a: 0, b: 0, [winner]: target } };
  }
  const score = game.result?.kind === 'PLAYED' ? game.result.score : undefined;
  if (!score) return null;
  if (target === null)
    throw new DomainError('failed-precondition', 'a game loss changes a score of games: this event scores no games');
  // The penalized player's games won count one fewer, and the opponent's one more, up to the target.
  const lost = { ...score, [game.side]: Math.max(0, score[game.side] - 1) };
  const gained = { ...lost, [winner]: Math.min(target, score[winner] + 1) };
  return { kind: 'PLAYED', score: gained };
}
