/**
 * The pairing methods and tournament systems. Every method and system enum of the product (engine, policy,
 * tournament, round documents) comes from these lists.
 */

/** pairingPolicy.method (docs/pairing.md#systems-and-methods): the methods a competition policy can name. */
export const POLICY_METHODS = ['SWISS', 'DRAW_MATIC', 'LEVEL_BASED', 'DUTCH', 'MCMAHON'] as const;
/** MCMAHON: the weighted model on McMahon scores, for Go (docs/go.md#the-mcmahon-method). */
export const WEIGHTED_METHODS = ['SWISS', 'DRAW_MATIC', 'LEVEL_BASED', 'WEIGHTED', 'MCMAHON'] as const;
/** FIDE's Dutch system (docs/dutch.md), giving bbpPairings' pairings. */
export const FIDE_METHODS = ['DUTCH'] as const;
export const SOL_METHODS = ['ALL', 'SERIAL', 'DAZED', 'STAGGERED'] as const;
export const SCHEDULE_METHODS = ['ROUND_ROBIN', 'KNOCKOUT', 'SEEDS', 'CIRCLE'] as const;
export const PAIRING_METHODS = [...WEIGHTED_METHODS, ...FIDE_METHODS, ...SOL_METHODS, ...SCHEDULE_METHODS] as const;

export type WeightedMethod = (typeof WEIGHTED_METHODS)[number];
export type PairingMethod = (typeof PAIRING_METHODS)[number];

/** The tournament systems (docs/pairing.md#systems-and-methods), and the methods that can pair each. */
export const SYSTEMS = ['SWISS', 'ROUND_ROBIN', 'KNOCKOUT'] as const;
export type System = (typeof SYSTEMS)[number];
export const METHODS_OF_SYSTEM: Readonly<Record<System, readonly PairingMethod[]>> = {
  SWISS: [...WEIGHTED_METHODS, ...FIDE_METHODS, ...SOL_METHODS],
  ROUND_ROBIN: ['ROUND_ROBIN', 'CIRCLE', 'SEEDS'],
  KNOCKOUT: ['KNOCKOUT', 'SEEDS'],
};
