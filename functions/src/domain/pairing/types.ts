/**
 * The pairing engine's plain input and output. Nothing here knows about Firestore or the policy schema: the
 * callers (the Firebase layer, scripts/pair.ts) translate their records into these shapes.
 */

export const WEIGHTED_METHODS = ['SWISS', 'DRAW_MATIC', 'LEVEL_BASED', 'WEIGHTED'] as const;
export const SOL_METHODS = ['ALL', 'SERIAL', 'DAZED', 'STAGGERED'] as const;
export const SCHEDULE_METHODS = ['ROUND_ROBIN', 'KNOCKOUT', 'SEEDS', 'CIRCLE'] as const;
export const PAIRING_METHODS = [...WEIGHTED_METHODS, ...SOL_METHODS, ...SCHEDULE_METHODS] as const;

export type WeightedMethod = (typeof WEIGHTED_METHODS)[number];
export type SolMethod = (typeof SOL_METHODS)[number];
export type ScheduleMethod = (typeof SCHEDULE_METHODS)[number];
export type PairingMethod = (typeof PAIRING_METHODS)[number];

export type GameOutcome = 'WIN' | 'LOSS' | 'DRAW';

/** One earlier game of a player, from that player's side. `opponent: null` is a bye. */
export interface PairingGame {
  round: number;
  opponent: string | null;
  outcome: GameOutcome;
  /** What the game earned on the competition's match-point table (a bye counts as a win). */
  matchPoints: number;
  /** Game points won and lost, for SoL's net and total score. */
  pointsFor?: number;
  pointsAgainst?: number;
}

/**
 * A pairing of an earlier round that counts no result (not scored yet, cleared, or refused by the engine), from
 * this player's side. `opponent: null` is a bye.
 */
export interface UnscoredPairing {
  round: number;
  opponent: string | null;
}

export interface PairingPlayer {
  id: string;
  /** The rating that orders the field: dynamic form or baseline, as the policy's ratingSource says. */
  rating: number;
  /** The frozen rating; orders seeds, round-robin tables, brackets and Baku groups. Defaults to `rating`. */
  baselineRating?: number;
  /** Seed position, 1 = top; wins over ratings where a fixed order is needed. */
  seed?: number;
  club?: string;
  country?: string;
  team?: string;
  withdrawn?: boolean;
  games: PairingGame[];
  /**
   * Pairings already made that have no result (a forced round leaves them open): the two have met all the same,
   * for rematch avoidance and byes, but nothing is scored for them.
   */
  unscored?: UnscoredPairing[];
}

export type SeedingSystem = 'SPLIT_RANDOM' | 'SPLIT_FOLD' | 'SPLIT_SLIP';
export type FloatPlacement = 'TOP' | 'MIDDLE' | 'BOTTOM';

/**
 * The soft criteria of the weighted model and their weights (integers: the largest cost one pair can get from the
 * criterion). A weight of 0 switches a criterion off.
 */
export interface CriteriaWeights {
  /** OpenGotha's concavity on the score difference: among equal score-difference totals, prefer many small gaps. */
  scoreConcavity: number;
  /** Draw-up/draw-down history scenarios and the position of the floaters in their groups. */
  floats: number;
  /** Seeding inside a group (split-and-random / fold / slip). */
  seeding: number;
  /** Concave penalty on the rating gap of a pair. */
  ratingGap: number;
  sameClub: number;
  sameCountry: number;
  sameTeam: number;
  /** Seeded pair noise: random pairing inside a group. */
  random: number;
  /** Per earlier meeting, when rematches are allowed (avoidRepeatOpponents false). */
  repeat: number;
}

export interface WeightedOptions {
  /** Never a rematch while a rematch-free round exists (default true). */
  avoidRepeatOpponents?: boolean;
  /** DRAW_MATIC: players per lane (default 4). */
  laneSize?: number;
  /** DRAW_MATIC: penalty for a same-team pair, in tods-competition-factory's units (squared rating points). */
  sameTeamValue?: number;
  /** LEVEL_BASED: width of a rating band (default 200). */
  bandWidth?: number;
  /** Weights of the soft criteria, over the method's preset. */
  weights?: Partial<CriteriaWeights>;
  seeding?: SeedingSystem;
  /** Which player of the higher group to draw down, and of the lower group to draw up. */
  drawDown?: FloatPlacement;
  drawUp?: FloatPlacement;
  /** k of OpenGotha's concavity function f(x) = (1 - x)(1 + kx), default 0.5. */
  concavity?: number;
  /** Seed 003: Baku acceleration, virtual points for the top half in the first rounds (pairing only). */
  acceleration?: 'BAKU' | { method: 'BAKU'; acceleratedRounds?: number };
  /** SoL's delay compatriots: for this many rounds, avoid same-country pairs inside a score group. */
  delayCompatriots?: number;
  /**
   * Look ahead so that the remaining rounds can still be played without rematches (needs totalRounds). On by
   * default for fields small enough for the exact check.
   */
  lookahead?: boolean;
}

export interface SolOptions {
  /** Rounds after the first in which the rating ranks above the net score (SoL default 1). */
  delayTopPlayers?: number;
  /** Rounds in which same-country pairs inside a score group are tried last. */
  delayCompatriots?: number;
  /** ALL: generate every remaining round at once. */
  allRounds?: boolean;
}

export interface ScheduleOptions {
  /** ROUND_ROBIN: SoL's "seeds" (Berger tables: 1 v n, 2 v n-1 ...) or "circle" (rotation around player 1). */
  table?: 'BERGER' | 'CIRCLE';
  /** ROUND_ROBIN: 2 for a double round robin. */
  cycles?: 1 | 2;
  /** SEEDS / CIRCLE methods: which system the table is for (default ROUND_ROBIN). */
  system?: 'ROUND_ROBIN' | 'KNOCKOUT';
  /** KNOCKOUT: 0 (no final), 1 (final) or 2 (final and third place). */
  finals?: 0 | 1 | 2;
  finalKind?: 'SINGLE' | 'BEST_OF_THREE';
}

export type PairingOptions = WeightedOptions & SolOptions & ScheduleOptions;

/** Match points of the competition, for the bye and for acceleration's virtual points. */
export interface PointTable {
  win: number;
  draw: number;
  loss: number;
}

export interface PairingRequest {
  roundNumber: number;
  totalRounds?: number;
  method: PairingMethod;
  seed: number;
  players: PairingPlayer[];
  points?: PointTable;
  options?: PairingOptions;
}

/** The named terms that gave a pair (or a bye) its cost: the dashboard's "why these two". */
export type CostTerms = Record<string, number>;

export interface Pairing {
  a: string;
  b: string;
  cost: CostTerms;
}

export interface Bye {
  id: string;
  cost: CostTerms;
}

export interface PairingStats {
  /** Candidate edges in the last graph solved, and how many times the matching was solved. */
  edges?: number;
  solves?: number;
  /** False when the candidate graph could not be proved to hold the optimum (very large, unusual fields). */
  exact?: boolean;
  /** Alternatives rejected by the lookahead before one that keeps the remaining rounds rematch-free. */
  lookaheadRejected?: number;
}

export interface PairingRound {
  roundNumber: number;
  method: PairingMethod;
  seed: number;
  pairings: Pairing[];
  byes: string[];
  byeCosts: Bye[];
  /** ALL only: active players left without a game (not a bye). */
  unpaired?: string[];
  /** ALL with allRounds: every later round as well. */
  laterRounds?: { roundNumber: number; pairings: Pairing[]; unpaired: string[] }[];
  notes: string[];
  stats: PairingStats;
}
