import type { Field, FieldPlayer } from '../field.js';
import type { PairingRequest } from '../types.js';
import { delayCompatriots } from './compatriots.js';
import { pairWithBye, type SearchState } from './search.js';
import type { SolPairs } from './types.js';

/** STAGGERED: beyond this group size the offset stops growing with the group. */
export const STAGGER_GROUP = 50;
export const STAGGER_OFFSET = 25;

/**
 * SoL's "cross ranking order" (DAZED) and STAGGERED: inside a group of equal points the first meets the one in
 * the middle, the second the middle plus one, and so on, delaying the most exciting matches. An odd group
 * borrows the first player of the next group. STAGGERED caps the offset at 25 for groups larger than 50 (first
 * with twenty-sixth, second with twenty-seventh ...). When a planned pair has already played, the search tries
 * the next players of the group, then the earlier ones, then the rest of the field.
 */
export function pairDazed(
  request: PairingRequest,
  field: Field,
  ranked: readonly FieldPlayer[],
  staggered: boolean,
): SolPairs {
  const rounds = request.options?.delayCompatriots ?? 0;
  return pairWithBye(
    field,
    ranked,
    (list) => {
      const plan = layout(list, staggered);
      return (player, state) =>
        delayCompatriots(player, candidatesOf(plan, player, state), request.roundNumber, rounds);
    },
    staggered ? 'STAGGERED' : 'DAZED',
  );
}

interface Place {
  group: FieldPlayer[];
  partnerPlace: number;
  /** Where the group ends in the ranking. */
  end: number;
}

/** The groups and planned partners, fixed once per ranking before any pair is made. */
function layout(ranked: readonly FieldPlayer[], staggered: boolean): Map<number, Place> {
  const plan = new Map<number, Place>();
  let k = 0;
  while (k < ranked.length) {
    const score = ranked[k]!.score;
    let end = k;
    while (end < ranked.length && ranked[end]!.score === score) end++;
    if ((end - k) % 2 === 1 && end < ranked.length) end++;
    const group = ranked.slice(k, end);
    const m = group.length;
    const block = staggered && m > STAGGER_GROUP ? 2 * STAGGER_OFFSET : m;
    for (let place = 0; place < m; place++) {
      const start = Math.floor(place / block) * block;
      const half = Math.min(block, m - start) >> 1;
      const local = place - start;
      const partnerPlace = start + (local < half ? local + half : local - half);
      plan.set(group[place]!.index, { group, partnerPlace: Math.min(partnerPlace, m - 1), end });
    }
    k = end;
  }
  return plan;
}

/** The planned partner, then the group's next players, then its earlier ones, then everyone below the group. */
function* candidatesOf(plan: Map<number, Place>, player: FieldPlayer, state: SearchState): Generator<FieldPlayer> {
  const { group, partnerPlace, end } = plan.get(player.index)!;
  for (let k = partnerPlace; k < group.length; k++) if (state.open(group[k]!)) yield group[k]!;
  for (let k = partnerPlace - 1; k >= 0; k--) if (state.open(group[k]!)) yield group[k]!;
  for (let k = end; k < state.ranked.length; k++) if (state.open(state.ranked[k]!)) yield state.ranked[k]!;
}
