import { IndexedMinHeap } from './heap.js';
import type { PreparedGraph } from './graph.js';

/*
 * Maximum-weight matching in general graphs: Edmonds' primal-dual blossom algorithm.
 *
 * Structure (see README.md in this folder for the longer story):
 * - Every exposed vertex is the root of an alternating tree; the trees persist across augmentations.
 *   An augmentation joins two trees; only those two trees are dissolved (their vertices become free),
 *   the rest of the forest is kept. The first phase therefore behaves like a greedy matching by weight
 *   while keeping the duals valid.
 * - One global dual adjustment "time" `now`: every S-vertex dual falls by 1 per unit of time, every
 *   T-vertex dual rises by 1, S-blossom duals rise by 2, T-blossom duals fall by 2. Duals are stored
 *   lazily as base + sign * now, so a dual update costs O(1).
 * - The next event (an edge becoming tight or a T-blossom dual reaching zero) comes from three heaps of
 *   time-invariant keys: one entry per free vertex (its best edge to an S-vertex), one per S-vertex (its best edge
 *   to an S-vertex of another blossom) and one per T-blossom. An entry's key never exceeds the time at which any
 *   live edge it stands for becomes tight, so it is re-validated, and recomputed from the vertex's edges if its
 *   edge has died meanwhile, only when it reaches the top.
 *
 * Units. Weights are shifted so the largest is 0: w' = weight - max(weight), -R <= w' <= 0 (R = weight range).
 * All duals are doubled: an edge (i, j) outside any common blossom has slack d_i + d_j - 2w'. Every vertex
 * starts at d = 0, so all exposed vertices always share the dual -t, where t is the total dual adjustment.
 * Weights are integers and all labelled vertices have duals of the same parity, so every event time is an
 * integer and every stored quantity is an exact integer.
 *
 * Range. Vertex duals lie in [-t, t] and blossom duals in [0, 2t]; blossom duals are stored halved. Stored
 * bases are taken relative to a time origin that is moved forward whenever the relative time exceeds 2^47
 * (rebase), so every base stays within t + 2^47. Event keys are formed as (base - w') + (base - w') or as
 * (base - w')/2 + (base - w')/2, whose parts stay within t + 2^47 + R. The solver refuses to let t exceed
 * timeLimit = 2^53 - 2^48 - R (RangeError), which keeps every stored value, every part and every key that is
 * kept exact (below 2^53, and half-integers below 2^52). Heap keys above the limit are never stored (they
 * could only fire after the limit). When the next event would lie beyond the limit, the current matching is
 * returned if no larger matching exists (checked by an unweighted run), otherwise the solver throws.
 *
 * Without maxCardinality t never exceeds max(weight) <= 2^50, far below the limit: any weights with
 * |w| <= 2^50 are safe. With maxCardinality the exposed duals keep falling (below zero in the original frame)
 * for as long as extra pairs must be forced: at each augmentation t equals max(weight) minus the weight gained
 * by that augmentation. So the RangeError fires only if adding the last possible pair to the heaviest matching
 * with one pair fewer costs more than timeLimit - max(weight) (about 5.3e15 when the weights span +-2^50,
 * about 8.7e15 for small weights); see README.md.
 */

const FREE = 0;
const S = 1;
const T = 2;
/** the total dual adjustment t must stay at most TIME_CAP - (weight range) */
const TIME_CAP = 2 ** 53 - 2 ** 48;
/** the time origin is moved once the relative time exceeds this */
const REBASE_AT = 2 ** 47;

export interface SolverStats {
  augmentations: number;
  blossoms: number;
  /** blossoms formed with at least one nontrivial sub-blossom */
  nestedBlossoms: number;
  expandedT: number;
  expandedFree: number;
  grows: number;
  events: number;
  /** heap tops found stale: dropped, or recomputed from the vertex's edges */
  staleEntries: number;
  /** stale heap tops recomputed from the vertex's edges (their edge had died, the vertex kept its label) */
  rescans: number;
  /** final value of the total dual adjustment t (doubled units) */
  finalTime: number;
  /** max(weight) - min(weight) over the kept edges */
  range: number;
  rebases: number;
}

export interface DualCertificate {
  /** doubled vertex duals for the original weights: edge slack = d_i + d_j + (sum of z over blossoms holding both) - 2w */
  vertexDual: Float64Array;
  /** nontrivial blossoms alive at the end: doubled dual and leaf vertices */
  blossoms: { z: number; leaves: number[] }[];
}

export interface SolveResult {
  /** mate[v] = vertex matched to v, or -1 */
  mate: Int32Array;
  stats: SolverStats;
  certificate: DualCertificate | null;
}

export function solvePrepared(g: PreparedGraph, maxCardinality: boolean, withCertificate = false): SolveResult {
  return new BlossomSolver(g, maxCardinality).run(withCertificate);
}

/** Matched pairs in a mate array (any entry >= 0 marks a matched vertex: a vertex or an endpoint index). */
function pairCount(mate: Int32Array): number {
  let c = 0;
  for (let v = 0; v < mate.length; v++) if (mate[v]! >= 0) c++;
  return c / 2;
}

/**
 * The children of a blossom form a cycle, base first. From child i the even-length way back to the base runs
 * forwards (step +1, j counted from i - len) when i is odd and backwards (step -1) when i is even.
 */
function cycleStep(i: number): number {
  return i & 1 ? 1 : -1;
}

/** Wraps a cycle index in (-len, len) into 0..len-1. */
function wrap(j: number, len: number): number {
  return j < 0 ? j + len : j;
}

/**
 * Walking the cycle with `step`, the edge from the child at j to the next one: its endpoint index on j's side
 * (bendps lists each edge by its endpoint in the earlier child, so walking backwards takes the other end).
 */
function cycleEdge(endps: readonly number[], j: number, step: number, len: number): number {
  return step === 1 ? endps[wrap(j, len)]! : endps[wrap(j - 1, len)]! ^ 1;
}

class BlossomSolver {
  private readonly graph: PreparedGraph;
  private readonly n: number;
  private readonly endpoint: Int32Array;
  /** shifted weight w' per edge (<= 0) */
  private readonly ws: Float64Array;
  private readonly adjStart: Int32Array;
  private readonly adjEnd: Int32Array;
  private readonly adjVertex: Int32Array;
  private readonly adjWs: Float64Array;
  private readonly maxCard: boolean;
  /** without maxCardinality: the time at which exposed duals reach zero in the original frame (= the weight shift) */
  private readonly stopTime: number;

  /** per vertex: remote endpoint index of the matched edge, or -1 */
  private readonly mate: Int32Array;
  /** per vertex: the top-level blossom containing it (a vertex id < n for trivial blossoms) */
  private readonly inblossom: Int32Array;
  /** per vertex: dual = vbase + vsign * now (now is relative to `origin`); vsign is -1 (S), +1 (T) or 0 (free) */
  private readonly vbase: Float64Array;
  private readonly vsign: Int8Array;

  /* per blossom id (0..n-1 trivial, n..2n-1 nontrivial); label/labelend/treeOf meaningful for top-level ones */
  private readonly label: Int8Array;
  /** endpoint index on the parent's side of the edge through which the blossom got its label; -1 for roots */
  private readonly labelend: Int32Array;
  /** root vertex of the tree containing this labelled top-level blossom */
  private readonly treeOf: Int32Array;
  private readonly bparent: Int32Array;
  /** base vertex; -1 for unused nontrivial ids */
  private readonly bbase: Int32Array;
  /** children in cyclic order starting with the base child */
  private readonly bchilds: (number[] | null)[];
  /** bendps[b][i] = endpoint in bchilds[b][i] of the edge joining it to bchilds[b][i + 1] */
  private readonly bendps: (number[] | null)[];
  /** half the (doubled) blossom dual = zbase + zsign * now; zsign is +1 (top-level S), -1 (top-level T) or 0 */
  private readonly zbase: Float64Array;
  private readonly zsign: Int8Array;

  private readonly freeIds: Int32Array;
  private freeTop = 0;
  private readonly mark: Int32Array;
  private stamp = 0;
  /** per tree root: top-level blossoms labelled in that tree (may hold stale or repeated ids) */
  private readonly treeMembers: (number[] | null)[];

  /*
   * Event heaps. An entry's key is at most the tight time of every live edge it stands for (a lower bound that is
   * exact once recomputed), which is all the event loop needs: it recomputes an entry whose edge no longer matches.
   */
  /** per free vertex: the time its best edge to an S-vertex becomes tight */
  private readonly heap2: IndexedMinHeap;
  /** per vertex in heap2: endpoint index at the S end of that edge */
  private readonly best2: Int32Array;
  /** per S-vertex: the time its best edge to an S-vertex of another blossom becomes tight */
  private readonly heap3: IndexedMinHeap;
  /** per vertex in heap3: that edge */
  private readonly best3: Int32Array;
  /** per nontrivial T-blossom: the time its dual reaches zero */
  private readonly heap4: IndexedMinHeap;

  private readonly leafBuf: Int32Array;
  /**
   * The leaves of every blossom, nested or not, form one run of a linked list: from leafHead[b] through leafNext to
   * leafTail[b]. A new blossom links its children's runs in cycle order; the links inside a child's run never change
   * while the child exists, so expanding a blossom needs no repair.
   */
  private readonly leafNext: Int32Array;
  private readonly leafHead: Int32Array;
  private readonly leafTail: Int32Array;
  private readonly work: Int32Array;
  private readonly gathered: Int32Array;
  private readonly dissolved: Int32Array;

  /** time since `origin`; total dual adjustment t = origin + now */
  private now = 0;
  private origin = 0;
  /** heap keys (relative to origin) above this would fire after the last possible event and are not stored */
  private dropLimit: number;
  private readonly timeLimit: number;
  /** total dual adjustment after which no event matters: timeLimit, or stopTime without maxCardinality */
  private readonly lastEventTime: number;
  /** set when an edge was left out of a heap entry because its key was beyond the limit */
  private dropped = false;
  /** exposed vertices that have at least one edge */
  private exposedLive = 0;

  private readonly stats: SolverStats;

  constructor(g: PreparedGraph, maxCard: boolean) {
    const n = g.n;
    this.graph = g;
    this.n = n;
    this.endpoint = g.endpoint;
    this.ws = g.ws;
    this.adjStart = g.adjStart;
    this.adjEnd = g.adjEnd;
    this.adjVertex = g.adjVertex;
    this.adjWs = g.adjWs;
    this.maxCard = maxCard;
    this.stopTime = g.shift;
    this.timeLimit = TIME_CAP - g.range;
    // Without maxCardinality nothing can happen after stopTime, so later events need not be stored either.
    this.lastEventTime = maxCard ? this.timeLimit : Math.min(this.timeLimit, this.stopTime);
    this.dropLimit = this.lastEventTime;

    this.mate = new Int32Array(n).fill(-1);
    this.inblossom = new Int32Array(n);
    this.vbase = new Float64Array(n);
    this.vsign = new Int8Array(n).fill(-1);
    this.label = new Int8Array(2 * n);
    this.labelend = new Int32Array(2 * n).fill(-1);
    this.treeOf = new Int32Array(2 * n).fill(-1);
    this.bparent = new Int32Array(2 * n).fill(-1);
    this.bbase = new Int32Array(2 * n).fill(-1);
    this.bchilds = new Array<number[] | null>(2 * n).fill(null);
    this.bendps = new Array<number[] | null>(2 * n).fill(null);
    this.zbase = new Float64Array(2 * n);
    this.zsign = new Int8Array(2 * n);
    this.freeIds = new Int32Array(n);
    for (let i = 0; i < n; i++) this.freeIds[i] = 2 * n - 1 - i;
    this.freeTop = n;
    this.mark = new Int32Array(2 * n);
    this.treeMembers = new Array<number[] | null>(n);
    for (let v = 0; v < n; v++) {
      this.inblossom[v] = v;
      this.label[v] = S;
      this.treeOf[v] = v;
      this.bbase[v] = v;
      this.treeMembers[v] = [v];
      if (g.adjStart[v + 1]! > g.adjStart[v]!) this.exposedLive++;
    }
    this.leafBuf = new Int32Array(n);
    this.leafNext = new Int32Array(n).fill(-1);
    this.leafHead = new Int32Array(2 * n);
    this.leafTail = new Int32Array(2 * n);
    for (let v = 0; v < n; v++) {
      this.leafHead[v] = v;
      this.leafTail[v] = v;
    }
    this.work = new Int32Array(2 * n);
    this.gathered = new Int32Array(2 * n);
    this.dissolved = new Int32Array(n);

    this.heap2 = new IndexedMinHeap(n);
    this.best2 = new Int32Array(n).fill(-1);
    this.heap3 = new IndexedMinHeap(n);
    this.best3 = new Int32Array(n).fill(-1);
    this.heap4 = new IndexedMinHeap(2 * n);
    // Every vertex starts as an S root of its own tree, so every edge is an S-S edge between two blossoms.
    for (let v = 0; v < n; v++) this.rescanS(v);

    this.stats = {
      augmentations: 0,
      blossoms: 0,
      nestedBlossoms: 0,
      expandedT: 0,
      expandedFree: 0,
      grows: 0,
      events: 0,
      staleEntries: 0,
      rescans: 0,
      finalTime: 0,
      range: g.range,
      rebases: 0,
    };
  }

  run(withCertificate: boolean): SolveResult {
    const { heap2, heap3, heap4 } = this;
    const stats = this.stats;
    for (;;) {
      if (this.exposedLive <= 1) break;

      const k2 = this.next2();
      const k3 = this.next3();
      const k4 = this.next4();

      const t = Math.min(k2, k3, k4);
      if (!this.maxCard && this.origin + t >= this.stopTime) {
        // Exposed vertices' duals reach zero: the matching is optimal.
        this.now = this.stopTime - this.origin;
        break;
      }
      if (t === Infinity && !(this.dropped && this.eventPending())) break;
      if (this.origin + t > this.timeLimit) {
        // The next event lies beyond the exact range. If no augmenting path is left the matching is already
        // final (between events it is always the heaviest matching of its cardinality); otherwise give up.
        if (this.maxCard && pairCount(this.mate) === this.maxCardinalityOfGraph()) break;
        throw this.rangeError();
      }
      if (t < this.now) throw new Error('matching: internal error (event in the past)');
      this.now = t;
      if (t > REBASE_AT) this.rebase();
      stats.events++;
      // The event's own entry goes stale (its edge turns internal or its vertices get other labels) and is
      // dropped or recomputed when it next reaches the top.
      if (k3 === t) {
        this.onTightSS(this.best3[heap3.top()]!);
      } else if (k2 === t) {
        this.grow(this.best2[heap2.top()]!);
      } else {
        const b = heap4.top();
        heap4.remove(b);
        this.expandT(b);
      }
    }
    stats.finalTime = this.origin + this.now;

    const n = this.n;
    const mateV = new Int32Array(n);
    for (let v = 0; v < n; v++) {
      const p = this.mate[v]!;
      mateV[v] = p >= 0 ? this.endpoint[p]! : -1;
    }
    return { mate: mateV, stats: { ...stats }, certificate: withCertificate ? this.certificate() : null };
  }

  /** Time of the next S-to-free event: stale tops are dropped (vertex no longer free) or recomputed. */
  private next2(): number {
    const heap = this.heap2;
    while (heap.size > 0) {
      const f = heap.top();
      const key = heap.keys[f]!;
      if (this.vsign[f] !== 0) {
        heap.remove(f);
      } else if (this.tight2(f, key)) {
        return key;
      } else {
        this.scanFree(f);
        this.stats.rescans++;
      }
      this.stats.staleEntries++;
    }
    return Infinity;
  }

  /** Time of the next S-to-S event between blossoms: stale tops are dropped (no longer S) or recomputed. */
  private next3(): number {
    const heap = this.heap3;
    while (heap.size > 0) {
      const u = heap.top();
      const key = heap.keys[u]!;
      if (this.vsign[u] !== -1) {
        heap.remove(u);
      } else if (this.tight3(u, key)) {
        return key;
      } else {
        this.rescanS(u);
        this.stats.rescans++;
      }
      this.stats.staleEntries++;
    }
    return Infinity;
  }

  /** Time at which the next T-blossom dual reaches zero; entries of blossoms no longer top-level T are dropped. */
  private next4(): number {
    const heap = this.heap4;
    while (heap.size > 0) {
      const b = heap.top();
      const key = heap.keys[b]!;
      if (this.bbase[b]! >= 0 && this.bparent[b] === -1 && this.label[b] === T && key === this.zbase[b]!) return key;
      heap.remove(b);
      this.stats.staleEntries++;
    }
    return Infinity;
  }

  /** Free vertex f's recorded edge still joins it to an S-vertex and becomes tight at `key`. */
  private tight2(f: number, key: number): boolean {
    const ps = this.best2[f]!;
    const s = this.endpoint[ps]!;
    if (this.vsign[s] !== -1) return false;
    const wk = this.ws[ps >> 1]!;
    return key === this.vbase[s]! - wk + (this.vbase[f]! - wk);
  }

  /** S-vertex u's recorded edge still joins it to an S-vertex of another blossom and becomes tight at `key`. */
  private tight3(u: number, key: number): boolean {
    const { endpoint, vbase, inblossom } = this;
    const k = this.best3[u]!;
    const i = endpoint[2 * k]!;
    const j = endpoint[2 * k + 1]!;
    if (this.vsign[i] !== -1 || this.vsign[j] !== -1 || inblossom[i] === inblossom[j]) return false;
    const wk = this.ws[k]!;
    return key === (vbase[i]! - wk) / 2 + (vbase[j]! - wk) / 2;
  }

  private certificate(): DualCertificate {
    const n = this.n;
    const now = this.now;
    const vertexDual = new Float64Array(n);
    for (let v = 0; v < n; v++) vertexDual[v] = this.vbase[v]! + this.vsign[v]! * now + this.graph.shift;
    const blossoms: { z: number; leaves: number[] }[] = [];
    for (let b = n; b < 2 * n; b++) {
      if (this.bbase[b]! < 0) continue;
      const count = this.collectLeaves(b);
      blossoms.push({
        z: 2 * (this.zbase[b]! + this.zsign[b]! * now),
        leaves: Array.from(this.leafBuf.subarray(0, count)),
      });
    }
    return { vertexDual, blossoms };
  }

  private rangeError(): RangeError {
    return new RangeError(
      `matching: the dual variables would leave the range of exact integers in doubles ` +
        `(total dual adjustment above ${this.timeLimit} in doubled units, weight range ${this.stats.range}); ` +
        `with maxCardinality, use smaller weights (e.g. narrower tiers)`,
    );
  }

  /** Maximum number of pairs in the graph: the same search with all weights equal never adjusts a dual. */
  private maxCardinalityOfGraph(): number {
    const g = this.graph;
    const flat: PreparedGraph = {
      ...g,
      ws: new Float64Array(g.m),
      adjWs: new Float64Array(2 * g.m),
      shift: 0,
      range: 0,
    };
    return pairCount(new BlossomSolver(flat, true).run(false).mate);
  }

  /** True if some S-vertex still has an edge to a free vertex or to an S-vertex of another blossom. */
  private eventPending(): boolean {
    const { endpoint, adjEnd, adjStart, vsign, inblossom, n } = this;
    for (let v = 0; v < n; v++) {
      if (vsign[v] !== -1) continue;
      for (let a = adjStart[v]!; a < adjStart[v + 1]!; a++) {
        const w = endpoint[adjEnd[a]!]!;
        if (vsign[w] === 0 || (vsign[w] === -1 && inblossom[w] !== inblossom[v])) return true;
      }
    }
    return false;
  }

  /** Moves the time origin to the present: bases become current duals, heap keys shift by the same amount. */
  private rebase(): void {
    const tau = this.now;
    const { vbase, vsign, zbase, zsign, bbase, n } = this;
    for (let v = 0; v < n; v++) vbase[v]! += vsign[v]! * tau;
    for (let b = n; b < 2 * n; b++) if (bbase[b]! >= 0) zbase[b]! += zsign[b]! * tau;
    this.heap2.shiftKeys(tau);
    this.heap3.shiftKeys(tau);
    this.heap4.shiftKeys(tau);
    this.origin += tau;
    this.now = 0;
    this.dropLimit = this.lastEventTime - this.origin;
    this.stats.rebases++;
  }

  // ---------------------------------------------------------------- helpers

  /** Writes the vertices of blossom b into leafBuf; returns their count. */
  private collectLeaves(b: number): number {
    const buf = this.leafBuf;
    const next = this.leafNext;
    const tail = this.leafTail[b]!;
    let count = 0;
    let x = this.leafHead[b]!;
    for (;;) {
      buf[count++] = x;
      if (x === tail) return count;
      x = next[x]!;
    }
  }

  private setVertexSign(v: number, sign: number): void {
    this.vbase[v]! += (this.vsign[v]! - sign) * this.now;
    this.vsign[v] = sign;
  }

  private setBlossomSign(b: number, sign: number): void {
    this.zbase[b]! += (this.zsign[b]! - sign) * this.now;
    this.zsign[b] = sign;
  }

  /** Removes blossom b from its tree: no label, no entry edge, no tree. */
  private unlabel(b: number): void {
    this.label[b] = FREE;
    this.labelend[b] = -1;
    this.treeOf[b] = -1;
  }

  private allocBlossom(): number {
    if (this.freeTop === 0) throw new Error('matching: internal error (out of blossom ids)');
    return this.freeIds[--this.freeTop]!;
  }

  private releaseBlossom(b: number): void {
    this.bchilds[b] = null;
    this.bendps[b] = null;
    this.bbase[b] = -1;
    this.bparent[b] = -1;
    this.unlabel(b);
    this.zbase[b] = 0;
    this.zsign[b] = 0;
    this.freeIds[this.freeTop++] = b;
  }

  /**
   * S-vertex v has just been labelled: its edges to free vertices and to S-vertices of other blossoms have become
   * live. Each may be the best of the vertex at its other end; v's own entry is computed afresh from them.
   */
  private scanS(v: number): void {
    const { adjEnd, adjVertex, adjWs, vsign, vbase, inblossom } = this;
    const bv = inblossom[v]!;
    const av = vbase[v]!;
    const limit = this.dropLimit;
    let bestKey = Infinity;
    let bestEdge = -1;
    const end = this.adjStart[v + 1]!;
    for (let a = this.adjStart[v]!; a < end; a++) {
      const w = adjVertex[a]!;
      const sw = vsign[w]!;
      if (sw === 1 || (sw === -1 && inblossom[w] === bv)) continue;
      const p = adjEnd[a]!;
      const wk = adjWs[a]!;
      const key = sw === 0 ? av - wk + (vbase[w]! - wk) : (av - wk) / 2 + (vbase[w]! - wk) / 2;
      if (key > limit) {
        this.dropped = true;
      } else if (sw === 0) {
        this.offer2(w, key, p ^ 1);
      } else {
        this.offer3(w, key, p >> 1);
        if (key < bestKey || (key === bestKey && p >> 1 < bestEdge)) {
          bestKey = key;
          bestEdge = p >> 1;
        }
      }
    }
    this.best3[v] = bestEdge;
    this.heap3.set(v, bestKey);
  }

  /** Recomputes S-vertex u's entry: the edge to an S-vertex of another blossom that becomes tight first. */
  private rescanS(u: number): void {
    const { adjEnd, adjVertex, adjWs, vsign, vbase, inblossom } = this;
    const bu = inblossom[u]!;
    const au = vbase[u]!;
    const limit = this.dropLimit;
    let bestKey = Infinity;
    let bestEdge = -1;
    const end = this.adjStart[u + 1]!;
    for (let a = this.adjStart[u]!; a < end; a++) {
      const w = adjVertex[a]!;
      if (vsign[w] !== -1 || inblossom[w] === bu) continue;
      const wk = adjWs[a]!;
      const key = (au - wk) / 2 + (vbase[w]! - wk) / 2;
      if (key > limit) {
        this.dropped = true;
      } else if (key < bestKey || (key === bestKey && adjEnd[a]! >> 1 < bestEdge)) {
        bestKey = key;
        bestEdge = adjEnd[a]! >> 1;
      }
    }
    this.best3[u] = bestEdge;
    this.heap3.set(u, bestKey);
  }

  /**
   * Computes free vertex f's entry afresh: the edge to an S-vertex that becomes tight first (ties by endpoint
   * index, so that the choice depends on the labels alone).
   */
  private scanFree(f: number): void {
    const { adjEnd, adjVertex, adjWs, vsign, vbase } = this;
    const af = vbase[f]!;
    const limit = this.dropLimit;
    let bestKey = Infinity;
    let bestEnd = -1;
    const end = this.adjStart[f + 1]!;
    for (let a = this.adjStart[f]!; a < end; a++) {
      const w = adjVertex[a]!;
      if (vsign[w] !== -1) continue;
      const wk = adjWs[a]!;
      const key = vbase[w]! - wk + (af - wk);
      if (key > limit) {
        this.dropped = true;
      } else if (key < bestKey || (key === bestKey && adjEnd[a]! < bestEnd)) {
        bestKey = key;
        bestEnd = adjEnd[a]!;
      }
    }
    this.best2[f] = bestEnd;
    this.heap2.set(f, bestKey);
  }

  /** A live edge from S-vertex endpoint ps to free vertex f, tight at `key`: f's entry keeps the better one. */
  private offer2(f: number, key: number, ps: number): void {
    const current = this.heap2.keys[f]!;
    if (key > current || (key === current && ps > this.best2[f]!)) return;
    this.best2[f] = ps;
    this.heap2.set(f, key);
  }

  /** A live edge k from another blossom's S-vertex to S-vertex u, tight at `key`: u's entry keeps the better one. */
  private offer3(u: number, key: number, k: number): void {
    const current = this.heap3.keys[u]!;
    if (key > current || (key === current && k > this.best3[u]!)) return;
    this.best3[u] = k;
    this.heap3.set(u, key);
  }

  /** Labels free top-level blossom b with S or T in the tree of `root`. */
  private labelTop(b: number, lab: number, le: number, root: number): void {
    this.label[b] = lab;
    this.labelend[b] = le;
    this.treeOf[b] = root;
    this.treeMembers[root]!.push(b);
    if (b >= this.n) this.setBlossomSign(b, lab === S ? 1 : -1);
    const count = this.collectLeaves(b);
    const buf = this.leafBuf;
    const sign = lab === S ? -1 : 1;
    for (let i = 0; i < count; i++) this.setVertexSign(buf[i]!, sign);
    if (lab === S) {
      for (let i = 0; i < count; i++) this.scanS(buf[i]!);
    } else if (b >= this.n) {
      this.heap4.set(b, this.zbase[b]!);
    }
  }

  // ---------------------------------------------------------------- events

  /** An S-vertex to free-vertex edge became tight: add the free blossom (T) and its mate's blossom (S) to the tree. */
  private grow(ps: number): void {
    this.stats.grows++;
    const s = this.endpoint[ps]!;
    const f = this.endpoint[ps ^ 1]!;
    const bf = this.inblossom[f]!;
    const root = this.treeOf[this.inblossom[s]!]!;
    this.labelTop(bf, T, ps, root);
    const mp = this.mate[this.bbase[bf]!]!;
    if (mp < 0) throw new Error('matching: internal error (free blossom with exposed base)');
    this.labelTop(this.inblossom[this.endpoint[mp]!]!, S, mp ^ 1, root);
  }

  /** An edge between two S-blossoms became tight: shrink a blossom (same tree) or augment (different trees). */
  private onTightSS(k: number): void {
    const base = this.scanBlossom(this.endpoint[2 * k]!, this.endpoint[2 * k + 1]!);
    if (base >= 0) this.addBlossom(base, k);
    else this.augment(k);
  }

  /** Walks up from v and w alternately; returns the base of the lowest common blossom, or -1 if the trees differ. */
  private scanBlossom(v0: number, w0: number): number {
    const { inblossom, labelend, endpoint, mark, bbase } = this;
    const stamp = ++this.stamp;
    let v = v0;
    let w = w0;
    while (v !== -1) {
      const b = inblossom[v]!;
      if (mark[b] === stamp) return bbase[b]!;
      mark[b] = stamp;
      const le = labelend[b]!;
      if (le === -1) {
        v = -1;
      } else {
        const bt = inblossom[endpoint[le]!]!;
        v = endpoint[labelend[bt]!]!;
      }
      if (w !== -1) {
        const tmp = v;
        v = w;
        w = tmp;
      }
    }
    return -1;
  }

  /** Makes blossom b's leaf run: its children's runs, one after the other. */
  private linkLeaves(b: number, childs: readonly number[]): void {
    const { leafHead, leafTail, leafNext } = this;
    for (let i = 1; i < childs.length; i++) leafNext[leafTail[childs[i - 1]!]!] = leafHead[childs[i]!]!;
    leafHead[b] = leafHead[childs[0]!]!;
    leafTail[b] = leafTail[childs[childs.length - 1]!]!;
  }

  private addBlossom(base: number, k: number): void {
    const { inblossom, labelend, endpoint, bparent } = this;
    this.stats.blossoms++;
    let v = endpoint[2 * k]!;
    let w = endpoint[2 * k + 1]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!;
    let bw = inblossom[w]!;
    const b = this.allocBlossom();
    this.bbase[b] = base;
    bparent[b] = -1;
    bparent[bb] = b;
    const childs: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      bparent[bv] = b;
      childs.push(bv);
      endps.push(labelend[bv]!);
      v = endpoint[labelend[bv]!]!;
      bv = inblossom[v]!;
    }
    childs.push(bb);
    childs.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      bparent[bw] = b;
      childs.push(bw);
      endps.push(labelend[bw]! ^ 1);
      w = endpoint[labelend[bw]!]!;
      bw = inblossom[w]!;
    }
    this.bchilds[b] = childs;
    this.bendps[b] = endps;
    this.linkLeaves(b, childs);

    const root = this.treeOf[bb]!;
    let nested = false;
    for (let i = 0; i < childs.length; i++) {
      const c = childs[i]!;
      if (c >= this.n) {
        this.setBlossomSign(c, 0);
        nested = true;
      }
      this.label[c] = FREE;
      this.treeOf[c] = -1;
    }
    if (nested) this.stats.nestedBlossoms++;
    this.label[b] = S;
    this.labelend[b] = labelend[bb]!;
    this.treeOf[b] = root;
    this.zbase[b] = -this.now; // dual 0 now, rising (halved) by 1 per unit of time
    this.zsign[b] = 1;
    this.treeMembers[root]!.push(b);

    // Former T-vertices become S-vertices and must be scanned.
    const count = this.collectLeaves(b);
    const buf = this.leafBuf;
    let toScan = 0;
    for (let i = 0; i < count; i++) {
      const x = buf[i]!;
      inblossom[x] = b;
      if (this.vsign[x] === 1) {
        this.setVertexSign(x, -1);
        buf[toScan++] = x;
      }
    }
    for (let i = 0; i < toScan; i++) this.scanS(buf[i]!);
  }

  /** Augments along the path through edge k joining two different trees, then dissolves both trees. */
  private augment(k: number): void {
    const { inblossom, labelend, endpoint, mate, n } = this;
    this.stats.augmentations++;
    const rootA = this.treeOf[inblossom[endpoint[2 * k]!]!]!;
    const rootB = this.treeOf[inblossom[endpoint[2 * k + 1]!]!]!;
    for (let side = 0; side < 2; side++) {
      let s = endpoint[2 * k + side]!;
      let p = 2 * k + 1 - side;
      for (;;) {
        const bs = inblossom[s]!;
        if (bs >= n) this.augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]!]!;
        const bt = inblossom[t]!;
        s = endpoint[labelend[bt]!]!;
        const j = endpoint[labelend[bt]! ^ 1]!;
        if (bt >= n) this.augmentBlossom(bt, j);
        mate[j] = labelend[bt]!;
        p = labelend[bt]! ^ 1;
      }
    }
    this.exposedLive -= 2;
    this.dissolve(rootA, rootB);
  }

  /**
   * Rematches the inside of blossom b0 so that vertex v0 becomes its base (v0's own mate is set by the caller).
   * Iterative: sub-blossoms are handled through a work list; each only depends on its own structure.
   */
  private augmentBlossom(b0: number, v0: number): void {
    const { bparent, bchilds, bendps, endpoint, mate, n } = this;
    const work = this.work;
    let sp = 0;
    work[sp++] = b0;
    work[sp++] = v0;
    while (sp > 0) {
      const v = work[--sp]!;
      const b = work[--sp]!;
      let t = v;
      while (bparent[t] !== b) t = bparent[t]!;
      if (t >= n) {
        work[sp++] = t;
        work[sp++] = v;
      }
      const childs = bchilds[b]!;
      const endps = bendps[b]!;
      const len = childs.length;
      const i = childs.indexOf(t);
      const step = cycleStep(i);
      let j = step === 1 ? i - len : i;
      while (j !== 0) {
        j += step;
        let c = childs[wrap(j, len)]!;
        const p = cycleEdge(endps, j, step, len);
        if (c >= n) {
          work[sp++] = c;
          work[sp++] = endpoint[p]!;
        }
        j += step;
        c = childs[wrap(j, len)]!;
        if (c >= n) {
          work[sp++] = c;
          work[sp++] = endpoint[p ^ 1]!;
        }
        mate[endpoint[p]!] = p ^ 1;
        mate[endpoint[p ^ 1]!] = p;
      }
      if (i > 0) {
        bchilds[b] = childs.slice(i).concat(childs.slice(0, i));
        bendps[b] = endps.slice(i).concat(endps.slice(0, i));
      }
      this.bbase[b] = v;
    }
  }

  /** Removes the labels of every blossom in the two trees; their vertices become free. */
  private dissolve(rootA: number, rootB: number): void {
    const { bparent, label, treeOf, n } = this;
    const stamp = ++this.stamp;
    const mark = this.mark;
    const gathered = this.gathered;
    let ng = 0;
    for (let r = 0; r < 2; r++) {
      const root = r === 0 ? rootA : rootB;
      const members = this.treeMembers[root]!;
      this.treeMembers[root] = null;
      for (let i = 0; i < members.length; i++) {
        const x = members[i]!;
        if (mark[x] === stamp) continue;
        if (bparent[x] !== -1 || label[x] === FREE || treeOf[x] !== root) continue;
        if (x >= n && this.bbase[x]! < 0) continue;
        mark[x] = stamp;
        gathered[ng++] = x;
      }
    }
    const dissolved = this.dissolved;
    let nd = 0;
    const buf = this.leafBuf;
    for (let i = 0; i < ng; i++) {
      const x = gathered[i]!;
      this.unlabel(x);
      if (x >= n) this.setBlossomSign(x, 0);
      const count = this.collectLeaves(x);
      for (let q = 0; q < count; q++) {
        const v = buf[q]!;
        this.setVertexSign(v, 0);
        dissolved[nd++] = v;
      }
    }
    // Blossoms with zero dual carry no information; expanding them keeps blossom nesting shallow.
    for (let i = 0; i < ng; i++) {
      const x = gathered[i]!;
      if (x >= n && this.zbase[x] === 0) this.expandFree(x);
    }
    for (let i = 0; i < nd; i++) this.scanFree(dissolved[i]!);
  }

  /** Expands free top-level blossom b0 (dual zero), and recursively its sub-blossoms with dual zero. */
  private expandFree(b0: number): void {
    const { bparent, bchilds, inblossom, zbase, n } = this;
    const stack = this.work;
    let sp = 0;
    stack[sp++] = b0;
    while (sp > 0) {
      const b = stack[--sp]!;
      this.stats.expandedFree++;
      const childs = bchilds[b]!;
      for (let i = 0; i < childs.length; i++) {
        const c = childs[i]!;
        bparent[c] = -1;
        this.unlabel(c);
        if (c < n) {
          inblossom[c] = c;
        } else if (zbase[c] === 0) {
          stack[sp++] = c;
        } else {
          const count = this.collectLeaves(c);
          const buf = this.leafBuf;
          for (let q = 0; q < count; q++) inblossom[buf[q]!] = c;
        }
      }
      this.releaseBlossom(b);
    }
  }

  /** A T-blossom's dual reached zero: expand it, relabelling the even-length path from its entry child to its base. */
  private expandT(b: number): void {
    const { bparent, inblossom, label, labelend, endpoint } = this;
    this.stats.expandedT++;
    const root = this.treeOf[b]!;
    const childs = this.bchilds[b]!;
    const endps = this.bendps[b]!;
    const len = childs.length;
    const buf = this.leafBuf;
    for (let i = 0; i < len; i++) {
      const c = childs[i]!;
      bparent[c] = -1;
      this.unlabel(c);
      const count = this.collectLeaves(c);
      for (let q = 0; q < count; q++) {
        const v = buf[q]!;
        inblossom[v] = c;
        this.setVertexSign(v, 0);
      }
    }
    const entry = childs.indexOf(inblossom[endpoint[labelend[b]! ^ 1]!]!);
    const step = cycleStep(entry);
    let j = step === 1 ? entry - len : entry;
    let p = labelend[b]!;
    while (j !== 0) {
      const tc = childs[wrap(j, len)]!;
      this.labelTop(tc, T, p, root);
      j += step;
      const sc = childs[wrap(j, len)]!;
      this.labelTop(sc, S, this.mate[this.bbase[tc]!]! ^ 1, root);
      p = cycleEdge(endps, j, step, len);
      j += step;
    }
    this.labelTop(childs[0]!, T, p, root);
    // Children off the path become free; S-vertices next to them may now reach them.
    for (let i = 0; i < len; i++) {
      const c = childs[i]!;
      if (label[c] !== FREE) continue;
      const count = this.collectLeaves(c);
      for (let q = 0; q < count; q++) this.scanFree(buf[q]!);
    }
    this.releaseBlossom(b);
  }
}
