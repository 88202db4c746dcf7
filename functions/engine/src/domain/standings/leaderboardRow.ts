import { z } from 'zod';
import { CompetitionTiebreak } from '../policy/index.js';

const finite = () => z.number().finite();
const count = () => z.number().int().min(0);

/** The leaderboard row, plus match points, withdrawal and the tiebreaks that decided the order (docs/tiebreaks.md). */
export const LeaderboardRow = z
  .object({
    participantId: z.string(),
    rank: z.number().int().positive(),
    baselineRating: finite(),
    dynamicFormRating: finite(),
    pressureRating: finite(),
    wins: count(),
    losses: count(),
    draws: count(),
    pointsWon: finite(),
    pointsLost: finite(),
    matchPoints: finite(),
    /** Go's McMahon score (docs/go.md#standings), when the standings count it: the MMS ranking, Go's tiebreaks. */
    mcMahonScore: finite().optional(),
    withdrawn: z.boolean(),
    tiebreaks: z.partialRecord(CompetitionTiebreak, finite()),
  })
  .strict();
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;
