import { compareSeedOrder, virtualPoints } from '../acceleration.js';
import { colourDifference, preferenceOf } from '../colours.js';
import { compareRatingOrder, type Field } from '../field.js';
import { hashValues } from '../prng.js';
import { recommendedRounds } from '../rounds.js';
import type { CriteriaWeights, PairingRequest } from '../types.js';
import { atBar } from '../mcmahon/mms.js';
import { type McMahonContext, mcMahonContext } from './mcmahon.js';
import type { WeightedModel } from './model.js';

/**
 * Everything the criteria read, as flat typed arrays indexed by the player's position in the active field, so
 * costing a few hundred thousand candidate pairs stays cheap.
 */
export interface PairingContext {
  n: number;
  model: WeightedModel;
  weights: CriteriaWeights;
  seed: number;
  roundNumber: number;
  field: Field;
  /** Group of each player, 0 = top group; groups are contiguous in `order`. */
  group: Int32Array;
  /** Place inside the group (0 = first in the group's order). */
  place: Int32Array;
  groupCount: number;
  groupStart: Int32Array;
  groupSize: Int32Array;
  /** Players sorted by group, then by place. */
  order: Int32Array;
  /** Seeding rank inside the group by rating (0 = strongest), for the seeding criterion. */
  seedPlace: Int32Array;
  /** Pairing score (with virtual points) in integer quanta of `quantum` points. */
  scoreUnits: Int32Array;
  quantum: number;
  scoreRange: number;
  rating: Float64Array;
  ratingRange: number;
  /** 0 = lowest-ranked player of the field. */
  rankFromBottom: Int32Array;
  club: Int32Array;
  country: Int32Array;
  team: Int32Array;
  floatsUp: Int32Array;
  floatsDown: Int32Array;
  byes: Int32Array;
  minByes: number;
  hash: Uint32Array;
  /** Whether the bye vertex exists (odd field). */
  needsBye: boolean;
  /** FIDE colour preference of each player: 1 white, -1 black, 0 none; and its strength (colours.ts). */
  prefColour: Int8Array;
  prefStrength: Int8Array;
  /** Whites minus blacks. */
  colourDiff: Int32Array;
  /**
   * FIDE's last-round exception: in the last round of a known length, a topscorer (more than half the possible
   * points) may break an absolute colour preference.
   */
  colourExempt: Uint8Array;
  /** Position in the initial order (seed, frozen rating, id), 1 = top: FIDE's pairing number. */
  pairingNumber: Int32Array;
  /** Category of each player (-1: none) and the widest distance between two categories (at least 1). */
  category: Int32Array;
  categorySpan: number;
  /** 1 when the secondary criteria (club, country) apply to the player (docs/pairing.md#weighted). */
  secondary: Uint8Array;
  /** MCMAHON only: MMS, ranks and handicaps (docs/go.md). */
  mcMahon: McMahonContext | null;
}

export function buildContext(field: Field, model: WeightedModel, request: PairingRequest): PairingContext {
  const players = field.active;
  const n = players.length;
  const winPoints = request.points?.win ?? 1;
  const bonus = virtualPoints(players, request.roundNumber, model.acceleratedRounds, winPoints);
  // McMahon pairs on the MMS, which starts from the rank: the score of every criterion below (docs/go.md).
  const mcMahon = model.mcMahon ? mcMahonContext(field, request) : null;
  const pairingScore = new Float64Array(n);
  for (let i = 0; i < n; i++) pairingScore[i] = mcMahon ? mcMahon.mms[i]! : players[i]!.score + bonus[i]!;
  const quantum = scoreQuantum(pairingScore);
  const scoreUnits = new Int32Array(n);
  for (let i = 0; i < n; i++) scoreUnits[i] = Math.round(pairingScore[i]! / quantum);

  const rating = new Float64Array(n);
  let minRating = Infinity;
  let maxRating = -Infinity;
  for (let i = 0; i < n; i++) {
    rating[i] = players[i]!.rating;
    minRating = Math.min(minRating, rating[i]!);
    maxRating = Math.max(maxRating, rating[i]!);
  }
  let minUnits = Infinity;
  let maxUnits = -Infinity;
  for (let i = 0; i < n; i++) {
    minUnits = Math.min(minUnits, scoreUnits[i]!);
    maxUnits = Math.max(maxUnits, scoreUnits[i]!);
  }

  // McMahon orders a group by rank first, then rating, as OpenGotha does: Go entries often have no rating at all.
  const byRating = (a: number, b: number) =>
    (mcMahon ? mcMahon.rank[b]! - mcMahon.rank[a]! : 0) || compareRatingOrder(players[a]!, players[b]!);
  // Every player, strongest first: the lanes and the seeding places inside each group follow it.
  const ratingOrder = Array.from({ length: n }, (_, i) => i).sort(byRating);
  const groupKey = groupKeys(model, rating, scoreUnits, ratingOrder);
  const tieKey = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    tieKey[i] = model.groupOrder === 'SHUFFLED' ? hashValues(request.seed, request.roundNumber, players[i]!.hash) : 0;
  }
  // Inside a group, players of one category sit together when categories count, so a window's neighbours share it.
  const category = Int32Array.from(players, (p) => p.category ?? -1);
  const byCategory = model.weights.category > 0 ? category : new Int32Array(n);
  const orderList = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) =>
      groupKey[a]! - groupKey[b]! || byCategory[a]! - byCategory[b]! || tieKey[a]! - tieKey[b]! || byRating(a, b),
  );
  const order = Int32Array.from(orderList);
  const group = new Int32Array(n);
  const place = new Int32Array(n);
  const starts: number[] = [];
  let g = -1;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    if (k === 0 || groupKey[i] !== groupKey[order[k - 1]!]) {
      g++;
      starts.push(k);
    }
    group[i] = g;
    place[i] = k - starts[g]!;
  }
  const groupCount = g + 1;
  const groupStart = Int32Array.from(starts);
  const groupSize = new Int32Array(groupCount);
  for (let h = 0; h < groupCount; h++) groupSize[h] = (h + 1 < groupCount ? starts[h + 1]! : n) - starts[h]!;
  const seedPlace = new Int32Array(n);
  const seeded = new Int32Array(groupCount);
  for (const i of ratingOrder) seedPlace[i] = seeded[group[i]!]!++;

  // Standings order for "lowest-ranked": score (MMS in McMahon), net score, rating, id.
  const standing = (i: number) => (mcMahon ? mcMahon.mms[i]! : players[i]!.score);
  const ranked = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => standing(b) - standing(a) || players[b]!.netScore - players[a]!.netScore || byRating(a, b),
  );
  const rankFromBottom = new Int32Array(n);
  ranked.forEach((i, k) => (rankFromBottom[i] = n - 1 - k));

  const byes = new Int32Array(n);
  let minByes = Infinity;
  for (let i = 0; i < n; i++) {
    byes[i] = players[i]!.byes;
    minByes = Math.min(minByes, byes[i]!);
  }
  const prefColour = new Int8Array(n);
  const prefStrength = new Int8Array(n);
  const colourDiff = new Int32Array(n);
  const colourExempt = new Uint8Array(n);
  const lastRound = request.totalRounds !== undefined && request.roundNumber === request.totalRounds;
  for (let i = 0; i < n; i++) {
    const history = mcMahon ? mcMahon.evenColours[i]! : players[i]!.colours;
    const preference = preferenceOf(history);
    prefColour[i] = preference.colour;
    prefStrength[i] = preference.strength;
    colourDiff[i] = colourDifference(history);
    if (lastRound && players[i]!.score > ((request.roundNumber - 1) * winPoints) / 2) colourExempt[i] = 1;
  }
  let lowCategory = Infinity;
  let highCategory = -Infinity;
  for (const c of category) {
    if (c < 0) continue;
    lowCategory = Math.min(lowCategory, c);
    highCategory = Math.max(highCategory, c);
  }
  const totalRounds = request.totalRounds ?? recommendedRounds(n).rounds;
  const secondary = Uint8Array.from(players, (p, i) => {
    const { ratingAbove, winners } = model.secondary;
    if (ratingAbove !== undefined && p.rating > ratingAbove) return 0;
    // McMahon: OpenGotha's bar on the secondary criteria, and its "wins in half the rounds" unless switched off.
    if (mcMahon)
      return atBar(mcMahon.start[i]!, mcMahon.settings) || (mcMahon.settings.winners && 2 * p.wins >= totalRounds)
        ? 0
        : 1;
    return winners && 2 * p.wins >= totalRounds ? 0 : 1;
  });
  const pairingNumber = new Int32Array(n);
  players
    .slice()
    .sort(compareSeedOrder)
    .forEach((p, k) => (pairingNumber[p.index] = k + 1));
  const weights = { ...model.weights };
  const ratingRange = Math.max(1, maxRating - minRating);
  if (model.sameTeamValue !== null)
    weights.sameTeam = Math.max(1, Math.round((weights.ratingGap * model.sameTeamValue) / (ratingRange * ratingRange)));
  return {
    n,
    model,
    weights,
    seed: request.seed,
    roundNumber: request.roundNumber,
    field,
    group,
    place,
    groupCount,
    groupStart,
    groupSize,
    order,
    seedPlace,
    scoreUnits,
    quantum,
    scoreRange: Math.max(1, maxUnits - minUnits),
    rating,
    ratingRange,
    rankFromBottom,
    club: interned(players.map((p) => p.club)),
    country: interned(players.map((p) => p.country)),
    team: interned(players.map((p) => p.team)),
    floatsUp: Int32Array.from(players.map((p) => p.floatsUp)),
    floatsDown: Int32Array.from(players.map((p) => p.floatsDown)),
    byes,
    minByes: n === 0 ? 0 : minByes,
    hash: Uint32Array.from(players.map((p) => p.hash)),
    needsBye: n % 2 === 1,
    prefColour,
    prefStrength,
    colourDiff,
    colourExempt,
    pairingNumber,
    category,
    categorySpan: Math.max(1, highCategory - lowCategory),
    secondary,
    mcMahon,
  };
}

/** The group key orders groups top first: highest score, strongest lane, highest band. */
function groupKeys(
  model: WeightedModel,
  rating: Float64Array,
  scoreUnits: Int32Array,
  ratingOrder: readonly number[],
): Float64Array {
  const n = rating.length;
  const key = new Float64Array(n);
  const grouping = model.grouping;
  if (grouping.kind === 'SCORE') {
    for (let i = 0; i < n; i++) key[i] = -scoreUnits[i]!;
  } else if (grouping.kind === 'BAND') {
    let top = -Infinity;
    for (let i = 0; i < n; i++) top = Math.max(top, rating[i]!);
    for (let i = 0; i < n; i++) key[i] = Math.floor((top - rating[i]!) / grouping.bandWidth);
  } else {
    ratingOrder.forEach((i, k) => (key[i] = Math.floor(k / grouping.laneSize)));
  }
  return key;
}

/** The smallest fraction of a point that expresses every score exactly (match points come in halves, tenths ...). */
function scoreQuantum(scores: Float64Array): number {
  for (const q of [1, 0.5, 0.25, 0.1, 0.05, 0.01, 0.001]) {
    let ok = true;
    for (let i = 0; i < scores.length && ok; i++) {
      const units = scores[i]! / q;
      if (Math.abs(units - Math.round(units)) > 1e-6) ok = false;
    }
    if (ok) return q;
  }
  return 0.0001;
}

function interned(values: (string | undefined)[]): Int32Array {
  const ids = new Map<string, number>();
  return Int32Array.from(
    values.map((v) => {
      if (v === undefined) return -1;
      let id = ids.get(v);
      if (id === undefined) ids.set(v, (id = ids.size));
      return id;
    }),
  );
}
