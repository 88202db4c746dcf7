import { FLOAT_DOWN, FLOAT_UP, type Float, floatOf } from './floats.js';
import {
  absoluteImbalance,
  absolutePreference,
  type DutchField,
  type DutchPlayer,
  eligibleForBye,
  NO_COLOUR,
  otherColour,
  scoreBefore,
} from './players.js';

/**
 * The edge weights of the Dutch matching (docs/dutch.md#the-weights). One weight packs the criteria as bit fields,
 * the most important highest, each wide enough that no sum over a round's pairs can carry into the field above it:
 * a "count" field is as wide as the largest score group needs, a "scores" field holds one such count per score
 * group (higher groups in higher bits). The maximum-weight matching then settles the criteria in order.
 */
export class DutchWeights {
  readonly field: DutchField;
  /** The players to pair, by score (virtual points included) then pairing number. */
  readonly sorted: DutchPlayer[];
  /** Per position in `sorted`: the score with virtual points, and the floats one and two rounds back. */
  readonly score: number[];
  readonly float1: Float[];
  readonly float2: Float[];
  readonly byeEligible: boolean[];
  /** Bits of a count field, and of a scores field. */
  readonly countBits: number;
  readonly scoresBits: number;
  /** Where each score group's count sits inside a scores field. */
  private readonly shiftOf = new Map<number, number>();
  private readonly forbidden = new Set<number>();
  private readonly lastRounds: boolean;
  private readonly topScoreThreshold: number;
  readonly maxWeight: bigint;
  /** The bye's score, and the ranks of the bye candidates' played games (set once the bye's score is known). */
  byeScore = 0;
  singleDownfloaterIsBye = false;
  unplayedRank = new Map<number, number>();

  constructor(field: DutchField, sorted: DutchPlayer[], forbiddenPairs: readonly [number, number][]) {
    this.field = field;
    this.sorted = sorted;
    const n = sorted.length;
    this.score = sorted.map((p) => scoreBefore(field, p));
    const pr = field.playedRounds;
    this.float1 = sorted.map((p) => (pr >= 1 ? floatOf(field, p, 1) : 2));
    this.float2 = sorted.map((p) => (pr >= 2 ? floatOf(field, p, 2) : 2));
    this.byeEligible = sorted.map((p) => eligibleForBye(field, p));
    let shift = 0;
    let largest = 0;
    let run = 0;
    for (let k = n - 1; k >= 0; k--) {
      run++;
      if (k === 0 || this.score[k]! < this.score[k - 1]!) {
        this.shiftOf.set(this.score[k]!, shift);
        largest = Math.max(largest, run);
        shift += bitsFor(run);
        run = 0;
      }
    }
    this.scoresBits = shift;
    this.countBits = bitsFor(largest);
    const position = new Map(sorted.map((p, k) => [p.index, k]));
    for (const [a, b] of forbiddenPairs) {
      const x = position.get(a);
      const y = position.get(b);
      if (x !== undefined && y !== undefined) this.forbid(x, y);
    }
    sorted.forEach((p, k) => {
      for (const r of p.rounds) {
        const o = r.played ? position.get(r.opponent) : undefined;
        if (o !== undefined) this.forbid(k, o);
      }
    });
    this.lastRounds = pr >= field.totalRounds - 1;
    this.topScoreThreshold = Math.floor((pr * Math.max(field.points.win, field.points.draw)) / 2);
    const c = this.countBits;
    const s = this.scoresBits;
    let total = c + s + c + s + 2 * c + 4 * c + 3 * c + 1;
    if (pr >= 1) total += 2 * c + 2 * s;
    if (pr >= 2) total += 2 * c + 2 * s;
    this.maxWeight = (1n << BigInt(total + 2)) - 1n;
  }

  private forbid(x: number, y: number): void {
    this.forbidden.add(x * this.sorted.length + y);
    this.forbidden.add(y * this.sorted.length + x);
  }

  private groupBit(score: number): bigint {
    return 1n << BigInt(this.shiftOf.get(score)!);
  }

  /**
   * The absolute criteria: the two have not played each other, may meet, and do not both need the same colour
   * absolutely (in the last round a player above half the maximum score is exempt: docs/dutch.md#the-rest).
   */
  compatible(x: number, y: number): boolean {
    if (this.forbidden.has(x * this.sorted.length + y)) return false;
    const a = this.sorted[x]!;
    const b = this.sorted[y]!;
    return (
      !absolutePreference(a) ||
      !absolutePreference(b) ||
      a.preference !== b.preference ||
      (this.lastRounds && (this.score[x]! > this.topScoreThreshold || this.score[y]! > this.topScoreThreshold))
    );
  }

  private byeCandidate(k: number): boolean {
    return this.byeEligible[k]! && this.score[k]! <= this.byeScore;
  }

  /**
   * The first matching of the round, for an odd field: can everyone but one bye-eligible player be paired, and from
   * which score group does the bye come (the lowest possible).
   */
  byeSearchWeight(higher: number, lower: number): bigint {
    if (!this.compatible(higher, lower)) return 0n;
    let w = BigInt(1 + (this.byeEligible[lower] ? 0 : 1) + (this.byeEligible[higher] ? 0 : 1));
    w <<= BigInt(this.scoresBits);
    w += BigInt(this.shiftOf.get(this.score[lower]!)! + this.shiftOf.get(this.score[higher]!)!);
    w <<= BigInt(this.countBits);
    if (this.score[lower]! >= this.score[0]!) w += 1n;
    return w;
  }

  /**
   * The weight of pairing `higher` with `lower` (positions in `sorted`, higher first) while the bracket whose
   * resident score group holds `lower` (`lowerInBracket`), or the next score group (`lowerInNext`), is paired.
   */
  edgeWeight(higher: number, lower: number, lowerInBracket: boolean, lowerInNext: boolean): bigint {
    if (!this.compatible(higher, lower)) return 0n;
    const c = BigInt(this.countBits);
    const s = BigInt(this.scoresBits);
    const sh = this.score[higher]!;
    const sl = this.score[lower]!;
    const h = this.sorted[higher]!;
    const l = this.sorted[lower]!;
    const on = (x: boolean) => (x ? 1n : 0n);
    // Completion and the bye's eligibility, then as many pairs, and as high scores, in this bracket, then the next.
    let w = 1n + on(!this.byeCandidate(higher)) + on(!this.byeCandidate(lower));
    w = (w << c) + on(lowerInBracket);
    w <<= s;
    if (lowerInBracket) w += this.groupBit(sh);
    w = (w << c) + on(lowerInNext);
    w <<= s;
    if (lowerInNext) w += this.groupBit(sh);
    // The bye goes to a player with as few unplayed rounds as possible.
    w <<= 2n * c;
    if (this.singleDownfloaterIsBye) {
      if (sh === this.byeScore) w += BigInt(this.unplayedRank.get(h.playedGames)!);
      if (sl === this.byeScore) w += BigInt(this.unplayedRank.get(l.playedGames)!);
    }
    w = colourFields(w, c, l, h, lowerInBracket);
    const pr = this.field.playedRounds;
    const f1l = this.float1[lower]!;
    const f1h = this.float1[higher]!;
    const f2l = this.float2[lower]!;
    const f2h = this.float2[higher]!;
    // Floats repeated from one and two rounds back: how many, then their scores.
    if (pr >= 1) w = floatCounts(w, c, lowerInBracket, sh, sl, f1l, f1h);
    if (pr >= 2) w = floatCounts(w, c, lowerInBracket, sh, sl, f2l, f2h);
    if (pr >= 1) w = this.floatScores(w, s, lowerInBracket, sh, sl, f1l, f1h);
    if (pr >= 2) w = this.floatScores(w, s, lowerInBracket, sh, sl, f2l, f2h);
    // Room for the bracket's own order (exchanges, transpositions), filled in while the bracket is paired.
    return w << (3n * c + 1n);
  }

  private floatScores(w: bigint, s: bigint, inBracket: boolean, sh: number, sl: number, fl: Float, fh: Float) {
    let out = w << s;
    if (inBracket) {
      if (fl === FLOAT_DOWN) out += this.groupBit(sl);
      if (fh === FLOAT_DOWN) out += this.groupBit(sh);
    }
    out <<= s;
    if (inBracket && !(fl === FLOAT_UP && sh > sl)) out += this.groupBit(sh);
    return out;
  }
}

function floatCounts(w: bigint, c: bigint, inBracket: boolean, sh: number, sl: number, fl: Float, fh: Float) {
  let out = w << c;
  if (inBracket) {
    if (fl === FLOAT_DOWN) out += 1n;
    if (sh <= sl && fh === FLOAT_DOWN) out += 1n;
  }
  out <<= c;
  if (inBracket && !(sh > sl && fl === FLOAT_UP)) out += 1n;
  return out;
}

/** Colour preferences met, from absolute imbalances down to strong preferences (docs/dutch.md#the-weights). */
function colourFields(w: bigint, c: bigint, p: DutchPlayer, o: DutchPlayer, mask: boolean): bigint {
  const samePreference = p.preference === o.preference;
  let out = w << c;
  if (mask && (!absoluteImbalance(p) || !absoluteImbalance(o) || !samePreference)) out += 1n;
  out <<= c;
  if (mask) {
    const apart =
      !absolutePreference(p) ||
      !absolutePreference(o) ||
      !samePreference ||
      (p.imbalance === o.imbalance
        ? p.repeated === NO_COLOUR || p.repeated !== o.repeated
        : (p.imbalance > o.imbalance ? o : p).repeated !== otherColour(p.preference));
    if (apart) out += 1n;
  }
  out <<= c;
  if (mask && (!samePreference || p.preference === NO_COLOUR || o.preference === NO_COLOUR)) out += 1n;
  out <<= c;
  if (
    mask &&
    ((!p.strong && !absolutePreference(p)) ||
      (!o.strong && !absolutePreference(o)) ||
      (absolutePreference(p) && absolutePreference(o)) ||
      !samePreference)
  ) {
    out += 1n;
  }
  return out;
}

/** Bits needed to write n (0 for 0). */
export function bitsFor(n: number): number {
  let bits = 0;
  while (n > 0) {
    bits++;
    n = Math.floor(n / 2);
  }
  return bits;
}
