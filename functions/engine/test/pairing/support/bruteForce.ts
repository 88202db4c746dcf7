/**
 * An independent judge for small fields: enumerates every possible round and scores it with the lexicographic
 * objective written out from the rules of docs/pairing.md#weighted: rematches (docs/pairing.md#swiss), second
 * byes, FIDE's absolute colour conflicts (docs/colours.md#fide), the bye's group (byes to the bottom,
 * docs/pairing.md#byes), pairs more than one group apart, the total score difference, the bye's rank, FIDE's
 * denied colour preferences, and last the method's own rule: none for SWISS (random inside a group,
 * docs/pairing.md#swiss) and WEIGHTED (judged here by its hard keys; weighted.test.ts checks its soft criteria one
 * by one), the squared rating gap plus sameTeamValue for DRAW_MATIC (tods-competition-factory's units,
 * docs/pairing.md#drawmatic), the concave cost on the rating gap for LEVEL_BASED (docs/pairing.md#level-based). It
 * never touches the engine's context, costs, tier weights, candidate graph or matching solver, so agreement proves
 * those parts find the optimum.
 */
import type { PairingGame, PairingRequest, PairingRound, WeightedMethod } from '../../../src/domain/pairing/types.js';

export interface Objective {
  rematches: number;
  secondByes: number;
  /** FIDE: pairs of two players who need the same colour absolutely (C.3). */
  colourConflicts: number;
  /**
   * Category mixing (docs/pairing.md#weighted): 1 - f(distance / widest distance) per pair, in units of
   * 1 / (20 span^2).
   */
  categoryMixing: number;
  groupJumps: number;
  byeGroupsAboveLowest: number;
  scoreDifference: number;
  /** Standing of the bye's taker counted from the bottom (0 = lowest-ranked). */
  byeRank: number;
  /** FIDE C.12/C.13 as one key: the strength (1 mild, 2 strong, 3 absolute) of every preference denied. */
  colourDenied: number;
  /** The method's own rule (see above); compared within `softTolerance`. */
  soft: number;
}

const KEYS: (keyof Objective)[] = [
  'rematches',
  'secondByes',
  'colourConflicts',
  'categoryMixing',
  'byeGroupsAboveLowest',
  'groupJumps',
  'scoreDifference',
  'byeRank',
  'colourDenied',
  'soft',
];

/** Lexicographic; soft values closer than `softTolerance` count as equal (the engine keeps integer costs). */
export function compareObjectives(x: Objective, y: Objective, softTolerance = 1e-9): number {
  for (const k of KEYS) {
    const tolerance = k === 'soft' ? softTolerance : 1e-9;
    if (Math.abs(x[k] - y[k]) > tolerance) return x[k] - y[k];
  }
  return 0;
}

/** All perfect matchings of vertices 0..v-1 (v even), as mate arrays. */
export function* perfectMatchings(v: number): Generator<Int32Array> {
  const mate = new Int32Array(v).fill(-1);
  function* rec(): Generator<Int32Array> {
    let first = -1;
    for (let i = 0; i < v; i++)
      if (mate[i] === -1) {
        first = i;
        break;
      }
    if (first === -1) {
      yield mate.slice();
      return;
    }
    for (let j = first + 1; j < v; j++) {
      if (mate[j] !== -1) continue;
      mate[first] = j;
      mate[j] = first;
      yield* rec();
      mate[first] = -1;
      mate[j] = -1;
    }
  }
  yield* rec();
}

export interface Judge {
  /** Active players (withdrawn ones left out), in input order; vertex n is the bye when the field is odd. */
  ids: string[];
  vertices: number;
  /** How far apart two soft values may be and still count as equal: the engine's integer rounding. */
  softTolerance: number;
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
    const byRating = ids
      .map((_, i) => i)
      .sort((a, b) => active[b]!.rating - active[a]!.rating || (ids[a]! < ids[b]! ? -1 : 1));
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
  // Standings: score, then net game points, then rating, then id; 0 = the bottom.
  const net = active.map((p) => p.games.reduce((s, g) => s + (g.pointsFor ?? 0) - (g.pointsAgainst ?? 0), 0));
  const standing = ids
    .map((_, i) => i)
    .sort(
      (a, b) =>
        score[b]! - score[a]! ||
        net[b]! - net[a]! ||
        active[b]!.rating - active[a]!.rating ||
        (ids[a]! < ids[b]! ? -1 : 1),
    );
  const fromBottom = new Array<number>(n);
  standing.forEach((i, k) => (fromBottom[i] = n - 1 - k));
  const colours = colourRules(
    request,
    active.map((p) => p.games),
    score,
  );
  const soft = softRule(request, method, active);
  const categories = active.map((p) => p.category);
  const known = categories.filter((c): c is number => c !== undefined);
  const span = known.length === 0 ? 1 : Math.max(1, Math.max(...known) - Math.min(...known));
  const mixing = known.length > 0 && request.options?.weights?.category !== 0;
  const k = request.options?.concavity ?? 0.5;
  const categoryMixing = (i: number, j: number) => {
    const ci = categories[i];
    const cj = categories[j];
    if (!mixing || ci === undefined || cj === undefined) return 0;
    const x = Math.abs(ci - cj) / span;
    return 20 * span * span * (1 - (1 - x) * (1 + k * x));
  };

  const objective = (mate: Int32Array): Objective => {
    const o: Objective = {
      rematches: 0,
      secondByes: 0,
      colourConflicts: 0,
      categoryMixing: 0,
      groupJumps: 0,
      byeGroupsAboveLowest: 0,
      scoreDifference: 0,
      byeRank: 0,
      colourDenied: 0,
      soft: 0,
    };
    for (let i = 0; i < n; i++) {
      const j = mate[i]!;
      if (j === n) {
        o.secondByes += byes[i]! - minByes;
        o.byeGroupsAboveLowest += lowest - group[i]!;
        o.byeRank += fromBottom[i]!;
        continue;
      }
      if (j < i) continue;
      if (request.options?.avoidRepeatOpponents !== false) o.rematches += met(i, j);
      o.colourConflicts += colours.conflict(i, j);
      o.categoryMixing += categoryMixing(i, j);
      o.groupJumps += Math.max(0, Math.abs(group[i]! - group[j]!) - 1);
      if (scoreCounts) o.scoreDifference += Math.abs(score[i]! - score[j]!);
      o.colourDenied += colours.denied(i, j);
      o.soft += soft.pair(i, j);
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
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) if (i !== j && met(i, j) === 0 && mate[i] !== j) adj[i]![j] = true;
    if (vertices > n) {
      const after = byes.map((b, i) => b + (mate[i] === n ? 1 : 0));
      const least = Math.min(...after);
      let eligible = after.map((b) => b === least);
      if (eligible.filter(Boolean).length < rounds) eligible = after.map((b) => b <= least + 1);
      for (let i = 0; i < n; i++) if (eligible[i]) adj[i]![n] = adj[n]![i] = true;
    }
    return disjoint(adj, vertices, rounds, new Map());
  };

  return { ids, vertices, softTolerance: soft.tolerance * (vertices / 2), objective, mateOf, completable };
}

/** k edge-disjoint perfect matchings, by plain enumeration with a memo of failed (graph, k) states. */
function disjoint(adj: boolean[][], v: number, k: number, failed: Map<string, boolean>): boolean {
  if (k === 0) return true;
  const key = `${k}:${adj.map((row) => row.map((b) => (b ? 1 : 0)).join('')).join('')}`;
  if (failed.has(key)) return false;
  const mate = new Int32Array(v).fill(-1);
  const rec = (): boolean => {
    let first = -1;
    for (let i = 0; i < v; i++)
      if (mate[i] === -1) {
        first = i;
        break;
      }
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
      mate[first] = j;
      mate[j] = first;
      if (rec()) return true;
      mate[first] = -1;
      mate[j] = -1;
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
  all.sort((x, y) => compareObjectives(x.objective, y.objective, j.softTolerance));
  const best = all[0]!;
  if (rounds <= 0 || best.objective.rematches > 0) return best;
  for (const candidate of all) {
    if (candidate.objective.rematches > 0) break;
    if (candidate.objective.secondByes > best.objective.secondByes) continue;
    if (j.completable(candidate.mate, rounds)) return candidate;
  }
  return best;
}

/**
 * FIDE's colour rules, from the games' colours (played games only): a preference is absolute beyond +-1 or after
 * the same colour twice, strong at +-1, mild at 0 after a game; two absolute preferences for the same colour may
 * not meet, except in the last round when either player is a topscorer (over half the points so far).
 */
function colourRules(request: PairingRequest, games: PairingGame[][], score: number[]) {
  const fide = request.options?.colours === 'FIDE';
  const prefs = games.map((list) => {
    const colours = list
      .filter((g) => g.opponent !== null && g.colour !== undefined)
      .sort((x, y) => x.round - y.round)
      .map((g) => g.colour);
    if (colours.length === 0) return { colour: 0, strength: 0 };
    const d = colours.filter((c) => c === 'WHITE').length - colours.filter((c) => c === 'BLACK').length;
    const last = colours[colours.length - 1] === 'WHITE' ? 1 : -1;
    if (Math.abs(d) > 1) return { colour: d > 1 ? -1 : 1, strength: 3 };
    if (colours.length >= 2 && colours[colours.length - 2] === colours[colours.length - 1])
      return { colour: -last, strength: 3 };
    if (d !== 0) return { colour: d > 0 ? -1 : 1, strength: 2 };
    return { colour: -last, strength: 1 };
  });
  const lastRound = request.totalRounds !== undefined && request.roundNumber === request.totalRounds;
  const topscorer = score.map((s) => lastRound && s > ((request.roundNumber - 1) * (request.points?.win ?? 1)) / 2);
  const same = (i: number, j: number) => prefs[i]!.colour !== 0 && prefs[i]!.colour === prefs[j]!.colour;
  return {
    conflict: (i: number, j: number) =>
      fide && same(i, j) && prefs[i]!.strength === 3 && prefs[j]!.strength === 3 && !topscorer[i] && !topscorer[j]
        ? 1
        : 0,
    denied: (i: number, j: number) => (fide && same(i, j) ? Math.min(prefs[i]!.strength, prefs[j]!.strength) : 0),
  };
}

/** The method's own rule for the last key, and how far the engine's integer costs may round it (per pair). */
function softRule(request: PairingRequest, method: WeightedMethod, active: PairingRequest['players']) {
  const ratings = active.map((p) => p.rating);
  const range = Math.max(1, Math.max(...ratings) - Math.min(...ratings));
  const gap = (i: number, j: number) => Math.abs(ratings[i]! - ratings[j]!);
  if (method === 'DRAW_MATIC') {
    // DrawMatic (docs/pairing.md#drawmatic): the squared rating gap, plus sameTeamValue for team-mates.
    const teamValue = request.options?.sameTeamValue ?? 100;
    const sameTeam = (i: number, j: number) => active[i]!.team !== undefined && active[i]!.team === active[j]!.team;
    // The engine weighs the squared gap over range^2 in 100,000 integer steps.
    return {
      pair: (i: number, j: number) => gap(i, j) ** 2 + (sameTeam(i, j) ? teamValue : 0),
      tolerance: (range * range) / 100_000,
    };
  }
  if (method === 'LEVEL_BASED') {
    // OpenGotha's concavity function on the gap over the field's range, k = 0.5 (docs/pairing.md#level-based,
    // docs/pairing.md#weighted): many small gaps beat a large one.
    const k = request.options?.concavity ?? 0.5;
    return {
      pair: (i: number, j: number) => 1 - (1 - gap(i, j) / range) * (1 + (k * gap(i, j)) / range),
      tolerance: 1 / 1000,
    };
  }
  return { pair: () => 0, tolerance: 0 };
}
