import { z } from 'zod';
import { CompetitionTiebreak } from '../domain/policy.js';
import { MatchUpResult, ResultKind } from '../domain/results.js';

const finite = () => z.number().finite();

const RatingHistoryEntry = z
  .object({
    roundNumber: z.number().int().positive(),
    opponentParticipantId: z.string(),
    dynamicFormRatingBefore: finite(),
    dynamicFormRatingAfter: finite(),
    pressureDelta: finite(),
    actualOutput: finite(),
    expectedOutput: finite(),
    matchUpId: z.string(),
  })
  .strict();

const ResultEntry = z
  .object({
    matchUpId: z.string(),
    roundNumber: z.number().int().positive(),
    order: z.number().int().min(0),
    outcome: z.enum(['WIN', 'TIMED_WIN', 'DRAW', 'LOSS']),
    matchPoints: finite(),
    pointsWon: finite(),
    pointsLost: finite(),
    opponentParticipantId: z.string().nullable(),
    kind: ResultKind,
    played: z.boolean(),
  })
  .strict();

/** tournaments/{t}/states/{participantId}: seed 000's participant state. Grows with rounds played only. */
export const StateDoc = z
  .object({
    participantId: z.string(),
    baselineRating: finite(),
    dynamicFormRating: finite(),
    pressureRating: finite(),
    roundsPlayed: z.number().int().min(0),
    wins: z.number().int().min(0),
    losses: z.number().int().min(0),
    draws: z.number().int().min(0),
    totalPointsWon: finite(),
    totalPointsLost: finite(),
    matchPoints: finite(),
    ratingHistory: z.array(RatingHistoryEntry),
    results: z.array(ResultEntry),
  })
  .strict();
export type StateDoc = z.infer<typeof StateDoc>;

/** tournaments/{t}/standings/{participantId}: a leaderboard row without its rank (ranks move together). */
export const StandingDoc = z
  .object({
    participantId: z.string(),
    name: z.string(),
    withdrawn: z.boolean(),
    baselineRating: finite(),
    dynamicFormRating: finite(),
    pressureRating: finite(),
    wins: z.number().int().min(0),
    losses: z.number().int().min(0),
    draws: z.number().int().min(0),
    pointsWon: finite(),
    pointsLost: finite(),
    matchPoints: finite(),
    tiebreaks: z.partialRecord(CompetitionTiebreak, finite()),
  })
  .strict();
export type StandingDoc = z.infer<typeof StandingDoc>;

/** tournaments/{t}/applied/{matchUpId}: the result the trigger last brought the state in line with. */
export const AppliedDoc = z
  .object({
    matchUpId: z.string(),
    roundNumber: z.number().int().positive(),
    order: z.number().int().min(0),
    a: z.string(),
    b: z.string().nullable(),
    result: MatchUpResult.nullable(),
  })
  .strict();
export type AppliedDoc = z.infer<typeof AppliedDoc>;
