/**
 * An independent judge for small fields: enumerates every possible round and scores it with the lexicographic
 * objective written out from the rules (rematches, second byes, pairs more than one group apart, the bye's
 * group, total score difference), then the engine's own soft costs as the last key. It never touches the
 * candidate graph, the tier weights or the matching solver, so agreement proves those parts find the optimum.
 */
import { prepareField } from '../../../src/domain/pairing/field.js';
import type { PairingRequest, PairingRound } from '../../../src/domain/pairing/types.js';
import { buildContext } from '../../../src/domain/pairing/weighted/context.js';
import { createCoster, SOFT, TIER_COUNT } from '../../../src/domain/pairing/weighted/costs.js';
import { modelFor } from '../../../src/domain/pairing/weighted/model.js';
import type { WeightedMethod } from '../../../src/domain/pairing/types.js';

export interface Objective {
  rematches: number;
  secondByes: number;
  groupJumps: number;
  byeGroupsAboveLowest: number;
  scoreDifference: number;
  /** Standing of the bye's taker counted from the bottom (0 = lowest-ranked). */
  byeRank: number;
  soft: number;
}

const KEYS: (keyof Objective)[] = ['rematches', 'secondByes', 'groupJumps', 'byeGroupsAboveLowest', 'scoreDifference', 'byeRank', 'soft'];

export function compareObjectives(x: Objective, y: Objective): number {
  for (const k of KEYS) if (Math.abs(x[k] - y[k]) > 1e-9) return x[k] - y[k];
  return 0;
}

/** All perfect matchings of vertices 0..v-1 (v even), as mate arrays. */
export function* perfectMatchings(v: number): Generator<Int32Array> {
  const mate = new Int32Array(v).fill(-1);
  function* rec(): Generator<Int32Array> {
    let first = -1;
    for (let i = 0; i < v; i++) if (mate[i] === -1) { first = i; break; }
    if (first === -1) { yield mate.slice(); return; }
    for (let j = first + 1; j < v; j++) {
      if (mate[j] !== -1) continue;
      mate[first] = j; mate[j] = first;
      yield* rec();
      mate[first] = -1; mate[j] = -1;
    }
  }
  yield* rec();
}

export interface Judge {
  /** Active players (withdrawn ones left out), in input order; vertex n is the bye when the field is odd. */
  ids: string[];
  vertices: number;
  objective(mate: Int32Array): Objective;
  /** The round as a mate array over the judge's vertices. */
  mateOf(round: PairingRound): Int32Array;
  /** Whether the remaining rounds can be played without rematches after this round. */
  completable(mate: Int32Array, rounds: number): boolean;
}

export function judge(request: PairingRequest): Judge {
  const active = request.players.filter((p) => !p.withdrawn);
  const ids = active.map((p) => p.id);
  const n = ids.length;
  const vertices = n + (n % 2);
  const index = new Map(ids.map((id, i) => [id, i]));
  const score = active.map((p) => p.games.reduce((s, g) => s + g.matchPoints, 0));
  const byes = active.map((p) => p.games.filter((g) => g.opponent === null).length);
  const minByes = Math.min(...byes);
  const met = (i: number, j: number) => {
    const a = active[i]!.games.filter((g) => g.opponent === ids[j]).length;
    const b = active[j]!.games.filter((g) => g.opponent === ids[i]).length;
    return Math.max(a, b);
  };
  const method = request.method as WeightedMethod;
  const options = request.options ?? {};
  let group: number[];
  if (method === 'DRAW_MATIC') {
    const laneSize = options.laneSize ?? 4;
    const byRating = ids.map((_, i) => i).sort((a, b) => active[b]!.rating - active[a]!.rating || (ids[a]! < ids[b]! ? -1 : 1));
    group = new Array<number>(n);
    byRating.forEach((i, k) => (group[i] = Math.floor(k / laneSize)));
  } else if (method === 'LEVEL_BASED') {
    const width = options.bandWidth ?? 200;
    const top = Math.max(...active.map((p) => p.rating));
    const bands = active.map((p) => Math.floor((top - p.rating) / width));
    const distinct = [...new Set(bands)].sort((a, b) => a - b);
    group = bands.map((b) => distinct.indexOf(b));
  } else {
    const distinct = [...new Set(score)].sort((a, b) => b - a);
    group = score.map((s) => distinct.indexOf(s));
  }
  const lowest = Math.max(...group);
  const scoreCounts = method === 'SWISS' || method === 'WEIGHTED';
  const model = modelFor(request, method);
  const ctx = buildContext(prepareField(request), model, request);
  const coster = createCoster(ctx);
  const scratch = new Float64Array(TIER_COUNT);
  // Standings: score, then net game points, then rating, then id; 0 = the bottom.
  const net = active.map((p) => p.games.reduce((s, g) => s + (g.pointsFor ?? 0) - (g.pointsAgainst ?? 0), 0));
  const standing = ids.map((_, i) => i).sort((a, b) => score[b]! - score[a]! || net[b]! - net[a]! || active[b]!.rating - active[a]!.rating || (ids[a]! < ids[b]! ? -1 : 1));
  const fromBottom = new Array<number>(n);
  standing.forEach((i, k) => (fromBottom[i] = n - 1 - k));

  const objective = (mate: Int32Array): Objective => {
    const o: Objective = { rematches: 0, secondByes: 0, groupJumps: 0, byeGroupsAboveLowest: 0, scoreDifference: 0, byeRank: 0, soft: 0 };
    for (let i = 0; i < n; i++) {
      const j = mate[i]!;
      if (j === n) {
        o.secondByes += byes[i]! - minByes;
        o.byeGroupsAboveLowest += lowest - group[i]!;
        o.byeRank += fromBottom[i]!;
        coster.bye(i, scratch, 0);
        o.soft += scratch[SOFT]!;
        continue;
      }
      if (j < i) continue;
      if (request.options?.avoidRepeatOpponents !== false) o.rematches += met(i, j);
      o.groupJumps += Math.max(0, Math.abs(group[i]! - group[j]!) - 1);
      if (scoreCounts) o.scoreDifference += Math.abs(score[i]! - score[j]!);
      coster.pair(i, j, scratch, 0);
      o.soft += scratch[SOFT]!;
    }
    return o;
  };

  const mateOf = (round: PairingRound): Int32Array => {
    const mate = new Int32Array(vertices).fill(-1);
    for (const p of round.pairings) {
      const a = index.get(p.a)!;
      const b = index.get(p.b)!;
      if (mate[a] !== -1 || mate[b] !== -1) throw new Error(`player twice in a round: ${p.a} ${p.b}`);
      mate[a] = b;
      mate[b] = a;
    }
    for (const id of round.byes) {
      const a = index.get(id)!;
      if (mate[a] !== -1 || mate[n] !== -1) throw new Error(`bad bye ${id}`);
      mate[a] = n;
      mate[n] = a;
    }
    for (let v = 0; v < vertices; v++) if (mate[v] === -1) throw new Error(`vertex ${v} (${ids[v] ?? 'bye'}) left out`);
    return mate;
  };

  const completable = (mate: Int32Array, rounds: number): boolean => {
    const adj: boolean[][] = Array.from({ length: vertices }, () => new Array<boolean>(vertices).fill(false));
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && met(i, j) === 0 && mate[i] !== j) adj[i]![j] = true;
    if (vertices > n) {
      const after = byes.map((b, i) => b + (mate[i] === n ? 1 : 0));
      const least = Math.min(...after);
      let eligible = after.map((b) => b === least);
      if (eligible.filter(Boolean).length < rounds) eligible = after.map((b) => b <= least + 1);
      for (let i = 0; i < n; i++) if (eligible[i]) adj[i]![n] = adj[n]![i] = true;
    }
    return disjoint(adj, vertices, rounds, new Map());
  };

  return { ids, vertices, objective, mateOf, completable };
}

/** k edge-disjoint perfect matchings, by plain enumeration with a memo of failed (graph, k) states. */
function disjoint(adj: boolean[][], v: number, k: number, failed: Map<string, boolean>): boolean {
  if (k === 0) return true;
  const key = `${k}:${adj.map((row) => row.map((b) => (b ? 1 : 0)).join('')).join('')}`;
  if (failed.has(key)) return false;
  const mate = new Int32Array(v).fill(-1);
  const rec = (): boolean => {
    let first = -1;
    for (let i = 0; i < v; i++) if (mate[i] === -1) { first = i; break; }
    if (first === -1) {
      const pairs: [number, number][] = [];
      for (let i = 0; i < v; i++) if (mate[i]! > i) pairs.push([i, mate[i]!]);
      for (const [a, b] of pairs) adj[a]![b] = adj[b]![a] = false;
      const ok = disjoint(adj, v, k - 1, failed);
      for (const [a, b] of pairs) adj[a]![b] = adj[b]![a] = true;
      return ok;
    }
    for (let j = first + 1; j < v; j++) {
      if (mate[j] !== -1 || !adj[first]![j]) continue;
      mate[first] = j; mate[j] = first;
      if (rec()) return true;
      mate[first] = -1; mate[j] = -1;
    }
    return false;
  };
  const ok = rec();
  if (!ok) failed.set(key, false);
  return ok;
}

/**
 * The best round by the judge's objective; with `rounds` left, the best one that keeps them rematch-free, among
 * the rounds the engine's lookahead may choose from (no rematches, no second bye unless the best round needs one).
 */
export function bestRound(j: Judge, rounds: number): { mate: Int32Array; objective: Objective } {
  const all: { mate: Int32Array; objective: Objective }[] = [];
  for (const mate of perfectMatchings(j.vertices)) all.push({ mate, objective: j.objective(mate) });
  all.sort((x, y) => compareObjectives(x.objective, y.objective));
  const best = all[0]!;
  if (rounds <= 0 || best.objective.rematches > 0) return best;
  for (const candidate of all) {
    if (candidate.objective.rematches > 0) break;
    if (candidate.objective.secondByes > best.objective.secondByes) continue;
    if (j.completable(candidate.mate, rounds)) return candidate;
  }
  return best;
}
