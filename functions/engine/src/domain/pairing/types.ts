/**
 * The pairing engine's plain input and output. Nothing here knows about Firestore or the policy schema: the
 * callers (the Firebase layer, scripts/pair.ts) translate their records into these shapes. The input types come
 * from the zod schemas of `request.ts`, which `generateRound` parses every request with.
 */

import type { PairingMethod } from './methods.js';

export {
  METHODS_OF_SYSTEM,
  PAIRING_METHODS,
  POLICY_METHODS,
  SCHEDULE_METHODS,
  SOL_METHODS,
  SYSTEMS,
  WEIGHTED_METHODS,
} from './methods.js';
export type { PairingMethod, System, WeightedMethod } from './methods.js';

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
