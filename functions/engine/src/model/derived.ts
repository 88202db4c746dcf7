import { z } from 'zod';
import { LeaderboardRow } from '../domain/standings/index.js';
import { MatchUpRecord } from '../domain/results/index.js';
import { ParticipantState } from '../domain/ratings/index.js';

/** tournaments/{t}/states/{participantId}: the participant state (docs/ratings.md). Grows with rounds played only. */
export const StateDoc = ParticipantState;
export type StateDoc = z.infer<typeof StateDoc>;

/** tournaments/{t}/standings/{participantId}: a leaderboard row without its rank (ranks move together). */
export const StandingDoc = LeaderboardRow.omit({ rank: true }).extend({ name: z.string() }).strict();
export type StandingDoc = z.infer<typeof StandingDoc>;

/** tournaments/{t}/applied/{matchUpId}: the matchUp record, with the result, the state was last brought in line with. */
export const AppliedDoc = MatchUpRecord;
export type AppliedDoc = z.infer<typeof AppliedDoc>;

/**
 * tournaments/{t}/status/standings: whether the standings are being brought up to date after a change that
 * reached past later games (a correction, a withdrawal, a large round), written in many commits. While `pending`,
 * the score trigger leaves the states to the one runner holding the lease; `requested` counts the changes asked
 * for, so a runner that finishes sees whether one came in meanwhile and goes round again.
 */
export const StandingsStatusDoc = z
  .object({
    pending: z.boolean(),
    requested: z.number().int().min(0),
    /** The runner writing now, and until when its lease holds: after that, the next event or retry takes over. */
    runner: z
      .object({ id: z.string().max(64), until: z.string().max(40) })
      .strict()
      .nullable()
      .default(null),
    /** The last run: how many participants' states the change moved, how many commits it took, when it ended. */
    cone: z.number().int().min(0).optional(),
    commits: z.number().int().min(0).optional(),
    largestCommitBytes: z.number().int().min(0).optional(),
    updatedAt: z.string().max(40),
  })
  .strict();
export type StandingsStatusDoc = z.infer<typeof StandingsStatusDoc>;

/**
 * tournaments/{t}/standingsPages/{page}: STANDINGS_PAGE_SIZE ranked rows of the public standings (docs/standings-updates.md#pages),
 * rebuilt by the backend a few seconds after the standings change. `count` is the number of pages when written,
 * `players` the number of ranked rows in all of them (so page 1 alone can say "places 1–100 of 2,048").
 */
export const StandingsPageDoc = z
  .object({
    page: z.number().int().positive(),
    count: z.number().int().positive(),
    players: z.number().int().nonnegative().optional(),
    rows: z.array(StandingDoc.extend({ rank: z.number().int().positive(), sharedRank: z.boolean() }).strict()),
    updatedAt: z.string().max(40),
  })
  .strict();
export type StandingsPageDoc = z.infer<typeof StandingsPageDoc>;
