import { z } from 'zod';
import { LeaderboardRow } from '../domain/leaderboard.js';
import { MatchUpRecord } from '../domain/matchUps.js';
import { ParticipantState } from '../domain/state.js';

/** tournaments/{t}/states/{participantId}: the participant state (docs/ratings.md). Grows with rounds played only. */
export const StateDoc = ParticipantState;
export type StateDoc = z.infer<typeof StateDoc>;

/** tournaments/{t}/standings/{participantId}: a leaderboard row without its rank (ranks move together). */
export const StandingDoc = LeaderboardRow.omit({ rank: true }).extend({ name: z.string() }).strict();
export type StandingDoc = z.infer<typeof StandingDoc>;

/** tournaments/{t}/applied/{matchUpId}: the matchUp record, with the result, the state was last brought in line with. */
export const AppliedDoc = MatchUpRecord;
export type AppliedDoc = z.infer<typeof AppliedDoc>;
