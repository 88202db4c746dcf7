import { z } from 'zod';
import { documentIdProblem } from './documentId.js';

/**
 * The bounds of everything a user can write: scores, ratings, policies, requests, ids. They live here, once,
 * so every schema agrees with the others and with firestore.rules (which checks client writes with the same
 * figures). Each bound is far beyond any real event yet small enough that no total over a tournament can
 * overflow to Infinity: 1,000 rounds of 10,000 game points is 1e7.
 */
export const LIMITS = {
  /** One side's game points in one game; firestore.rules' gamePoints() accepts the same 0..10000. */
  gamePoints: { min: 0, max: 10_000 },
  /** Drawn games of one match (a best of three's 1-1-1 or intentional 0-0-3); firestore.rules' drawnGames(). */
  drawnGames: { min: 0, max: 100 },
  /** Each entry of a match-point table (docs/results.md#match-points). */
  matchPoints: { min: 0, max: 1_000 },
  /** Any rating scale in use (Elo, Glicko, UTR, WTN, DUPR ...), also a seeding top or an unrated value. */
  rating: { min: -10_000, max: 10_000 },
  /** Rating points between two seeds under SEEDING baselines. */
  seedingStep: { min: 0, max: 1_000 },
  /** The form rating's Elo update factor, 24 in the presets (docs/ratings.md#dynamic-form). */
  kFactor: { min: 0, max: 1_000 },
  /** The logistic curve's scale (400 for Elo); small scales suit short scales such as UTR. */
  logisticScale: { min: 0.01, max: 100_000 },
  /** The relative weights of WEIGHTED actual output. */
  outputWeight: { min: 0, max: 1_000 },
  /** What pairing two team-mates costs, in rating points (100 in the presets). */
  sameTeamValue: { min: 0, max: 10_000 },
  /** Players per DrawMatic rating lane. */
  laneSize: { min: 2, max: 1_000 },
  /** A seed position, 1 being the top seed. */
  seedPosition: { min: 1, max: 100_000 },
  /** Rounds of one tournament. */
  rounds: { min: 1, max: 1_000 },
  /** A round's duration or pre-alarm, in minutes: up to a day (firestore.rules' validMinutes()). */
  minutes: { min: 0, max: 24 * 60 },
  /** The pairing engine's random seed: a 31-bit integer. */
  pairingSeed: { min: 0, max: 2 ** 31 - 1 },
  /** The years a tournament date can fall in. */
  year: { min: 1900, max: 2999 },
} as const;

/** Text caps, matching firestore.rules where a client may write the field itself. */
export const TEXT = {
  /** A participant's, club's or championship's name. */
  name: 200,
  /** A participant's team and club (firestore.rules: 200). */
  team: 200,
  club: 200,
  /** A participant's country (firestore.rules: 100); a club's is a 3-letter code. */
  participantCountry: 100,
  clubCountry: 3,
  /** A rating scale's name, on a tournament, a championship or a participant's ratings. */
  scaleName: 50,
  policyName: 200,
} as const;

/** Sizes of lists and maps inside one participant or one policy. */
export const SIZES = {
  /** Members of a doubles pair or a team. */
  members: 100,
  /** Named rating scales one participant carries. */
  ratingScales: 20,
  /** Entries of a tiebreak order (ten tiebreaks exist). */
  tiebreaks: 20,
  /** Nesting of a policy, its overrides or pairing options: the policy itself is 4 levels deep. */
  objectDepth: 8,
  /** Keys and list items in all of such an object, however nested. */
  objectEntries: 500,
  /** Nesting of a whole tournament export (its deepest real path, a member's named rating, is 5 levels). */
  exportDepth: 16,
  /**
   * What one callable may write in one transaction, as estimated by domain/common/documentSize.ts. Firestore takes
   * at most 10 MiB in one request (a commit: one transaction or batch; https://firebase.google.com/docs/firestore/quotas,
   * "Maximum API request size"); no count of writes is limited any more. The Firestore emulator that `npm start`
   * and the tests run on refuses gRPC messages over 4 MiB, and its client then retries without end, so the
   * budget sits under that, with room for the converters' defaults the estimate does not see. A 385-player,
   * 9-round tournament (the end of the table in docs/pairing.md#rounds) imports in about 3.2 MiB, half of it states.
   */
  transactionBytes: 3.5 * 1024 * 1024,
} as const;

interface Range {
  readonly min: number;
  readonly max: number;
}

/** A finite number within a range (NaN and the infinities are refused by `finite`). */
export const bounded = (range: Range) => z.number().finite().min(range.min).max(range.max);
export const boundedInt = (range: Range) => z.number().int().min(range.min).max(range.max);

/** The same bound for a value that reached the engine without its schema (NaN is outside every range). */
export const isWithin = (range: Range, value: number): boolean => value >= range.min && value <= range.max;

export const GamePoints = bounded(LIMITS.gamePoints);
export const MatchPoints = bounded(LIMITS.matchPoints);
export const DrawnGames = boundedInt(LIMITS.drawnGames);
export const Rating = bounded(LIMITS.rating);
export const SeedPosition = boundedInt(LIMITS.seedPosition);
export const Minutes = boundedInt(LIMITS.minutes);
export const RoundCount = boundedInt(LIMITS.rounds);
export const PairingSeed = boundedInt(LIMITS.pairingSeed);

/** An id the user chooses that becomes (or names) a Firestore document (documentId.ts says what Firestore refuses). */
export const DocumentId = z.string().superRefine((id, ctx) => {
  const problem = documentIdProblem(id);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

interface ShapeBounds {
  readonly depth: number;
  readonly entries: number;
}

const POLICY_SHAPE: ShapeBounds = { depth: SIZES.objectDepth, entries: SIZES.objectEntries };

/**
 * What is wrong with a plain object's shape (too deep, too large), walked without recursion; null if nothing.
 * By default the bounds of a policy-like object; an export passes its own.
 */
export function objectShapeProblem(value: unknown, bounds: ShapeBounds = POLICY_SHAPE): string | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let entries = 0;
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > bounds.depth) return `is nested deeper than ${bounds.depth} levels`;
    const children = Object.values(next.value);
    entries += children.length;
    if (entries > bounds.entries) return `has more than ${bounds.entries} entries`;
    for (const child of children) pending.push({ value: child, depth });
  }
  return null;
}

/**
 * An object whose contents a later schema checks (a policy, its overrides, pairing options), bounded first in
 * depth and size so that merging or validating it can never exhaust the stack.
 */
export const BoundedObject = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const problem = objectShapeProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
