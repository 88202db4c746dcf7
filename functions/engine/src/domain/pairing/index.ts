import { compareSeedOrder } from './acceleration.js';
import { type ColourMode, xMovesFirst } from './colours.js';
import { PairingError } from './errors.js';
import { pairDutch } from './dutch/pairDutch.js';
import { compareRatingOrder, type Field, type FieldPlayer, prepareField } from './field.js';
import { knockoutRound } from './schedule/knockout.js';
import { roundRobinRound, type ScheduledRound } from './schedule/roundRobin.js';
import { allRounds, pairAll } from './sol/all.js';
import { pairDazed } from './sol/dazed.js';
import { solRanking } from './sol/ranking.js';
import { pairSerial } from './sol/serial.js';
import type { SolPairs } from './sol/types.js';
import { parsePairingRequest } from './request.js';
import type { CostTerms, PairingRequest, PairingRound } from './types.js';
import { pairWeighted } from './weighted/pairWeighted.js';

export { PairingError } from './errors.js';
export { recommendedRounds } from './rounds.js';
export { compareSeedOrder } from './acceleration.js';

/**
 * Generates the next round. The request is checked in full first (request.ts), so nothing past this line checks
 * its input again. Deterministic: the same request (same seed) always gives the same round, and the
 * round records its method, seed and the cost terms behind every pair.
 */
export function generateRound(input: PairingRequest): PairingRound {
  const request = parsePairingRequest(input);
  const field = prepareField(request);
  return withForbiddenNote(field, pairWith(request, field));
}

function pairWith(request: PairingRequest, field: Field): PairingRound {
  const options = request.options ?? {};
  switch (request.method) {
    case 'SWISS':
    case 'DRAW_MATIC':
    case 'LEVEL_BASED':
    case 'WEIGHTED':
    case 'MCMAHON':
      return pairWeighted(request, field, request.method);
    case 'DUTCH':
      return pairDutch(request);
    case 'SERIAL':
      return fromSol(request, field, (ranked) => pairSerial(request, field, ranked));
    case 'DAZED':
      return fromSol(request, field, (ranked) => pairDazed(request, field, ranked, false));
    case 'STAGGERED':
      return fromSol(request, field, (ranked) => pairDazed(request, field, ranked, true));
    case 'ALL':
      return pairAllMethod(request, field);
    case 'ROUND_ROBIN':
      return fromSchedule(request, roundRobinRound(request, options.table ?? 'BERGER'), 'table');
    case 'CIRCLE':
      return fromSchedule(request, roundRobinRound(request, 'CIRCLE'), 'table');
    case 'SEEDS':
      return options.system === 'KNOCKOUT'
        ? fromSchedule(request, knockoutRound(request), 'seed')
        : fromSchedule(request, roundRobinRound(request, 'BERGER'), 'table');
    case 'KNOCKOUT':
      return fromSchedule(request, knockoutRound(request), 'seed');
  }
}

/**
 * Every method keeps forbidden pairs apart while it can; when a round still has one (no pairing without it exists,
 * or a schedule fixed it), the round says so and lists the pairs, so the dashboard can name the players.
 */
function withForbiddenNote(field: Field, round: PairingRound): PairingRound {
  if (!field.hasForbidden) return round;
  const met = round.pairings
    .filter(({ a, b }) => field.forbidden(field.indexOf.get(a)!, field.indexOf.get(b)!))
    .map(({ a, b }): [string, string] => [a, b]);
  if (met.length === 0) return round;
  const count = met.length === 1 ? 'a forbidden pair meets' : `${met.length} forbidden pairs meet`;
  const why =
    round.method === 'KNOCKOUT'
      ? round.roundNumber === 1
        ? 'no re-seeding of the first round keeps them apart'
        : 'the bracket sets who meets in this round'
      : ['ROUND_ROBIN', 'CIRCLE', 'SEEDS'].includes(round.method)
        ? 'a round robin meets everyone, and its schedule sets who meets in this round'
        : 'no pairing of this round keeps them apart';
  return { ...round, notes: [...round.notes, `${count}: ${why}`], forbiddenPairsMet: met };
}

function base(request: PairingRequest): Pick<PairingRound, 'roundNumber' | 'method' | 'seed' | 'notes' | 'stats'> {
  return { roundNumber: request.roundNumber, method: request.method, seed: request.seed, notes: [], stats: {} };
}

/** SoL methods pair from the ranking and explain a pair by the two places in it they paired from. */
function fromSol(
  request: PairingRequest,
  field: Field,
  pair: (ranked: readonly FieldPlayer[]) => SolPairs,
): PairingRound {
  const ranked = solRanking(field.active, request.roundNumber, request.options?.delayTopPlayers ?? 1);
  const result = pair(ranked);
  const place = new Map(ranked.map((p, k) => [p.index, k + 1]));
  const terms = (a: FieldPlayer, b: FieldPlayer): CostTerms => ({
    rankA: place.get(a.index)!,
    rankB: place.get(b.index)!,
    scoreDifference: Math.abs(a.score - b.score),
    rematches: 0,
  });
  const mode = request.options?.colours ?? 'NONE';
  const number = pairingNumbers(field);
  const pairs = result.pairs
    .map(([a, b]): [FieldPlayer, FieldPlayer] => (place.get(a.index)! <= place.get(b.index)! ? [a, b] : [b, a]))
    .sort((x, y) => place.get(x[0].index)! - place.get(y[0].index)!)
    .map(([top, other]) => sides(mode, top, other, number));
  return {
    ...base(request),
    pairings: pairs.map(([a, b]) => ({ a: a.id, b: b.id, movesFirst: a.id, cost: terms(a, b) })),
    byes: result.bye ? [result.bye.id] : [],
    byeCosts: result.bye
      ? [{ id: result.bye.id, cost: { rank: place.get(result.bye.index)!, earlierByes: result.bye.byes } }]
      : [],
  };
}

function pairAllMethod(request: PairingRequest, field: Field): PairingRound {
  if (field.active.length < 2)
    throw new PairingError(
      'failed-precondition',
      `only ${field.active.length} active player(s); a round needs at least 2`,
    );
  const mode = request.options?.colours ?? 'NONE';
  const number = pairingNumbers(field);
  const describe = (pairs: [FieldPlayer, FieldPlayer][]) => {
    const used = new Set(pairs.flatMap(([a, b]) => [a.id, b.id]));
    return {
      pairings: pairs
        .map(([x, y]) => (compareRatingOrder(x, y) <= 0 ? sides(mode, x, y, number) : sides(mode, y, x, number)))
        .map(([a, b]) => ({
          a: a.id,
          b: b.id,
          movesFirst: a.id,
          cost: { rematches: 0, scoreDifference: Math.abs(a.score - b.score) },
        })),
      unpaired: field.active.filter((p) => !used.has(p.id)).map((p) => p.id),
    };
  };
  if (request.options?.allRounds) {
    const rounds = allRounds(field, request.seed, request.roundNumber);
    if (rounds.length === 0) throw new PairingError('failed-precondition', 'every possible match has been played');
    const [first, ...later] = rounds.map(describe);
    return {
      ...base(request),
      ...first!,
      byes: [],
      byeCosts: [],
      laterRounds: later.map((r, k) => ({ roundNumber: request.roundNumber + k + 1, ...r })),
    };
  }
  const pairs = pairAll(
    field,
    request.seed,
    request.roundNumber,
    (i, j) => field.met(i, j) > 0 || field.forbidden(i, j),
  );
  if (pairs.length === 0) throw new PairingError('failed-precondition', 'every possible match has been played');
  return { ...base(request), ...describe(pairs), byes: [], byeCosts: [] };
}

/**
 * Tables and brackets explain a pair by table numbers or seeds (positions in seed order, 1 = top). A round-robin
 * table already says who moves first (Berger); a bracket alternates each player's colours (FIDE's allocation,
 * the higher seed first in the first round when the seed number is odd).
 */
function fromSchedule(request: PairingRequest, round: ScheduledRound, label: 'table' | 'seed'): PairingRound {
  const at = (id: string) => round.positions.get(id)!;
  const pairs =
    label === 'seed' ? round.pairs.map(([top, other]) => sides('FIDE', top, other, (p) => at(p.id))) : round.pairs;
  return {
    ...base(request),
    notes: round.notes ?? [],
    pairings: pairs.map(([a, b]) => ({
      a: a.id,
      b: b.id,
      movesFirst: a.id,
      cost: { [`${label}A`]: at(a.id), [`${label}B`]: at(b.id) },
    })),
    byes: round.byes.map((p) => p.id),
    byeCosts: round.byes.map((p) => ({ id: p.id, cost: { [label]: at(p.id) } })),
  };
}

/** Pairing numbers (FIDE): places in the initial order, seed position, then frozen rating, then id; 1 = top. */
function pairingNumbers(field: Field): (p: FieldPlayer) => number {
  const number = new Map(
    field.active
      .slice()
      .sort(compareSeedOrder)
      .map((p, k) => [p.id, k + 1]),
  );
  return (p) => number.get(p.id)!;
}

/** The two sides of a game, the one who moves first first: `top` is the higher-ranked player. */
function sides(
  mode: ColourMode,
  top: FieldPlayer,
  other: FieldPlayer,
  number: (p: FieldPlayer) => number,
): [FieldPlayer, FieldPlayer] {
  if (mode === 'NONE') return [top, other];
  const player = (p: FieldPlayer) => ({ history: p.colours, pairingNumber: number(p) });
  return xMovesFirst(mode, player(top), player(other), 'x') ? [top, other] : [other, top];
}
export * from './colours.js';
export * from './edit.js';
export * from './edits.js';
export * from './matching/index.js';
export * from './mcmahon/index.js';
export * from './methods.js';
export * from './prng.js';
export * from './request.js';
export * from './schedule/knockout.js';
export type { Bye, CostTerms, Pairing, PairingRound, PairingStats } from './types.js';
