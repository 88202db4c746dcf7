import { PairingError } from '../errors.js';
import type { Field, FieldPlayer } from '../field.js';

/** What a candidate order may look at: the ranking being paired and who is still open. */
export interface SearchState {
  ranked: readonly FieldPlayer[];
  /** Place of each player (by field index) in `ranked`. */
  place: Int32Array;
  open(player: FieldPlayer): boolean;
}

/** The candidates of the highest-ranked open player, best first, lazily; met players are skipped afterwards. */
export type CandidateOrder = (player: FieldPlayer, state: SearchState) => Iterable<FieldPlayer>;
/** Builds the candidate order for one ranking (the field without the bye), once per attempt. */
export type CandidatePlan = (ranked: readonly FieldPlayer[]) => CandidateOrder;

const SEARCH_BUDGET = 500_000;

/**
 * SoL's deterministic methods all work the same way: take the highest-ranked open player, give them the first
 * candidate they have not met (nor must not meet), and backtrack when the rest cannot be completed. Candidates come lazily, so a
 * round costs about one step per player when nothing blocks. Returns null when no rematch-free completion
 * exists (or the search budget runs out).
 */
export function pairInOrder(
  field: Field,
  ranked: readonly FieldPlayer[],
  candidates: CandidateOrder,
): [FieldPlayer, FieldPlayer][] | null {
  const paired = new Uint8Array(field.active.length);
  const place = new Int32Array(field.active.length).fill(-1);
  ranked.forEach((p, k) => (place[p.index] = k));
  const state: SearchState = { ranked, place, open: (p) => paired[p.index] === 0 };
  const out: [FieldPlayer, FieldPlayer][] = [];
  let steps = 0;
  // An explicit stack instead of recursion: a 10,000-player round is 5,000 levels deep.
  const frames: { first: FieldPlayer; from: number; options: Iterator<FieldPlayer>; partner: FieldPlayer | null }[] =
    [];
  let from = 0;
  const open = () => {
    while (from < ranked.length && paired[ranked[from]!.index]) from++;
    return from < ranked.length ? ranked[from]! : null;
  };
  let first = open();
  if (first === null) return out;
  paired[first.index] = 1;
  frames.push({ first, from, options: candidates(first, state)[Symbol.iterator](), partner: null });
  while (frames.length > 0) {
    if (++steps > SEARCH_BUDGET) return null;
    const frame = frames[frames.length - 1]!;
    if (frame.partner) {
      paired[frame.partner.index] = 0;
      out.pop();
      frame.partner = null;
    }
    let next = frame.options.next();
    while (
      !next.done &&
      (paired[next.value.index] ||
        field.met(frame.first.index, next.value.index) > 0 ||
        field.forbidden(frame.first.index, next.value.index))
    )
      next = frame.options.next();
    if (next.done) {
      paired[frame.first.index] = 0;
      frames.pop();
      from = frames.length > 0 ? frames[frames.length - 1]!.from : 0;
      continue;
    }
    frame.partner = next.value;
    paired[next.value.index] = 1;
    out.push([frame.first, next.value]);
    from = frame.from;
    first = open();
    if (first === null) return out;
    paired[first.index] = 1;
    frames.push({ first, from, options: candidates(first, state)[Symbol.iterator](), partner: null });
  }
  return null;
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
  if (ranked.length < 2)
    throw new PairingError(
      'failed-precondition',
      `only ${ranked.length} active player${ranked.length === 1 ? '' : 's'}; a round needs at least 2`,
    );
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
    `${method} cannot pair round ${field.roundNumber} without a rematch${field.hasForbidden ? ' or a forbidden pair' : ''}; switch to ALL to generate the remaining matches`,
  );
}
