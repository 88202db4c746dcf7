import type { CostTerms, CriteriaWeights } from '../types.js';
import type { PairingContext } from './context.js';
import { byeGroupTier, byeRankTier, byeRepeatTier } from './criteria/bye.js';
import { categoryTier } from './criteria/category.js';
import { colourBalanceCost, colourConflictTier, colourPreferenceTier } from './criteria/colours.js';
import { floatCost } from './criteria/floats.js';
import { sameClubCost, sameCountryCost, sameTeamCost } from './criteria/geography.js';
import { groupJumpTier } from './criteria/groups.js';
import { minimizeHandicapCost } from './criteria/handicap.js';
import { randomCost } from './criteria/random.js';
import { ratingGapCost } from './criteria/ratingGap.js';
import { rematchTier, repeatCost } from './criteria/rematch.js';
import { scoreConcavityCost, scoreDifferenceTier } from './criteria/scoreDifference.js';
import { seedingCost } from './criteria/seeding.js';

/**
 * The cost of a pair is a vector of tiers, compared lexicographically: the first tier outweighs everything
 * below it summed over the whole round. The soft tier is a plain sum of the enabled criteria.
 */
export const TIERS = [
  'forbidden',
  'rematch',
  'byeRepeat',
  'colourConflict',
  'category',
  // The bye is an automatic win: it goes to the lowest group the absolute rules allow before any pair is kept
  // within adjacent groups (docs/pairing.md#byes), or a leader takes it to spare one pair a skipped group.
  'byeGroup',
  'groupJump',
  'scoreDifference',
  'byeRank',
  'colourPreference',
  'soft',
] as const;
export const TIER_COUNT = TIERS.length;
export const SOFT = TIER_COUNT - 1;
export const tier = (name: (typeof TIERS)[number]): number => TIERS.indexOf(name);
const [
  FORBIDDEN,
  REMATCH,
  BYE_REPEAT,
  COLOUR_CONFLICT,
  CATEGORY,
  BYE_GROUP,
  GROUP_JUMP,
  SCORE_DIFFERENCE,
  BYE_RANK,
  COLOUR_PREFERENCE,
] = TIERS.map((_, t) => t);
/** Tiers only the bye edge carries: at most one edge of a round has them. */
export const BYE_ONLY: ReadonlySet<number> = new Set([BYE_REPEAT!, BYE_GROUP!, BYE_RANK!]);

/** A soft criterion; the coster calls only those with a positive weight, so none needs to test its own weight. */
type PairCriterion = (ctx: PairingContext, i: number, j: number) => number;

const SOFT_CRITERIA: ReadonlyArray<readonly [keyof CriteriaWeights, PairCriterion]> = [
  ['scoreConcavity', scoreConcavityCost],
  ['floats', floatCost],
  ['seeding', seedingCost],
  ['ratingGap', ratingGapCost],
  ['sameClub', sameClubCost],
  ['sameCountry', sameCountryCost],
  ['sameTeam', sameTeamCost],
  ['random', randomCost],
  ['repeat', repeatCost],
  ['colourBalance', colourBalanceCost],
  ['minimizeHandicap', minimizeHandicapCost],
];
// `category` is a weight of CriteriaWeights but a tier of its own (categoryTier), not a soft criterion.

export interface Coster {
  /** Writes the tier values of pair (i, j) at out[o .. o + TIER_COUNT). */
  pair(i: number, j: number, out: Float64Array, o: number): void;
  /** The same for giving player i the bye. */
  bye(i: number, out: Float64Array, o: number): void;
  pairTerms(i: number, j: number): CostTerms;
  byeTerms(i: number): CostTerms;
}

export function createCoster(ctx: PairingContext): Coster {
  const soft = SOFT_CRITERIA.filter(([name]) => ctx.weights[name] > 0);
  const softFns = soft.map(([, fn]) => fn);
  const softCount = softFns.length;
  // Tiers a request cannot use stay 0 without a call per edge.
  const colours = ctx.model.colours === 'FIDE';
  const categories = ctx.weights.category > 0;
  return {
    pair(i, j, out, o) {
      out.fill(0, o, o + TIER_COUNT);
      out[o + FORBIDDEN!] = ctx.field.forbidden(i, j) ? 1 : 0;
      out[o + REMATCH!] = rematchTier(ctx, i, j);
      if (colours) {
        out[o + COLOUR_CONFLICT!] = colourConflictTier(ctx, i, j);
        out[o + COLOUR_PREFERENCE!] = colourPreferenceTier(ctx, i, j);
      }
      if (categories) out[o + CATEGORY!] = categoryTier(ctx, i, j);
      out[o + GROUP_JUMP!] = groupJumpTier(ctx, i, j);
      out[o + SCORE_DIFFERENCE!] = scoreDifferenceTier(ctx, i, j);
      let s = 0;
      for (let k = 0; k < softCount; k++) s += softFns[k]!(ctx, i, j);
      out[o + SOFT] = s;
    },
    bye(i, out, o) {
      out.fill(0, o, o + TIER_COUNT);
      out[o + BYE_REPEAT!] = byeRepeatTier(ctx, i);
      out[o + BYE_GROUP!] = byeGroupTier(ctx, i);
      out[o + BYE_RANK!] = byeRankTier(ctx, i);
    },
    pairTerms(i, j) {
      const terms: CostTerms = {
        rematches: ctx.field.met(i, j),
        ...(ctx.field.forbidden(i, j) ? { forbidden: 1 } : {}),
        groupDistance: Math.abs(ctx.group[i]! - ctx.group[j]!),
        scoreDifference: round6(Math.abs(ctx.scoreUnits[i]! - ctx.scoreUnits[j]!) * ctx.quantum),
      };
      if (ctx.weights.category > 0) terms.categoryDistance = Math.abs(ctx.category[i]! - ctx.category[j]!);
      if (ctx.model.colours === 'FIDE') {
        terms.colourConflict = colourConflictTier(ctx, i, j);
        terms.colourPreference = colourPreferenceTier(ctx, i, j);
      }
      let s = 0;
      for (const [name, fn] of soft) {
        const c = fn(ctx, i, j);
        terms[name] = c;
        s += c;
      }
      terms.soft = s;
      // Go: the game's handicap and komi travel with the pairing (docs/go.md#handicap).
      if (ctx.mcMahon) {
        const handicap = ctx.mcMahon.handicap(i, j);
        terms.handicap = handicap.stones;
        terms.komi = handicap.komi;
      }
      return terms;
    },
    byeTerms(i) {
      return {
        earlierByes: ctx.byes[i]!,
        groupsAboveLowest: byeGroupTier(ctx, i),
        rankFromBottom: ctx.rankFromBottom[i]!,
      };
    },
  };
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
