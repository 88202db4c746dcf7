import { PairingError } from '../errors.js';
import type { Field, FieldPlayer } from '../field.js';

/** The candidates of the first unpaired player, best first; already-met players are filtered out afterwards. */
export type CandidateOrder = (player: FieldPlayer, unpaired: readonly FieldPlayer[]) => FieldPlayer[];
/** Builds the candidate order for one ranking (the field without the bye), once per attempt. */
export type CandidatePlan = (ranked: readonly FieldPlayer[]) => CandidateOrder;

const SEARCH_BUDGET = 500_000;

/**
 * SoL's deterministic methods all work the same way: take the highest-ranked unpaired player, give them the first
 * candidate they have not met, and backtrack when the rest cannot be completed. Returns null when no rematch-free
 * completion exists (or the search budget runs out).
 */
export function pairInOrder(field: Field, ranked: readonly FieldPlayer[], candidates: CandidateOrder): [FieldPlayer, FieldPlayer][] | null {
  const paired = new Set<number>();
  const out: [FieldPlayer, FieldPlayer][] = [];
  let steps = 0;
  const step = (): boolean => {
    if (++steps > SEARCH_BUDGET) return false;
    const first = ranked.find((p) => !paired.has(p.index));
    if (first === undefined) return true;
    paired.add(first.index);
    const unpaired = ranked.filter((p) => !paired.has(p.index));
    for (const partner of candidates(first, unpaired)) {
      if (field.met(first.index, partner.index) > 0) continue;
      paired.add(partner.index);
      out.push([first, partner]);
      if (step()) return true;
      out.pop();
      paired.delete(partner.index);
    }
    paired.delete(first.index);
    return false;
  };
  return step() ? out : null;
}

/**
 * An odd field gives the bye to the lowest-ranked player with the fewest byes for whom the rest can be paired.
 * Returns the bye (or null for an even field) and the pairs.
 */
export function pairWithBye(
  field: Field,
  ranked: readonly FieldPlayer[],
  plan: CandidatePlan,
  method: string,
): { bye: FieldPlayer | null; pairs: [FieldPlayer, FieldPlayer][] } {
  if (ranked.length < 2) throw new PairingError('failed-precondition', `only ${ranked.length} active player${ranked.length === 1 ? '' : 's'}; a round needs at least 2`);
  if (ranked.length % 2 === 0) {
    const pairs = pairInOrder(field, ranked, plan(ranked));
    if (pairs) return { bye: null, pairs };
  } else {
    const fewest = Math.min(...ranked.map((p) => p.byes));
    for (let k = ranked.length - 1; k >= 0; k--) {
      const bye = ranked[k]!;
      if (bye.byes !== fewest) continue;
      const rest = ranked.filter((p) => p !== bye);
      const pairs = pairInOrder(field, rest, plan(rest));
      if (pairs) return { bye, pairs };
    }
  }
  throw new PairingError(
    'failed-precondition',
    `${method} cannot pair round ${field.roundNumber} without a rematch; switch to ALL to generate the remaining matches`,
  );
}
