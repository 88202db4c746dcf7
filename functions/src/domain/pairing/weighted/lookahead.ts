import { maxWeightMatching } from '../matching/index.js';
import { hashValues } from '../prng.js';

/**
 * Can the remaining rounds still be played without rematches? In a Swiss as long as a round robin (n players,
 * n - 1 rounds) a round that is fine on its own can leave a graph of unplayed pairs with no way to finish; the
 * lookahead rejects such rounds. The question is whether the graph of pairs that have not met (plus the bye's
 * phantom, joined to players who may still take a bye) holds `rounds` edge-disjoint perfect matchings.
 */
export type Feasibility = 'yes' | 'no' | 'unknown';

/**
 * Decides feasibility cheaply when it can: too low a degree is a certain no; peeling off perfect matchings one
 * after another (the matching solver, with seeded random weights) is a certain yes when it succeeds. Only when
 * both fail does the exact search run, with a step budget.
 */
export function remainingRoundsFeasible(adjacency: Uint8Array, n: number, rounds: number, budget = 2_000_000): Feasibility {
  if (rounds <= 0) return 'yes';
  for (let v = 0; v < n; v++) {
    let degree = 0;
    for (let u = 0; u < n; u++) degree += adjacency[v * n + u]!;
    if (degree < rounds) return 'no';
  }
  for (let attempt = 0; attempt < 3; attempt++) if (peel(adjacency, n, rounds, attempt)) return 'yes';
  return disjointPerfectMatchings(adjacency, n, rounds, budget);
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
    const mate = maxWeightMatching({ n, from: Int32Array.from(from), to: Int32Array.from(to), weight: Float64Array.from(weight) }, { maxCardinality: true });
    for (let v = 0; v < n; v++) {
      const u = mate[v]!;
      if (u === -1) return false;
      adj[v * n + u] = 0;
    }
  }
  return true;
}

/** Exact search with a step budget; `adjacency` is an n x n 0/1 matrix, n even. */
export function disjointPerfectMatchings(adjacency: Uint8Array, n: number, rounds: number, budget = 2_000_000): Feasibility {
  const adj = adjacency.slice();
  const degree = new Int32Array(n);
  for (let v = 0; v < n; v++) for (let u = 0; u < n; u++) degree[v] = degree[v]! + adj[v * n + u]!;
  const matched = new Int32Array(n).fill(-1);
  let steps = 0;
  let outOfBudget = false;

  const removeEdge = (a: number, b: number, delta: number) => {
    adj[a * n + b] = delta > 0 ? 1 : 0;
    adj[b * n + a] = delta > 0 ? 1 : 0;
    degree[a] = degree[a]! + delta;
    degree[b] = degree[b]! + delta;
  };

  const search = (left: number): boolean => {
    if (left === 0) return true;
    for (let v = 0; v < n; v++) if (degree[v]! < left) return false;
    return complete(left);
  };

  // Builds one perfect matching, always extending the most constrained vertex, then recurses on the rest.
  const complete = (left: number): boolean => {
    if (++steps > budget) {
      outOfBudget = true;
      return false;
    }
    let pick = -1;
    let fewest = Infinity;
    for (let v = 0; v < n; v++) {
      if (matched[v] !== -1) continue;
      let options = 0;
      for (let u = 0; u < n; u++) if (u !== v && matched[u] === -1 && adj[v * n + u]) options++;
      if (options === 0) return false;
      if (options < fewest) {
        fewest = options;
        pick = v;
      }
    }
    if (pick === -1) {
      const pairs: [number, number][] = [];
      for (let v = 0; v < n; v++) if (matched[v]! > v) pairs.push([v, matched[v]!]);
      for (const [a, b] of pairs) removeEdge(a, b, -1);
      const saved = matched.slice();
      matched.fill(-1);
      const ok = search(left - 1);
      matched.set(saved);
      for (const [a, b] of pairs) removeEdge(a, b, 1);
      return ok;
    }
    for (let u = 0; u < n; u++) {
      if (u === pick || matched[u] !== -1 || !adj[pick * n + u]) continue;
      matched[pick] = u;
      matched[u] = pick;
      if (complete(left)) return true;
      matched[pick] = -1;
      matched[u] = -1;
      if (outOfBudget) return false;
    }
    return false;
  };

  const ok = search(rounds);
  return ok ? 'yes' : outOfBudget ? 'unknown' : 'no';
}
