import {
  addInto,
  addSmall,
  compare,
  compareSum,
  compareSums,
  copyInto,
  halfInto,
  isOdd,
  isZero,
  limbsFor,
  rough,
  sign,
  subInto,
  sumInto,
  sumSign,
  writeBig,
} from './limbs.js';

/**
 * A maximum-weight matching that is solved again after some vertices' edges change, starting from the previous
 * optimum (docs/dutch.md#the-matching). The Dutch method asks it hundreds of yes-or-no questions per round, each a
 * small change of the weights, so re-solving from scratch would cost a whole Edmonds run every time.
 *
 * Edmonds' primal-dual blossom algorithm on a dense matrix of weights, exact at any width (they outgrow 2^53): each
 * distinct weight is stored once as float64 limbs (`limbs.ts`) and the matrix holds its number. Weight 0 means "no
 * edge". Vertex duals are kept doubled (slack = dual(u) + dual(v) - 2 w(u, v)), so every quantity stays an integer
 * as long as all tree roots start a stage with even duals, which `solve` ensures; the weights are stored as 2 w of
 * those doubled units (4 w).
 *
 * Changing a vertex's edges (`setWeight` names the vertex it changes) first takes the vertex out of every blossom
 * (turning the blossom so the vertex is its base, then giving each blossom dual to the vertices inside), frees it
 * and its mate, and later gives it the smallest feasible dual. The search then starts from every free vertex whose
 * dual is above zero; a free vertex with dual zero is optimal as it is. Unlike the textbook algorithm the roots'
 * duals differ, so when a matched vertex of a tree reaches dual zero first, the path from its root to it is flipped
 * (that vertex becomes the free one).
 */
/** Dual values a tag table holds before it starts afresh. */
const TAG_TABLE = 1 << 16;

/** A 32-bit hash of a number's limbs. */
function hashOf(a: Float64Array, at: number, k: number): number {
  let h = k;
  for (let i = 0; i < k; i++) {
    const limb = a[at + i]!;
    // The limb's low 32 bits, then the rest (a limb is below 2^48, the top one below 2^53).
    h = Math.imul(h ^ (limb | 0), 0x9e3779b1);
    h = Math.imul(h ^ Math.floor(limb / 2 ** 32), 0x85ebca6b);
  }
  return h ^ (h >>> 15);
}

/** `pairTightPaths` runs when at most this many free vertices are left, trying this many partners for each. */
const FEW_FREE = 16;
const PATH_TRIES = 8;

export class IncrementalMatching {
  readonly n: number;
  /** Limbs per number. */
  private readonly k: number;
  private readonly maxWeight: bigint;
  /** Each edge's weight as its number in the list of distinct weights; 0 is weight 0, no edge. */
  private readonly edge: Int32Array;
  private readonly weightNumber = new Map<bigint, number>([[0n, 0]]);
  private weightCount = 1;
  /** Each distinct weight, stored as 4 w (see above), in limbs. */
  private weightLimbs: Float64Array;
  /**
   * The same weights and the duals as float64 numbers, close to the exact ones: a search skips the exact slack of
   * an edge whose rounded slack is certainly above the least slack it would have to beat (docs/dutch.md#speed).
   */
  private roughWeight: Float64Array;
  private readonly roughDual: Float64Array;
  private lastGiven = 0n;
  private lastNumber = 0;
  private readonly dual: Float64Array;
  /** Working numbers: a slack, a candidate dual, the dual step, and a spare. */
  private readonly work: Float64Array;
  /**
   * A pair settled for good (`pairOnly`) is sealed: each of the two has no edge but the one to the other, so a scan
   * of a row skips the sealed vertices, and a sealed vertex's row is its partner alone. By the end of a round most
   * of the field is sealed.
   */
  private readonly sealedTo: Int32Array;
  /** The vertices not sealed, ascending (rebuilt when `liveChanged`). */
  private readonly live: Int32Array;
  private liveCount = 0;
  private liveChanged = true;
  /**
   * Equal tags prove equal vertex duals (docs/dutch.md#speed): each dual value gets a tag when it is set, the same
   * as the last vertex dual of that value had, found by a hash of its limbs and checked limb by limb. Slacks that
   * tie, which are common in a field of alike players and would otherwise be compared to the last limb, are then
   * seen equal at once. Unequal tags prove nothing: the table of values is started afresh when it is full.
   */
  private readonly tag: Float64Array;
  private tagCount = 0;
  /** Tags from `tableStart` on have their value in `tagLimbs` (at tag - tableStart), found by hash. */
  private tableStart = 0;
  private readonly tagLimbs: Float64Array;
  private readonly tagOfHash = new Map<number, number>();
  private readonly zero: Float64Array;
  private readonly mate: Int32Array;
  private readonly solved: Int32Array;
  /** Top-level blossom of each vertex. */
  private readonly inBlossom: Int32Array;
  private readonly parent: Int32Array;
  private readonly base: Int32Array;
  private readonly children: number[][];
  /** Edge i of a blossom joins endFrom[i] (in child i) and endTo[i] (in child i + 1). */
  private readonly endFrom: number[][];
  private readonly endTo: number[][];
  private readonly label: Int8Array;
  private readonly labelFrom: Int32Array;
  private readonly labelTo: Int32Array;
  /** Least-slack edge to an S-vertex (for a non-S vertex), or between S-blossoms (for an S-blossom): from, to. */
  private readonly bestFrom: Int32Array;
  private readonly bestTo: Int32Array;
  private readonly bestLists: (number[] | null)[];
  /**
   * Vertices in each blossom, and a stamp that changes whenever a blossom number starts a new blossom. A scan of an
   * S-vertex's edges skips its own blossom, which late in a search can hold most of the field: the vertices outside
   * a large blossom are listed once (`outsideOf`) and reused for each of its vertices' scans.
   */
  private readonly blossomSize: Int32Array;
  private readonly blossomStamp: Int32Array;
  private stampCount = 0;
  private readonly outsideLists: { blossom: number; stamp: number; length: number; vertices: Int32Array }[];
  private readonly insideMark: Uint8Array;
  private readonly leafStack: Int32Array;
  private readonly listedBlossom: number;
  /** The slack of that edge while the duals have not moved since (`epoch` counts the moves). */
  private readonly bestSlack: Float64Array;
  /** addBlossom's least slack edge towards each other S-blossom (its from vertex, -1 when none yet). */
  private readonly towardsFrom: Int32Array;
  private readonly towardsTo: Int32Array;
  private readonly bestEpoch: Int32Array;
  private readonly roughBest: Float64Array;
  private readonly roughEpoch: Int32Array;
  private epoch = 0;
  private readonly unused: number[];
  private queue: number[] = [];
  private readonly touched = new Set<number>();
  private readonly isTouched: Uint8Array;
  /** Vertices whose edges changed since the last solve, not yet kept or released. */
  private pending: number[] = [];
  private readonly isPending: Uint8Array;
  /** Vertices never solved yet (their dual is no estimate). */
  private readonly fresh: Uint8Array;
  private readonly freed = new Set<number>();
  /** Statistics, for the benchmark: calls of `solve`, and search stages. */
  solves = 0;
  stages = 0;

  /**
   * `maxWeight` bounds every weight that will be set. Blossoms from `listedBlossom` vertices on have the vertices
   * outside them listed for their scans (see `outsideOf`); below, a scan reads the whole row.
   */
  constructor(n: number, maxWeight: bigint, listedBlossom = 32) {
    this.listedBlossom = listedBlossom;
    this.n = n;
    this.maxWeight = maxWeight;
    // Duals and slacks reach a few times the stored weights (4 w).
    const k = limbsFor(maxWeight.toString(2).length + 4);
    this.k = k;
    this.edge = new Int32Array(n * n);
    this.weightLimbs = new Float64Array(64 * k);
    this.roughWeight = new Float64Array(64);
    this.roughDual = new Float64Array(2 * n);
    this.dual = new Float64Array(2 * n * k);
    this.work = new Float64Array(4 * k);
    this.sealedTo = new Int32Array(n).fill(-1);
    this.live = new Int32Array(n);
    // Every dual starts at zero, tag 0.
    this.tag = new Float64Array(n);
    this.tagLimbs = new Float64Array(TAG_TABLE * k);
    this.tagOfHash.set(hashOf(this.tagLimbs, 0, k), this.tagCount++);
    this.zero = new Float64Array(k);
    this.mate = new Int32Array(n).fill(-1);
    this.solved = Int32Array.from({ length: n }, (_, v) => v);
    // Every vertex starts as changed, so the first solve gives each its dual from its own edges.
    this.isTouched = new Uint8Array(n).fill(1);
    this.isPending = new Uint8Array(n);
    this.fresh = new Uint8Array(n).fill(1);
    for (let v = 0; v < n; v++) this.touched.add(v);
    this.inBlossom = Int32Array.from({ length: n }, (_, v) => v);
    this.parent = new Int32Array(2 * n).fill(-1);
    this.base = new Int32Array(2 * n).fill(-1);
    for (let v = 0; v < n; v++) this.base[v] = v;
    this.children = Array.from({ length: 2 * n }, () => []);
    this.endFrom = Array.from({ length: 2 * n }, () => []);
    this.endTo = Array.from({ length: 2 * n }, () => []);
    this.label = new Int8Array(2 * n);
    this.labelFrom = new Int32Array(2 * n).fill(-1);
    this.labelTo = new Int32Array(2 * n).fill(-1);
    this.bestFrom = new Int32Array(2 * n).fill(-1);
    this.bestTo = new Int32Array(2 * n).fill(-1);
    this.bestLists = new Array<number[] | null>(2 * n).fill(null);
    this.bestSlack = new Float64Array(2 * n * k);
    this.towardsFrom = new Int32Array(2 * n).fill(-1);
    this.towardsTo = new Int32Array(2 * n).fill(-1);
    this.bestEpoch = new Int32Array(2 * n).fill(-1);
    this.roughBest = new Float64Array(2 * n);
    this.roughEpoch = new Int32Array(2 * n).fill(-1);
    this.unused = [];
    for (let b = 2 * n - 1; b >= n; b--) this.unused.push(b);
    this.blossomSize = new Int32Array(2 * n).fill(1);
    this.blossomStamp = new Int32Array(2 * n);
    this.outsideLists = Array.from({ length: 4 }, () => ({
      blossom: -1,
      stamp: -1,
      length: 0,
      vertices: new Int32Array(n),
    }));
    this.insideMark = new Uint8Array(n);
    this.leafStack = new Int32Array(2 * n);
  }

  /** Sets the weight of edge (vertex, other); `vertex` is the one whose edges change (it is re-optimised). */
  setWeight(vertex: number, other: number, w: bigint): void {
    const number = this.numberOf(w);
    const at = vertex * this.n + other;
    if (this.edge[at] === number) return;
    if (number !== 0) {
      if (this.sealedTo[vertex]! >= 0 && this.sealedTo[vertex] !== other) this.unseal(vertex);
      if (this.sealedTo[other]! >= 0 && this.sealedTo[other] !== vertex) this.unseal(other);
    }
    this.edge[at] = number;
    this.edge[other * this.n + vertex] = number;
    this.markPending(vertex);
  }

  /**
   * The number of weight w in the list of distinct weights, added when new. A round has a few thousand distinct
   * weights among millions of edges, and consecutive calls often give the same one (a row of pairs outside the
   * bracket).
   */
  private numberOf(w: bigint): number {
    if (w === this.lastGiven) return this.lastNumber;
    let number = this.weightNumber.get(w);
    if (number === undefined) {
      if (w < 0n) throw new RangeError('a matching weight cannot be negative');
      if (w > this.maxWeight) throw new RangeError('a matching weight above the bound the matching was made for');
      number = this.weightCount++;
      const k = this.k;
      if (number >= this.roughWeight.length) {
        const limbs = new Float64Array(2 * this.weightLimbs.length);
        limbs.set(this.weightLimbs);
        this.weightLimbs = limbs;
        const rough = new Float64Array(2 * this.roughWeight.length);
        rough.set(this.roughWeight);
        this.roughWeight = rough;
      }
      // Kept doubled (so that a fresh vertex's dual, its heaviest edge, is even: see prepareDuals), and doubled
      // again for the slack (see above).
      writeBig(this.weightLimbs, number * k, k, w << 2n);
      this.roughWeight[number] = rough(this.weightLimbs, number * k, k);
      this.weightNumber.set(w, number);
    }
    this.lastGiven = w;
    this.lastNumber = number;
    return number;
  }

  /**
   * Leaves a and b no edge but the one between them, of weight w (a pair settled for good): the same as
   * `setWeight` of every other edge of a and of b to zero, in the same order, without the edges already gone.
   */
  pairOnly(a: number, b: number, w: bigint): void {
    // Sealed vertices have no edge to a or b to clear, unless a or b is sealed already.
    if (this.sealedTo[a]! >= 0) this.unseal(a);
    if (this.sealedTo[b]! >= 0) this.unseal(b);
    this.refreshLive();
    for (let j = 0; j < this.liveCount; j++) {
      const u = this.live[j]!;
      if (u !== a) {
        if (u === b) this.setWeight(a, u, w);
        else this.clearEdge(a, u);
      }
      if (u !== b) {
        if (u === a) this.setWeight(b, u, w);
        else this.clearEdge(b, u);
      }
    }
    this.sealedTo[a] = b;
    this.sealedTo[b] = a;
    this.liveChanged = true;
  }

  /** Unseals x and its partner: x is about to get another edge. */
  private unseal(x: number): void {
    const partner = this.sealedTo[x]!;
    this.sealedTo[x] = -1;
    if (partner >= 0) this.sealedTo[partner] = -1;
    this.liveChanged = true;
  }

  private refreshLive(): void {
    if (!this.liveChanged) return;
    let count = 0;
    for (let v = 0; v < this.n; v++) if (this.sealedTo[v]! < 0) this.live[count++] = v;
    this.liveCount = count;
    this.liveChanged = false;
    // The lists of vertices outside blossoms leave sealed vertices out too.
    for (const list of this.outsideLists) list.blossom = -1;
  }

  /** How many vertices a scan of v's row visits (see `neighbour`). */
  private rowLength(v: number): number {
    return this.sealedTo[v]! >= 0 ? 1 : this.liveCount;
  }

  /** The j-th vertex a scan of v's row visits: its partner when v is sealed, else the j-th live vertex. */
  private neighbour(v: number, j: number): number {
    const partner = this.sealedTo[v]!;
    return partner >= 0 ? partner : this.live[j]!;
  }

  private clearEdge(vertex: number, other: number): void {
    const at = vertex * this.n + other;
    if (this.edge[at] === 0) return;
    this.edge[at] = 0;
    this.edge[other * this.n + vertex] = 0;
    this.markPending(vertex);
  }

  private markPending(vertex: number): void {
    if (!this.isTouched[vertex] && !this.isPending[vertex]) {
      this.isPending[vertex] = 1;
      this.pending.push(vertex);
    }
  }

  /**
   * v's mate in the matching the last `solve` found, or v itself when unmatched there. Changes since then do not
   * show: the Dutch procedure reads the last optimum while it prepares its next question.
   */
  mateOf(v: number): number {
    return this.solved[v]!;
  }

  /** Re-optimises after the changes since the last call. */
  solve(): void {
    this.solves++;
    this.refreshLive();
    for (const v of this.pending) {
      this.isPending[v] = 0;
      if (!this.isTouched[v] && !this.keep(v)) this.release(v);
    }
    this.pending = [];
    this.prepareDuals();
    let guard = 0;
    for (;;) {
      this.stages++;
      if (++guard > 4 * this.n + 20) throw new Error('matching: too many stages');
      if (!this.stage()) break;
    }
    for (let v = 0; v < this.n; v++) this.solved[v] = this.mate[v]! < 0 ? v : this.mate[v]!;
  }

  /**
   * Answers "the first of `candidates` that v can be paired with in some optimum" without a solve when the last
   * optimum proves it, and pairs v with it (docs/dutch.md#speed). Returns -1 when it cannot tell (then the caller
   * solves). With duals optimal for the current weights, an edge in some optimum is tight, so candidates joined to
   * v by a slack edge are impossible; the first tight one is possible when it is v's mate, or when its mate and v's
   * mate are joined by a tight edge (swapping the two pairs keeps every pair tight: another optimum).
   */
  firstPossible(v: number, candidates: Iterable<number>): number {
    if (!this.settle() || !this.unnest(v)) return -1;
    const m = this.mate[v]!;
    for (const u of candidates) {
      if (!this.tight(v, u)) continue;
      if (u === m) return u;
      return this.swap(v, u) ? u : -1;
    }
    return -1;
  }

  /**
   * Pairs v with u and their two mates with each other when that is another optimum of the current weights: the
   * two new pairs are tight and none of the four is in a blossom (docs/dutch.md#speed). Returns false (and changes
   * nothing) otherwise.
   */
  swapPartners(v: number, u: number): boolean {
    return this.settle() && this.unnest(v) && this.tight(v, u) && this.swap(v, u);
  }

  private tight(v: number, u: number): boolean {
    if (this.edge[v * this.n + u] === 0) return false;
    return this.slackSign(v, u) === 0;
  }

  /**
   * Takes x out of the blossoms around it when their duals are zero: such a blossom changes no slack, so the
   * matching and the duals stay optimal without it. False when a blossom with a dual above zero holds x.
   */
  private unnest(x: number): boolean {
    while (this.inBlossom[x] !== x) {
      const top = this.inBlossom[x]!;
      if (!isZero(this.dual, top * this.k, this.k)) return false;
      this.dissolveTop(top);
    }
    return true;
  }

  /** The swap of `swapPartners`, once v is known settled, in no blossom and tight with u. */
  private swap(v: number, u: number): boolean {
    const m = this.mate[v]!;
    const mu = this.mate[u]!;
    if (m < 0 || mu < 0 || m === u) return false;
    if (!this.unnest(u) || !this.unnest(m) || !this.unnest(mu)) return false;
    if (!this.tight(m, mu)) return false;
    this.mate[v] = u;
    this.mate[u] = v;
    this.mate[m] = mu;
    this.mate[mu] = m;
    this.solved[v] = u;
    this.solved[u] = v;
    this.solved[m] = mu;
    this.solved[mu] = m;
    return true;
  }

  /**
   * Keeps the changed vertices where they can stay (see `keep`); true when all could, so the last optimum and its
   * duals are still optimal for the current weights. A vertex that cannot stay is released for the next solve.
   */
  private settle(): boolean {
    if (this.touched.size > 0) return false;
    this.refreshLive();
    const pending = this.pending;
    for (let k = 0; k < pending.length; k++) {
      const v = pending[k]!;
      this.isPending[v] = 0;
      if (!this.keep(v)) {
        this.release(v);
        this.pending = pending.slice(k + 1);
        return false;
      }
    }
    this.pending = [];
    return true;
  }

  // ---- Changes between solves ----

  /**
   * Keeps a changed vertex where it is when that stays optimal: it is in no blossom, and with the dual that keeps
   * its matched edge tight (zero when it is unmatched) every one of its edges is still feasible. Then the last
   * optimum is still optimal and nothing needs searching (a finalised pair, a reward the last optimum already
   * earns). Otherwise the vertex is released.
   */
  private keep(v: number): boolean {
    const n = this.n;
    const k = this.k;
    if (this.inBlossom[v] !== v) return false;
    const m = this.mate[v]!;
    // y, the dual v would keep, in the work area's second number.
    const work = this.work;
    const y = k;
    if (m >= 0) {
      const w = this.edge[v * n + m]!;
      if (w === 0) return false;
      subInto(work, y, this.weightLimbs, w * k, this.dual, m * k, k);
      if (sign(work, y, k) < 0) return false;
    } else if (!isZero(this.dual, v * k, k)) return false;
    else work.fill(0, y, y + k);
    const row = v * n;
    const ry = rough(work, y, k);
    const length = this.rowLength(v);
    for (let j = 0; j < length; j++) {
      const u = this.neighbour(v, j);
      const w = this.edge[row + u]!;
      if (w === 0 || u === v) continue;
      // Certainly feasible when the rounded slack, less its error bound (see `stage`), is above zero.
      const rw = this.roughWeight[w]!;
      const ru = this.roughDual[u]!;
      if (ry + ru - rw - (Math.abs(ry) + Math.abs(ru) + rw) * 2 ** -48 > 0) continue;
      if (sumSign(work, y, this.dual, u * k, this.weightLimbs, w * k, k) < 0) return false;
    }
    this.setDual(v, work, y);
    return true;
  }

  /** Takes `v` out of every blossom and out of its pair, so that its edges may change. */
  private release(v: number): void {
    if (this.isTouched[v]) return;
    this.touched.add(v);
    this.isTouched[v] = 1;
    const top = this.inBlossom[v]!;
    const b0 = this.base[top]!;
    const m = this.mate[b0]!;
    if (m >= 0) {
      this.mate[b0] = -1;
      this.mate[m] = -1;
      this.freed.add(m);
    }
    if (top >= this.n) {
      this.rotate(top, v);
      this.mate[v] = -1;
      // Dissolve the blossoms around v from the top: each one's dual moves to the vertices inside it, which keeps
      // every edge inside it exactly as tight as before and loosens the edges leaving it.
      while (this.inBlossom[v] !== v) this.dissolveTop(this.inBlossom[v]!);
    }
    this.freed.delete(v);
  }

  /** Removes a top-level blossom, giving its dual to its vertices; its children become top-level. */
  private dissolveTop(b: number): void {
    const k = this.k;
    if (!isZero(this.dual, b * k, k)) {
      for (const u of this.leaves(b)) this.addToDual(u, this.dual, b * k);
    }
    this.dual.fill(0, b * k, b * k + k);
    for (const child of this.children[b]!) {
      this.parent[child] = -1;
      if (child < this.n) this.inBlossom[child] = child;
      else for (const u of this.leaves(child)) this.inBlossom[u] = child;
    }
    this.retire(b);
  }

  private retire(b: number): void {
    this.children[b] = [];
    this.endFrom[b] = [];
    this.endTo[b] = [];
    this.base[b] = -1;
    this.label[b] = 0;
    this.labelFrom[b] = -1;
    this.labelTo[b] = -1;
    this.bestLists[b] = null;
    this.bestFrom[b] = -1;
    this.bestTo[b] = -1;
    this.parent[b] = -1;
    this.dual.fill(0, b * this.k, b * this.k + this.k);
    this.unused.push(b);
  }

  /**
   * Gives each changed vertex the least dual that keeps its edges feasible, rounded up to even, and makes the duals
   * of the vertices freed by the change even, so every root starts with an even dual.
   */
  private prepareDuals(): void {
    const n = this.n;
    // A changed vertex needs dual(v) + dual(u) >= 2 w(v, u) on every edge, and takes the least dual that gives it
    // against the duals as they are: an edge between two changed vertices is covered by whichever comes later. A
    // vertex solved before keeps its last dual until its turn, so the duals stay close to the last ones and the
    // pairs of the last optimum that a change (a bracket's order) left as good as before are tight again for the
    // greedy step below. A vertex never solved counts as its heaviest edge's weight: each end of an edge taking
    // that much leaves the heaviest edges tight.
    const k = this.k;
    const work = this.work;
    // The need so far is the work area's second number, a candidate the first.
    const need = k;
    for (const v of this.touched) {
      work.fill(0, need, need + k);
      let roughNeed = 0;
      // Where the need so far comes from: a weight's number (0 for none yet), and the other end's dual tag, or -1
      // for half the weight.
      let needWeight = 0;
      let needTag = -2;
      const row = v * n;
      for (let u = 0; u < n; u++) {
        const w = this.edge[row + u]!;
        if (w === 0 || u === v) continue;
        const rw = this.roughWeight[w]!;
        const half = this.isTouched[u] && this.fresh[u];
        const ru = half ? 0 : this.roughDual[u]!;
        // Certainly no more than the need so far (rounding errors bounded as in `stage`): no exact look.
        const rd = half ? rw / 2 : rw - ru;
        if (rd + (rw + Math.abs(ru) + roughNeed) * 2 ** -48 < roughNeed) continue;
        const tag = half ? -1 : this.tag[u]!;
        if (w === needWeight && tag === needTag) continue;
        if (half) {
          halfInto(work, 0, this.weightLimbs, w * k, k);
          if (compare(work, 0, work, need, k) <= 0) continue;
        } else {
          if (compareSum(this.weightLimbs, w * k, this.zero, 0, this.dual, u * k, work, need, k) <= 0) continue;
          subInto(work, 0, this.weightLimbs, w * k, this.dual, u * k, k);
        }
        copyInto(work, need, work, 0, k);
        roughNeed = rough(work, need, k);
        needWeight = w;
        needTag = tag;
      }
      if (isOdd(work, need)) addSmall(work, need, k, 1);
      this.setDual(v, work, need);
    }
    for (const v of this.touched) this.fresh[v] = 0;
    for (const x of this.freed) {
      if (this.mate[x]! >= 0 || this.isTouched[x]) continue;
      if (isOdd(this.dual, x * k)) this.raiseFree(x);
    }
    for (const v of this.touched) this.isTouched[v] = 0;
    this.touched.clear();
    this.freed.clear();
  }

  /** Raises a free vertex's dual by one, taking it from the blossoms around it when it is their base. */
  private raiseFree(x: number): void {
    const k = this.k;
    for (;;) {
      const top = this.inBlossom[x]!;
      if (top === x) {
        this.addOneToDual(x, 1);
        return;
      }
      if (sign(this.dual, top * k, k) > 0) {
        addSmall(this.dual, top * k, k, -1);
        for (const u of this.leaves(top)) this.addOneToDual(u, 1);
        return;
      }
      this.dissolveTop(top);
    }
  }

  // ---- One stage: grow trees until an augmentation, a root reaching dual zero, or the optimum ----

  /** dual(v) = the number at `at` of `from`. */
  private setDual(v: number, from: Float64Array, at: number): void {
    copyInto(this.dual, v * this.k, from, at, this.k);
    this.dualChanged(v);
  }

  /** dual(v) += the number at `at` of `from`. */
  private addToDual(v: number, from: Float64Array, at: number): void {
    const k = this.k;
    addInto(this.dual, v * k, this.dual, v * k, from, at, k);
    this.dualChanged(v);
  }

  /** dual(v) -= the number at `at` of `from`. */
  private takeFromDual(v: number, from: Float64Array, at: number): void {
    const k = this.k;
    subInto(this.dual, v * k, this.dual, v * k, from, at, k);
    this.dualChanged(v);
  }

  private addOneToDual(v: number, x: number): void {
    addSmall(this.dual, v * this.k, this.k, x);
    this.dualChanged(v);
  }

  /** Updates v's rough dual and tag after its dual changed. */
  private dualChanged(v: number): void {
    const k = this.k;
    const at = v * k;
    this.roughDual[v] = rough(this.dual, at, k);
    const hash = hashOf(this.dual, at, k);
    const known = this.tagOfHash.get(hash);
    if (known !== undefined && compare(this.tagLimbs, (known - this.tableStart) * k, this.dual, at, k) === 0) {
      this.tag[v] = known;
      return;
    }
    if (this.tagCount - this.tableStart >= TAG_TABLE) {
      this.tableStart = this.tagCount;
      this.tagOfHash.clear();
    }
    const tag = this.tagCount++;
    copyInto(this.tagLimbs, (tag - this.tableStart) * k, this.dual, at, k);
    // On a hash collision the older value keeps the hash; the newer one is tagged but not found again.
    if (known === undefined) this.tagOfHash.set(hash, tag);
    this.tag[v] = tag;
  }

  /** Whether edges (a, b) and (c, d) certainly have the same slack: the same weight, duals tagged the same. */
  private sameSlack(a: number, b: number, c: number, d: number): boolean {
    if (this.edge[a * this.n + b] !== this.edge[c * this.n + d]) return false;
    const tag = this.tag;
    return (tag[a] === tag[c] && tag[b] === tag[d]) || (tag[a] === tag[d] && tag[b] === tag[c]);
  }

  /** bestSlackOf(x) as a float64 number. */
  private roughBestOf(x: number): number {
    if (this.roughEpoch[x] !== this.epoch || this.bestEpoch[x] !== this.epoch) {
      this.roughBest[x] = rough(this.bestSlack, this.bestSlackOf(x), this.k);
      this.roughEpoch[x] = this.epoch;
    }
    return this.roughBest[x]!;
  }

  /**
   * The slack of x's least-slack edge, remembered until the duals move (`epoch`): where it is in `bestSlack`.
   */
  private bestSlackOf(x: number): number {
    const at = x * this.k;
    if (this.bestEpoch[x] !== this.epoch) {
      this.slackInto(this.bestSlack, at, this.bestFrom[x]!, this.bestTo[x]!);
      this.bestEpoch[x] = this.epoch;
    }
    return at;
  }

  /** The sign of the slack of edge (u, v). */
  private slackSign(u: number, v: number): number {
    const k = this.k;
    return sumSign(this.dual, u * k, this.dual, v * k, this.weightLimbs, this.edge[u * this.n + v]! * k, k);
  }

  /** The sign of the slack of edge (u, v) less the number at `at` of `bestSlack`. */
  private slackVersus(u: number, v: number, at: number): number {
    const k = this.k;
    const w = this.edge[u * this.n + v]! * k;
    return compareSum(this.dual, u * k, this.dual, v * k, this.weightLimbs, w, this.bestSlack, at, k);
  }

  /** The sign of the slack of edge (a, b) less that of edge (c, d). */
  private compareSlacks(a: number, b: number, c: number, d: number): number {
    if (this.sameSlack(a, b, c, d)) return 0;
    const k = this.k;
    const n = this.n;
    const dual = this.dual;
    const weights = this.weightLimbs;
    const ab = this.edge[a * n + b]! * k;
    const cd = this.edge[c * n + d]! * k;
    return compareSums(dual, a * k, dual, b * k, weights, ab, dual, c * k, dual, d * k, weights, cd, k);
  }

  /** out (at o) = the slack of edge (u, v). */
  private slackInto(out: Float64Array, o: number, u: number, v: number): void {
    const k = this.k;
    sumInto(out, o, this.dual, u * k, this.dual, v * k, this.weightLimbs, this.edge[u * this.n + v]! * k, k);
  }

  /**
   * Pairs free vertices joined by a tight edge before a stage searches: after many changes, or after a dual step
   * that tightened many edges at once, this spares one search stage per pair (a matched tight edge keeps the
   * duals optimal).
   */
  private pairTight(): void {
    const n = this.n;
    const k = this.k;
    for (let v = 0; v < n; v++) {
      if (this.mate[v]! >= 0 || this.inBlossom[v] !== v || isZero(this.dual, v * k, k)) continue;
      const row = v * n;
      const rv = this.roughDual[v]!;
      const length = this.rowLength(v);
      for (let j = 0; j < length; j++) {
        const u = this.neighbour(v, j);
        if (u === v || this.mate[u]! >= 0 || this.inBlossom[u] !== u) continue;
        const w = this.edge[row + u]!;
        if (w === 0) continue;
        // Certainly not tight when the rounded slack is farther from zero than its error bound (see `stage`).
        const rw = this.roughWeight[w]!;
        const ru = this.roughDual[u]!;
        if (Math.abs(rv + ru - rw) > (Math.abs(rv) + Math.abs(ru) + rw) * 2 ** -48) continue;
        if (this.slackSign(v, u) === 0) {
          this.mate[v] = u;
          this.mate[u] = v;
          break;
        }
      }
    }
  }

  /**
   * When a few free vertices are left, augments along tight paths of three edges (free v, x, x's mate y, free u)
   * before a stage searches. A stage finds one augmenting path and starts over, and where most of the field is
   * tight (a round's first matching) its search nests a thousand blossoms to find it. Only vertices in no blossom
   * take part and the duals do not move, so they stay optimal.
   */
  private pairTightPaths(): void {
    const n = this.n;
    const k = this.k;
    const free: number[] = [];
    for (let v = 0; v < n; v++) {
      if (this.mate[v]! >= 0 || this.inBlossom[v] !== v || isZero(this.dual, v * k, k)) continue;
      if (free.length === FEW_FREE) return;
      free.push(v);
    }
    for (const v of free) {
      if (this.mate[v]! >= 0) continue;
      let tries = 0;
      const length = this.rowLength(v);
      for (let j = 0; j < length && tries < PATH_TRIES; j++) {
        const x = this.neighbour(v, j);
        const y = this.mate[x]!;
        if (x === v || y < 0 || this.inBlossom[x] !== x || this.inBlossom[y] !== y) continue;
        if (!this.maybeTight(v, x) || this.slackSign(v, x) !== 0) continue;
        tries++;
        const u = this.tightFreePartner(y, v);
        if (u < 0) continue;
        this.mate[v] = x;
        this.mate[x] = v;
        this.mate[y] = u;
        this.mate[u] = y;
        break;
      }
    }
  }

  /** A free vertex in no blossom, other than `not`, joined to y by a tight edge; -1 when there is none. */
  private tightFreePartner(y: number, not: number): number {
    const length = this.rowLength(y);
    for (let j = 0; j < length; j++) {
      const u = this.neighbour(y, j);
      if (u === y || u === not || this.mate[u]! >= 0 || this.inBlossom[u] !== u) continue;
      if (this.maybeTight(y, u) && this.slackSign(y, u) === 0) return u;
    }
    return -1;
  }

  /** Whether edge (v, u) exists and its rounded slack is within its error bound of zero (see `stage`). */
  private maybeTight(v: number, u: number): boolean {
    const w = this.edge[v * this.n + u]!;
    if (w === 0) return false;
    const rv = this.roughDual[v]!;
    const ru = this.roughDual[u]!;
    const rw = this.roughWeight[w]!;
    return Math.abs(rv + ru - rw) <= (Math.abs(rv) + Math.abs(ru) + rw) * 2 ** -48;
  }

  /** Returns false when no root is left (the matching is optimal). */
  private stage(): boolean {
    const n = this.n;
    this.label.fill(0);
    this.labelFrom.fill(-1);
    this.labelTo.fill(-1);
    this.bestFrom.fill(-1);
    this.bestTo.fill(-1);
    for (let b = n; b < 2 * n; b++) this.bestLists[b] = null;
    this.queue = [];
    this.pairTight();
    this.pairTightPaths();
    let roots = 0;
    for (let v = 0; v < n; v++) {
      const b = this.inBlossom[v]!;
      if (this.mate[v]! < 0 && this.base[b] === v && this.label[b] === 0 && !isZero(this.dual, v * this.k, this.k)) {
        this.assignLabel(v, 1, -1, -1);
        roots++;
      }
    }
    if (roots === 0) return false;
    let steps = 0;
    const roughDual = this.roughDual;
    const roughWeight = this.roughWeight;
    const edge = this.edge;
    for (;;) {
      if (++steps > 10 * this.n + 50) throw new Error('matching: too many dual steps');
      while (this.queue.length > 0) {
        const v = this.queue.pop()!;
        const row = v * n;
        // Duals change only between scans.
        const rdv = roughDual[v]!;
        const top = this.inBlossom[v]!;
        const outside = this.blossomSize[top]! >= this.listedBlossom ? this.outsideOf(top) : null;
        const length = outside ? outside.length : this.rowLength(v);
        for (let j = 0; j < length; j++) {
          const u = outside ? outside.vertices[j]! : this.neighbour(v, j);
          const w = edge[row + u]!;
          if (w === 0 || u === v) continue;
          const rw = roughWeight[w]!;
          // v's blossom can grow while its edges are scanned.
          const bv = this.inBlossom[v]!;
          const bu = this.inBlossom[u]!;
          if (bu === bv) continue;
          const lu = this.label[bu]!;
          // A T-vertex already reached: nothing to learn from the edge.
          if (lu === 2 && this.label[u] !== 0) continue;
          // An edge whose slack is certainly above zero and the least slack already known teaches nothing either.
          // Each rounding is within 2^-53 of its value, so 2^-48 of the sizes bounds the rounded slack's error:
          // `rs` is below the exact slack.
          const rdu = roughDual[u]!;
          const rs = rdv + rdu - rw - (Math.abs(rdv) + Math.abs(rdu) + rw) * 2 ** -48;
          if (rs > 0) {
            const best = lu === 1 ? bv : this.label[u] === 0 ? u : -1;
            if (best < 0) continue;
            if (this.bestFrom[best]! >= 0) {
              const known = this.roughBestOf(best);
              if (rs > known + Math.abs(known) * 2 ** -48) continue;
            }
            this.offerBest(best, v, u);
            continue;
          }
          // Maybe tight. An edge with no less slack than a least slack above zero is not: one comparison, mostly
          // decided in the top limbs, answers both questions.
          const best = lu === 1 ? bv : this.label[u] === 0 ? u : -1;
          const beats = best < 0 || this.beatsBest(best, v, u);
          if (!beats && this.roughBestOf(best) > 0) continue;
          if (this.slackSign(v, u) <= 0) {
            if (lu === 0) {
              if (this.mate[this.base[bu]!]! < 0) {
                this.augment(v, u, false);
                this.endStage();
                return true;
              }
              this.assignLabel(u, 2, v, u);
            } else if (lu === 1) {
              const b = this.scanBlossom(v, u);
              if (b >= 0) this.addBlossom(b, v, u);
              else {
                this.augment(v, u, true);
                this.endStage();
                return true;
              }
            } else if (this.label[u] === 0) {
              this.label[u] = 2;
              this.labelFrom[u] = v;
              this.labelTo[u] = u;
            }
          } else if (best >= 0 && beats) {
            this.takeBest(best, v, u);
          }
        }
      }
      if (this.adjustDuals()) {
        this.endStage();
        return true;
      }
    }
  }

  /**
   * Makes (v, u) x's least-slack edge when it is (or when x has none yet). Whether it beats the least slack known
   * is mostly decided in the top limbs, so its slack is only written out when it does.
   */
  private offerBest(x: number, v: number, u: number): void {
    if (this.beatsBest(x, v, u)) this.takeBest(x, v, u);
  }

  /** Whether (v, u) has less slack than x's least-slack edge (or x has none yet). */
  private beatsBest(x: number, v: number, u: number): boolean {
    const from = this.bestFrom[x]!;
    if (from < 0) return true;
    return !this.sameSlack(v, u, from, this.bestTo[x]!) && this.slackVersus(v, u, this.bestSlackOf(x)) < 0;
  }

  private takeBest(x: number, v: number, u: number): void {
    const k = this.k;
    this.bestFrom[x] = v;
    this.bestTo[x] = u;
    this.slackInto(this.bestSlack, x * k, v, u);
    this.bestEpoch[x] = this.epoch;
    this.roughEpoch[x] = -1;
  }

  /**
   * Moves the duals by the largest step that keeps them feasible and acts on what became tight. Returns true when
   * the stage is over (a vertex of a tree reached dual zero and its path was flipped).
   */
  private adjustDuals(): boolean {
    const n = this.n;
    const k = this.k;
    const dual = this.dual;
    const work = this.work;
    // The step is the work area's third number, a candidate the first.
    const delta = 2 * k;
    let kind = 0;
    let at = -1;
    let minS = -1;
    for (let v = 0; v < n; v++) {
      if (this.label[this.inBlossom[v]!] === 1 && (minS < 0 || compare(dual, v * k, dual, minS * k, k) < 0)) minS = v;
    }
    if (minS >= 0) {
      kind = 1;
      copyInto(work, delta, dual, minS * k, k);
      at = minS;
    }
    for (let v = 0; v < n; v++) {
      if (this.label[this.inBlossom[v]!] === 0 && this.bestFrom[v]! >= 0) {
        const d = this.bestSlackOf(v);
        if (kind === 0 || compare(this.bestSlack, d, work, delta, k) < 0) {
          kind = 2;
          copyInto(work, delta, this.bestSlack, d, k);
          at = v;
        }
      }
    }
    for (let b = 0; b < 2 * n; b++) {
      if (this.parent[b] === -1 && this.base[b]! >= 0 && this.label[b] === 1 && this.bestFrom[b]! >= 0) {
        const s = this.bestSlackOf(b);
        if (isOdd(this.bestSlack, s)) throw new Error('matching: odd slack between two S-blossoms');
        halfInto(work, 0, this.bestSlack, s, k);
        if (kind === 0 || compare(work, 0, work, delta, k) < 0) {
          kind = 3;
          copyInto(work, delta, work, 0, k);
          at = b;
        }
      }
    }
    for (let b = n; b < 2 * n; b++) {
      if (
        this.base[b]! >= 0 &&
        this.parent[b] === -1 &&
        this.label[b] === 2 &&
        (kind === 0 || compare(dual, b * k, work, delta, k) < 0)
      ) {
        kind = 4;
        copyInto(work, delta, dual, b * k, k);
        at = b;
      }
    }
    if (kind === 0) throw new Error('matching: no dual step');
    this.epoch++;
    for (let v = 0; v < n; v++) {
      const l = this.label[this.inBlossom[v]!];
      if (l === 1) this.takeFromDual(v, work, delta);
      else if (l === 2) this.addToDual(v, work, delta);
    }
    for (let b = n; b < 2 * n; b++) {
      if (this.base[b]! >= 0 && this.parent[b] === -1) {
        if (this.label[b] === 1) addInto(dual, b * k, dual, b * k, work, delta, k);
        else if (this.label[b] === 2) subInto(dual, b * k, dual, b * k, work, delta, k);
      }
    }
    if (kind === 1) {
      this.flipToVertex(at);
      return true;
    }
    if (kind === 2) this.queue.push(this.bestFrom[at]!);
    else if (kind === 3) this.queue.push(this.bestFrom[at]!);
    else this.expand(at, false);
    return false;
  }

  /**
   * The vertices outside top-level blossom b, ascending, from a small cache: b's vertices do not change while it is
   * a top-level S-blossom of the stage, so the list serves all of their scans.
   */
  private outsideOf(b: number): { length: number; vertices: Int32Array } {
    const lists = this.outsideLists;
    const stamp = this.blossomStamp[b]!;
    for (const list of lists) if (list.blossom === b && list.stamp === stamp) return list;
    const list = lists.pop()!;
    lists.unshift(list);
    const mark = this.insideMark;
    const inside = this.leaves(b);
    for (const u of inside) mark[u] = 1;
    let length = 0;
    for (let j = 0; j < this.liveCount; j++) {
      const u = this.live[j]!;
      if (!mark[u]) list.vertices[length++] = u;
    }
    for (const u of inside) mark[u] = 0;
    list.blossom = b;
    list.stamp = stamp;
    list.length = length;
    return list;
  }

  private endStage(): void {
    for (let b = this.n; b < 2 * this.n; b++) {
      if (this.parent[b] === -1 && this.base[b]! >= 0 && this.label[b] === 1 && isZero(this.dual, b * this.k, this.k)) {
        this.expand(b, true);
      }
    }
  }

  private assignLabel(w: number, t: 1 | 2, from: number, to: number): void {
    const b = this.inBlossom[w]!;
    this.label[w] = t;
    this.label[b] = t;
    this.labelFrom[w] = from;
    this.labelFrom[b] = from;
    this.labelTo[w] = to;
    this.labelTo[b] = to;
    this.bestFrom[w] = -1;
    this.bestTo[w] = -1;
    this.bestFrom[b] = -1;
    this.bestTo[b] = -1;
    if (t === 1) {
      for (const v of this.leaves(b)) this.queue.push(v);
    } else {
      const base = this.base[b]!;
      const m = this.mate[base]!;
      this.assignLabel(m, 1, base, m);
    }
  }

  /** The base of the blossom an S-S edge (v, w) closes, or -1 when v and w are in different trees. */
  private scanBlossom(v0: number, w0: number): number {
    const path: number[] = [];
    let result = -1;
    let v = v0;
    let w = w0;
    while (v !== -1 || w !== -1) {
      let b = this.inBlossom[v]!;
      if (this.label[b]! & 4) {
        result = this.base[b]!;
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelFrom[b] === -1) v = -1;
      else {
        v = this.labelFrom[b]!;
        b = this.inBlossom[v]!;
        v = this.labelFrom[b]!;
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = 1;
    return result;
  }

  private addBlossom(baseVertex: number, v: number, w: number): void {
    const n = this.n;
    const bb = this.inBlossom[baseVertex]!;
    let bv = this.inBlossom[v]!;
    let bw = this.inBlossom[w]!;
    const b = this.unused.pop()!;
    this.blossomStamp[b] = ++this.stampCount;
    this.base[b] = baseVertex;
    this.parent[b] = -1;
    this.parent[bb] = b;
    const path: number[] = [];
    const from: number[] = [];
    const to: number[] = [];
    while (bv !== bb) {
      this.parent[bv] = b;
      path.push(bv);
      from.push(this.labelFrom[bv]!);
      to.push(this.labelTo[bv]!);
      bv = this.inBlossom[this.labelFrom[bv]!]!;
    }
    path.push(bb);
    path.reverse();
    from.reverse();
    to.reverse();
    from.push(v);
    to.push(w);
    while (bw !== bb) {
      this.parent[bw] = b;
      path.push(bw);
      from.push(this.labelTo[bw]!);
      to.push(this.labelFrom[bw]!);
      bw = this.inBlossom[this.labelFrom[bw]!]!;
    }
    this.children[b] = path;
    let size = 0;
    for (const child of path) size += this.blossomSize[child]!;
    this.blossomSize[b] = size;
    this.endFrom[b] = from;
    this.endTo[b] = to;
    this.label[b] = 1;
    this.labelFrom[b] = this.labelFrom[bb]!;
    this.labelTo[b] = this.labelTo[bb]!;
    this.dual.fill(0, b * this.k, b * this.k + this.k);
    for (const u of this.leaves(b)) {
      if (this.label[this.inBlossom[u]!] === 2) this.queue.push(u);
      this.inBlossom[u] = b;
    }
    // The least-slack edges from the new blossom to each other S-blossom, in the order the blossoms are met.
    const towards: number[] = [];
    for (const child of path) {
      const list = this.bestLists[child];
      if (list === null || list === undefined || child < n) {
        for (const x of this.leaves(child)) {
          const row = x * n;
          const length = this.rowLength(x);
          for (let j = 0; j < length; j++) {
            const y = this.neighbour(x, j);
            if (y !== x && this.edge[row + y] !== 0) this.offerTowards(b, x, y, towards);
          }
        }
      } else {
        for (let i = 0; i < list.length; i += 2) this.offerTowards(b, list[i]!, list[i + 1]!, towards);
      }
      this.bestLists[child] = null;
      this.bestFrom[child] = -1;
      this.bestTo[child] = -1;
    }
    const list: number[] = [];
    let bestX = -1;
    let bestY = -1;
    for (const by of towards) {
      const x = this.towardsFrom[by]!;
      const y = this.towardsTo[by]!;
      list.push(x, y);
      if (bestX < 0 || this.compareSlacks(x, y, bestX, bestY) < 0) {
        bestX = x;
        bestY = y;
      }
      this.towardsFrom[by] = -1;
    }
    this.bestFrom[b] = bestX;
    this.bestTo[b] = bestY;
    if (bestX >= 0) this.slackInto(this.bestSlack, b * this.k, bestX, bestY);
    this.bestEpoch[b] = this.epoch;
    this.roughEpoch[b] = -1;
    this.bestLists[b] = list;
  }

  /** Keeps edge (x, y) as blossom b's least-slack edge towards y's S-blossom when it is. */
  private offerTowards(b: number, x: number, y: number, towards: number[]): void {
    const by = this.inBlossom[y]!;
    if (by === b || this.label[by] !== 1) return;
    const from = this.towardsFrom[by]!;
    if (from < 0) towards.push(by);
    else if (this.compareSlacks(x, y, from, this.towardsTo[by]!) >= 0) return;
    this.towardsFrom[by] = x;
    this.towardsTo[by] = y;
  }

  /** Expands a top-level blossom: at the end of a stage (its dual is zero) or a T-blossom whose dual reached zero. */
  private expand(b: number, endStage: boolean): void {
    const n = this.n;
    for (const s of this.children[b]!) {
      this.parent[s] = -1;
      if (s < n) this.inBlossom[s] = s;
      else if (endStage && isZero(this.dual, s * this.k, this.k)) this.expand(s, endStage);
      else for (const v of this.leaves(s)) this.inBlossom[v] = s;
    }
    if (!endStage && this.label[b] === 2) {
      const kids = this.children[b]!;
      const len = kids.length;
      const entry = this.inBlossom[this.labelTo[b]!]!;
      let j = kids.indexOf(entry);
      const step = j & 1 ? 1 : -1;
      let from = this.labelFrom[b]!;
      let to = this.labelTo[b]!;
      while (j !== 0) {
        const [, next] = this.edgeTowards(b, j, step);
        this.label[to] = 0;
        this.label[next] = 0;
        this.assignLabel(to, 2, from, to);
        j = this.wrap(j + step, len);
        const [cur, nxt] = this.edgeTowards(b, j, step);
        from = cur;
        to = nxt;
        j = this.wrap(j + step, len);
      }
      const bv = kids[0]!;
      this.label[to] = 2;
      this.label[bv] = 2;
      this.labelFrom[to] = from;
      this.labelFrom[bv] = from;
      this.labelTo[to] = to;
      this.labelTo[bv] = to;
      this.bestFrom[bv] = -1;
      this.bestTo[bv] = -1;
      j = this.wrap(j + step, len);
      while (kids[j] !== entry) {
        const child = kids[j]!;
        if (this.label[child] === 1) {
          j = this.wrap(j + step, len);
          continue;
        }
        let reached = -1;
        for (const v of this.leaves(child)) {
          if (this.label[v] !== 0) {
            reached = v;
            break;
          }
        }
        if (reached >= 0) {
          this.label[reached] = 0;
          this.label[this.mate[this.base[child]!]!] = 0;
          this.assignLabel(reached, 2, this.labelFrom[reached]!, reached);
        }
        j = this.wrap(j + step, len);
      }
    }
    this.retire(b);
  }

  private wrap(j: number, len: number): number {
    return ((j % len) + len) % len;
  }

  /** The edge from child j of b to its neighbour in direction `step`: [vertex in child j, vertex in the next]. */
  private edgeTowards(b: number, j: number, step: number): [number, number] {
    const len = this.children[b]!.length;
    if (step === 1) return [this.endFrom[b]![j]!, this.endTo[b]![j]!];
    const k = this.wrap(j - 1, len);
    return [this.endTo[b]![k]!, this.endFrom[b]![k]!];
  }

  /**
   * Turns blossom b (and the sub-blossoms on the way) so that vertex v is its base: the blossoms around v from the
   * inside out, in a loop rather than a recursion, since late in a search they can nest a thousand deep.
   */
  private rotate(b: number, v: number): void {
    const chain: number[] = [];
    for (let t = v; t !== b; t = this.parent[t]!) chain.push(t);
    for (let k = 1; k < chain.length; k++) this.turn(chain[k]!, chain[k - 1]!);
    this.turn(b, chain[chain.length - 1]!);
  }

  /** Turns blossom b so that its child t, already turned to the new base, comes first. */
  private turn(b: number, t: number): void {
    const n = this.n;
    const kids = this.children[b]!;
    const len = kids.length;
    const i = kids.indexOf(t);
    let j = i;
    const step = i & 1 ? 1 : -1;
    while (j !== 0) {
      j = this.wrap(j + step, len);
      const [cur, nxt] = this.edgeTowards(b, j, step);
      const c1 = kids[j]!;
      if (c1 >= n) this.rotate(c1, cur);
      j = this.wrap(j + step, len);
      const c2 = kids[j]!;
      if (c2 >= n) this.rotate(c2, nxt);
      this.mate[cur] = nxt;
      this.mate[nxt] = cur;
    }
    this.children[b] = kids.slice(i).concat(kids.slice(0, i));
    this.endFrom[b] = this.endFrom[b]!.slice(i).concat(this.endFrom[b]!.slice(0, i));
    this.endTo[b] = this.endTo[b]!.slice(i).concat(this.endTo[b]!.slice(0, i));
    this.base[b] = this.base[this.children[b][0]!]!;
  }

  /** Augments along the tree path(s) through the tight edge (v, w): v is an S-vertex. */
  private augment(v: number, w: number, wInTree: boolean): void {
    this.walkToRoot(v, w);
    if (wInTree) this.walkToRoot(w, v);
    else {
      const bw = this.inBlossom[w]!;
      if (bw >= this.n) this.rotate(bw, w);
      this.mate[w] = v;
    }
  }

  /** A tree vertex reached dual zero: it becomes the free vertex of its tree, and the root gets matched. */
  private flipToVertex(s: number): void {
    this.walkToRoot(s, -1);
  }

  /** Flips the alternating path from S-vertex s up to its tree's root; s gets mate `partner` (or none). */
  private walkToRoot(s0: number, partner0: number): void {
    let s = s0;
    let partner = partner0;
    for (;;) {
      const bs = this.inBlossom[s]!;
      if (bs >= this.n) this.rotate(bs, s);
      this.mate[s] = partner;
      if (this.labelFrom[bs] === -1) return;
      const t = this.labelFrom[bs]!;
      const bt = this.inBlossom[t]!;
      const next = this.labelFrom[bt]!;
      const j = this.labelTo[bt]!;
      if (bt >= this.n) this.rotate(bt, j);
      this.mate[j] = next;
      s = next;
      partner = j;
    }
  }

  private leaves(b: number): number[] {
    const n = this.n;
    if (b < n) return [b];
    const out: number[] = [];
    // A blossom nests at most 2n blossoms and vertices, so the walk's stack fits one shared array.
    const stack = this.leafStack;
    let top = 0;
    stack[top++] = b;
    while (top > 0) {
      const x = stack[--top]!;
      if (x < n) out.push(x);
      else {
        const kids = this.children[x]!;
        for (let i = 0; i < kids.length; i++) stack[top++] = kids[i]!;
      }
    }
    return out;
  }
}
