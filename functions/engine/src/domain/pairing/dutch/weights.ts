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
  /** The same, per position in `sorted`. */
  private readonly shiftAt: number[];
  private readonly packer = new Packer();
  /** 1, 2 and 3 in the top field, and 1 in the bye's unplayed rounds field. */
  private readonly topUnit: bigint[];
  private readonly unplayedUnit: bigint;
  /** Pairs that may not meet (a rematch, a forbidden pair), by position: x * n + y and y * n + x. */
  private readonly forbidden: Uint8Array;
  private readonly lastRounds: boolean;
  private readonly topScoreThreshold: number;
  /**
   * Players alike in everything a weight reads of one player (score, colours, floats) share a kind, and a weight is
   * packed once per two kinds and what the pair adds (docs/dutch.md#speed): a round has millions of pairs but a few
   * thousand distinct weights.
   */
  private readonly kindOf: Int32Array;
  private readonly kinds: number;
  private readonly packed = new Map<number, bigint>();
  readonly maxWeight: bigint;
  /** The bye's score, and the ranks of the bye candidates' played games (set once the bye's score is known). */
  byeScore = 0;
  singleDownfloaterIsBye = false;
  unplayedRank = new Map<number, number>();

  constructor(field: DutchField, sorted: DutchPlayer[], forbiddenPairs: readonly [number, number][]) {
    this.field = field;
    this.sorted = sorted;
    const n = sorted.length;
    this.forbidden = new Uint8Array(n * n);
    this.score = sorted.map((p) => scoreBefore(field, p));
    const pr = field.playedRounds;
    this.float1 = sorted.map((p) => (pr >= 1 ? floatOf(field, p, 1) : 2));
    this.float2 = sorted.map((p) => (pr >= 2 ? floatOf(field, p, 2) : 2));
    this.byeEligible = sorted.map((p) => eligibleForBye(field, p));
    const kindNumbers = new Map<string, number>();
    this.kindOf = Int32Array.from(sorted, (p, k) => {
      const key = [
        this.score[k],
        this.float1[k],
        this.float2[k],
        p.preference,
        p.imbalance,
        p.repeated,
        p.strong,
      ].join();
      let kind = kindNumbers.get(key);
      if (kind === undefined) kindNumbers.set(key, (kind = kindNumbers.size));
      return kind;
    });
    this.kinds = kindNumbers.size;
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
    this.shiftAt = this.score.map((x) => this.shiftOf.get(x)!);
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
    // The fields below the bye's unplayed rounds: colours, floats, the bracket's order.
    let below = 4 * c + 3 * c + 1;
    if (pr >= 1) below += 2 * c + 2 * s;
    if (pr >= 2) below += 2 * c + 2 * s;
    const total = c + s + c + s + 2 * c + below;
    this.maxWeight = (1n << BigInt(total + 2)) - 1n;
    this.unplayedUnit = 1n << BigInt(below);
    const top = 1n << BigInt(total);
    this.topUnit = [top, 2n * top, 3n * top];
  }

  private forbid(x: number, y: number): void {
    this.forbidden[x * this.sorted.length + y] = 1;
    this.forbidden[y * this.sorted.length + x] = 1;
  }

  /**
   * The absolute criteria: the two have not played each other, may meet, and do not both need the same colour
   * absolutely (in the last round a player above half the maximum score is exempt: docs/dutch.md#the-rest).
   */
  compatible(x: number, y: number): boolean {
    if (this.forbidden[x * this.sorted.length + y]) return false;
    const a = this.sorted[x]!;
    const b = this.sorted[y]!;
    return (
      !absolutePreference(a) ||
      !absolutePreference(b) ||
      a.preference !== b.preference ||
      (this.lastRounds && (this.score[x]! > this.topScoreThreshold || this.score[y]! > this.topScoreThreshold))
    );
  }

  /**
   * A pair outside the bracket being paired and the next score group: only completion, the bye and its unplayed
   * rounds count, every other field is zero (the same number `edgeWeight` packs field by field).
   */
  private outsideWeight(top: number, unplayed: number): bigint {
    const w = this.topUnit[top - 1]!;
    return unplayed === 0 ? w : w + BigInt(unplayed) * this.unplayedUnit;
  }

  /** The bye goes to a player with as few unplayed rounds as possible. */
  private unplayed(higher: number, lower: number): number {
    if (!this.singleDownfloaterIsBye) return 0;
    let unplayed = 0;
    if (this.score[higher] === this.byeScore) unplayed += this.unplayedRank.get(this.sorted[higher]!.playedGames)!;
    if (this.score[lower] === this.byeScore) unplayed += this.unplayedRank.get(this.sorted[lower]!.playedGames)!;
    return unplayed;
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
    const top = 1 + (this.byeCandidate(higher) ? 0 : 1) + (this.byeCandidate(lower) ? 0 : 1);
    const unplayed = this.unplayed(higher, lower);
    if (unplayed >= UNPLAYED_KEYS) return this.pack(higher, lower, lowerInBracket, lowerInNext, top, unplayed);
    const where = lowerInBracket ? 2 : lowerInNext ? 1 : 0;
    const pair = where === 0 ? 0 : this.kindOf[higher]! * this.kinds + this.kindOf[lower]! + 1;
    const key = ((pair * 3 + where) * 3 + top - 1) * UNPLAYED_KEYS + unplayed;
    let w = this.packed.get(key);
    if (w === undefined) {
      w = this.pack(higher, lower, lowerInBracket, lowerInNext, top, unplayed);
      this.packed.set(key, w);
    }
    return w;
  }

  private pack(
    higher: number,
    lower: number,
    lowerInBracket: boolean,
    lowerInNext: boolean,
    top: number,
    unplayed: number,
  ): bigint {
    if (!lowerInBracket && !lowerInNext) return this.outsideWeight(top, unplayed);
    const c = this.countBits;
    const s = this.scoresBits;
    const sh = this.score[higher]!;
    const sl = this.score[lower]!;
    const h = this.sorted[higher]!;
    const l = this.sorted[lower]!;
    const groupH = this.shiftAt[higher]!;
    const groupL = this.shiftAt[lower]!;
    const w = this.packer;
    // Completion and the bye's eligibility, then as many pairs, and as high scores, in this bracket, then the next.
    w.start(top);
    w.push(lowerInBracket ? 1 : 0, c);
    w.pushBit(lowerInBracket ? groupH : -1, s);
    w.push(lowerInNext ? 1 : 0, c);
    w.pushBit(lowerInNext ? groupH : -1, s);
    w.push(unplayed, 2 * c);
    colourFields(w, c, l, h, lowerInBracket);
    const pr = this.field.playedRounds;
    const f1l = this.float1[lower]!;
    const f1h = this.float1[higher]!;
    const f2l = this.float2[lower]!;
    const f2h = this.float2[higher]!;
    // Floats repeated from one and two rounds back: how many, then their scores.
    if (pr >= 1) floatCounts(w, c, lowerInBracket, sh, sl, f1l, f1h);
    if (pr >= 2) floatCounts(w, c, lowerInBracket, sh, sl, f2l, f2h);
    if (pr >= 1) floatScores(w, s, lowerInBracket, sh, sl, groupH, groupL, f1l, f1h);
    if (pr >= 2) floatScores(w, s, lowerInBracket, sh, sl, groupH, groupL, f2l, f2h);
    // Room for the bracket's own order (exchanges, transpositions), filled in while the bracket is paired.
    w.push(0, 3 * c + 1);
    return w.finish();
  }
}

function floatScores(
  w: Packer,
  s: number,
  inBracket: boolean,
  sh: number,
  sl: number,
  groupH: number,
  groupL: number,
  fl: Float,
  fh: Float,
): void {
  // Two counts in one scores field: they may land on the same score group, so they are added, not set.
  let down = 0;
  if (inBracket) {
    if (fl === FLOAT_DOWN) down++;
    if (fh === FLOAT_DOWN) down++;
  }
  if (down === 2 && groupH !== groupL) {
    w.pushBits(groupH, groupL, s);
  } else if (down === 2) {
    w.pushBit(groupH + 1, s);
  } else if (down === 1) {
    w.pushBit(fl === FLOAT_DOWN ? groupL : groupH, s);
  } else {
    w.pushBit(-1, s);
  }
  w.pushBit(inBracket && !(fl === FLOAT_UP && sh > sl) ? groupH : -1, s);
}

function floatCounts(w: Packer, c: number, inBracket: boolean, sh: number, sl: number, fl: Float, fh: Float): void {
  let down = 0;
  if (inBracket) {
    if (fl === FLOAT_DOWN) down++;
    if (sh <= sl && fh === FLOAT_DOWN) down++;
  }
  w.push(down, c);
  w.push(inBracket && !(sh > sl && fl === FLOAT_UP) ? 1 : 0, c);
}

/** Colour preferences met, from absolute imbalances down to strong preferences (docs/dutch.md#the-weights). */
function colourFields(w: Packer, c: number, p: DutchPlayer, o: DutchPlayer, mask: boolean): void {
  const samePreference = p.preference === o.preference;
  w.push(mask && (!absoluteImbalance(p) || !absoluteImbalance(o) || !samePreference) ? 1 : 0, c);
  let apart = false;
  if (mask) {
    apart =
      !absolutePreference(p) ||
      !absolutePreference(o) ||
      !samePreference ||
      (p.imbalance === o.imbalance
        ? p.repeated === NO_COLOUR || p.repeated !== o.repeated
        : (p.imbalance > o.imbalance ? o : p).repeated !== otherColour(p.preference));
  }
  w.push(apart ? 1 : 0, c);
  w.push(mask && (!samePreference || p.preference === NO_COLOUR || o.preference === NO_COLOUR) ? 1 : 0, c);
  w.push(
    mask &&
      ((!p.strong && !absolutePreference(p)) ||
        (!o.strong && !absolutePreference(o)) ||
        (absolutePreference(p) && absolutePreference(o)) ||
        !samePreference)
      ? 1
      : 0,
    c,
  );
}

/** Bye candidates' unplayed-round ranks below this are part of a packed weight's key (they are a few). */
const UNPLAYED_KEYS = 4096;

/**
 * Builds a weight field by field, most important first, in a float64 word until it would pass 2^50 bits and only
 * then in the BigInt: a weight of a few hundred bits costs a few BigInt operations instead of one per field.
 */
const POW2 = Float64Array.from({ length: 54 }, (_, k) => 2 ** k);

class Packer {
  private high = 0n;
  private low = 0;
  private lowBits = 0;

  start(value: number): void {
    this.high = 0n;
    this.low = value;
    this.lowBits = 0;
  }

  /** A field of `bits` bits holding `value` (below 2^bits and 2^50). */
  push(value: number, bits: number): void {
    if (this.lowBits + bits <= 50) {
      this.low = this.low * POW2[bits]! + value;
      this.lowBits += bits;
      return;
    }
    this.flush();
    if (bits <= 50) {
      this.low = value;
      this.lowBits = bits;
    } else {
      this.high = (this.high << BigInt(bits)) + BigInt(value);
    }
  }

  /** A field of `bits` bits holding 2^at (nothing when `at` is -1). */
  pushBit(at: number, bits: number): void {
    if (bits <= 50) this.push(at < 0 ? 0 : POW2[at]!, bits);
    else {
      this.flush();
      this.high <<= BigInt(bits);
      if (at >= 0) this.high += 1n << BigInt(at);
    }
  }

  /** A field of `bits` bits holding 2^a + 2^b (a and b differ). */
  pushBits(a: number, b: number, bits: number): void {
    if (bits <= 50) this.push(POW2[a]! + POW2[b]!, bits);
    else {
      this.flush();
      this.high = (this.high << BigInt(bits)) + (1n << BigInt(a)) + (1n << BigInt(b));
    }
  }

  private flush(): void {
    this.high = (this.high << BigInt(this.lowBits)) + BigInt(this.low);
    this.low = 0;
    this.lowBits = 0;
  }

  finish(): bigint {
    this.flush();
    return this.high;
  }
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
