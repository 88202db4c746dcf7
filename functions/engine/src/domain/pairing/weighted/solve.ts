import { PairingError } from '../errors.js';
import { maxWeightMatching } from '../matching/index.js';
import { buildCandidates, type CandidateGraph, type CandidateLevel, initialLevel, isComplete } from './candidates.js';
import type { PairingContext } from './context.js';
import { type Coster, TIER_COUNT, tier } from './costs.js';
import { tierWeights } from './weights.js';

export interface Solved {
  /** mate over the graph's vertices (players, then the phantom). */
  mate: Int32Array;
  perfect: boolean;
  graph: CandidateGraph;
  weight: Float64Array;
  /** Tier totals of the round, soft last. */
  totals: Float64Array;
  softDivisor: number;
}

export interface SolveReport {
  solved: Solved;
  level: CandidateLevel;
  solves: number;
  /**
   * Proved optimal in the hard tiers and the score difference: either they meet their lower bounds (parity of
   * every group boundary, no jump, bye in the lowest group) or the graph was complete.
   */
  exact: boolean;
}

/** One solve of one candidate graph. */
export function solveGraph(ctx: PairingContext, coster: Coster, graph: CandidateGraph): Solved {
  const { edgeCount, from, to } = graph;
  const tiers = new Float64Array(edgeCount * TIER_COUNT);
  for (let e = 0; e < edgeCount; e++) {
    const a = from[e]!;
    const b = to[e]!;
    if (b === ctx.n) coster.bye(a, tiers, e * TIER_COUNT);
    else coster.pair(a, b, tiers, e * TIER_COUNT);
  }
  const { weights, softDivisor } = tierWeights(tiers, edgeCount, graph.n / 2);
  const mate = maxWeightMatching({ n: graph.n, from, to, weight: weights }, { maxCardinality: true });
  let perfect = true;
  for (let v = 0; v < graph.n; v++) if (mate[v] === -1) perfect = false;
  const totals = new Float64Array(TIER_COUNT);
  const scratch = new Float64Array(TIER_COUNT);
  for (let v = 0; v < ctx.n; v++) {
    const u = mate[v]!;
    if (u === -1 || (u < v && u !== ctx.n)) continue;
    if (u === ctx.n) coster.bye(v, scratch, 0);
    else coster.pair(v, u, scratch, 0);
    for (let t = 0; t < TIER_COUNT; t++) totals[t] = totals[t]! + scratch[t]!;
  }
  return { mate, perfect, graph, weight: weights, totals, softDivisor };
}

/**
 * Solves the round on a sparse candidate graph, widening it until the result is provably as good as the complete
 * graph's in every hard tier and in the score difference (or the graph is complete where it matters):
 * 1. no perfect pairing: widen the windows around the players left out; once complete, allow pairs further apart,
 *    then second byes, then rematches, in that order (the reverse of their priority);
 * 2. a perfect pairing with more floats across a group boundary than the boundary's parity needs, a pair more than
 *    one group apart or a bye above the lowest group: widen the groups involved, and keep going while it helps.
 */
export function solveRound(ctx: PairingContext, coster: Coster, densePairs?: number): SolveReport {
  const level = initialLevel(ctx, densePairs);
  let solves = 0;
  let best: Solved | null = null;
  let stale = 0;
  for (;;) {
    const graph = buildCandidates(ctx, level);
    const solved = solveGraph(ctx, coster, graph);
    solves++;
    if (!solved.perfect) {
      if (best !== null) throw new Error('pairing: a wider candidate graph lost its perfect matching');
      relax(ctx, level, solved.mate);
      continue;
    }
    const order = best === null ? -1 : compareHard(solved.totals, best.totals);
    stale = order < 0 ? 0 : stale + 1;
    if (best === null || order <= 0) best = solved;
    const troubled = troubledGroups(ctx, best);
    const widenable = troubled.filter((g) => !isComplete(ctx, level, g));
    // Exact: every hard tier and the score difference sit at their lower bounds, or the graph is complete.
    // A bye above the lowest group on a graph that pairs only adjacent groups: the lowest player may take it only if
    // someone floats further down, so pairs further apart are allowed before the bye is kept up there.
    const settled = widenable.length === 0 || stale >= 2;
    if (settled && best.totals[BYE_GROUP]! > 0 && level.maxDistance < ctx.groupCount - 1) {
      level.maxDistance = ctx.groupCount - 1;
      stale = 0;
      continue;
    }
    if (settled) return { solved: best, level, solves, exact: troubled.length === 0 || allComplete(ctx, level) };
    for (const g of widenable) widen(ctx, level, g);
  }
}

function allComplete(ctx: PairingContext, level: CandidateLevel): boolean {
  for (let g = 0; g < ctx.groupCount; g++) if (!isComplete(ctx, level, g)) return false;
  return true;
}

function widen(ctx: PairingContext, level: CandidateLevel, g: number): void {
  const m = ctx.groupSize[g]!;
  level.window[g] = Math.min(m, Math.max(1, level.window[g]!) * 2);
}

/**
 * No perfect pairing on this graph: widen the groups around the players left out, then every group, then allow
 * what the hard tiers forbid, least important first: pairs more than one group apart, absolute colour conflicts,
 * second byes, rematches, forbidden pairs.
 */
function relax(ctx: PairingContext, level: CandidateLevel, mate: Int32Array): void {
  let widened = false;
  for (let v = 0; v < ctx.n; v++) {
    if (mate[v] !== -1) continue;
    const g = ctx.group[v]!;
    for (let h = Math.max(0, g - level.maxDistance); h <= Math.min(ctx.groupCount - 1, g + level.maxDistance); h++) {
      if (!isComplete(ctx, level, h)) {
        widen(ctx, level, h);
        widened = true;
      }
    }
  }
  if (widened) return;
  for (let g = 0; g < ctx.groupCount; g++) {
    if (!isComplete(ctx, level, g)) {
      widen(ctx, level, g);
      widened = true;
    }
  }
  if (widened) return;
  if (level.maxDistance < ctx.groupCount - 1) {
    level.maxDistance = ctx.groupCount - 1;
    return;
  }
  if (ctx.model.colours === 'FIDE' && !level.colourConflicts) {
    level.colourConflicts = true;
    return;
  }
  if (ctx.needsBye && !level.extraByes) {
    level.extraByes = true;
    return;
  }
  if (ctx.model.avoidRepeat && !level.rematches) {
    level.rematches = true;
    return;
  }
  if (ctx.field.hasForbidden && !level.forbidden) {
    level.forbidden = true;
    return;
  }
  throw new PairingError('failed-precondition', `no complete pairing of ${ctx.n} players exists`);
}

const PREFERENCE = tier('colourPreference');
const BYE_GROUP = tier('byeGroup');

/** Lexicographic comparison of the hard tiers, the score difference and the bye's rank (preferences and soft excluded). */
export function compareHard(x: Float64Array, y: Float64Array): number {
  for (let t = 0; t < PREFERENCE; t++) if (x[t] !== y[t]) return x[t]! - y[t]!;
  return 0;
}

/**
 * Groups where the round is worse than a lower bound says it might need to be: a boundary crossed by more pairs
 * than its parity forces (only where the score difference counts), pairs skipping a group or mixing categories, a
 * bye above the lowest group. Their windows are the ones worth widening.
 */
function troubledGroups(ctx: PairingContext, solved: Solved): number[] {
  const G = ctx.groupCount;
  const marked = new Uint8Array(G);
  const crossing = new Int32Array(G + 1);
  const members = new Int32Array(G);
  const { mate } = solved;
  let byeGroup = -1;
  for (let v = 0; v < ctx.n; v++) {
    const u = mate[v]!;
    const gv = ctx.group[v]!;
    members[gv] = members[gv]! + 1;
    if (u === ctx.n) {
      byeGroup = gv;
      continue;
    }
    if (u < v) continue;
    const gu = ctx.group[u]!;
    const lo = Math.min(gu, gv);
    const hi = Math.max(gu, gv);
    // A pair more than one group apart, or across categories: a wider window might avoid it.
    if (hi - lo > 1 || (ctx.weights.category > 0 && ctx.category[u] !== ctx.category[v]))
      for (let g = lo; g <= hi; g++) marked[g] = 1;
    crossing[lo] = crossing[lo]! + 1;
    crossing[hi] = crossing[hi]! - 1;
  }
  if (byeGroup >= 0 && byeGroup < G - 1) for (let g = byeGroup; g < G; g++) marked[g] = 1;
  if (ctx.model.scoreTier) {
    let cross = 0;
    let above = 0;
    for (let b = 0; b + 1 < G; b++) {
      cross += crossing[b]!;
      above += members[b]! - (byeGroup === b ? 1 : 0);
      if (cross > (above & 1)) {
        marked[b] = 1;
        marked[b + 1] = 1;
      }
    }
  }
  const out: number[] = [];
  for (let g = 0; g < G; g++) if (marked[g]) out.push(g);
  return out;
}
