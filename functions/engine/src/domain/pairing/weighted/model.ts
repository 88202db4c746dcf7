import type { ColourMode } from '../colours.js';
import type { CriteriaWeights, FloatPlacement, PairingRequest, SeedingSystem, WeightedMethod } from '../types.js';

/**
 * What a "group" is for the method: a score group (Swiss, weighted), a lane of the rating order (DrawMatic) or a
 * rating band (level-based). Pairs stay inside a group or across adjacent groups whenever the field allows.
 */
export type Grouping = { kind: 'SCORE' } | { kind: 'LANE'; laneSize: number } | { kind: 'BAND'; bandWidth: number };

/** The one weighted model: every weighted method is this with different criteria switched on. */
export interface WeightedModel {
  method: WeightedMethod;
  grouping: Grouping;
  avoidRepeat: boolean;
  /** Minimise the total score difference above every soft criterion (score-group integrity). */
  scoreTier: boolean;
  weights: CriteriaWeights;
  seeding: SeedingSystem;
  drawDown: FloatPlacement;
  drawUp: FloatPlacement;
  concavity: number;
  /** Inside a group, players are placed by rating, or in a seeded shuffle (random pairing inside a group). */
  groupOrder: 'RATING' | 'SHUFFLED';
  /**
   * k of the concavity function on the rating gap. DRAW_MATIC uses k = 1, where 1 - f(x) = x^2: the squared gap
   * of tods-competition-factory's DrawMatic, so its sameTeamValue (added to the squared gap) keeps its meaning.
   */
  ratingGapK: number;
  /** DRAW_MATIC without an explicit sameTeam weight: sameTeamValue in squared rating points. */
  sameTeamValue: number | null;
  compatriotRounds: number;
  acceleratedRounds: number;
  lookahead: boolean | undefined;
  colours: ColourMode;
  /** MCMAHON: the score is the MMS, and the McMahon bar holds the secondary criteria (docs/go.md). */
  mcMahon: boolean;
  /** The bar on the secondary criteria, club and country (docs/pairing.md#weighted). */
  secondary: { ratingAbove: number | undefined; winners: boolean };
}

const OFF: CriteriaWeights = {
  scoreConcavity: 0,
  floats: 0,
  seeding: 0,
  ratingGap: 0,
  sameClub: 0,
  sameCountry: 0,
  sameTeam: 0,
  random: 0,
  repeat: 0,
  colourBalance: 0,
  category: 0,
  minimizeHandicap: 0,
};

/** The category tier's weight when players carry categories and the organizer gives none. */
const CATEGORY_WEIGHT = 100;

/** BALANCE's weight when the organizer gives none: above the seeded noise, below the score concavity and floats. */
const COLOUR_BALANCE_WEIGHT = 150;

/**
 * The presets. SWISS: random inside a match-point group, any floater (docs/pairing.md); WEIGHTED is OpenGotha's mix;
 * DRAW_MATIC and LEVEL_BASED pair by rating inside lanes / bands and ignore the score.
 */
const PRESETS: Record<
  WeightedMethod,
  { grouping: Grouping['kind']; scoreTier: boolean; order: 'RATING' | 'SHUFFLED'; weights: CriteriaWeights }
> = {
  SWISS: {
    grouping: 'SCORE',
    scoreTier: true,
    order: 'SHUFFLED',
    weights: { ...OFF, scoreConcavity: 200, random: 100, repeat: 1000 },
  },
  WEIGHTED: {
    grouping: 'SCORE',
    scoreTier: true,
    order: 'RATING',
    weights: {
      ...OFF,
      scoreConcavity: 400,
      floats: 200,
      seeding: 100,
      sameClub: 40,
      sameCountry: 20,
      random: 4,
      repeat: 1000,
    },
  },
  DRAW_MATIC: {
    grouping: 'LANE',
    scoreTier: false,
    order: 'RATING',
    weights: { ...OFF, ratingGap: 100_000, random: 30, repeat: 1000 },
  },
  // OpenGotha's McMahon: the WEIGHTED mix on MMS, split-and-slip seeding, and its "minimize handicap".
  MCMAHON: {
    grouping: 'SCORE',
    scoreTier: true,
    order: 'RATING',
    weights: {
      ...OFF,
      scoreConcavity: 400,
      floats: 200,
      seeding: 100,
      sameClub: 40,
      sameCountry: 20,
      minimizeHandicap: 30,
      random: 4,
      repeat: 1000,
    },
  },
  LEVEL_BASED: {
    grouping: 'BAND',
    scoreTier: false,
    order: 'RATING',
    weights: { ...OFF, ratingGap: 1000, random: 30, repeat: 1000 },
  },
};

/** The model of a request already checked by its schema (request.ts): the preset with the organizer's options. */
export function modelFor(request: PairingRequest, method: WeightedMethod): WeightedModel {
  const options = request.options ?? {};
  const preset = PRESETS[method];
  const weights: CriteriaWeights = { ...preset.weights };
  for (const [key, value] of Object.entries(options.weights ?? {}))
    if (value !== undefined) weights[key as keyof CriteriaWeights] = value;
  const laneSize = options.laneSize ?? 4;
  const bandWidth = options.bandWidth ?? 200;
  const concavity = options.concavity ?? 0.5;
  const sameTeamValue = options.sameTeamValue ?? 100;
  const grouping: Grouping =
    preset.grouping === 'SCORE'
      ? { kind: 'SCORE' }
      : preset.grouping === 'LANE'
        ? { kind: 'LANE', laneSize }
        : { kind: 'BAND', bandWidth };
  const compatriotRounds = options.delayCompatriots ?? 0;
  if (compatriotRounds > 0 && weights.sameCountry === 0) weights.sameCountry = 150;
  if (options.weights?.category === undefined && request.players.some((p) => p.category !== undefined))
    weights.category = CATEGORY_WEIGHT;
  // Go plays colours (Black moves first); OpenGotha balances them in even games.
  const colours = options.colours ?? (method === 'MCMAHON' ? 'BALANCE' : 'NONE');
  if (colours === 'BALANCE' && options.weights?.colourBalance === undefined)
    weights.colourBalance = COLOUR_BALANCE_WEIGHT;
  const avoidRepeat = options.avoidRepeatOpponents ?? true;
  if (avoidRepeat) weights.repeat = 0;
  const fromTeamValue = method === 'DRAW_MATIC' && options.weights?.sameTeam === undefined && sameTeamValue > 0;
  return {
    method,
    grouping,
    avoidRepeat,
    scoreTier: preset.scoreTier,
    weights,
    seeding: options.seeding ?? 'SPLIT_SLIP',
    drawDown: options.drawDown ?? 'BOTTOM',
    drawUp: options.drawUp ?? 'TOP',
    concavity,
    groupOrder: preset.order,
    ratingGapK: method === 'DRAW_MATIC' ? 1 : concavity,
    sameTeamValue: fromTeamValue ? sameTeamValue : null,
    compatriotRounds,
    acceleratedRounds: acceleratedRounds(request),
    lookahead: options.lookahead,
    colours,
    mcMahon: method === 'MCMAHON',
    secondary: {
      ratingAbove: options.secondaryCriteria?.ratingAbove,
      winners: options.secondaryCriteria?.winners ?? false,
    },
  };
}

/** Explicit accelerated rounds, else the first half of the event (the schema makes sure one of them is known). */
function acceleratedRounds(request: PairingRequest): number {
  const acceleration = request.options?.acceleration;
  if (acceleration === undefined) return 0;
  const explicit = typeof acceleration === 'object' ? acceleration.acceleratedRounds : undefined;
  return explicit ?? Math.ceil(request.totalRounds! / 2);
}
