import type { IncrementalMatching } from './matching.js';
import type { DutchWeights } from './weights.js';

/**
 * The Dutch procedure (docs/dutch.md#the-procedure): the brackets from the top score group down. Each bracket is
 * settled by a series of questions to one global maximum-weight matching over the whole field, so that every
 * choice made in a bracket leaves the rest of the round pairable as well as possible. Vertices are positions in
 * `weights.sorted`. Returns each player's opponent (itself for the bye).
 */
export function pairBrackets(weights: DutchWeights, matching: IncrementalMatching): Int32Array {
  const n = weights.sorted.length;
  const score = weights.score;
  const partner = new Int32Array(n).fill(-1);
  const matched = new Uint8Array(n);
  const mate = (v: number) => matching.mateOf(v);
  const finalize = (a: number, b: number) => matching.pairOnly(a, b, weights.maxWeight);

  /**
   * The opponent a player is about to be offered first (the lowest bracket index in [from, to) that `allowed`). When
   * the last optimum already pairs the player with it, that optimum stays optimal once the choice is rewarded, so
   * the question needs no new solve (docs/dutch.md#speed).
   */
  const firstChoice = (from: number, to: number, allowed: (o: number) => boolean) => {
    for (let o = from; o < to; o++) if (allowed(o)) return members[o]!;
    return -1;
  };

  // The current bracket: moved-down players first (`movedDown` of them), then the resident score group, then
  // the next score group; `vertex` maps a bracket index to its position in `sorted`.
  let members: number[] = [];
  let next = 0;
  while (next < n && score[next]! >= score[0]!) members.push(next++);
  let movedDown = 0;
  let groupStart = 0;

  while (members.length > 1 || next < n) {
    const residentsEnd = members.length;
    const nextGroupStart = groupStart + (residentsEnd - movedDown);
    const groupHead = next;
    while (next < n && score[next]! >= score[groupHead]!) members.push(next++);
    const size = members.length;
    const at = (i: number) => members[i]!;
    const inGroup = (v: number) => v >= groupStart && v < nextGroupStart;

    // Base weights of every pair within the bracket and the next score group (base[i][j], j < i).
    const base: bigint[][] = [];
    for (let i = 0; i < size; i++) {
      const row: bigint[] = [];
      if (i >= movedDown) {
        for (let j = 0; j < i; j++) {
          row.push(weights.edgeWeight(at(j), at(i), i < residentsEnd, i >= residentsEnd));
        }
      }
      base.push(row);
    }
    for (let i = movedDown; i < size; i++) for (let j = 0; j < i; j++) matching.setWeight(at(i), at(j), base[i]![j]!);
    matching.solve();

    // Which moved-down players are paired in this bracket: as many as possible, the highest scores first.
    let downScore = 0;
    let left = 0;
    let leftPairable = 0;
    for (let i = 0; i < movedDown; i++) {
      if (i === 0 || score[at(i)]! < downScore) {
        downScore = score[at(i)]!;
        left = 0;
        leftPairable = 0;
        for (let j = i; score[at(j)]! >= downScore; j++) {
          left++;
          if (inGroup(mate(at(j)))) leftPairable++;
        }
      }
      if (leftPairable === 0) continue;
      const v = at(i);
      if (left <= leftPairable) {
        matched[v] = 1;
        continue;
      }
      left--;
      if (!inGroup(mate(v))) {
        for (let o = movedDown; o < residentsEnd; o++) {
          const w = base[o]![i]!;
          if (w !== 0n) matching.setWeight(v, at(o), w + 1n);
        }
        matching.solve();
      }
      if (inGroup(mate(v))) {
        matched[v] = 1;
        leftPairable--;
        const bonus = BigInt(residentsEnd - movedDown) + 1n;
        for (let o = movedDown; o < residentsEnd; o++) {
          const w = base[o]![i]!;
          if (w !== 0n) matching.setWeight(v, at(o), w + bonus);
        }
      }
    }

    // Their opponents: each, in order, the highest resident still possible.
    for (let i = 0; i < movedDown; i++) {
      const v = at(i);
      if (!matched[v]) continue;
      if (firstChoice(movedDown, residentsEnd, (o) => !matched[at(o)] && base[o]![i]! !== 0n) === mate(v)) {
        matched[mate(v)] = 1;
        finalize(v, mate(v));
        continue;
      }
      let bonus = BigInt(size);
      for (let o = residentsEnd - 1; o >= movedDown; o--) {
        const u = at(o);
        if (matched[u]) continue;
        const w = base[o]![i]!;
        if (w !== 0n) {
          matching.setWeight(v, u, w + bonus);
          bonus++;
        }
      }
      matching.solve();
      const m = mate(v);
      matched[m] = 1;
      finalize(v, m);
    }

    // The remainder: residents not paired with a moved-down player. S1 is its first `pairs` players.
    const remainder: number[] = [];
    let pairs = 0;
    for (let i = movedDown; i < residentsEnd; i++) {
      const v = at(i);
      if (mate(v) < groupStart) continue;
      remainder.push(i);
      if (mate(v) < v) pairs++;
    }
    pairS1WithS2(matching, remainder.slice(0, pairs).map(at), remainder.slice(pairs).map(at));
    const ordered = (i: number, j: number, place: number) => {
      let w = base[j]![i]!;
      if (w !== 0n) {
        const inS1 = place < pairs ? 1n : 0n;
        w += ((inS1 << (2n * BigInt(weights.countBits))) - BigInt(place)) << 1n;
      }
      return w;
    };
    for (const o of remainder) {
      let place = 0;
      for (const i of remainder) {
        if (o <= i) break;
        matching.setWeight(at(i), at(o), ordered(i, o, place));
        place++;
      }
    }
    matching.solve();
    const pairedAbove = (v: number) => mate(v) > v && mate(v) < nextGroupStart;
    let exchanges = 0;
    for (let k = 0; k < pairs; k++) if (!pairedAbove(at(remainder[k]!))) exchanges++;

    // Exchanges: S1's lowest players leave S1 first ...
    let toDo = exchanges;
    for (let k = pairs - 1; k >= 0 && toDo > 0; k--) {
      const i = remainder[k]!;
      const v = at(i);
      if (pairedAbove(v)) {
        for (let q = k + 1; q < remainder.length; q++) {
          const w = ordered(i, remainder[q]!, k);
          if (w !== 0n) matching.setWeight(v, at(remainder[q]!), w - 1n);
        }
        matching.solve();
      }
      const exchange = !pairedAbove(v);
      if (exchange) toDo--;
      for (let q = k + 1; q < remainder.length; q++) {
        const o = remainder[q]!;
        if (exchange) base[o]![i] = 0n;
        matching.setWeight(v, at(o), ordered(i, o, k));
      }
    }
    // ... and S2's highest players enter it.
    toDo = exchanges;
    for (let k = pairs; k < remainder.length && toDo > 1; k++) {
      const i = remainder[k]!;
      const v = at(i);
      const already = pairedAbove(v);
      if (!already) {
        for (let q = k + 1; q < remainder.length; q++) {
          const w = ordered(i, remainder[q]!, k);
          if (w !== 0n) matching.setWeight(v, at(remainder[q]!), w + 1n);
        }
        matching.solve();
      }
      if (pairedAbove(v)) {
        toDo--;
        for (let q = 0; q < k; q++) {
          base[i]![remainder[q]!] = 0n;
          matching.setWeight(v, at(remainder[q]!), 0n);
        }
        for (let o = residentsEnd; o < size; o++) {
          base[o]![i] = 0n;
          matching.setWeight(v, at(o), 0n);
        }
      }
      if (!already) {
        for (let q = k + 1; q < remainder.length; q++) {
          matching.setWeight(v, at(remainder[q]!), ordered(i, remainder[q]!, k));
        }
      }
    }
    // Fix S1 and S2: only S1-S2 pairs stay in the remainder.
    for (let k = 0; k < remainder.length; k++) {
      const i = remainder[k]!;
      const v = at(i);
      for (let q = k + 1; q < remainder.length; q++) {
        const o = remainder[q]!;
        const u = at(o);
        if (!pairedAbove(v) || pairedAbove(u)) base[o]![i] = 0n;
        matching.setWeight(v, u, base[o]![i]!);
      }
    }
    // Each S1 player in order takes the highest S2 player still possible.
    for (const i of remainder) {
      const v = at(i);
      if (!pairedAbove(v)) continue;
      const candidates = function* () {
        for (const o of remainder) if (o > i && !matched[at(o)] && base[o]![i]! !== 0n) yield at(o);
      };
      const known = matching.firstPossible(v, candidates());
      if (known >= 0) {
        matched[v] = 1;
        matched[known] = 1;
        finalize(v, known);
        continue;
      }
      let bonus = 0n;
      for (let q = remainder.length - 1; q >= 0; q--) {
        const o = remainder[q]!;
        const u = at(o);
        if (o <= i || matched[u]) continue;
        const w = base[o]![i]!;
        if (w !== 0n) matching.setWeight(v, u, w + bonus);
        bonus++;
      }
      matching.solve();
      const m = mate(v);
      matched[v] = 1;
      matched[m] = 1;
      finalize(v, m);
    }

    // The next bracket: whoever is left of this one moves down.
    const following: number[] = [];
    let nextMovedDown = 0;
    let single = n % 2 === 1 && groupHead < n && weights.byeScore >= score[groupHead]!;
    for (let i = 0; i < size; i++) {
      const v = at(i);
      if (i < residentsEnd && matched[v]) {
        const m = mate(v);
        partner[v] = m;
        partner[m] = v;
      } else {
        following.push(v);
        if (i < residentsEnd) nextMovedDown++;
        if (single && score[mate(v)]! < score[groupHead]!) single = false;
      }
    }
    weights.singleDownfloaterIsBye = single;
    members = following;
    movedDown = nextMovedDown;
    groupStart = nextGroupStart;
  }
  for (const v of members) partner[v] = v;
  for (let v = 0; v < n; v++) {
    if (partner[v] === -1) throw new Error(`the Dutch procedure left position ${v} unpaired`);
  }
  return partner;
}

/**
 * Before the remainder's order is weighed: the last optimum may pair S1 players among themselves where another
 * optimum pairs them with S2 players. Swapping partners along tight edges reaches such an optimum, which then
 * stays optimal once the order is weighed (no exchange is the best an order can do), so the solve that follows
 * has nothing, or little, to search (docs/dutch.md#speed).
 */
function pairS1WithS2(matching: IncrementalMatching, s1: number[], s2: number[]): void {
  const inS1 = new Set(s1);
  const inS2 = new Set(s2);
  // The swaps need the last optimum settled (a pair just made final may sit in a blossom).
  matching.solve();
  for (const a of s1) {
    if (inS2.has(matching.mateOf(a))) continue;
    for (const c of s2) {
      const m = matching.mateOf(c);
      if (inS1.has(m) || m === c) continue;
      if (matching.swapPartners(a, c)) break;
    }
  }
}
