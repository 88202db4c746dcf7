import { z } from 'zod';
import { DocumentId, DomainError, Rating, SeedPosition, SIZES, TEXT } from '../common/index.js';
import type { CompetitionPolicy } from '../policy/index.js';
import { GoRankEntry } from '../pairing/index.js';
import { aggregateRatings } from './ratings.js';

/** Ratings on named scales (the policy's scaleName picks one), a handful per participant. */
const NamedRatings = z
  .record(z.string().min(1).max(TEXT.scaleName), Rating)
  .refine((ratings) => Object.keys(ratings).length <= SIZES.ratingScales, `at most ${SIZES.ratingScales} scales`);

export const Member = z
  .object({
    participantId: DocumentId.optional(),
    rating: Rating.optional(),
    ratings: NamedRatings.optional(),
  })
  .strict();

/** The Magic Tournament Rules' rounds table counts a player with up to three awarded byes. */
export const MAX_AWARDED_BYES = 3;

/**
 * A bye decided before a round is paired: half a point (a draw) or none (a loss), which a player may ask for, or a
 * whole point (a win), which only the organizer gives.
 */
export const RequestedBye = z
  .object({ round: z.number().int().min(1).max(999), points: z.enum(['FULL', 'HALF', 'ZERO']) })
  .strict();
export type RequestedBye = z.infer<typeof RequestedBye>;

export const RequestedByes = z
  .array(RequestedBye)
  .max(100)
  .refine(
    (byes) => byes.every((bye, i) => i === 0 || byes[i - 1]!.round < bye.round),
    'one bye a round, in round order',
  );

/**
 * The titles a Tournament Report File carries in its title column (docs/trf.md#the-players-fields): the eight
 * chess titles, as FIDE's TRF-16 and TRF-2026 list them. Neither text lists arbiter or trainer titles there.
 */
export const FIDE_TITLES = ['GM', 'IM', 'WGM', 'FM', 'WIM', 'CM', 'WFM', 'WCM'] as const;
export const FideTitle = z.enum(FIDE_TITLES);
export type FideTitle = z.infer<typeof FideTitle>;

/** A chess player's entry as FIDE knows it (docs/trf.md#the-players-fields), every field optional. */
const ChessIdentity = {
  /** FIDE id: digits only, at most the 11 of a TRF's FIDE-number column. */
  fideId: z
    .string()
    .regex(/^[0-9]{1,11}$/, 'must be a FIDE id: 1 to 11 digits')
    .optional(),
  title: FideTitle.optional(),
  /** FIDE federation code: three capital letters (NOR, IND, FID ...). */
  federation: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a FIDE federation code: 3 capital letters')
    .optional(),
  /** As a TRF writes it: m (man) or w (woman). */
  sex: z.enum(['m', 'w']).optional(),
  /** The year alone, not the date: age categories need no more, and it is all FIDE publishes (docs/trf.md). */
  birthYear: z.number().int().min(1900).max(2100).optional(),
};

/** A competitor: a player, or a doubles pair / team whose members' ratings are aggregated (docs/ratings.md). */
export const Participant = z
  .object({
    /** Also the id of the participant's documents (participants, states, standings). */
    participantId: DocumentId,
    name: z.string().trim().min(1).max(TEXT.name).optional(),
    /** The rating on the tournament's scale (baseline source SCALE). */
    rating: Rating.optional(),
    /** Ratings on named scales, read when the policy names a scaleName. */
    ratings: NamedRatings.optional(),
    seedPosition: SeedPosition.optional(),
    manualRating: Rating.optional(),
    members: z.array(Member).max(SIZES.members).optional(),
    // Editors may rewrite these three through firestore.rules: the caps are the rules' own, or a document an
    // editor saved could no longer be read.
    team: z.string().max(TEXT.team).optional(),
    club: z.string().max(TEXT.club).optional(),
    country: z.string().max(TEXT.participantCountry).optional(),
    /** A division or section, 1 = the top one: pairing avoids mixing categories (docs/pairing.md#weighted). */
    category: z.number().int().min(1).max(99).optional(),
    withdrawn: z.boolean().optional(),
    /**
     * Byes awarded before the event (a qualifier's perk at large card-game events): a won match without play in
     * each of the first rounds, up to three (docs/pairing.md#awarded-byes).
     */
    awardedByes: z.number().int().min(0).max(MAX_AWARDED_BYES).optional(),
    /**
     * Rounds the player asked to sit out with a half-point or a zero-point bye (docs/pairing.md#requested-byes),
     * one entry a round, in round order.
     */
    requestedByes: RequestedByes.optional(),
    ...ChessIdentity,
    /** A Go player's rank (docs/go.md#ranks), kept in its short spelling: 5k, 1d, 3p. */
    goRank: GoRankEntry.optional(),
  })
  .strict();
export type Participant = z.infer<typeof Participant>;

type Rated = Pick<Participant, 'rating' | 'ratings'>;

function scaleValue(rated: Rated, scaleName: string | undefined): number | undefined {
  return scaleName === undefined ? rated.rating : (rated.ratings?.[scaleName] ?? rated.rating);
}

/**
 * The baseline (docs/ratings.md), resolved once when the participant enters and frozen for the event: from the scale
 * (members aggregated), from the seed position, or as supplied.
 */
export function baselineRatingOf(participant: Participant, policy: CompetitionPolicy): number {
  const baseline = policy.ratingPolicy.baselineRating;
  const id = participant.participantId;
  switch (baseline.source) {
    case 'SCALE': {
      const own = scaleValue(participant, baseline.scaleName);
      if (own !== undefined) return own;
      const memberValues = (participant.members ?? []).map((m) => scaleValue(m, baseline.scaleName));
      if (memberValues.length > 0 && memberValues.every((v): v is number => v !== undefined)) {
        return aggregateRatings(memberValues, policy.ratingPolicy.ratingAggregation);
      }
      if (baseline.unratedValue !== undefined) return baseline.unratedValue;
      throw new DomainError(
        'invalid-argument',
        `participant ${id} has no rating${baseline.scaleName ? ` on scale ${baseline.scaleName}` : ''} (baseline source SCALE, no unratedValue set)`,
      );
    }
    case 'SEEDING': {
      if (participant.seedPosition === undefined) {
        throw new DomainError('invalid-argument', `participant ${id} has no seedPosition (baseline source SEEDING)`);
      }
      return baseline.seedingTop - (participant.seedPosition - 1) * baseline.seedingStep;
    }
    case 'MANUAL': {
      if (participant.manualRating === undefined) {
        throw new DomainError('invalid-argument', `participant ${id} has no manualRating (baseline source MANUAL)`);
      }
      return participant.manualRating;
    }
  }
}
