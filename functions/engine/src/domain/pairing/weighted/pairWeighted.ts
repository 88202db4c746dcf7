import { type ColourPlayer, xMovesFirst } from '../colours.js';
import { PairingError } from '../errors.js';
import type { Field } from '../field.js';
import { recommendedRounds } from '../rounds.js';
import type { PairingRequest, PairingRound, WeightedMethod } from '../types.js';
import { buildCandidates, type CandidateGraph, type CandidateLevel } from './candidates.js';
import { buildContext, type PairingContext } from './context.js';
import { type Coster, createCoster, tier } from './costs.js';
import { colourConflictTier } from './criteria/colours.js';
import { perfectMatchingsByWeight } from './kbest.js';
import { decompose, type Feasibility, remainingRoundsFeasible } from './lookahead.js';
import { modelFor } from './model.js';
import { solveGraph, solveRound } from './solve.js';

/** Beyond this size the lookahead only applies Dirac's condition (the exact check would be too slow). */
export const LOOKAHEAD_MAX_PLAYERS = 64;
/**
 * Up to this many players, an event whose length nobody gave is kept playable for a whole round robin: a club
 * night may well go on that long, and while the field is dense the guard costs nothing.
 */
export const ROUND_ROBIN_HORIZON_PLAYERS = 16;
/**
 * How many next-best rounds the lookahead may reject before it lays out the rest of the event outright (small
 * fields; a tenth of it above 16 players). A setting, not a constant, so tests can send every round down the
 * lay-out path.
 */
export const lookaheadLimits = { candidates: 4000 };

/**
 * SWISS, DRAW_MATIC, LEVEL_BASED and WEIGHTED: one model. Every pair gets a tiered cost from the enabled
 * criteria and the round is the maximum-weight perfect matching over the whole field.
 */
export function pairWeighted(request: PairingRequest, field: Field, method: WeightedMethod): PairingRound {
  const n = field.active.length;
  if (n < 2)
    throw new PairingError(
      'failed-precondition',
      `only ${n} active player${n === 1 ? '' : 's'}; a round needs at least 2`,
    );
  const model = modelFor(request, method);
  const ctx = buildContext(field, model, request);
  const coster = createCoster(ctx);
  const report = solveRound(ctx, coster);
  let mate = report.solved.mate;
  const notes: string[] = [];
  let rejected = 0;
  const totalRounds = request.totalRounds ?? defaultHorizon(n, method);
  const remaining = totalRounds === undefined ? 0 : totalRounds - request.roundNumber;
  const lookahead = model.lookahead ?? true;
  const totals = report.solved.totals;
  if (lookahead && remaining > 0 && model.avoidRepeat && totals[tier('rematch')] === 0) {
    const result = lookAhead(ctx, coster, report.level, mate, remaining);
    mate = result.mate;
    rejected = result.rejected;
    if (result.note) notes.push(result.note);
  }
  const rematches = totals[tier('rematch')]!;
  if (rematches > 0) notes.push(`no rematch-free round exists: ${rematches} rematch(es) were unavoidable`);
  if (totals[tier('byeRepeat')]! > 0)
    notes.push('every player who could take the bye without a second one was needed in a game');
  const conflicts = countConflicts(ctx, mate);
  if (conflicts > 0) {
    notes.push(
      `no round keeps every absolute colour preference: ${conflicts} pair(s) of players who need the same colour meet, and one of each ends beyond +-2 or with three in a row`,
    );
  }
  return describe(request, ctx, coster, mate, {
    notes,
    stats: {
      edges: report.solved.graph.edgeCount,
      solves: report.solves,
      exact: report.exact,
      lookaheadRejected: rejected,
    },
  });
}

/** Rounds kept playable when the request does not say: a round robin's for small fields, else docs/pairing.md#rounds */
function defaultHorizon(n: number, method: WeightedMethod): number | undefined {
  if (n <= ROUND_ROBIN_HORIZON_PLAYERS) return n % 2 === 0 ? n - 1 : n;
  return method === 'SWISS' ? recommendedRounds(n).rounds : undefined;
}

/**
 * Keeps the best round if the rest of the event can still be played without rematches; otherwise walks down
 * the next-best rounds (on the complete rematch-free graph) until one leaves a playable remainder. If that takes
 * too long, it lays out this round and every remaining one at once (an exact search, guided by the pair weights
 * for this round) and plays the best of those rounds: the rest of the layout proves the remainder playable.
 */
function lookAhead(
  ctx: PairingContext,
  coster: Coster,
  level: CandidateLevel,
  mate: Int32Array,
  remaining: number,
): { mate: Int32Array; rejected: number; note?: string } {
  // Unplayed partners per player before this round (distinct opponents left out), the same for every candidate.
  const unplayed = Int32Array.from(ctx.field.active, (p) => ctx.n - 1 - new Set(p.opponents).size);
  const first = feasibleAfter(ctx, unplayed, mate, remaining);
  if (first !== 'no')
    return {
      mate,
      rejected: 0,
      note:
        first === 'unknown'
          ? 'the lookahead could not settle whether the remaining rounds can all avoid rematches'
          : undefined,
    };
  if (ctx.n > LOOKAHEAD_MAX_PLAYERS)
    return {
      mate,
      rejected: 0,
      note: `the remaining ${remaining} round(s) cannot all avoid rematches after this round`,
    };
  const budget = ctx.n <= 16 ? lookaheadLimits.candidates : lookaheadLimits.candidates / 10;
  const full: CandidateLevel = {
    window: Int32Array.from(ctx.groupSize),
    maxDistance: ctx.groupCount,
    extraByes: level.extraByes,
    rematches: false,
    forbidden: level.forbidden,
    // Finishing the event without rematches comes before colours.
    colourConflicts: true,
  };
  const solved = solveGraph(ctx, coster, buildCandidates(ctx, full));
  let rejected = 0;
  for (const candidate of perfectMatchingsByWeight({ ...solved.graph, weight: solved.weight })) {
    if (rejected >= budget) break;
    if (feasibleAfter(ctx, unplayed, candidate, remaining) !== 'no') return { mate: candidate, rejected };
    rejected++;
  }
  const laidOut = layOutRemainder(ctx, solved.graph, solved.weight, remaining);
  if (laidOut) return { mate: laidOut, rejected };
  return {
    mate,
    rejected,
    note: `no round keeps the remaining ${remaining} round(s) free of rematches; kept the best round`,
  };
}

/**
 * This round and the `remaining` after it as one decomposition of the graph of unplayed pairs (with the bye's
 * phantom), this round's partners tried in the order of the pair weights; returns the heaviest of the rounds
 * found, every one of which leaves the others as a playable remainder. Null when no decomposition exists (the
 * history came from elsewhere) or the search runs out of steps.
 */
function layOutRemainder(
  ctx: PairingContext,
  graph: CandidateGraph,
  weight: Float64Array,
  remaining: number,
): Int32Array | null {
  const size = graph.n;
  const adjacency = new Uint8Array(size * size);
  const edgeWeight = new Float64Array(size * size);
  for (let e = 0; e < graph.edgeCount; e++) {
    const a = graph.from[e]!;
    const b = graph.to[e]!;
    adjacency[a * size + b] = adjacency[b * size + a] = 1;
    edgeWeight[a * size + b] = edgeWeight[b * size + a] = weight[e]!;
  }
  const found = decompose(
    adjacency,
    size,
    remaining + 1,
    size <= 24 ? 20_000_000 : 2_000_000,
    (v, u) => edgeWeight[v * size + u]!,
  );
  if (!Array.isArray(found)) return null;
  let best: Int32Array | null = null;
  let bestWeight = -Infinity;
  for (const round of found) {
    let total = 0;
    for (let v = 0; v < size; v++) if (round[v]! > v) total += edgeWeight[v * size + round[v]!]!;
    if (total > bestWeight) {
      bestWeight = total;
      best = round;
    }
  }
  return best;
}

/**
 * Whether the rounds left can still be played without rematches after this one. Dirac's theorem settles most
 * cases at once: a graph whose every degree is at least half its size has a perfect matching, and taking one away
 * lowers every degree by exactly one, so a minimum degree of size/2 + remaining - 1 is enough. Otherwise small
 * fields get the full check.
 */
function feasibleAfter(ctx: PairingContext, unplayed: Int32Array, mate: Int32Array, remaining: number): Feasibility {
  const n = ctx.n;
  const size = n + (ctx.needsBye ? 1 : 0);
  const eligible = byeEligible(ctx, mate, remaining);
  const degree = new Int32Array(size);
  for (let i = 0; i < n; i++) {
    const partner = mate[i]!;
    degree[i] = unplayed[i]! - (partner !== ctx.n && ctx.field.met(i, partner) === 0 ? 1 : 0) + (eligible[i] ? 1 : 0);
    if (eligible[i]) degree[n] = degree[n]! + 1;
  }
  let least = Infinity;
  for (let v = 0; v < size; v++) least = Math.min(least, degree[v]!);
  if (least < remaining) return 'no';
  if (least >= Math.ceil(size / 2) + remaining - 1) return 'yes';
  if (size > LOOKAHEAD_MAX_PLAYERS + 1) return 'unknown';
  const adjacency = new Uint8Array(size * size);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (ctx.field.met(i, j) > 0 || ctx.field.forbidden(i, j) || mate[i] === j) continue;
      adjacency[i * size + j] = 1;
      adjacency[j * size + i] = 1;
    }
    if (eligible[i]) {
      adjacency[i * size + n] = 1;
      adjacency[n * size + i] = 1;
    }
  }
  return remainingRoundsFeasible(adjacency, size, remaining, size <= 24 ? 2_000_000 : 200_000);
}

/** Who may take a later bye: the players with the fewest byes after this round (one more if too few are left). */
function byeEligible(ctx: PairingContext, mate: Int32Array, remaining: number): boolean[] {
  const n = ctx.n;
  if (!ctx.needsBye) return new Array<boolean>(n).fill(false);
  const byesAfter = Array.from(ctx.byes, (b, i) => b + (mate[i] === n ? 1 : 0));
  let least = Infinity;
  for (const b of byesAfter) least = Math.min(least, b);
  const eligible = byesAfter.map((b) => b === least);
  if (eligible.filter(Boolean).length < remaining) return byesAfter.map((b) => b <= least + 1);
  return eligible;
}

function colourPlayer(ctx: PairingContext, i: number): ColourPlayer {
  const history = ctx.mcMahon ? ctx.mcMahon.evenColours[i]! : ctx.field.active[i]!.colours;
  return { history, pairingNumber: ctx.pairingNumber[i]! };
}

function countConflicts(ctx: PairingContext, mate: Int32Array): number {
  let count = 0;
  for (let v = 0; v < ctx.n; v++)
    if (mate[v]! > v && mate[v]! < ctx.n && colourConflictTier(ctx, v, mate[v]!) > 0) count++;
  return count;
}

function describe(
  request: PairingRequest,
  ctx: PairingContext,
  coster: Coster,
  mate: Int32Array,
  extra: Pick<PairingRound, 'notes' | 'stats'>,
): PairingRound {
  const players = ctx.field.active;
  // Boards in order of the higher-ranked player of each pair; side a moves first.
  const boards: { top: number; a: number; b: number }[] = [];
  const byes: number[] = [];
  for (let v = 0; v < ctx.n; v++) {
    const u = mate[v]!;
    if (u === ctx.n) byes.push(v);
    else if (u > v) {
      const [top, other] = ctx.rankFromBottom[v]! >= ctx.rankFromBottom[u]! ? [v, u] : [u, v];
      // Go: in a handicap game the weaker player takes Black, who moves first (docs/go.md#handicap).
      const white = ctx.mcMahon?.handicap(top, other).white ?? null;
      const topFirst =
        white !== null
          ? white === 'y'
          : ctx.model.colours === 'NONE' ||
            xMovesFirst(ctx.model.colours, colourPlayer(ctx, top), colourPlayer(ctx, other), 'x');
      boards.push({ top, a: topFirst ? top : other, b: topFirst ? other : top });
    }
  }
  boards.sort((x, y) => ctx.rankFromBottom[y.top]! - ctx.rankFromBottom[x.top]!);
  return {
    roundNumber: request.roundNumber,
    method: request.method,
    seed: request.seed,
    pairings: boards.map(({ a, b }) => ({
      a: players[a]!.id,
      b: players[b]!.id,
      movesFirst: players[a]!.id,
      cost: coster.pairTerms(a, b),
    })),
    byes: byes.map((i) => players[i]!.id),
    byeCosts: byes.map((i) => ({ id: players[i]!.id, cost: coster.byeTerms(i) })),
    ...extra,
  };
}
