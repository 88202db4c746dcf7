import { z } from 'zod';
import { GoRankText } from './rank.js';

const HALF_POINTS = z.union([z.literal(0), z.literal(0.5), z.literal(1)]);

/**
 * The handicap of a game (docs/go.md#handicap), as OpenGotha sets it: from the difference of the two players' MMS
 * (or ranks), less the correction, at most the ceiling; players above `noHandicapAbove` count as that rank, so two
 * of them play even. Absent from the settings: every game is even. Defaults: MMS, correction 1, ceiling 9.
 */
export const HandicapSettings = z
  .object({
    basedOn: z.enum(['MMS', 'RANK']).optional(),
    /** Stones taken off the difference: 1 makes two players one rank apart play even. */
    correction: z.number().int().min(0).max(9).optional(),
    /** The most stones a game gets; 0 is no handicap at all. */
    ceiling: z.number().int().min(0).max(9).optional(),
    /** Players above this rank count as this rank; default the McMahon bar (no handicap above the bar). */
    noHandicapAbove: GoRankText.optional(),
  })
  .strict();
export type HandicapSettings = z.infer<typeof HandicapSettings>;

/** OpenGotha's defaults for a McMahon tournament (docs/go.md#mcmahon-scores). */
export const MCMAHON_DEFAULTS = {
  bar: '4d',
  floor: '20k',
  byePoints: 1,
  absencePoints: 0.5,
  roundDown: true,
  winners: true,
  komi: 7.5,
} as const;

/**
 * The organizer's McMahon settings as written (docs/go.md#mcmahon-scores), every field optional: the bar, the
 * floor, what byes and absences count, the komi and the handicaps. `mcMahonSettings` fills OpenGotha's defaults.
 */
export const McMahonOptions = z
  .object({
    /** Everyone at or above the bar starts on the bar's MMS. */
    bar: GoRankText.optional(),
    /** Everyone at or below the floor starts on the floor's MMS. */
    floor: GoRankText.optional(),
    /** MMS for the pairing's bye (an odd field). */
    byePoints: HALF_POINTS.optional(),
    /** MMS for a round without a game the player did not get from the pairing: a requested bye, a missed round. */
    absencePoints: HALF_POINTS.optional(),
    /** OpenGotha's "round down": the byes' and absences' points together count in whole points, rounded down. */
    roundDown: z.boolean().optional(),
    /**
     * The secondary criteria (club, country, minimize handicap) do not apply above the bar; with `winners` they do not
     * apply either to players who won at least half the rounds (OpenGotha's setting, on by default).
     */
    winners: z.boolean().optional(),
    /** Komi of an even game; a handicap game has 0.5 (docs/go.md#handicap). */
    komi: z.number().min(-50).max(50).multipleOf(0.5).optional(),
    handicap: HandicapSettings.optional(),
  })
  .strict();
export type McMahonOptions = z.infer<typeof McMahonOptions>;

/** The settings with every default filled in: what the rules read. */
export type McMahonSettings = Omit<Required<McMahonOptions>, 'handicap'> & Pick<McMahonOptions, 'handicap'>;

export function mcMahonSettings(options: McMahonOptions = {}): McMahonSettings {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return { ...MCMAHON_DEFAULTS, ...defined };
}
