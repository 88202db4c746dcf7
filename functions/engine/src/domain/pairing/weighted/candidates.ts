import { PairTable } from '../pairTable.js';
import { hashValues } from '../prng.js';
import type { PairingContext } from './context.js';
import { colourConflictTier } from './criteria/colours.js';

/**
 * Which pairs the solver may choose from. A complete graph on a large field is too big to solve quickly, so the
 * graph keeps, for each player, the partners any enabled criterion could want: neighbours in the group's order,
 * the slip and fold partners, a few seeded random partners, and the top and bottom of the adjacent groups (the
 * floaters). Rematches, absolute colour conflicts, pairs more than `maxDistance` groups apart and second byes are
 * left out until the solver shows that no perfect pairing exists without them. Windows widen per group when a
 * round comes out worse than the parity bound says is possible.
 */
export interface CandidateLevel {
  /** Half-width of the windows of each group; at least the group size means every pair of the group. */
  window: Int32Array;
  maxDistance: number;
  extraByes: boolean;
  rematches: boolean;
  /** Pairs the organizer forbade: allowed only when no complete pairing exists without them. */
  forbidden: boolean;
  /** FIDE: pairs of two players who need the same colour absolutely. */
  colourConflicts: boolean;
}

export interface CandidateGraph {
  /** Vertices: the active players, then the bye's phantom when the field is odd. */
  n: number;
  from: Int32Array;
  to: Int32Array;
  edgeCount: number;
}

export const INITIAL_WINDOW = 4;
const RANDOM_PARTNERS = 3;
/** Below this many pairs within adjacent groups the graph is simply complete there. */
export const DENSE_PAIRS = 12_000;

export function initialLevel(ctx: PairingContext, densePairs = DENSE_PAIRS): CandidateLevel {
  const window = new Int32Array(ctx.groupCount).fill(INITIAL_WINDOW);
  let pairs = 0;
  for (let g = 0; g < ctx.groupCount; g++) {
    const m = ctx.groupSize[g]!;
    pairs += (m * (m - 1)) / 2 + (g + 1 < ctx.groupCount ? m * ctx.groupSize[g + 1]! : 0);
  }
  if (pairs <= densePairs) for (let g = 0; g < ctx.groupCount; g++) window[g] = ctx.groupSize[g]!;
  // Categories weigh more than the groups: a pair inside a category may have to skip groups (docs/pairing.md#weighted).
  const maxDistance = ctx.weights.category > 0 ? Math.max(1, ctx.groupCount - 1) : 1;
  return { window, maxDistance, extraByes: false, rematches: false, forbidden: false, colourConflicts: false };
}

export function isComplete(ctx: PairingContext, level: CandidateLevel, g: number): boolean {
  return level.window[g]! >= ctx.groupSize[g]!;
}

export function buildCandidates(ctx: PairingContext, level: CandidateLevel): CandidateGraph {
  const n = ctx.n;
  const vertices = n + (ctx.needsBye ? 1 : 0);
  const seen = new PairTable(16 * vertices);
  // Typed buffers that double when full: a big field's graph has hundreds of thousands of edges.
  let from = new Int32Array(8 * vertices + 16);
  let to = new Int32Array(8 * vertices + 16);
  let edgeCount = 0;
  const allowRematch = level.rematches || !ctx.model.avoidRepeat;
  const allowConflict = level.colourConflicts || ctx.model.colours !== 'FIDE';
  const add = (i: number, j: number) => {
    if (i === j) return;
    const a = i < j ? i : j;
    const b = i < j ? j : i;
    if (!seen.insert(a, b)) return;
    if (!allowRematch && ctx.field.met(a, b) > 0) return;
    if (!level.forbidden && b < n && ctx.field.forbidden(a, b)) return;
    if (!allowConflict && b < n && colourConflictTier(ctx, a, b) > 0) return;
    if (edgeCount === from.length) {
      from = doubled(from);
      to = doubled(to);
    }
    from[edgeCount] = a;
    to[edgeCount++] = b;
  };
  const { order, groupStart, groupSize } = ctx;
  const seeding = ctx.weights.seeding > 0 ? ctx.model.seeding : null;
  const randomPartners = ctx.weights.random > 0 || seeding === 'SPLIT_RANDOM' ? RANDOM_PARTNERS : 1;
  for (let g = 0; g < ctx.groupCount; g++) {
    const s = groupStart[g]!;
    const m = groupSize[g]!;
    const w = level.window[g]!;
    if (w >= m || 2 * w + 2 >= m) {
      for (let a = 0; a < m; a++) for (let b = a + 1; b < m; b++) add(order[s + a]!, order[s + b]!);
    } else {
      const half = m >> 1;
      for (let k = 0; k < m; k++) {
        const i = order[s + k]!;
        for (let d = 1; d <= w && k + d < m; d++) add(i, order[s + k + d]!);
        for (let d = -w; d <= w; d++) {
          const slip = k + half + d;
          if (slip > k && slip < m) add(i, order[s + slip]!);
        }
        if (seeding === 'SPLIT_FOLD') {
          for (let d = -w; d <= w; d++) {
            const fold = m - 1 - k + d;
            if (fold >= 0 && fold < m) add(i, order[s + fold]!);
          }
        }
        for (let r = 0; r < randomPartners; r++) {
          const offset = 1 + (hashValues(ctx.seed, ctx.roundNumber, g, k, r) % (m - 1));
          add(i, order[s + ((k + offset) % m)]!);
        }
      }
    }
    for (let d = 1; d <= level.maxDistance && g + d < ctx.groupCount; d++) crossEdges(ctx, level, g, g + d, add);
  }
  if (ctx.needsBye) {
    for (let i = 0; i < n; i++) if (level.extraByes || ctx.byes[i] === ctx.minByes) add(i, n);
  }
  return { n: vertices, from: from.slice(0, edgeCount), to: to.slice(0, edgeCount), edgeCount };
}

function doubled(buffer: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const next = new Int32Array(2 * buffer.length);
  next.set(buffer);
  return next;
}

/** Every player of one group to the top and bottom few of the other, and back: enough to choose any floater. */
function crossEdges(
  ctx: PairingContext,
  level: CandidateLevel,
  g: number,
  h: number,
  add: (i: number, j: number) => void,
): void {
  const { order, groupStart, groupSize } = ctx;
  const sg = groupStart[g]!;
  const mg = groupSize[g]!;
  const sh = groupStart[h]!;
  const mh = groupSize[h]!;
  const x = Math.max(level.window[g]!, level.window[h]!) + 1;
  if (x >= mg || x >= mh || (isComplete(ctx, level, g) && isComplete(ctx, level, h))) {
    for (let a = 0; a < mg; a++) for (let b = 0; b < mh; b++) add(order[sg + a]!, order[sh + b]!);
    return;
  }
  for (let a = 0; a < mg; a++) {
    const i = order[sg + a]!;
    for (let b = 0; b < x; b++) {
      add(i, order[sh + b]!);
      add(i, order[sh + mh - 1 - b]!);
    }
  }
  for (let b = 0; b < mh; b++) {
    const j = order[sh + b]!;
    for (let a = 0; a < x; a++) {
      add(order[sg + a]!, j);
      add(order[sg + mg - 1 - a]!, j);
    }
  }
}
