/**
 * Simulated events for the pairing tests and the benchmark: a seeded field with ratings, results drawn from the
 * Elo expectation with some draws (generate.ts), and the measures of a round's quality. The result of a game
 * depends only on the event seed, the round and the two players, so different engines face the same "luck".
 */
import { createRng, type PairingGame, type PairingPlayer } from '../domain/pairing/index.js';
import { type SimPlayer, simulatedWinner } from './generate.js';

export function simulatedField(size: number, seed: number): SimPlayer[] {
  const rng = createRng(seed);
  const players: SimPlayer[] = [];
  for (let i = 0; i < size; i++) {
    // Sum of uniforms: a bell around 1600 with a spread near 300.
    const z = rng() + rng() + rng() + rng() - 2;
    players.push({ id: `p${i + 1}`, rating: Math.round(1600 + z * 520) });
  }
  return players;
}

export interface SimRound {
  pairs: [string, string][];
  byes: string[];
}

/** Keeps the history of an event and turns it into the engine's input. */
export class SimEvent {
  readonly games = new Map<string, PairingGame[]>();
  readonly rounds: SimRound[] = [];
  constructor(
    readonly players: SimPlayer[],
    readonly seed: number,
  ) {
    for (const p of players) this.games.set(p.id, []);
  }

  score(id: string): number {
    return this.games.get(id)!.reduce((s, g) => s + g.matchPoints, 0);
  }

  pairingPlayers(): PairingPlayer[] {
    return this.players.map((p) => ({ id: p.id, rating: p.rating, games: this.games.get(p.id)!.slice() }));
  }

  /** Records a round and plays it. */
  play(round: SimRound): void {
    const roundNumber = this.rounds.length + 1;
    const byId = new Map(this.players.map((p) => [p.id, p]));
    for (const [a, b] of round.pairs) {
      const result = simulatedWinner(this.seed, roundNumber, byId.get(a)!, byId.get(b)!);
      const pa = result === 'a' ? 1 : result === 'draw' ? 0.5 : 0;
      // Side a moves first: white.
      this.games.get(a)!.push({
        round: roundNumber,
        opponent: b,
        outcome: outcome(pa),
        matchPoints: pa,
        pointsFor: pa,
        pointsAgainst: 1 - pa,
        colour: 'WHITE',
      });
      this.games.get(b)!.push({
        round: roundNumber,
        opponent: a,
        outcome: outcome(1 - pa),
        matchPoints: 1 - pa,
        pointsFor: 1 - pa,
        pointsAgainst: pa,
        colour: 'BLACK',
      });
    }
    for (const id of round.byes)
      this.games.get(id)!.push({ round: roundNumber, opponent: null, outcome: 'WIN', matchPoints: 1 });
    this.rounds.push(round);
  }
}

function outcome(points: number): PairingGame['outcome'] {
  return points === 1 ? 'WIN' : points === 0 ? 'LOSS' : 'DRAW';
}

export interface ColourQuality {
  /** Players whose whites minus blacks ends beyond +-2. */
  beyondTwo: number;
  /** Players who had the same colour in three played games in a row at some point. */
  threeInARow: number;
  /** Mean |whites - blacks| at the end. */
  meanDifference: number;
}

/** The colour metrics of an event so far (side a of every game had white). */
export function colourQuality(event: SimEvent): ColourQuality {
  let beyondTwo = 0;
  let threeInARow = 0;
  let total = 0;
  for (const games of event.games.values()) {
    const colours = games.filter((g) => g.colour !== undefined).map((g) => g.colour);
    const difference = colours.reduce((d, c) => d + (c === 'WHITE' ? 1 : -1), 0);
    if (Math.abs(difference) > 2) beyondTwo++;
    if (colours.some((c, k) => k >= 2 && c === colours[k - 1] && c === colours[k - 2])) threeInARow++;
    total += Math.abs(difference);
  }
  return { beyondTwo, threeInARow, meanDifference: event.players.length === 0 ? 0 : total / event.players.length };
}

export interface RoundQuality {
  /** Sum of |score difference| over the pairs, minus the least any pairing of these scores could have. */
  excessScoreDifference: number;
  maxPairGap: number;
  rematches: number;
  /** Active players neither paired nor given the one bye an odd field needs. */
  unpaired: number;
  /** Byes to a player who already had one. */
  repeatedByes: number;
}

/** Judges a round against the scores and history before it. */
export function roundQuality(event: SimEvent, round: SimRound): RoundQuality {
  const met = new Set<string>();
  const hadBye = new Set<string>();
  for (const [id, games] of event.games) {
    for (const g of games) {
      if (g.opponent === null) hadBye.add(id);
      else met.add(`${id}|${g.opponent}`);
    }
  }
  const score = new Map(event.players.map((p) => [p.id, event.score(p.id)]));
  let sum = 0;
  let maxPairGap = 0;
  let rematches = 0;
  for (const [a, b] of round.pairs) {
    const gap = Math.abs(score.get(a)! - score.get(b)!);
    sum += gap;
    maxPairGap = Math.max(maxPairGap, gap);
    if (met.has(`${a}|${b}`)) rematches++;
  }
  const n = event.players.length;
  const scores = [...score.values()];
  const unpaired = n - 2 * round.pairs.length - Math.min(round.byes.length, n % 2);
  return {
    excessScoreDifference: Math.max(0, sum - parityLowerBound(scores)),
    maxPairGap,
    rematches,
    unpaired,
    repeatedByes: round.byes.filter((id) => hadBye.has(id)).length,
  };
}

/**
 * The least total score difference of any pairing of these scores, rematches ignored: pair neighbours in score
 * order; with an odd field, the one left out may be anyone at an even position.
 */
export function parityLowerBound(scores: number[]): number {
  const s = scores.slice().sort((x, y) => x - y);
  const n = s.length;
  if (n % 2 === 0) {
    let total = 0;
    for (let i = 0; i < n; i += 2) total += s[i + 1]! - s[i]!;
    return total;
  }
  // prefix[k]: pairing s[0..k) as neighbours (k even); suffix[k]: pairing s[k..n) (n - k even).
  const prefix = new Float64Array(n + 1);
  for (let k = 2; k <= n; k += 2) prefix[k] = prefix[k - 2]! + s[k - 1]! - s[k - 2]!;
  const suffix = new Float64Array(n + 2);
  for (let k = n - 2; k >= 0; k -= 2) suffix[k] = suffix[k + 2]! + s[k + 1]! - s[k]!;
  let best = Infinity;
  for (let k = 0; k < n; k += 2) best = Math.min(best, prefix[k]! + suffix[k + 1]!);
  return best;
}
