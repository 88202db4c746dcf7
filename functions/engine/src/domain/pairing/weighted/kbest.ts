import { type MatchingGraph, maxWeightMatching } from '../matching/index.js';

interface Node {
  mate: Int32Array;
  total: number;
  forced: number[];
  excluded: Set<number>;
}

/**
 * Perfect matchings in order of decreasing weight (Murty's partition scheme): after a matching is taken, the
 * rest of its subspace is split into "keep its first i-1 edges, drop edge i" subspaces, each solved exactly.
 * Used only on small fields, where the lookahead must pass over the best rounds that would make the remaining
 * rounds unplayable.
 */
export function* perfectMatchingsByWeight(graph: MatchingGraph): Generator<Int32Array> {
  const queue: Node[] = [];
  const root = solveSub(graph, [], new Set());
  if (root) queue.push(root);
  while (queue.length > 0) {
    let bestIndex = 0;
    for (let q = 1; q < queue.length; q++) if (queue[q]!.total > queue[bestIndex]!.total) bestIndex = q;
    const node = queue.splice(bestIndex, 1)[0]!;
    yield node.mate;
    const free = matchedEdges(graph, node.mate).filter((e) => !node.forced.includes(e));
    const forced = node.forced.slice();
    for (const e of free) {
      const excluded = new Set(node.excluded);
      excluded.add(e);
      const child = solveSub(graph, forced, excluded);
      if (child) queue.push(child);
      forced.push(e);
    }
  }
}

function matchedEdges(graph: MatchingGraph, mate: Int32Array): number[] {
  const out: number[] = [];
  for (let e = 0; e < graph.from.length; e++) if (mate[graph.from[e]!] === graph.to[e]!) out.push(e);
  return out;
}

function solveSub(graph: MatchingGraph, forced: number[], excluded: Set<number>): Node | null {
  const used = new Uint8Array(graph.n);
  let total = 0;
  for (const e of forced) {
    used[graph.from[e]!] = 1;
    used[graph.to[e]!] = 1;
    total += graph.weight[e]!;
  }
  const keep: number[] = [];
  for (let e = 0; e < graph.from.length; e++) {
    if (excluded.has(e) || used[graph.from[e]!] || used[graph.to[e]!]) continue;
    keep.push(e);
  }
  const sub = {
    n: graph.n,
    from: Int32Array.from(keep, (e) => graph.from[e]!),
    to: Int32Array.from(keep, (e) => graph.to[e]!),
    weight: Float64Array.from(keep, (e) => graph.weight[e]!),
  };
  const mate = maxWeightMatching(sub, { maxCardinality: true });
  for (const e of forced) {
    mate[graph.from[e]!] = graph.to[e]!;
    mate[graph.to[e]!] = graph.from[e]!;
  }
  for (let v = 0; v < graph.n; v++) if (mate[v] === -1) return null;
  for (let k = 0; k < keep.length; k++) if (mate[sub.from[k]!] === sub.to[k]!) total += sub.weight[k]!;
  return { mate, total, forced: forced.slice(), excluded };
}
