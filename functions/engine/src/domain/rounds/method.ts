import type { CompetitionPolicy } from '../policy/index.js';
import {
  METHODS_OF_SYSTEM,
  PairingError,
  type PairingMethod,
  type PairingOptions,
  parsePairingOptions,
  type System,
} from '../pairing/index.js';

/** What an organizer may say about pairing when creating a tournament: each part may be left out. */
export interface PairingChoice {
  system?: System | undefined;
  method?: PairingMethod | undefined;
  options?: unknown;
}

/** What a tournament stores: every part decided and checked. */
export interface PairingSettings {
  system: System;
  method: PairingMethod;
  options: PairingOptions;
}

/**
 * The one place that decides how a competition is paired: the organizer's explicit method, else the method of a
 * round robin or knockout system, else the policy's pairingPolicy.method (docs/pairing.md#systems-and-methods).
 */
export function pairingMethodFor(
  explicit: PairingMethod | undefined,
  system: System | undefined,
  policy: Pick<CompetitionPolicy, 'pairingPolicy'>,
): PairingMethod {
  if (explicit !== undefined) return explicit;
  if (system === 'KNOCKOUT' || system === 'ROUND_ROBIN') return system;
  return policy.pairingPolicy.method;
}

/**
 * Decides and checks a new tournament's pairing: the method (as above), the system (the organizer's, else the
 * method's), and the options through the engine's own schema, so a misspelt option or a method that cannot pair
 * the system is refused when the tournament is created, not when its second round is paired.
 */
export function pairingSettingsFor(
  choice: PairingChoice,
  policy: Pick<CompetitionPolicy, 'pairingPolicy'>,
): PairingSettings {
  const options = parsePairingOptions(choice.options);
  const method = pairingMethodFor(choice.method, choice.system, policy);
  const system = choice.system ?? systemOf(method, options);
  const allowed = METHODS_OF_SYSTEM[system];
  if (!allowed.includes(method)) {
    throw new PairingError(
      'invalid-argument',
      `a ${system} tournament cannot be paired with ${method} (expected one of ${allowed.join(', ')})`,
    );
  }
  if (method !== 'SEEDS') return { system, method, options };
  // SEEDS lays out a round-robin table or a bracket (it pairs no Swiss): the tournament's system says which.
  const table = system === 'KNOCKOUT' ? 'KNOCKOUT' : 'ROUND_ROBIN';
  if (options.system !== undefined && options.system !== table) {
    throw new PairingError(
      'invalid-argument',
      `the SEEDS option system is ${options.system} but the tournament is ${system}`,
    );
  }
  return { system, method, options: { ...options, system: table } };
}

function systemOf(method: PairingMethod, options: PairingOptions): System {
  switch (method) {
    case 'KNOCKOUT':
      return 'KNOCKOUT';
    case 'SEEDS':
      return options.system ?? 'ROUND_ROBIN';
    case 'ROUND_ROBIN':
    case 'CIRCLE':
      return 'ROUND_ROBIN';
    case 'SWISS':
    case 'DUTCH':
    case 'MCMAHON':
    case 'DRAW_MATIC':
    case 'LEVEL_BASED':
    case 'WEIGHTED':
    case 'ALL':
    case 'SERIAL':
    case 'DAZED':
    case 'STAGGERED':
    default:
      return 'SWISS';
  }
}
