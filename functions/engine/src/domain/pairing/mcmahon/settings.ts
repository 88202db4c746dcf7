import { z } from 'zod';
import { GoRankText } from './rank.js';

const HALF_POINTS = z.union([z.literal(0), z.literal(0.5), z.literal(1)]);

/**
 * The handicap of a game (docs/go.md#handicap), as OpenGotha sets it: from the difference of the two players' MMS
 * (or ranks), less the correction, at most the ceiling; players above `noHandicapAbove` count as that rank, so two
 * of them play even. Absent from the settings: every game is even.
 */
export const HandicapSettings = z
  .object({
    basedOn: z.enum(['MMS', 'RANK']).default('MMS'),
    /** Stones taken off the difference: 1 makes two players one rank apart play even. */
    correction: z.number().int().min(0).max(9).default(1),
    /** The most stones a game gets; 0 is no handicap at all. */
    ceiling: z.number().int().min(0).max(9).default(9),
    /** Players above this rank count as this rank; default the McMahon bar (no handicap above the bar). */
    noHandicapAbove: GoRankText.optional(),
  })
  .strict();
export type HandicapSettings = z.infer<typeof HandicapSettings>;

/**
 * The organizer's McMahon settings (docs/go.md#mcmahon-scores), with OpenGotha's defaults for a McMahon tournament:
 * the bar at 4d, the floor at 20k, a pairing bye worth a win, an absence worth half a point, both rounded down.
 */
export const McMahonSettings = z
  .object({
    /** Everyone at or above the bar starts on the bar's MMS. */
    bar: GoRankText.default('4d'),
    /** Everyone at or below the floor starts on the floor's MMS. */
    floor: GoRankText.default('20k'),
    /** MMS for the pairing's bye (an odd field). */
    byePoints: HALF_POINTS.default(1),
    /** MMS for a round without a game the player did not get from the pairing: a requested bye, a missed round. */
    absencePoints: HALF_POINTS.default(0.5),
    /** OpenGotha's "round down": the byes' and absences' points together count in whole points, rounded down. */
    roundDown: z.boolean().default(true),
    /**
     * The secondary criteria (club, country, minimize handicap) do not apply above the bar; with `winners` they do not
     * apply either to players who won at least half the rounds (OpenGotha's setting, on by default).
     */
    winners: z.boolean().default(true),
    /** Komi of an even game; a handicap game has 0.5 (docs/go.md#handicap). */
    komi: z.number().min(-50).max(50).multipleOf(0.5).default(7.5),
    handicap: HandicapSettings.optional(),
  })
  .strict();
export type McMahonSettings = z.infer<typeof McMahonSettings>;
export type McMahonSettingsInput = z.input<typeof McMahonSettings>;
