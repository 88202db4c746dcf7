/**
 * npx tsx --conditions=source scripts/bench-matching.ts [runs]
 * Times maxWeightMatching on Swiss-like sparse graphs (players sorted by score, each joined to its nearest
 * neighbours in that order, tiered integer weights) and on complete graphs. Prints the median of `runs` runs.
 */
import { createRng, type MatchingGraph, matchingWeight, maxWeightMatching } from '@competition/engine';

interface Player {
  score: number; // in half points
  rating: number;
}

function players(n: number, seed: number): Player[] {
  const r = createRng(seed);
  const rounds = 9;
  const list: Player[] = [];
  for (let i = 0; i < n; i++) {
    const rating = 1000 + Math.floor(r() * 1800);
    // stronger players tend to score more
    let score = 0;
    for (let k = 0; k < rounds; k++) {
      const p = 0.25 + 0.5 * ((rating - 1000) / 1800);
      const x = r();
      score += x < p ? 2 : x < p + 0.15 ? 1 : 0;
    }
    list.push({ score, rating });
  }
  list.sort((a, b) => b.score - a.score || b.rating - a.rating);
  return list;
}

/** Tiered weight: 10^12 * (score closeness) + 10^6 * (rating closeness) + random term. */
function weightOf(a: Player, b: Player, r: () => number): number {
  const scoreTier = 40 - Math.min(40, Math.abs(a.score - b.score));
  const ratingTier = 999_999 - Math.min(999_999, Math.abs(a.rating - b.rating) * 500);
  return 1e12 * scoreTier + 1e6 * ratingTier + Math.floor(r() * 1e6);
}

function swissGraph(n: number, k: number, seed: number): MatchingGraph {
  const ps = players(n, seed);
  const r = createRng(seed * 7 + 1);
  const half = Math.max(1, Math.floor(k / 2));
  const from: number[] = [];
  const to: number[] = [];
  const weight: number[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j <= Math.min(n - 1, i + half); j++) {
      from.push(i);
      to.push(j);
      weight.push(weightOf(ps[i]!, ps[j]!, r));
    }
  }
  return { n, from: Int32Array.from(from), to: Int32Array.from(to), weight: Float64Array.from(weight) };
}

function completeGraph(n: number, seed: number): MatchingGraph {
  const ps = players(n, seed);
  const r = createRng(seed * 7 + 1);
  const m = (n * (n - 1)) / 2;
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  const weight = new Float64Array(m);
  let e = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      from[e] = i;
      to[e] = j;
      weight[e] = weightOf(ps[i]!, ps[j]!, r);
      e++;
    }
  }
  return { n, from, to, weight };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const runs = Number(process.argv[2] ?? 5);
const cases: { name: string; build: (seed: number) => MatchingGraph }[] = [
  { name: 'swiss n=256 k=30', build: (s) => swissGraph(256, 30, s) },
  { name: 'swiss n=1024 k=30', build: (s) => swissGraph(1024, 30, s) },
  { name: 'swiss n=1024 k=60', build: (s) => swissGraph(1024, 60, s) },
  { name: 'swiss n=4096 k=30', build: (s) => swissGraph(4096, 30, s) },
  { name: 'swiss n=10000 k=10', build: (s) => swissGraph(10000, 10, s) },
  { name: 'swiss n=10000 k=30', build: (s) => swissGraph(10000, 30, s) },
  { name: 'swiss n=10000 k=60', build: (s) => swissGraph(10000, 60, s) },
  { name: 'complete n=200', build: (s) => completeGraph(200, s) },
  { name: 'complete n=1000', build: (s) => completeGraph(1000, s) },
];

// warm-up so the first rows are not dominated by JIT compilation
for (let i = 0; i < 3; i++) {
  maxWeightMatching(swissGraph(2048, 30, 90 + i));
  maxWeightMatching(swissGraph(2048, 30, 90 + i), { maxCardinality: false });
}

console.log(`median of ${runs} runs (different random graphs), time of maxWeightMatching only`);
console.log('case                    edges    maxCard ms   weight-only ms   pairs');
for (const c of cases) {
  const timesCard: number[] = [];
  const timesWeight: number[] = [];
  let edges = 0;
  let pairs = 0;
  for (let run = 0; run < runs; run++) {
    const g = c.build(run + 1);
    edges = g.from.length;
    let t0 = performance.now();
    const mate = maxWeightMatching(g);
    timesCard.push(performance.now() - t0);
    t0 = performance.now();
    const mate2 = maxWeightMatching(g, { maxCardinality: false });
    timesWeight.push(performance.now() - t0);
    pairs = mate.reduce((acc, v) => acc + (v >= 0 ? 1 : 0), 0) / 2;
    matchingWeight(g, mate);
    matchingWeight(g, mate2);
  }
  console.log(
    `${c.name.padEnd(22)} ${String(edges).padStart(7)} ${median(timesCard).toFixed(1).padStart(12)} ${median(
      timesWeight,
    )
      .toFixed(1)
      .padStart(16)} ${String(pairs).padStart(7)}`,
  );
}
