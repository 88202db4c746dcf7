import type { Field, FieldPlayer } from '../field.js';
import type { PairingRequest } from '../types.js';
import { delayCompatriots } from './compatriots.js';
import { pairWithBye, type SearchState } from './search.js';
import type { SolPairs } from './types.js';

/** SoL's "ranking order": each player takes the next player below in the ranking (1 v 2, 3 v 4 ...). */
export function pairSerial(request: PairingRequest, field: Field, ranked: readonly FieldPlayer[]): SolPairs {
  const rounds = request.options?.delayCompatriots ?? 0;
  return pairWithBye(
    field,
    ranked,
    () => (player, state) => delayCompatriots(player, below(player, state), request.roundNumber, rounds),
    'SERIAL',
  );
}

function* below(player: FieldPlayer, state: SearchState): Generator<FieldPlayer> {
  for (let k = state.place[player.index]! + 1; k < state.ranked.length; k++) {
    const candidate = state.ranked[k]!;
    if (state.open(candidate)) yield candidate;
  }
}
