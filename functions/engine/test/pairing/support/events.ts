/**
 * Whole simulated events for the pairing tests: the engine pairs each round, seeded random results are played
 * (side a of every game had white), and the log keeps what a player would notice: rematches, second byes,
 * players left out, refusals, and each player's colours.
 */
import { generateRound } from '../../../src/domain/pairing/index.js';
import { createRng } from '../../../src/domain/pairing/prng.js';
import type { PairingGame, PairingPlayer, PairingRequest, PairingRound } from '../../../src/domain/pairing/types.js';

/**
 * Match points per outcome (docs/results.md#match-points): chess (1 / 0.5 / 0) or Redemption (3, timed win 2,
 * draw 1.5, 0).
 */
export type Scoring = 'CHESS' | 'REDEMPTION';

export interface EventSpec {
  size: number;
  rounds: number;
  seed: number;
  scoring?: Scoring;
  /** The request of a round, from the players as they stand. */
  request: (roundNumber: number, players: PairingPlayer[]) => PairingRequest;
}

export interface EventLog {
  rounds: PairingRound[];
  rematches: number;
  secondByes: number;
  leftOut: number;
  refusal: string | null;
  /** Each player's colours in the games played, in order. */
  colours: Map<string, ('WHITE' | 'BLACK')[]>;
}

export function runEvent(spec: EventSpec): EventLog {
  const scoring = spec.scoring ?? 'CHESS';
  const rng = createRng(spec.seed * 7919 + spec.size);
  const ids = Array.from({ length: spec.size }, (_, k) => `p${k + 1}`);
  const games = new Map<string, PairingGame[]>(ids.map((id) => [id, []]));
  const met = new Set<string>();
  const hadBye = new Set<string>();
  const log: EventLog = {
    rounds: [],
    rematches: 0,
    secondByes: 0,
    leftOut: 0,
    refusal: null,
    colours: new Map(ids.map((id) => [id, []])),
  };
  for (let round = 1; round <= spec.rounds; round++) {
    // Ratings spread enough for DrawMatic lanes and level bands to matter.
    const players: PairingPlayer[] = ids.map((id, k) => ({ id, rating: 2100 - 37 * k, games: games.get(id)!.slice() }));
    let out: PairingRound;
    try {
      out = generateRound(spec.request(round, players));
    } catch (error) {
      log.refusal = `round ${round}: ${(error as Error).message}`;
      return log;
    }
    log.rounds.push(out);
    const seen = new Set<string>();
    for (const { a, b } of out.pairings) {
      const key = [a, b].sort().join('|');
      if (met.has(key)) log.rematches++;
      met.add(key);
      seen.add(a).add(b);
      const [pa, pb] = outcome(rng(), scoring);
      games.get(a)!.push({
        round,
        opponent: b,
        outcome: pa > pb ? 'WIN' : pa < pb ? 'LOSS' : 'DRAW',
        matchPoints: pa,
        colour: 'WHITE',
      });
      games.get(b)!.push({
        round,
        opponent: a,
        outcome: pb > pa ? 'WIN' : pb < pa ? 'LOSS' : 'DRAW',
        matchPoints: pb,
        colour: 'BLACK',
      });
      log.colours.get(a)!.push('WHITE');
      log.colours.get(b)!.push('BLACK');
    }
    for (const id of out.byes) {
      if (hadBye.has(id)) log.secondByes++;
      hadBye.add(id);
      seen.add(id);
      games.get(id)!.push({ round, opponent: null, outcome: 'WIN', matchPoints: scoring === 'CHESS' ? 1 : 3 });
    }
    log.leftOut += spec.size - seen.size;
  }
  return log;
}

function outcome(u: number, scoring: Scoring): [number, number] {
  if (scoring === 'CHESS') return u < 0.35 ? [1, 0] : u < 0.7 ? [0, 1] : [0.5, 0.5];
  return u < 0.3 ? [3, 0] : u < 0.6 ? [0, 3] : u < 0.7 ? [2, 0] : u < 0.8 ? [0, 2] : [1.5, 1.5];
}

export interface ColourCounts {
  /** Players whose whites minus blacks ends beyond +-2. */
  beyondTwo: number;
  /** Players who had one colour three games in a row. */
  threeInARow: number;
  /** The largest |whites - blacks| at the end. */
  widest: number;
  meanDifference: number;
}

/** The colour rules a player notices, counted straight from the games. */
export function colourCounts(colours: Map<string, ('WHITE' | 'BLACK')[]>): ColourCounts {
  let beyondTwo = 0;
  let threeInARow = 0;
  let widest = 0;
  let total = 0;
  for (const sequence of colours.values()) {
    const d = Math.abs(sequence.filter((c) => c === 'WHITE').length - sequence.filter((c) => c === 'BLACK').length);
    if (d > 2) beyondTwo++;
    if (sequence.some((c, k) => k >= 2 && c === sequence[k - 1] && c === sequence[k - 2])) threeInARow++;
    widest = Math.max(widest, d);
    total += d;
  }
  return { beyondTwo, threeInARow, widest, meanDifference: total / Math.max(1, colours.size) };
}
