import type { MatchingGraph } from './types.js';

/**
 * Largest accepted |weight|. All dual arithmetic is done on doubled duals and shifted integer weights held in doubles;
 * see solver.ts for why every intermediate then stays below 2^53.
 */
export const MAX_ABS_WEIGHT = 2 ** 50;

/** The solver's internal form of a graph: deduplicated edges, shifted weights, CSR adjacency. */
export interface PreparedGraph {
  n: number;
  /** number of distinct edges kept */
  m: number;
  /** endpoint[2k] and endpoint[2k+1] are the two ends of edge k; endpoint index p ^ 1 is the other end of p */
  endpoint: Int32Array;
  /** weight - shift per kept edge; all values lie in [-range, 0] */
  ws: Float64Array;
  /** original weight per kept edge */
  weight: Float64Array;
  /** CSR adjacency: for vertex v, adjEnd[adjStart[v] .. adjStart[v+1]) are the remote endpoint indices of its edges */
  adjStart: Int32Array;
  adjEnd: Int32Array;
  /**
   * Per adjacency slot, the remote vertex and the edge's shifted weight: the solver's scans read these in order
   * instead of looking each edge up in the (much larger, randomly accessed) endpoint and weight arrays.
   */
  adjVertex: Int32Array;
  adjWs: Float64Array;
  /** constant subtracted from every weight: the largest kept weight (0 when there are no edges) */
  shift: number;
  /** largest minus smallest kept weight */
  range: number;
}

/** Throws RangeError unless the graph is well formed and every weight is an integer with |w| <= 2^50. */
export function validateGraph(graph: MatchingGraph): void {
  const { n, from, to, weight } = graph;
  if (!Number.isSafeInteger(n) || n < 0 || n > 0x3fffffff)
    throw new RangeError(`matching: n must be a non-negative integer, got ${n}`);
  if (!(from instanceof Int32Array) || !(to instanceof Int32Array) || !(weight instanceof Float64Array)) {
    throw new TypeError('matching: from/to must be Int32Array and weight Float64Array');
  }
  const m = from.length;
  if (to.length !== m || weight.length !== m) {
    throw new RangeError(
      `matching: from, to and weight must have the same length (${from.length}, ${to.length}, ${weight.length})`,
    );
  }
  for (let i = 0; i < m; i++) {
    const a = from[i]!;
    const b = to[i]!;
    if (a < 0 || a >= n || b < 0 || b >= n)
      throw new RangeError(`matching: edge ${i} (${a}, ${b}) has an endpoint outside 0..${n - 1}`);
    if (a === b) throw new RangeError(`matching: edge ${i} is a self-loop on vertex ${a}`);
    const w = weight[i]!;
    if (!Number.isInteger(w)) throw new RangeError(`matching: edge ${i} has a non-integer weight ${w}`);
    if (w > MAX_ABS_WEIGHT || w < -MAX_ABS_WEIGHT) {
      throw new RangeError(
        `matching: edge ${i} has weight ${w}; |weight| must be at most 2^50 (${MAX_ABS_WEIGHT}) for exact arithmetic`,
      );
    }
  }
}

/**
 * Builds the solver's graph. Parallel edges are merged keeping the largest weight.
 * Without maxCardinality, edges of weight <= 0 can never improve a matching and are dropped.
 * With maxCardinality every edge is kept.
 * Weights are shifted so that the largest becomes 0: the solver's dynamics only depend on weight differences
 * (it starts every vertex dual at the largest weight), and this frame keeps its numbers smallest.
 */
export function prepareGraph(graph: MatchingGraph, maxCardinality: boolean): PreparedGraph {
  const { n, from, to, weight } = graph;
  const total = from.length;

  // Counting sort of the usable edges by their smaller endpoint.
  const bucketStart = new Int32Array(n + 1);
  let usable = 0;
  for (let i = 0; i < total; i++) {
    if (!maxCardinality && weight[i]! <= 0) continue;
    const a = Math.min(from[i]!, to[i]!);
    bucketStart[a + 1]!++;
    usable++;
  }
  for (let v = 0; v < n; v++) bucketStart[v + 1]! += bucketStart[v]!;
  const order = new Int32Array(usable);
  const fill = bucketStart.slice(0, n);
  for (let i = 0; i < total; i++) {
    if (!maxCardinality && weight[i]! <= 0) continue;
    const a = Math.min(from[i]!, to[i]!);
    order[fill[a]!++] = i;
  }

  // Merge parallel edges (same smaller endpoint, same larger endpoint), keeping the heaviest.
  const seenFor = new Int32Array(n).fill(-1);
  const seenAt = new Int32Array(n);
  const endpointTmp = new Int32Array(2 * usable);
  const weightTmp = new Float64Array(usable);
  let m = 0;
  for (let a = 0; a < n; a++) {
    for (let q = bucketStart[a]!; q < bucketStart[a + 1]!; q++) {
      const i = order[q]!;
      const b = Math.max(from[i]!, to[i]!);
      const w = weight[i]!;
      if (seenFor[b] === a) {
        const k = seenAt[b]!;
        if (w > weightTmp[k]!) weightTmp[k] = w;
      } else {
        seenFor[b] = a;
        seenAt[b] = m;
        endpointTmp[2 * m] = a;
        endpointTmp[2 * m + 1] = b;
        weightTmp[m] = w;
        m++;
      }
    }
  }
  const endpoint = endpointTmp.slice(0, 2 * m);
  const kept = weightTmp.slice(0, m);

  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < m; k++) {
    const w = kept[k]!;
    if (w < lo) lo = w;
    if (w > hi) hi = w;
  }
  const shift = m === 0 ? 0 : hi;
  const range = m === 0 ? 0 : hi - lo;
  const ws = new Float64Array(m);
  for (let k = 0; k < m; k++) ws[k] = kept[k]! - shift;

  const adjStart = new Int32Array(n + 1);
  for (let p = 0; p < 2 * m; p++) adjStart[endpoint[p]! + 1]!++;
  for (let v = 0; v < n; v++) adjStart[v + 1]! += adjStart[v]!;
  const adjEnd = new Int32Array(2 * m);
  const adjVertex = new Int32Array(2 * m);
  const adjWs = new Float64Array(2 * m);
  const pos = adjStart.slice(0, n);
  for (let k = 0; k < m; k++) {
    const a = endpoint[2 * k]!;
    const b = endpoint[2 * k + 1]!;
    const atA = pos[a]!++;
    const atB = pos[b]!++;
    adjEnd[atA] = 2 * k + 1;
    adjEnd[atB] = 2 * k;
    adjVertex[atA] = b;
    adjVertex[atB] = a;
    adjWs[atA] = ws[k]!;
    adjWs[atB] = ws[k]!;
  }
  return { n, m, endpoint, ws, weight: kept, adjStart, adjEnd, adjVertex, adjWs, shift, range };
}
