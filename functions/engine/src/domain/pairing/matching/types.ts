/** Input graph for the matching solver: edge list in parallel typed arrays (no per-edge objects). */
export interface MatchingGraph {
  /** number of vertices, 0..n-1 */
  n: number;
  /** edge endpoints and weights; edge i joins from[i] and to[i] (from != to); weights are integers */
  from: Int32Array;
  to: Int32Array;
  weight: Float64Array; // integer values, may be 0 or negative
}

export interface MatchingOptions {
  /** when true (default), first maximise the number of matched pairs, then the total weight among maximum-cardinality matchings */
  maxCardinality?: boolean;
}
