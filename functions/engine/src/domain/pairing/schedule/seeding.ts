import { compareSeedOrder } from '../acceleration.js';
import { type FieldPlayer, prepareField } from '../field.js';
import type { PairingPlayer, PairingRequest } from '../types.js';

/**
 * Tables and brackets are laid out once, over every entrant (withdrawn ones keep their place, so the rest of the
 * table does not move), in seed order: seed position, then frozen rating, then id. The current form rating is
 * never used, or the table would change between rounds.
 */
export function seededEntrants(request: PairingRequest): { entrants: FieldPlayer[]; withdrawn: Set<string> } {
  const everyone: PairingPlayer[] = request.players.map((p) => ({ ...p, withdrawn: false }));
  const field = prepareField({ ...request, players: everyone });
  const withdrawn = new Set(request.players.filter((p) => p.withdrawn).map((p) => p.id));
  const entrants = field.active
    .filter((p) => !(withdrawn.has(p.id) && p.roundsPlayed + p.byes === 0))
    .sort(compareSeedOrder);
  return { entrants, withdrawn };
}
