import type { MatchingGraph } from './types.js';

/**
 * Sum of the weights of the matched edges. For a pair joined by parallel edges the heaviest one counts
 * (that is the edge the solver uses). Throws if `mate` is not symmetric or pairs vertices with no edge.
 * The sum is exact while it stays below 2^53 in magnitude.
 */
export function matchingWeight(graph: MatchingGraph, mate: Int32Array): number {
  const { n, from, to, weight } = graph;
  if (mate.length !== n) throw new RangeError(`matchingWeight: mate has length ${mate.length}, expected ${n}`);
  for (let v = 0; v < n; v++) {
    const u = mate[v]!;
    if (u === -1) continue;
    if (u < 0 || u >= n || u === v || mate[u] !== v)
      throw new RangeError(`matchingWeight: mate is not a symmetric matching at vertex ${v}`);
  }
  const best = new Float64Array(n).fill(-Infinity);
  for (let i = 0; i < from.length; i++) {
    const a = from[i]!;
    const b = to[i]!;
    if (mate[a] !== b) continue;
    const lo = a < b ? a : b;
    const w = weight[i]!;
    if (w > best[lo]!) best[lo] = w;
  }
  let total = 0;
  for (let v = 0; v < n; v++) {
    const u = mate[v]!;
    if (u <= v) continue;
    const w = best[v]!;
    if (w === -Infinity)
      throw new RangeError(`matchingWeight: vertices ${v} and ${u} are matched but not joined by an edge`);
    total += w;
  }
  return total;
}
