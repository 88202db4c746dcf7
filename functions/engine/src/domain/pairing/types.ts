/**
 * The pairing engine's plain input and output. Nothing here knows about Firestore or the policy schema: the
 * callers (the Firebase layer, scripts/pair.ts) translate their records into these shapes. The input types come
 * from the zod schemas of `request.ts`, which `generateRound` parses every request with.
 */

// Every method and system enum of the product (engine, policy, tournament, round documents) comes from these lists.

/** pairingPolicy.method (docs/pairing.md#systems-and-methods): the methods a competition policy can name. */
export const POLICY_METHODS = ['SWISS', 'DRAW_MATIC', 'LEVEL_BASED'] as const;
export const WEIGHTED_METHODS = [...POLICY_METHODS, 'WEIGHTED'] as const;
export const SOL_METHODS = ['ALL', 'SERIAL', 'DAZED', 'STAGGERED'] as const;
export const SCHEDULE_METHODS = ['ROUND_ROBIN', 'KNOCKOUT', 'SEEDS', 'CIRCLE'] as const;
export const PAIRING_METHODS = [...WEIGHTED_METHODS, ...SOL_METHODS, ...SCHEDULE_METHODS] as const;

export type WeightedMethod = (typeof WEIGHTED_METHODS)[number];
export type PairingMethod = (typeof PAIRING_METHODS)[number];

/** The tournament systems (docs/pairing.md#systems-and-methods), and the methods that can pair each. */
export const SYSTEMS = ['SWISS', 'ROUND_ROBIN', 'KNOCKOUT'] as const;
export type System = (typeof SYSTEMS)[number];
export const METHODS_OF_SYSTEM: Readonly<Record<System, readonly PairingMethod[]>> = {
  SWISS: [...WEIGHTED_METHODS, ...SOL_METHODS],
  ROUND_ROBIN: ['ROUND_ROBIN', 'CIRCLE', 'SEEDS'],
  KNOCKOUT: ['KNOCKOUT', 'SEEDS'],
};

export type {
  CriteriaWeights,
  FloatPlacement,
  GameOutcome,
  PairingGame,
  PairingOptions,
  PairingPlayer,
  PairingRequest,
  PointTable,
  SeedingSystem,
  UnscoredPairing,
} from './request.js';

/** The named terms that gave a pair (or a bye) its cost: the dashboard's "why these two". */
export type CostTerms = Record<string, number>;

/** One game of the round. Side `a` moves first (white, home, first player), and `movesFirst` says so by name. */
export interface Pairing {
  a: string;
  b: string;
  movesFirst: string;
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
  /** Forbidden pairs this round could not keep apart (docs/pairing.md#forbidden-pairs). */
  forbiddenPairsMet?: [string, string][];
  stats: PairingStats;
}
