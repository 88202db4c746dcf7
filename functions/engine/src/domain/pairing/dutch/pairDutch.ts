import { PairingError } from '../errors.js';
import type { Pairing, PairingRequest, PairingRound } from '../types.js';
import { pairBrackets } from './brackets.js';
import { colourFor } from './colours.js';
import { IncrementalMatching } from './matching.js';
import { type DutchField, type DutchPlayer, eligibleForBye, readField, scoreBefore, WHITE } from './players.js';
import { DutchWeights } from './weights.js';

/**
 * DUTCH: FIDE's Dutch system (C.04.3, the 2026 text), giving the pairings, colours and bye bbpPairings gives on the
 * same history (docs/dutch.md).
 */
export function pairDutch(request: PairingRequest): PairingRound {
  const field = readField(request);
  const score = (p: DutchPlayer) => scoreBefore(field, p);
  const sorted = field.players.filter((p) => p.active).sort((x, y) => score(y) - score(x) || x.rank - y.rank);
  if (sorted.length === 0) throw new PairingError('failed-precondition', 'nobody to pair in this round');
  const weights = new DutchWeights(field, sorted, forbiddenPairs(request, field));
  const matching = new IncrementalMatching(sorted.length, weights.maxWeight);
  settleTheBye(weights, matching);
  const partner = pairBrackets(weights, matching);

  const ranksLower = (x: DutchPlayer, y: DutchPlayer) =>
    score(x) < score(y) || (score(x) === score(y) && x.rank > y.rank);
  const games: { white: DutchPlayer; black: DutchPlayer }[] = [];
  let bye: DutchPlayer | null = null;
  sorted.forEach((p, v) => {
    const o = sorted[partner[v]!]!;
    if (o === p) bye = p;
    else if (p.index < o.index) {
      const c = colourFor(p, o, ranksLower(p, o), field.initialColour);
      games.push(c === WHITE ? { white: p, black: o } : { white: o, black: p });
    }
  });
  const boards = boardOrder(games);
  const pairings: Pairing[] = boards.map(({ white, black }) => ({
    a: white.id,
    b: black.id,
    movesFirst: white.id,
    cost: {
      pairingNumberA: white.rank + 1,
      pairingNumberB: black.rank + 1,
      scoreDifference: Math.abs(white.score - black.score) / 10,
    },
  }));
  const byePlayer = bye as DutchPlayer | null;
  return {
    roundNumber: request.roundNumber,
    method: request.method,
    seed: request.seed,
    pairings,
    byes: byePlayer ? [byePlayer.id] : [],
    byeCosts: byePlayer
      ? [{ id: byePlayer.id, cost: { pairingNumber: byePlayer.rank + 1, score: byePlayer.score / 10 } }]
      : [],
    notes: [],
    stats: { solves: matching.solves },
  };
}

/** The organizer's forbidden pairs and the pairings already made without a result, as field indices. */
function forbiddenPairs(request: PairingRequest, field: DutchField): [number, number][] {
  const index = new Map(field.players.map((p) => [p.id, p.index]));
  const out: [number, number][] = [];
  for (const [a, b] of request.forbiddenPairs ?? []) out.push([index.get(a)!, index.get(b)!]);
  for (const player of request.players) {
    for (const u of player.unscored ?? []) {
      if (u.opponent !== null) out.push([index.get(player.id)!, index.get(u.opponent)!]);
    }
  }
  return out;
}

/**
 * Before any bracket: whether a round exists at all that breaks no absolute criterion, and, in an odd field, the
 * score of the player who will get the bye (as low as possible) and whether the rule on the bye's unplayed rounds
 * already applies in the top bracket. The weights of every pair are then set for the brackets to refine.
 */
function settleTheBye(weights: DutchWeights, matching: IncrementalMatching): void {
  const { sorted, score } = weights;
  const n = sorted.length;
  const odd = n % 2 === 1;
  for (let p = 0; p < n; p++) {
    for (let o = 0; o < p; o++) {
      matching.setWeight(p, o, odd ? weights.byeSearchWeight(o, p) : weights.edgeWeight(o, p, false, false));
    }
  }
  matching.solve();
  let unpaired = -1;
  for (let v = 0; v < n; v++) {
    if (matching.mateOf(v) !== v) continue;
    if (unpaired >= 0 || !eligibleForBye(weights.field, sorted[v]!)) {
      throw new PairingError(
        'failed-precondition',
        'no pairing of this round keeps every absolute rule of the Dutch system (no rematch, colours, the bye)',
      );
    }
    unpaired = v;
  }
  if (!odd) return;
  weights.byeScore = score[unpaired]!;
  const top = score[0]!;
  let single = false;
  if (weights.byeScore >= top) {
    single = true;
    for (let v = 0; v < n && score[v]! >= top; v++) {
      if (score[matching.mateOf(v)]! < top) {
        single = false;
        break;
      }
    }
  }
  weights.singleDownfloaterIsBye = single;
  const played = sorted
    .filter((_, v) => score[v] === weights.byeScore)
    .map((p) => p.playedGames)
    .sort((x, y) => y - x);
  played.forEach((games, rank) => weights.unplayedRank.set(games, rank));
  for (let p = 0; p < n; p++)
    for (let o = 0; o < p; o++) matching.setWeight(p, o, weights.edgeWeight(o, p, false, false));
}

/**
 * The boards: by the higher player's score, then the lower player's, then the higher player's pairing number
 * (scores without virtual points).
 */
function boardOrder<T extends { white: DutchPlayer; black: DutchPlayer }>(games: T[]): T[] {
  const key = (g: T) => {
    const whiteLower =
      g.white.score < g.black.score || (g.white.score === g.black.score && g.white.rank > g.black.rank);
    const higher = whiteLower ? g.black : g.white;
    const lower = whiteLower ? g.white : g.black;
    return [higher.score, lower.score, higher.rank] as const;
  };
  return games
    .map((g) => ({ g, k: key(g) }))
    .sort((x, y) => y.k[0] - x.k[0] || y.k[1] - x.k[1] || x.k[2] - y.k[2])
    .map(({ g }) => g);
}
