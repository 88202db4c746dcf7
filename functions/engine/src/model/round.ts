import { z } from 'zod';
import { PairingEdit } from '../domain/pairing/index.js';
import { StoredTimestamp } from './matchUp.js';
import { PairingMethodName } from './tournament.js';

export const RoundStatus = z.enum(['OPEN', 'CLOSED']);
/** PER_ROUND tournaments rate a round once all its results are in: until then the round is WAITING. */
export const RoundRating = z.enum(['WAITING', 'RATED']);
/**
 * Who generated a round, by role rather than account: rounds are public, and only the organizer's ownerUid may
 * be. Rounds stored before the role was kept hold an account id, and read as UNKNOWN.
 */
export const RoundAuthor = z.enum(['OWNER', 'EDITOR', 'UNKNOWN']);
export type RoundAuthor = z.infer<typeof RoundAuthor>;

/**
 * The round's shared clock (docs/organisation.md#round-clock), written by editors through the rules at the server's
 * time: running since `startedAt` unless `pausedAt` is set; `elapsedMs` is what it ran before its last pause. Every
 * screen computes the same time left from these three fields.
 */
export const RoundClock = z
  .object({
    startedAt: StoredTimestamp.nullable(),
    pausedAt: StoredTimestamp.nullable(),
    elapsedMs: z.number().int().min(0),
  })
  .strict();
export type RoundClock = z.infer<typeof RoundClock>;

/** tournaments/{t}/rounds/{roundNumber}: how a round was generated, so it can be reproduced and explained. */
/** One pairing edit as the round keeps it: what, by which role, when, and the warnings the organizer accepted. */
export const RoundEditRecord = z
  .object({
    edit: PairingEdit,
    by: RoundAuthor,
    at: z.string(),
    accepted: z.array(z.string()).default([]),
  })
  .strict();
export type RoundEditRecord = z.infer<typeof RoundEditRecord>;

export const RoundDoc = z
  .object({
    roundNumber: z.number().int().positive(),
    status: RoundStatus.default('OPEN'),
    /** Kept by the score trigger for PER_ROUND tournaments; PER_MATCHUP rates every result as it lands. */
    rating: RoundRating.optional(),
    method: PairingMethodName,
    seed: z.number().int(),
    matchUpCount: z.number().int().min(0),
    byes: z.array(z.string()).default([]),
    notes: z.array(z.string()).default([]),
    /** The request that generated it: a retried call finds it and does not generate again. */
    requestId: z.string().min(1),
    generatedBy: RoundAuthor.default('UNKNOWN').catch('UNKNOWN'),
    generatedAt: z.string(),
    stats: z.record(z.string(), z.unknown()).default({}),
    /** Pairing edits made before the first result, in order (docs/pairing.md#pairing-edits). */
    edits: z.array(RoundEditRecord).max(200).optional(),
    /** Players an edit left without a game (no bye): shown until the organizer pairs them. */
    waiting: z.array(z.string()).optional(),
    /** Forbidden pairs the pairing could not keep apart. */
    forbiddenPairsMet: z.array(z.object({ a: z.string(), b: z.string() }).strict()).optional(),
    /** Absent until an editor starts the round's clock. */
    clock: RoundClock.optional(),
    /**
     * A round of the playoff after the main stage (docs/playoff.md): its number in the playoff, the main stage's
     * rounds, and on its first round the main stage's ranking it is seeded from.
     */
    playoff: z
      .object({
        playoffRound: z.number().int().positive(),
        mainRounds: z.number().int().min(0),
        seeding: z.array(z.string()).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type RoundDoc = z.infer<typeof RoundDoc>;
