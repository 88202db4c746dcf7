import { maxWeightMatching } from '../matching/index.js';
import { hashValues } from '../prng.js';

/**
 * Can the remaining rounds still be played without rematches? In a Swiss as long as a round robin (n players,
 * n - 1 rounds) a round that is fine on its own can leave a graph of unplayed pairs with no way to finish; the
 * lookahead rejects such rounds. The question is whether the graph of pairs that have not met (plus the bye's
 * phantom, joined to players who may still take a bye) holds `rounds` edge-disjoint perfect matchings.
 */
export type Feasibility = 'yes' | 'no' | 'unknown';

/** Graphs are n x n 0/1 matrices (n even, at most MAX_VERTICES). */
export const MAX_VERTICES = 96;
const PEEL_ABOVE = 24;

/**
 * Decides feasibility cheaply when it can: too low a degree is a certain no; peeling off perfect matchings one
 * after another (the matching solver, with seeded random weights) is a certain yes when it succeeds. Only when
 * both fail does the exact search run, with a step budget ('unknown' when it runs out).
 */
export function remainingRoundsFeasible(
  adjacency: Uint8Array,
  n: number,
  rounds: number,
  budget = 2_000_000,
): Feasibility {
  if (rounds <= 0) return 'yes';
  for (let v = 0; v < n; v++) {
    let degree = 0;
    for (let u = 0; u < n; u++) degree += adjacency[v * n + u]!;
    if (degree < rounds) return 'no';
  }
  // Peeling pays off on larger graphs; small ones go straight to the exact search, which is quicker on a "no".
  if (n > PEEL_ABOVE)
    for (let attempt = 0; attempt < 3; attempt++) if (peel(adjacency, n, rounds, attempt)) return 'yes';
  const found = decompose(adjacency, n, rounds, budget);
  return Array.isArray(found) ? 'yes' : found;
}

function peel(adjacency: Uint8Array, n: number, rounds: number, attempt: number): boolean {
  const adj = adjacency.slice();
  for (let r = 0; r < rounds; r++) {
    const from: number[] = [];
    const to: number[] = [];
    const weight: number[] = [];
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        if (!adj[a * n + b]) continue;
        from.push(a);
        to.push(b);
        weight.push(1 + (hashValues(attempt, r, a, b) % 1024));
      }
    }
    const mate = maxWeightMatching(
      { n, from: Int32Array.from(from), to: Int32Array.from(to), weight: Float64Array.from(weight) },
      { maxCardinality: true },
    );
    for (let v = 0; v < n; v++) {
      const u = mate[v]!;
      if (u === -1) return false;
      adj[v * n + u] = 0;
    }
  }
  return true;
}

class OutOfBudget extends Error {}

/**
 * Exact search for `rounds` edge-disjoint perfect matchings (a decomposition of the rounds left), returned as
 * mate arrays, or 'no', or 'unknown' when the step budget runs out. Rows are bit sets. Three things keep it
 * small: the rounds are unordered, so when a vertex has exactly as many partners left as there are rounds, the
 * round being built is taken to be the one that pairs it with its first partner; each round is built from the
 * vertex with the fewest partners left; and a graph already shown to fail is never searched again. `prefer`
 * orders the partners tried in the first round (best first), so the first round found is a good one.
 */
export function decompose(
  adjacency: Uint8Array,
  n: number,
  rounds: number,
  budget = 2_000_000,
  prefer?: (v: number, u: number) => number,
): Int32Array[] | 'no' | 'unknown' {
  if (n > MAX_VERTICES) throw new RangeError(`decompose: at most ${MAX_VERTICES} vertices`);
  if (rounds <= 0) return [];
  const W = (n + 31) >>> 5;
  const adj = new Uint32Array(n * W);
  for (let v = 0; v < n; v++)
    for (let u = 0; u < n; u++) if (u !== v && adjacency[v * n + u]) adj[v * W + (u >>> 5)]! |= 1 << (u & 31);
  const degree = new Int32Array(n);
  for (let v = 0; v < n; v++) degree[v] = rowCount(adj, v, W);
  const failed = new Set<string>();
  const factors: Int32Array[] = [];
  const mate = new Int32Array(n).fill(-1);
  const free = new Uint32Array(W);
  let steps = 0;

  const toggle = (a: number, b: number, on: boolean) => {
    const wa = a * W + (b >>> 5);
    const wb = b * W + (a >>> 5);
    if (on) {
      adj[wa]! |= 1 << (b & 31);
      adj[wb]! |= 1 << (a & 31);
    } else {
      adj[wa]! &= ~(1 << (b & 31));
      adj[wb]! &= ~(1 << (a & 31));
    }
    const d = on ? 1 : -1;
    degree[a] = degree[a]! + d;
    degree[b] = degree[b]! + d;
  };

  const rest = (left: number): boolean => {
    if (left === 0) return true;
    for (let v = 0; v < n; v++) if (degree[v]! < left) return false;
    if (!evenComponents(adj, n, W)) return false;
    const key = `${left}:${adj.join(',')}`;
    if (failed.has(key)) return false;
    // The round being built: pinned to the first partner of a vertex whose every partner must be used (not the
    // first round when `prefer` ranks its partners: that round is the one to play, not any of the rest).
    const first = left === rounds;
    let pinned = -1;
    if (!(first && prefer)) for (let v = 0; v < n && pinned < 0; v++) if (degree[v] === left) pinned = v;
    free.fill(0);
    for (let v = 0; v < n; v++) free[v >>> 5]! |= 1 << (v & 31);
    mate.fill(-1);
    let ok: boolean;
    if (pinned >= 0) {
      const u = firstBit(adj, pinned, W, free);
      ok = pair(pinned, u, left, first);
    } else {
      ok = extend(left, first);
    }
    if (!ok) failed.add(key);
    return ok;
  };

  const pair = (v: number, u: number, left: number, first: boolean): boolean => {
    mate[v] = u;
    mate[u] = v;
    free[v >>> 5]! &= ~(1 << (v & 31));
    free[u >>> 5]! &= ~(1 << (u & 31));
    const ok = extend(left, first);
    free[v >>> 5]! |= 1 << (v & 31);
    free[u >>> 5]! |= 1 << (u & 31);
    mate[v] = -1;
    mate[u] = -1;
    return ok;
  };

  // Completes the round being built from the vertex with the fewest free partners, then recurses on the rest.
  const extend = (left: number, first: boolean): boolean => {
    if (++steps > budget) throw new OutOfBudget();
    let pick = -1;
    let fewest = Infinity;
    for (let v = 0; v < n; v++) {
      if (mate[v] !== -1) continue;
      const options = rowCount(adj, v, W, free);
      if (options === 0) return false;
      if (options < fewest) {
        fewest = options;
        pick = v;
      }
    }
    if (pick === -1) {
      const factor = mate.slice();
      for (let v = 0; v < n; v++) if (factor[v]! > v) toggle(v, factor[v]!, false);
      factors.push(factor);
      const ok = rest(left - 1);
      if (!ok) factors.pop();
      for (let v = 0; v < n; v++) if (factor[v]! > v) toggle(v, factor[v]!, true);
      // The rounds below reused the scratch state: back to "this round complete".
      mate.set(factor);
      free.fill(0);
      return ok;
    }
    const options = partners(adj, pick, W, free);
    if (first && prefer) options.sort((x, y) => prefer(pick, y) - prefer(pick, x));
    for (const u of options) {
      if (pair(pick, u, left, first)) return true;
    }
    return false;
  };

  try {
    return rest(rounds) ? factors.slice(0, rounds) : 'no';
  } catch (error) {
    if (error instanceof OutOfBudget) return 'unknown';
    throw error;
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function rowCount(adj: Uint32Array, v: number, W: number, mask?: Uint32Array): number {
  let c = 0;
  for (let w = 0; w < W; w++) c += popcount(mask ? adj[v * W + w]! & mask[w]! : adj[v * W + w]!);
  return c;
}

function firstBit(adj: Uint32Array, v: number, W: number, mask: Uint32Array): number {
  for (let w = 0; w < W; w++) {
    const bits = adj[v * W + w]! & mask[w]!;
    if (bits !== 0) return (w << 5) + (31 - Math.clz32(bits & -bits));
  }
  return -1;
}

function partners(adj: Uint32Array, v: number, W: number, mask: Uint32Array): number[] {
  const out: number[] = [];
  for (let w = 0; w < W; w++) {
    let bits = adj[v * W + w]! & mask[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      out.push((w << 5) + (31 - Math.clz32(low)));
      bits ^= low;
    }
  }
  return out;
}

/** A perfect matching needs every connected component to have an even number of vertices. */
function evenComponents(adj: Uint32Array, n: number, W: number): boolean {
  const seen = new Uint8Array(n);
  const stack: number[] = [];
  for (let s = 0; s < n; s++) {
    if (seen[s]) continue;
    let size = 0;
    seen[s] = 1;
    stack.push(s);
    while (stack.length > 0) {
      const v = stack.pop()!;
      size++;
      for (let w = 0; w < W; w++) {
        let bits = adj[v * W + w]!;
        while (bits !== 0) {
          const low = bits & -bits;
          const u = (w << 5) + (31 - Math.clz32(low));
          bits ^= low;
          if (!seen[u]) {
            seen[u] = 1;
            stack.push(u);
          }
        }
      }
    }
    if (size % 2 === 1) return false;
  }
  return true;
}
