/**
 * Maximum-weight matching for general graphs (Edmonds' blossom algorithm with integer duals).
 * Pure TypeScript, no dependencies. See README.md in this folder for the design, limits and costs.
 */
import { prepareGraph, validateGraph } from './graph.js';
import { solvePrepared } from './solver.js';
import type { MatchingGraph, MatchingOptions } from './types.js';

export type { MatchingGraph, MatchingOptions } from './types.js';
export { matchingWeight } from './weight.js';

/**
 * mate[v] = the vertex matched to v, or -1.
 * Throws RangeError for malformed graphs, non-integer weights or |weight| > 2^50, and (maxCardinality only)
 * if the duals would leave the exact range of doubles (see README.md, "Weight bound").
 */
export function maxWeightMatching(graph: MatchingGraph, options?: MatchingOptions): Int32Array {
  validateGraph(graph);
  const maxCardinality = options?.maxCardinality ?? true;
  return solvePrepared(prepareGraph(graph, maxCardinality), maxCardinality).mate;
}
