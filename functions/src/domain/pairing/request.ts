import { z } from 'zod';
import { describeIssues } from '../errors.js';
import { PairingError } from './errors.js';
import { PAIRING_METHODS } from './types.js';

const weight = () => z.number().int().min(0).max(1_000_000);
const rounds = () => z.number().int().min(0);

/**
 * The organizer's pairing request as it arrives (command line, callable function): the method, the seed and the
 * method's options side by side. Unknown keys are refused so a misspelt option never goes silently unused.
 */
export const PairingSpec = z
  .object({
    method: z.enum(PAIRING_METHODS).optional(),
    seed: z.number().int().default(1),
    /** Planned number of rounds (Swiss default: seed 002's table); the lookahead and Baku acceleration read it. */
    totalRounds: z.number().int().positive().optional(),
    avoidRepeatOpponents: z.boolean().optional(),
    laneSize: z.number().int().min(2).optional(),
    sameTeamValue: z.number().finite().nonnegative().optional(),
    bandWidth: z.number().finite().positive().optional(),
    weights: z
      .object({
        scoreConcavity: weight(),
        floats: weight(),
        seeding: weight(),
        ratingGap: weight(),
        sameClub: weight(),
        sameCountry: weight(),
        sameTeam: weight(),
        random: weight(),
        repeat: weight(),
      })
      .partial()
      .strict()
      .optional(),
    seeding: z.enum(['SPLIT_RANDOM', 'SPLIT_FOLD', 'SPLIT_SLIP']).optional(),
    drawDown: z.enum(['TOP', 'MIDDLE', 'BOTTOM']).optional(),
    drawUp: z.enum(['TOP', 'MIDDLE', 'BOTTOM']).optional(),
    concavity: z.number().min(0).max(1).optional(),
    acceleration: z
      .union([z.literal('BAKU'), z.object({ method: z.literal('BAKU'), acceleratedRounds: rounds().optional() }).strict()])
      .optional(),
    delayCompatriots: rounds().optional(),
    lookahead: z.boolean().optional(),
    delayTopPlayers: rounds().optional(),
    allRounds: z.boolean().optional(),
    table: z.enum(['BERGER', 'CIRCLE']).optional(),
    cycles: z.union([z.literal(1), z.literal(2)]).optional(),
    system: z.enum(['ROUND_ROBIN', 'KNOCKOUT']).optional(),
    finals: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    finalKind: z.enum(['SINGLE', 'BEST_OF_THREE']).optional(),
  })
  .strict();
export type PairingSpec = z.infer<typeof PairingSpec>;

export function parsePairingSpec(input: unknown): PairingSpec {
  const parsed = PairingSpec.safeParse(input ?? {});
  if (!parsed.success) throw new PairingError('invalid-argument', `invalid pairing request: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}
