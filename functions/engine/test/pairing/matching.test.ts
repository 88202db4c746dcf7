import { createRng } from '../../src/domain/pairing/prng.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchingWeight, maxWeightMatching, type MatchingGraph } from '../../src/domain/pairing/matching/index.js';
import { prepareGraph } from '../../src/domain/pairing/matching/graph.js';
import { solvePrepared, type DualCertificate, type SolveResult } from '../../src/domain/pairing/matching/solver.js';

// ---------------------------------------------------------------- helpers

function randInt(r: () => number, lo: number, hi: number): number {
  return lo + Math.floor(r() * (hi - lo + 1));
}

function makeGraph(n: number, edges: ReadonlyArray<readonly [number, number, number]>): MatchingGraph {
  return {
    n,
    from: Int32Array.from(edges.map((e) => e[0])),
    to: Int32Array.from(edges.map((e) => e[1])),
    weight: Float64Array.from(edges.map((e) => e[2])),
  };
}

/** Exhaustive optimum by DP over vertex subsets (n <= ~14). Returns the best weight and its cardinality. */
function bruteForce(graph: MatchingGraph, maxCardinality: boolean): { weight: number; card: number } {
  const n = graph.n;
  const best: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(-Infinity));
  for (let i = 0; i < graph.from.length; i++) {
    const a = graph.from[i]!;
    const b = graph.to[i]!;
    const w = graph.weight[i]!;
    if (w > best[a]![b]!) {
      best[a]![b] = w;
      best[b]![a] = w;
    }
  }
  const size = 1 << n;
  const W = new Float64Array(size);
  const C = new Int32Array(size);
  const better = (c1: number, w1: number, c2: number, w2: number): boolean =>
    maxCardinality ? c1 > c2 || (c1 === c2 && w1 > w2) : w1 > w2;
  for (let mask = 1; mask < size; mask++) {
    const i = 31 - Math.clz32(mask & -mask);
    const rest = mask & ~(1 << i);
    let bw = W[rest]!;
    let bc = C[rest]!;
    for (let j = i + 1; j < n; j++) {
      if (!(rest & (1 << j))) continue;
      const w = best[i]![j]!;
      if (w === -Infinity) continue;
      const sub = rest & ~(1 << j);
      const cw = W[sub]! + w;
      const cc = C[sub]! + 1;
      if (better(cc, cw, bc, bw)) {
        bw = cw;
        bc = cc;
      }
    }
    W[mask] = bw;
    C[mask] = bc;
  }
  return { weight: W[size - 1]!, card: C[size - 1]! };
}

/** Matched weight summed exactly (BigInt), for totals beyond 2^53. */
function exactWeight(graph: MatchingGraph, mate: Int32Array): bigint {
  const best = new Map<number, number>();
  for (let i = 0; i < graph.from.length; i++) {
    const a = graph.from[i]!;
    const b = graph.to[i]!;
    if (mate[a] !== b) continue;
    const key = Math.min(a, b) * graph.n + Math.max(a, b);
    best.set(key, Math.max(best.get(key) ?? -Infinity, graph.weight[i]!));
  }
  let total = 0n;
  for (const w of best.values()) total += BigInt(w);
  return total;
}

/** Throws unless mate is a symmetric matching using only existing edges. Returns its cardinality. */
function checkValid(graph: MatchingGraph, mate: Int32Array): number {
  const n = graph.n;
  if (mate.length !== n) throw new Error('mate length');
  const adj = new Set<number>();
  for (let i = 0; i < graph.from.length; i++) {
    adj.add(graph.from[i]! * n + graph.to[i]!);
    adj.add(graph.to[i]! * n + graph.from[i]!);
  }
  let card = 0;
  for (let v = 0; v < n; v++) {
    const u = mate[v]!;
    if (u === -1) continue;
    if (u < 0 || u >= n || u === v) throw new Error(`mate[${v}] = ${u} out of range`);
    if (mate[u] !== v) throw new Error(`mate not symmetric at ${v}`);
    if (!adj.has(v * n + u)) throw new Error(`matched pair ${v}-${u} is not an edge`);
    if (u > v) card++;
  }
  return card;
}

/**
 * Verifies the LP optimality certificate returned by the solver (doubled duals, shifted weights):
 * dual feasibility on every input edge, tight matched edges, full blossoms with positive dual,
 * and all exposed vertices sharing the minimum vertex dual (zero, or at most one exposed vertex, without maxCardinality).
 */
function checkCertificate(
  graph: MatchingGraph,
  mate: Int32Array,
  cert: DualCertificate,
  maxCardinality: boolean,
): void {
  const n = graph.n;
  const d = cert.vertexDual;
  const member = cert.blossoms.map((b) => {
    const inB = new Uint8Array(n);
    for (const v of b.leaves) inB[v] = 1;
    return inB;
  });
  const containing: number[][] = Array.from({ length: n }, () => []);
  cert.blossoms.forEach((b, i) => {
    if (b.z < 0) throw new Error(`blossom ${i} has negative dual ${b.z}`);
    for (const v of b.leaves) containing[v]!.push(i);
  });
  const bestMatched = new Float64Array(n).fill(-Infinity);
  const hasPositive = new Uint8Array(n);
  for (let i = 0; i < graph.from.length; i++) {
    const a = graph.from[i]!;
    const b = graph.to[i]!;
    const w = graph.weight[i]!;
    if (w > 0) hasPositive[a] = hasPositive[b] = 1;
    let z = 0;
    for (const bi of containing[a]!) if (member[bi]![b]) z += cert.blossoms[bi]!.z;
    const slack = d[a]! + d[b]! + z - 2 * w;
    if (slack < 0) throw new Error(`edge ${a}-${b} (w=${w}) has negative slack ${slack}`);
    if (mate[a] === b) bestMatched[Math.min(a, b)] = Math.max(bestMatched[Math.min(a, b)]!, w);
  }
  for (let i = 0; i < graph.from.length; i++) {
    const a = graph.from[i]!;
    const b = graph.to[i]!;
    const w = graph.weight[i]!;
    if (mate[a] !== b || w !== bestMatched[Math.min(a, b)]) continue;
    let z = 0;
    for (const bi of containing[a]!) if (member[bi]![b]) z += cert.blossoms[bi]!.z;
    const slack = d[a]! + d[b]! + z - 2 * w;
    if (slack !== 0) throw new Error(`matched edge ${a}-${b} has slack ${slack}`);
  }
  cert.blossoms.forEach((b, i) => {
    if (b.z === 0) return;
    let inside = 0;
    for (const v of b.leaves) if (mate[v]! >= 0 && member[i]![mate[v]!]) inside++;
    if (inside !== b.leaves.length - 1) throw new Error(`blossom ${i} with positive dual is not full`);
  });
  let minDual = Infinity;
  for (let v = 0; v < n; v++) minDual = Math.min(minDual, d[v]!);
  let exposedPositive = 0;
  for (let v = 0; v < n; v++) {
    if (mate[v] !== -1) continue;
    if (d[v] !== minDual) throw new Error(`exposed vertex ${v} has dual ${d[v]} above the minimum ${minDual}`);
    if (hasPositive[v]) exposedPositive++;
  }
  if (!maxCardinality && n > 0) {
    if (minDual < 0) throw new Error(`negative vertex dual ${minDual}`);
    if (minDual > 0 && exposedPositive > 1) throw new Error(`exposed vertices keep positive dual ${minDual}`);
  }
}

// ---------------------------------------------------------------- tests

const P50 = 2 ** 50;

function solve(graph: MatchingGraph, maxCardinality: boolean): SolveResult {
  return solvePrepared(prepareGraph(graph, maxCardinality), maxCardinality, true);
}

/** Solves, checks validity and the optimality certificate, and compares with the exhaustive optimum. */
function checkAgainstBruteForce(graph: MatchingGraph, maxCardinality: boolean): SolveResult {
  const res = solve(graph, maxCardinality);
  const card = checkValid(graph, res.mate);
  const want = bruteForce(graph, maxCardinality);
  const got = matchingWeight(graph, res.mate);
  if (got !== want.weight || (maxCardinality && card !== want.card)) {
    throw new Error(
      `maxCard=${maxCardinality}: got weight ${got} (${card} pairs), want ${want.weight} (${want.card} pairs)`,
    );
  }
  checkCertificate(graph, res.mate, res.certificate!, maxCardinality);
  // The public entry point must agree with the internal one.
  expect(Array.from(maxWeightMatching(graph, { maxCardinality }))).toEqual(Array.from(res.mate));
  return res;
}

type WeightMode = 'small' | 'mixed' | 'tiers' | 'huge' | 'ties';

function randomSmallGraph(r: () => number, n: number, density: number, mode: WeightMode): MatchingGraph {
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (r() >= density) continue;
      const copies = r() < 0.08 ? 2 : 1; // some parallel edges
      for (let c = 0; c < copies; c++) {
        const w =
          mode === 'small'
            ? randInt(r, 0, 10)
            : mode === 'mixed'
              ? randInt(r, -10, 20)
              : mode === 'tiers'
                ? randInt(r, 0, 3) * 1e12 + randInt(r, 0, 5) * 1e6 + randInt(r, -3, 3)
                : mode === 'huge'
                  ? randInt(r, -P50, P50)
                  : randInt(r, 0, 2) * 4;
        edges.push(r() < 0.5 ? [i, j, w] : [j, i, w]);
      }
    }
  }
  return makeGraph(n, edges);
}

describe('maxWeightMatching against exhaustive search', () => {
  it('agrees on 6000 random graphs with up to 12 vertices, both modes', () => {
    const r = createRng(20240601);
    const modes: WeightMode[] = ['small', 'mixed', 'tiers', 'huge', 'ties'];
    const totals = { blossoms: 0, nested: 0, expandedT: 0, expandedFree: 0, rebases: 0, rescans: 0 };
    for (let it = 0; it < 6000; it++) {
      const n = randInt(r, 0, 12);
      const graph = randomSmallGraph(r, n, r(), modes[it % modes.length]!);
      for (const maxCardinality of [false, true]) {
        let res: SolveResult;
        try {
          res = checkAgainstBruteForce(graph, maxCardinality);
        } catch (error) {
          throw new Error(
            `case ${it}: ${(error as Error).message}\n${JSON.stringify({ n, from: [...graph.from], to: [...graph.to], weight: [...graph.weight] })}`,
            { cause: error },
          );
        }
        totals.blossoms += res.stats.blossoms;
        totals.nested += res.stats.nestedBlossoms;
        totals.expandedT += res.stats.expandedT;
        totals.expandedFree += res.stats.expandedFree;
        totals.rebases += res.stats.rebases;
        totals.rescans += res.stats.rescans;
      }
    }
    // the random cases really exercise every blossom operation
    expect(totals.blossoms).toBeGreaterThan(500);
    expect(totals.nested).toBeGreaterThan(20);
    expect(totals.expandedT).toBeGreaterThan(20);
    expect(totals.expandedFree).toBeGreaterThan(20);
    expect(totals.rebases).toBeGreaterThan(20); // huge weights move the time origin
    // heap entries whose edge died are recomputed from their vertex, and the optimum holds
    expect(totals.rescans).toBeGreaterThan(1000);
  });

  it('agrees on arbitrary small graphs (fast-check)', () => {
    const edge = fc.tuple(fc.nat(9), fc.nat(9), fc.integer({ min: -50, max: 50 }));
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }),
        fc.array(edge, { maxLength: 30 }),
        fc.boolean(),
        (n, raw, maxCardinality) => {
          const edges = raw
            .map(([a, b, w]) => [a % n, b % n, w] as [number, number, number])
            .filter(([a, b]) => a !== b);
          checkAgainstBruteForce(makeGraph(n, edges), maxCardinality);
        },
      ),
      { numRuns: 400, seed: 7 },
    );
  });
});

describe('hand-made cases', () => {
  // [n, edges, expected weight without maxCardinality, with maxCardinality, expected pairs with maxCardinality]
  const cases: {
    name: string;
    n: number;
    edges: [number, number, number][];
    weight: number;
    weightCard: number;
    pairsCard: number;
  }[] = [
    {
      // triangle 1-2-3 with tails: the augmenting path from 0 to 4 must pass through the blossom {1,2,3}
      name: 'blossom on an augmenting path',
      n: 5,
      edges: [
        [0, 1, 5],
        [1, 2, 8],
        [2, 3, 8],
        [1, 3, 8],
        [3, 4, 5],
      ],
      weight: 13,
      weightCard: 13,
      pairsCard: 2,
    },
    {
      // 5-cycle of weight 10 with two pendants: the cycle shrinks to a blossom, one pendant pair plus two cycle edges win
      name: 'pentagon with pendants',
      n: 7,
      edges: [
        [0, 1, 10],
        [1, 2, 10],
        [2, 3, 10],
        [3, 4, 10],
        [4, 0, 10],
        [0, 5, 9],
        [2, 6, 9],
      ],
      weight: 29,
      weightCard: 29,
      pairsCard: 3,
    },
    {
      name: 'T-blossom expansion',
      n: 6,
      edges: [
        [0, 2, 9],
        [1, 3, 4],
        [1, 4, 8],
        [2, 3, 12],
        [2, 4, 11],
        [3, 4, 11],
        [3, 5, 8],
      ],
      weight: 25,
      weightCard: 25,
      pairsCard: 3,
    },
    {
      name: 'T-blossom expansion with an unmatched vertex',
      n: 7,
      edges: [
        [0, 2, 10],
        [0, 6, 6],
        [2, 3, 12],
        [2, 4, 11],
        [3, 4, 11],
        [3, 5, 9],
      ],
      weight: 26,
      weightCard: 26,
      pairsCard: 3,
    },
    {
      // maxCardinality takes a pair of weight 2 and 3 instead of leaving two vertices unmatched
      name: 'nested blossom, cardinality changes the answer',
      n: 6,
      edges: [
        [0, 5, 2],
        [1, 2, 6],
        [1, 3, 9],
        [1, 4, 7],
        [2, 3, 11],
        [2, 5, 3],
        [3, 5, 11],
        [4, 5, 12],
      ],
      weight: 23,
      weightCard: 20,
      pairsCard: 3,
    },
    {
      name: 'nested blossom',
      n: 6,
      edges: [
        [0, 2, 11],
        [0, 5, 10],
        [1, 2, 12],
        [1, 3, 11],
        [2, 3, 12],
        [2, 5, 11],
        [4, 5, 7],
      ],
      weight: 29,
      weightCard: 29,
      pairsCard: 3,
    },
    {
      name: 'nested blossom and T-expansion',
      n: 6,
      edges: [
        [0, 1, 11],
        [0, 2, 11],
        [0, 3, 6],
        [0, 4, 9],
        [1, 2, 10],
        [1, 4, 9],
        [1, 5, 5],
        [2, 3, 7],
        [3, 4, 3],
      ],
      weight: 21,
      weightCard: 21,
      pairsCard: 3,
    },
    {
      name: 'nested blossom, T-expansion and zero-dual blossom expansion',
      // Numbered so that, with ties broken by the smaller vertex id, the solver still reaches the T-expansion.
      n: 6,
      edges: [
        [1, 5, 9],
        [2, 5, 10],
        [2, 0, 5],
        [3, 4, 10],
        [3, 0, 4],
        [4, 5, 12],
        [4, 0, 11],
        [5, 0, 11],
      ],
      weight: 24,
      weightCard: 24,
      pairsCard: 3,
    },
    {
      name: 'doubly nested blossoms',
      n: 8,
      edges: [
        [0, 4, 11],
        [0, 6, 12],
        [1, 5, 3],
        [2, 3, 10],
        [2, 5, 12],
        [3, 5, 9],
        [4, 6, 11],
        [5, 6, 11],
        [5, 7, 6],
        [6, 7, 8],
      ],
      weight: 32,
      weightCard: 32,
      pairsCard: 4,
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const graph = makeGraph(c.n, c.edges);
      const plain = checkAgainstBruteForce(graph, false);
      const card = checkAgainstBruteForce(graph, true);
      expect(matchingWeight(graph, plain.mate)).toBe(c.weight);
      expect(matchingWeight(graph, card.mate)).toBe(c.weightCard);
      expect(checkValid(graph, card.mate)).toBe(c.pairsCard);
    });
  }

  it('exercises the blossom operations it is named after', () => {
    const stats = (i: number) => solve(makeGraph(cases[i]!.n, cases[i]!.edges), false).stats;
    expect(stats(0).blossoms).toBeGreaterThan(0);
    expect(stats(1).blossoms).toBeGreaterThan(0);
    expect(stats(2).expandedT).toBeGreaterThan(0);
    expect(stats(5).nestedBlossoms).toBeGreaterThan(0);
    expect(stats(6).nestedBlossoms).toBeGreaterThan(0);
    expect(stats(6).expandedT).toBeGreaterThan(0);
    expect(stats(7).expandedFree).toBeGreaterThan(0);
    expect(stats(8).nestedBlossoms).toBeGreaterThan(1);
  });

  it('handles empty, edgeless and tiny graphs', () => {
    const empty = makeGraph(0, []);
    expect(maxWeightMatching(empty)).toEqual(new Int32Array(0));
    expect(Array.from(maxWeightMatching(makeGraph(1, [])))).toEqual([-1]);
    expect(Array.from(maxWeightMatching(makeGraph(4, [])))).toEqual([-1, -1, -1, -1]);
    expect(Array.from(maxWeightMatching(makeGraph(2, [[0, 1, 0]])))).toEqual([1, 0]);
    expect(Array.from(maxWeightMatching(makeGraph(2, [[0, 1, -5]])))).toEqual([1, 0]);
    expect(Array.from(maxWeightMatching(makeGraph(2, [[0, 1, -5]]), { maxCardinality: false }))).toEqual([-1, -1]);
  });

  it('keeps the best of parallel edges and ignores isolated vertices', () => {
    const graph = makeGraph(5, [
      [0, 1, 3],
      [1, 0, 7],
      [0, 1, -2],
      [2, 3, 1],
      [3, 2, 1],
    ]);
    const mate = maxWeightMatching(graph);
    expect(Array.from(mate)).toEqual([1, 0, 3, 2, -1]);
    expect(matchingWeight(graph, mate)).toBe(8);
  });

  it('maximises cardinality first only when asked, also with negative weights', () => {
    // path 0-1-2-3: the middle edge alone is heavier, the two outer ones give more pairs
    const graph = makeGraph(4, [
      [0, 1, -1],
      [1, 2, 10],
      [2, 3, -1],
    ]);
    expect(matchingWeight(graph, maxWeightMatching(graph, { maxCardinality: false }))).toBe(10);
    const mate = maxWeightMatching(graph);
    expect(Array.from(mate)).toEqual([1, 0, 3, 2]);
    expect(matchingWeight(graph, mate)).toBe(-2);
  });

  it('is exact at the 2^50 weight bound', () => {
    // the optimum wins by 1 over an alternative of the same magnitude
    const graph = makeGraph(4, [
      [0, 1, P50],
      [2, 3, 1],
      [1, 2, P50],
      [0, 3, 0],
    ]);
    expect(matchingWeight(graph, maxWeightMatching(graph, { maxCardinality: false }))).toBe(P50 + 1);
    const negative = makeGraph(4, [
      [0, 1, -P50],
      [2, 3, -P50 + 1],
      [1, 2, -P50],
      [0, 3, -P50],
    ]);
    expect(matchingWeight(negative, maxWeightMatching(negative))).toBe(-2 * P50 + 1);
    const mixed = makeGraph(6, [
      [0, 1, P50],
      [1, 2, -P50],
      [2, 3, P50 - 1],
      [3, 4, -P50],
      [4, 5, P50],
      [5, 0, -P50],
    ]);
    checkAgainstBruteForce(mixed, true);
    checkAgainstBruteForce(mixed, false);
  });

  it('rejects malformed input with RangeError', () => {
    expect(() => maxWeightMatching(makeGraph(2, [[0, 1, 0.5]]))).toThrow(RangeError);
    expect(() => maxWeightMatching(makeGraph(2, [[0, 1, P50 + 1]]))).toThrow(RangeError);
    expect(() => maxWeightMatching(makeGraph(2, [[0, 1, -P50 - 1]]))).toThrow(RangeError);
    expect(() => maxWeightMatching(makeGraph(2, [[0, 1, Number.NaN]]))).toThrow(RangeError);
    expect(() => maxWeightMatching(makeGraph(2, [[0, 0, 1]]))).toThrow(RangeError);
    expect(() => maxWeightMatching(makeGraph(2, [[0, 2, 1]]))).toThrow(RangeError);
    expect(() =>
      maxWeightMatching({ n: 2, from: new Int32Array(1), to: new Int32Array(2), weight: new Float64Array(1) }),
    ).toThrow(RangeError);
    expect(() => matchingWeight(makeGraph(3, [[0, 1, 1]]), Int32Array.from([2, -1, 0]))).toThrow(RangeError);
  });

  it('throws RangeError when maxCardinality needs duals beyond the exact range, and only then', () => {
    // Path with alternating +-2^50 weights: forcing the third pair costs 5 * 2^50, beyond the exact range.
    const path = (len: number) => {
      const edges: [number, number, number][] = [];
      for (let i = 0; i + 1 < len; i++) edges.push([i, i + 1, i % 2 === 0 ? -P50 : P50]);
      return makeGraph(len, edges);
    };
    expect(() => maxWeightMatching(path(6))).toThrow(RangeError);
    expect(matchingWeight(path(6), maxWeightMatching(path(6), { maxCardinality: false }))).toBe(2 * P50);
    // Forcing the second pair costs 3 * 2^50: still fine.
    expect(matchingWeight(path(4), maxWeightMatching(path(4)))).toBe(-2 * P50);
    // Here the search would run past the range after the last possible augmentation: the answer is still returned.
    const graph = makeGraph(8, [
      [0, 1, -P50],
      [1, 2, P50],
      [2, 3, -P50],
      [3, 4, P50],
      [5, 6, P50],
      [6, 7, -P50],
    ]);
    const mate = maxWeightMatching(graph);
    expect(checkValid(graph, mate)).toBe(3);
    expect(matchingWeight(graph, mate)).toBe(3 * P50);
  });
});

/** Swiss-like sparse graph: vertices in score order, each joined to the next `half` ones, tiered weights. */
function swissLike(n: number, half: number, seed: number, holes: number): MatchingGraph {
  const r = createRng(seed);
  const score: number[] = [];
  for (let i = 0; i < n; i++) score.push(randInt(r, 0, 18));
  score.sort((a, b) => b - a);
  const edges: [number, number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j <= Math.min(n - 1, i + half); j++) {
      if (r() < holes) continue;
      const tier = 20 - Math.min(20, score[i]! - score[j]!);
      edges.push([i, j, tier * 1e12 + randInt(r, 0, 999) * 1e6 + randInt(r, 0, 999)]);
    }
  }
  return makeGraph(n, edges);
}

function permuted(graph: MatchingGraph, r: () => number): { graph: MatchingGraph; perm: number[] } {
  const perm = Array.from({ length: graph.n }, (_, i) => i);
  for (let i = perm.length - 1; i > 0; i--) {
    const j = randInt(r, 0, i);
    [perm[i], perm[j]] = [perm[j]!, perm[i]!];
  }
  const order = Array.from({ length: graph.from.length }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = randInt(r, 0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const edges = order.map(
    (e) => [perm[graph.to[e]!]!, perm[graph.from[e]!]!, graph.weight[e]!] as [number, number, number],
  );
  return { graph: makeGraph(graph.n, edges), perm };
}

describe('medium randomized cross-checks', () => {
  it('certificate, relabelling and the maxCardinality-by-offset path agree on medium graphs', () => {
    const r = createRng(99);
    for (let it = 0; it < 150; it++) {
      const n = randInt(r, 20, 300);
      let graph: MatchingGraph;
      if (it % 3 === 0) {
        graph = swissLike(n, randInt(r, 3, 12), it + 1, r() * 0.4);
      } else {
        const density = Math.min(1, randInt(r, 2, 8) / n);
        const wmax = it % 3 === 1 ? 20 : it % 6 === 2 ? 2 ** 48 : 1000;
        const edges: [number, number, number][] = [];
        for (let i = 0; i < n; i++)
          for (let j = i + 1; j < n; j++) if (r() < density) edges.push([i, j, randInt(r, -wmax, wmax)]);
        graph = makeGraph(n, edges);
      }
      for (const maxCardinality of [false, true]) {
        const res = solve(graph, maxCardinality);
        const pairs = checkValid(graph, res.mate);
        checkCertificate(graph, res.mate, res.certificate!, maxCardinality);
        const weight = exactWeight(graph, res.mate);

        // same graph with vertices relabelled and edges shuffled: same optimum
        const { graph: g2, perm } = permuted(graph, r);
        const mate2 = maxWeightMatching(g2, { maxCardinality });
        expect(checkValid(g2, mate2)).toBe(pairs);
        expect(exactWeight(g2, mate2)).toBe(weight);
        expect(perm.length).toBe(graph.n);

        if (maxCardinality) {
          // a different route: plain maximum weight after adding a constant larger than any weight difference
          // times the number of pairs makes every maximum matching a maximum-cardinality one
          let lo = Infinity;
          let hi = -Infinity;
          for (const w of graph.weight) {
            lo = Math.min(lo, w);
            hi = Math.max(hi, w);
          }
          const offset = (hi - lo + 1) * (n + 2);
          if (graph.weight.length > 0 && offset + Math.abs(hi) < 2 ** 49) {
            const shifted: MatchingGraph = { ...graph, weight: graph.weight.map((w) => w + offset) };
            const mate3 = maxWeightMatching(shifted, { maxCardinality: false });
            expect(checkValid(graph, mate3)).toBe(pairs);
            expect(exactWeight(graph, mate3)).toBe(weight);
          }
        }
      }
    }
  });

  it('solves a Swiss-like graph with 2000 players and a complete graph with 150 vertices with a valid certificate', () => {
    const swiss = swissLike(2000, 15, 5, 0.2);
    const complete: [number, number, number][] = [];
    const r = createRng(3);
    for (let i = 0; i < 150; i++)
      for (let j = i + 1; j < 150; j++) complete.push([i, j, randInt(r, 0, 1e6) * 1e6 + randInt(r, 0, 1e6)]);
    for (const graph of [swiss, makeGraph(150, complete)]) {
      for (const maxCardinality of [true, false]) {
        const res = solve(graph, maxCardinality);
        checkValid(graph, res.mate);
        checkCertificate(graph, res.mate, res.certificate!, maxCardinality);
      }
    }
  });
});
