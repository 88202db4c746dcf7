import { z } from 'zod';
import {
  bounded,
  boundedInt,
  BoundedObject,
  describeIssues,
  DomainError,
  GamePoints,
  LIMITS,
  MatchPoints,
  objectShapeProblem,
  Rating,
  SIZES,
  TEXT,
} from '../common/index.js';
import { COLOUR_MODES, McMahonOptions, POLICY_METHODS } from '../pairing/index.js';
import {
  CompetitionTiebreak,
  GO_TIEBREAKS,
  OPPONENT_WITHDRAWAL_TIEBREAKS,
  UNPLAYED_ROUND_TIEBREAKS,
} from './tiebreakReads.js';

// The policy's enums (docs/ratings.md, docs/tiebreaks.md), MATCH_POINTS and the Buchholz variants included.
export const BaselineRatingSource = z.enum(['SCALE', 'SEEDING', 'MANUAL']);
export const ActualOutputMethod = z.enum(['POINT_SHARE', 'WEIGHTED']);
export const PolicyPairingMethod = z.enum(POLICY_METHODS);
export const RatingSource = z.enum(['DYNAMIC_FORM', 'BASELINE']);
export const ProcessingGranularity = z.enum(['PER_MATCHUP', 'PER_ROUND']);
export const RatingAggregation = z.enum(['AVERAGE', 'MIN', 'MAX', 'SUM']);
/** MCMAHON_SCORE: Go's McMahon score, the initial score from the rank plus the rounds (docs/go.md#standings). */
export const PrimaryRanking = z.enum([
  'PRESSURE_RATING',
  'DYNAMIC_FORM_RATING',
  'WINS',
  'POINTS',
  'MATCH_POINTS',
  'MCMAHON_SCORE',
]);
export const BuchholzDropOutMode = z.enum(['NONE', 'TREND', 'TREND70']);
/**
 * How the opponent-based tiebreaks count a round without a game (docs/tiebreaks.md#fide-c07): AS_PLAYED counts what
 * was played; FIDE_2024 and FIDE_2026 follow Article 16 of FIDE's C.07 as applied from 1 April 2024 and from
 * 1 March 2026 (whose dummy opponent's score is capped).
 */
export const UnplayedRounds = z.enum(['AS_PLAYED', 'FIDE_2024', 'FIDE_2026']);
export type BaselineRatingSource = z.infer<typeof BaselineRatingSource>;
export type PrimaryRanking = z.infer<typeof PrimaryRanking>;
export type RatingAggregation = z.infer<typeof RatingAggregation>;
export type BuchholzDropOutMode = z.infer<typeof BuchholzDropOutMode>;
export type UnplayedRounds = z.infer<typeof UnplayedRounds>;

/** Match points per outcome (docs/results.md#match-points: 3 / 2 / 1.5 / 0; chess: 1 / 0.5 / 0). */
export const MatchPointTable = z
  .object({
    win: MatchPoints,
    timedWin: MatchPoints,
    draw: MatchPoints,
    loss: MatchPoints,
  })
  .strict();
export type MatchPointTable = z.infer<typeof MatchPointTable>;

export const MATCH_POINTS_REDEMPTION: MatchPointTable = { win: 3, timedWin: 2, draw: 1.5, loss: 0 };
export const MATCH_POINTS_CHESS: MatchPointTable = { win: 1, timedWin: 1, draw: 0.5, loss: 0 };
/** Magic's and Play! Pokémon's table: a match won at time (1-0) is a win like any other. */
export const MATCH_POINTS_TCG: MatchPointTable = { win: 3, timedWin: 3, draw: 1, loss: 0 };

/**
 * Whether a game may go on past its target (docs/results.md#game-points). NEVER: the first side to
 * reach it wins. WIN_BY_TWO: a game may also be played past the target, and then ends as soon as one side is
 * two points clear (7-5 or 6-4 to 5; never 7-3 or 6-5). Scores up to the target read the same either way.
 */
export const PlayPastTarget = z.enum(['NEVER', 'WIN_BY_TWO']);
export type PlayPastTarget = z.infer<typeof PlayPastTarget>;

export const ScoringPolicy = z
  .object({
    /** Game points that win a game outright; a lead below it is a timed win. null: every lead is a win. */
    gameTarget: GamePoints.positive().nullable().default(5),
    playPastTarget: PlayPastTarget.default('NEVER'),
    matchPoints: MatchPointTable.default(MATCH_POINTS_CHESS),
    /** Game points credited to a player for a pairing bye (SoL's phantom score; it uses 25). */
    phantomScore: GamePoints.default(0),
  })
  .strict();
export type ScoringPolicy = z.infer<typeof ScoringPolicy>;

export const CompetitionPolicy = z
  .object({
    policyName: z.string().max(TEXT.policyName).optional(),
    ratingPolicy: z
      .object({
        baselineRating: z
          .object({
            source: BaselineRatingSource,
            scaleName: z.string().min(1).max(TEXT.scaleName).optional(),
            frozenDuringEvent: z.literal(true).default(true),
            /** Baseline for a participant the scale does not rate; absent means such a participant is refused. */
            unratedValue: Rating.optional(),
            /** SEEDING: seed 1 gets seedingTop, each later seed seedingStep less. */
            seedingTop: Rating.default(2000),
            seedingStep: bounded(LIMITS.seedingStep).default(25),
          })
          .strict(),
        dynamicFormRating: z
          .object({
            enabled: z.boolean(),
            initializeFrom: z.literal('BASELINE').default('BASELINE'),
            kFactor: bounded(LIMITS.kFactor),
            logisticScale: bounded(LIMITS.logisticScale),
          })
          .strict(),
        pressureRating: z
          .object({
            enabled: z.boolean(),
            expectationSource: z.literal('BASELINE_ONLY').default('BASELINE_ONLY'),
            actualOutputMethod: ActualOutputMethod,
            weights: z
              .object({
                pointShare: bounded(LIMITS.outputWeight),
                pointDifferential: bounded(LIMITS.outputWeight).optional(),
                contextFactor: bounded(LIMITS.outputWeight).optional(),
              })
              .strict()
              .optional(),
          })
          .strict()
          .optional(),
        ratingAggregation: RatingAggregation.optional(),
      })
      .strict(),
    pairingPolicy: z
      .object({
        method: PolicyPairingMethod,
        ratingSource: RatingSource,
        laneSize: boundedInt(LIMITS.laneSize).optional(),
        avoidRepeatOpponents: z.boolean(),
        sameTeamValue: bounded(LIMITS.sameTeamValue).optional(),
        /** Who moves first: NONE, BALANCE or FIDE (docs/colours.md); the tournament's pairing options may override. */
        colours: z.enum(COLOUR_MODES).optional(),
        /** Which table recommends the rounds (docs/pairing.md#rounds): the Swiss seed's (default) or the MTR's. */
        roundsTable: z.enum(['SWISS', 'MTR']).optional(),
        /**
         * Go (docs/go.md#mcmahon-scores): the McMahon bar, floor, byes, absences, komi and handicaps, read by the
         * MCMAHON pairing and by the McMahon standings alike; a round's own pairing options may override them.
         */
        mcMahon: McMahonOptions.optional(),
      })
      .strict(),
    victoryPolicy: z
      .object({
        primaryRanking: PrimaryRanking,
        tiebreakOrder: z.array(CompetitionTiebreak).max(SIZES.tiebreaks).optional(),
        buchholzDropOut: BuchholzDropOutMode.default('NONE'),
        unplayedRounds: UnplayedRounds.default('AS_PLAYED'),
      })
      .strict(),
    processingGranularity: ProcessingGranularity,
    scoringPolicy: ScoringPolicy.default(() => ScoringPolicy.parse({})),
  })
  .strict();
export type CompetitionPolicy = z.infer<typeof CompetitionPolicy>;
export type CompetitionPolicyInput = z.input<typeof CompetitionPolicy>;

const DYNAMIC_24_400 = { enabled: true, initializeFrom: 'BASELINE', kFactor: 24, logisticScale: 400 } as const;

/**
 * The presets (docs/ratings.md#presets). SWISS also takes REDEMPTION's match-point table, which is
 * the product's default Swiss scoring.
 */
export const PRESET_POLICIES = {
  STANDARD: {
    policyName: 'Standard DrawMatic Competition',
    ratingPolicy: { baselineRating: { source: 'SCALE' }, dynamicFormRating: DYNAMIC_24_400 },
    pairingPolicy: {
      method: 'DRAW_MATIC',
      ratingSource: 'DYNAMIC_FORM',
      avoidRepeatOpponents: true,
      sameTeamValue: 100,
    },
    victoryPolicy: {
      primaryRanking: 'WINS',
      tiebreakOrder: ['POINT_DIFFERENTIAL', 'HEAD_TO_HEAD', 'DYNAMIC_FORM_RATING'],
    },
    processingGranularity: 'PER_ROUND',
  },
  PRESSURE: {
    policyName: 'Pressure DrawMatic Competition',
    ratingPolicy: {
      baselineRating: { source: 'SCALE' },
      dynamicFormRating: DYNAMIC_24_400,
      pressureRating: {
        enabled: true,
        actualOutputMethod: 'POINT_SHARE',
        weights: { pointShare: 1, pointDifferential: 0, contextFactor: 0 },
      },
    },
    pairingPolicy: {
      method: 'DRAW_MATIC',
      ratingSource: 'DYNAMIC_FORM',
      avoidRepeatOpponents: true,
      sameTeamValue: 100,
    },
    victoryPolicy: {
      primaryRanking: 'PRESSURE_RATING',
      tiebreakOrder: ['HEAD_TO_HEAD_PRESSURE', 'POINT_DIFFERENTIAL', 'STRENGTH_OF_OPPOSITION'],
    },
    processingGranularity: 'PER_MATCHUP',
  },
  SWISS: {
    policyName: 'Swiss Competition with Pressure',
    ratingPolicy: {
      baselineRating: { source: 'SCALE' },
      dynamicFormRating: DYNAMIC_24_400,
      pressureRating: { enabled: true, actualOutputMethod: 'POINT_SHARE', weights: { pointShare: 1 } },
    },
    pairingPolicy: { method: 'SWISS', ratingSource: 'DYNAMIC_FORM', avoidRepeatOpponents: true },
    victoryPolicy: {
      primaryRanking: 'WINS',
      tiebreakOrder: ['BUCHHOLZ', 'SONNEBORN_BERGER', 'HEAD_TO_HEAD', 'PRESSURE_RATING'],
    },
    processingGranularity: 'PER_ROUND',
    scoringPolicy: { gameTarget: 5, matchPoints: MATCH_POINTS_REDEMPTION },
  },
  /** The card game's Swiss as written: match points, then game-point differential; timed wins; no rating-driven ranking. */
  REDEMPTION: {
    policyName: 'Redemption Swiss (match points, score differential)',
    ratingPolicy: { baselineRating: { source: 'SCALE', unratedValue: 1500 }, dynamicFormRating: DYNAMIC_24_400 },
    pairingPolicy: { method: 'SWISS', ratingSource: 'DYNAMIC_FORM', avoidRepeatOpponents: true },
    victoryPolicy: { primaryRanking: 'MATCH_POINTS', tiebreakOrder: ['POINT_DIFFERENTIAL', 'HEAD_TO_HEAD'] },
    processingGranularity: 'PER_MATCHUP',
    scoringPolicy: { gameTarget: 5, matchPoints: MATCH_POINTS_REDEMPTION },
  },
  /**
   * A chess Swiss: 1 / 0.5 / 0, results without game points, pairing by the frozen rating with FIDE colours, then
   * points and FIDE's tiebreaks for an individual Swiss, unplayed rounds as C.07 counts them since 1 March 2026
   * (docs/tiebreaks.md#fide-c07). The other presets play without colours (NONE).
   */
  CHESS: {
    policyName: 'Chess Swiss (FIDE colours)',
    ratingPolicy: { baselineRating: { source: 'SCALE', unratedValue: 1000 }, dynamicFormRating: DYNAMIC_24_400 },
    pairingPolicy: { method: 'SWISS', ratingSource: 'BASELINE', avoidRepeatOpponents: true, colours: 'FIDE' },
    victoryPolicy: {
      primaryRanking: 'MATCH_POINTS',
      tiebreakOrder: ['BUCHHOLZ_CUT1', 'BUCHHOLZ', 'DIRECT_ENCOUNTER', 'AVERAGE_RATING_OF_OPPONENTS', 'NUMBER_OF_WINS'],
      unplayedRounds: 'FIDE_2026',
    },
    processingGranularity: 'PER_ROUND',
    scoringPolicy: { gameTarget: null, matchPoints: MATCH_POINTS_CHESS },
  },
  /**
   * A trading-card-game Swiss as the Magic Tournament Rules run it: best-of-three matches (2 games win), 3 / 1 / 0,
   * then opponents' match-win, game-win and opponents' game-win percentages (docs/tiebreaks.md).
   */
  TCG: {
    policyName: 'Trading card game Swiss (best of three)',
    ratingPolicy: { baselineRating: { source: 'SCALE', unratedValue: 1500 }, dynamicFormRating: DYNAMIC_24_400 },
    pairingPolicy: { method: 'SWISS', ratingSource: 'DYNAMIC_FORM', avoidRepeatOpponents: true, roundsTable: 'MTR' },
    victoryPolicy: {
      primaryRanking: 'MATCH_POINTS',
      tiebreakOrder: ['OPPONENTS_MATCH_WIN_PERCENTAGE', 'GAME_WIN_PERCENTAGE', 'OPPONENTS_GAME_WIN_PERCENTAGE'],
    },
    processingGranularity: 'PER_MATCHUP',
    scoringPolicy: { gameTarget: 2, matchPoints: MATCH_POINTS_TCG },
  },
  /**
   * A Go McMahon tournament as OpenGotha runs one (docs/go.md): MCMAHON pairing on McMahon scores with its colour
   * balance, Go's points (a win 1, a jigo 1/2), standings by McMahon score then SOS, SOSOS and SODOS. Handicaps are
   * off until the organizer sets `pairingPolicy.mcMahon.handicap`; entries need no rating.
   */
  GO: {
    policyName: 'Go McMahon (OpenGotha)',
    ratingPolicy: { baselineRating: { source: 'SCALE', unratedValue: 1500 }, dynamicFormRating: DYNAMIC_24_400 },
    pairingPolicy: { method: 'MCMAHON', ratingSource: 'BASELINE', avoidRepeatOpponents: true, colours: 'BALANCE' },
    victoryPolicy: { primaryRanking: 'MCMAHON_SCORE', tiebreakOrder: ['SOS', 'SOSOS', 'SODOS'] },
    processingGranularity: 'PER_ROUND',
    scoringPolicy: { gameTarget: null, matchPoints: MATCH_POINTS_CHESS },
  },
} as const satisfies Record<string, CompetitionPolicyInput>;

export const PresetName = z.enum(['STANDARD', 'PRESSURE', 'SWISS', 'REDEMPTION', 'CHESS', 'TCG', 'GO']);
export type PresetName = z.infer<typeof PresetName>;

/** What an organizer sends: a preset name or a whole policy (checked in full by resolvePolicy). */
export const PolicyChoice = z.union([PresetName, BoundedObject]);
/** Fields deep-merged over the chosen policy (checked in full by resolvePolicy). */
export const PolicyOverrides = BoundedObject;

/** Validates a policy, filling defaults; the error names every field at fault. */
export function parsePolicy(input: unknown): CompetitionPolicy {
  const parsed = CompetitionPolicy.safeParse(unwrapCompetition(input));
  if (!parsed.success)
    throw new DomainError(
      'invalid-argument',
      `invalid competition policy: ${describeIssues(parsed.error.issues)}`,
      parsed.error.issues,
    );
  return parsed.data;
}

export function presetPolicy(name: PresetName): CompetitionPolicy {
  return parsePolicy(structuredClone(PRESET_POLICIES[name]));
}

/** A preset name or a policy object, with overrides deep-merged over it, validated. */
export function resolvePolicy(policy: unknown, overrides?: unknown): CompetitionPolicy {
  requireSaneShape(policy, 'policy');
  requireSaneShape(overrides, 'policy overrides');
  const base = typeof policy === 'string' ? presetInput(policy) : unwrapCompetition(policy);
  return parsePolicy(overrides === undefined ? base : deepMerge(base, overrides));
}

/** Merging and validating walk the object: an absurdly deep or large one is refused before either starts. */
function requireSaneShape(value: unknown, what: string): void {
  const problem = objectShapeProblem(value);
  if (problem) throw new DomainError('invalid-argument', `invalid competition policy: ${what} ${problem}`);
}

function presetInput(name: string): unknown {
  const parsed = PresetName.safeParse(name);
  if (!parsed.success)
    throw new DomainError(
      'invalid-argument',
      `unknown policy preset "${name}" (expected one of ${PresetName.options.join(', ')})`,
    );
  return structuredClone(PRESET_POLICIES[parsed.data]);
}

/** A policy may be wrapped as { competition: {...} }; both spellings are accepted (docs/ratings.md#presets). */
function unwrapCompetition(input: unknown): unknown {
  return isRecord(input) && 'competition' in input && Object.keys(input).length === 1 ? input.competition : input;
}

/** Objects merge key by key; arrays and scalars in the override replace. */
export function deepMerge(base: unknown, override: unknown): unknown {
  if (!isRecord(base) || !isRecord(override)) return structuredClone(override);
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override))
    merged[key] = key in base ? deepMerge(base[key], value) : structuredClone(value);
  return merged;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether the standings count McMahon scores (docs/go.md#standings): the primary ranking is the MMS or a tiebreak
 * reads it. The rows then carry `mcMahonScore`, and every score is folded with the whole tournament: an absence
 * counts the event's rounds so far, and SOSOS reads two meetings away (docs/standings-updates.md).
 */
export function readsMcMahonScores(policy: CompetitionPolicy): boolean {
  return (
    policy.victoryPolicy.primaryRanking === 'MCMAHON_SCORE' ||
    (policy.victoryPolicy.tiebreakOrder ?? []).some((t) => GO_TIEBREAKS.has(t))
  );
}

/**
 * Whether a withdrawal moves the standings rows of others, so that they are folded again: under a drop-out trend
 * (the opponents' Buchholz), when a tiebreak reads whether an opponent dropped, or under C.07's Article 16, where
 * the rounds after a withdrawal count for the player and for everyone he met (docs/tiebreaks.md); so they do in
 * McMahon scores, as absences.
 */
export function withdrawalMovesOthers(policy: CompetitionPolicy): boolean {
  const order = policy.victoryPolicy.tiebreakOrder ?? [];
  const readsWithdrawals = order.some((t) => OPPONENT_WITHDRAWAL_TIEBREAKS.has(t));
  const article16 =
    policy.victoryPolicy.unplayedRounds !== 'AS_PLAYED' && order.some((t) => UNPLAYED_ROUND_TIEBREAKS.has(t));
  return policy.victoryPolicy.buchholzDropOut !== 'NONE' || readsWithdrawals || article16 || readsMcMahonScores(policy);
}
