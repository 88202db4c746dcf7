import type { ColouredGame } from './colours.js';
import { PairTable } from './pairTable.js';
import { hashString } from './prng.js';
import type { PairingPlayer, PairingRequest } from './types.js';

/** A player of the field with everything the methods read, derived once from the games. */
export interface FieldPlayer {
  /** Position in `Field.active`. */
  index: number;
  id: string;
  hash: number;
  rating: number;
  baseline: number;
  seed: number | undefined;
  club: string | undefined;
  country: string | undefined;
  team: string | undefined;
  category: number | undefined;
  /** Games won (a bye counts as a win): OpenGotha's bar on the secondary criteria reads it. */
  wins: number;
  /** Match points so far (a bye counts as whatever the caller's table gives it). */
  score: number;
  /** SoL's net score (game points won minus lost) and total score (won). */
  netScore: number;
  totalScore: number;
  /** Sum of the opponents' scores. */
  buchholz: number;
  byes: number;
  /** Earlier games in which the opponent had more (up) or fewer (down) points; a bye counts as a down float. */
  floatsUp: number;
  floatsDown: number;
  roundsPlayed: number;
  /** Opponents met, scored or not, as indices into `Field.active` (withdrawn opponents are left out), with repeats. */
  opponents: number[];
  /** Colours of the games played, in round order. */
  colours: ColouredGame[];
}

export interface Field {
  roundNumber: number;
  /** Players who can be paired, in input order. */
  active: FieldPlayer[];
  /** Every player, withdrawn ones included (round robin and knockout need the whole table). */
  everyone: PairingPlayer[];
  indexOf: Map<string, number>;
  /** Pairings of two active players so far, scored or not (both views agree, or the larger count wins). */
  met(i: number, j: number): number;
  /** Two active players the organizer says must not meet (docs/pairing.md#forbidden-pairs). */
  forbidden(i: number, j: number): boolean;
  hasForbidden: boolean;
}

/** The engine's rating order: strongest pairing rating first, then by id (ids are unique, so the order is total). */
export function compareRatingOrder(x: FieldPlayer, y: FieldPlayer): number {
  return y.rating - x.rating || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
}

/** Derives scores, byes, floats and opponents from a request already checked by its schema (request.ts). */
export function prepareField(request: PairingRequest): Field {
  const { roundNumber, players } = request;
  const table = scoreTable(players);
  const active: FieldPlayer[] = [];
  const indexOf = new Map<string, number>();
  players.forEach((player, k) => {
    if (player.withdrawn) return;
    indexOf.set(player.id, active.length);
    active.push(derive(player, k, active.length, table));
  });
  const counts = meetings(players, indexOf, active.length);
  const n = active.length;
  const pairKey = (i: number, j: number) => Math.min(i, j) * n + Math.max(i, j);
  counts.forEach((i, j, c) => {
    for (let k = 0; k < c; k++) {
      active[i]!.opponents.push(j);
      active[j]!.opponents.push(i);
    }
  });
  const forbidden = new Set<number>();
  for (const [x, y] of request.forbiddenPairs ?? []) {
    const i = indexOf.get(x);
    const j = indexOf.get(y);
    if (i !== undefined && j !== undefined) forbidden.add(pairKey(i, j));
  }
  return {
    roundNumber,
    active,
    everyone: request.players,
    indexOf,
    met(i, j) {
      return counts.get(i, j);
    },
    hasForbidden: forbidden.size > 0,
    forbidden(i, j) {
      return forbidden.size > 0 && forbidden.has(pairKey(i, j));
    },
  };
}

/**
 * The request's players by position (withdrawn ones included): where each id stands, its score, and its score
 * before each round any game was played in (to tell a float from a game inside a score group). Opponents are looked
 * up by id once per game, everything else by position.
 */
interface ScoreTable {
  position: Map<string, number>;
  finalScore: Float64Array;
  /** how many rounds have a game, and each such round's place in round order */
  roundCount: number;
  roundSlot: Map<number, number>;
  /** before[position * roundCount + slot] */
  before: Float64Array;
}

function scoreTable(players: readonly PairingPlayer[]): ScoreTable {
  const position = new Map<string, number>();
  const finalScore = new Float64Array(players.length);
  players.forEach((player, k) => {
    position.set(player.id, k);
    finalScore[k] = player.games.reduce((sum, g) => sum + g.matchPoints, 0);
  });
  const rounds = new Set<number>();
  for (const player of players) for (const game of player.games) rounds.add(game.round);
  const sorted = [...rounds].sort((a, b) => a - b);
  const roundSlot = new Map<number, number>(sorted.map((round, i) => [round, i]));
  const roundCount = sorted.length;
  const before = new Float64Array(players.length * roundCount);
  players.forEach((player, k) =>
    runningScores(player, roundSlot, before.subarray(k * roundCount, (k + 1) * roundCount)),
  );
  return { position, finalScore, roundCount, roundSlot, before };
}

/**
 * Writes the player's score before each of the sorted rounds into out: the points of the games of earlier rounds,
 * added up round by round, the games of one round in their listed order.
 */
function runningScores(player: PairingPlayer, roundSlot: ReadonlyMap<number, number>, out: Float64Array): void {
  const { games } = player;
  const slots = games.map((g) => roundSlot.get(g.round)!);
  const order = games.map((_, i) => i);
  // Games normally come in round order; otherwise they are sorted by round, those of one round keeping their order.
  if (slots.some((slot, i) => i > 0 && slot < slots[i - 1]!)) order.sort((x, y) => slots[x]! - slots[y]! || x - y);
  let running = 0;
  let next = 0;
  for (let r = 0; r < out.length; r++) {
    out[r] = running;
    while (next < order.length && slots[order[next]!] === r) running += games[order[next++]!]!.matchPoints;
  }
}

/** A player's score before the round, by position; 0 for an opponent not in the request. */
function scoreBefore(table: ScoreTable, position: number | undefined, round: number): number {
  return position === undefined ? 0 : table.before[position * table.roundCount + table.roundSlot.get(round)!]!;
}

/**
 * How often each two active players were paired, scored or not. A game is listed on both sides; a one-sided record
 * still counts, and the larger count of the two wins. Pairs enter the table in the order of the players and, per
 * player, of the first pairing with that opponent (scored games first).
 */
/** `indexOf`: each active player's index in Field.active, which follows the request's order. */
function meetings(
  players: readonly PairingPlayer[],
  indexOf: ReadonlyMap<string, number>,
  activeCount: number,
): PairTable {
  const counts = new PairTable(4 * activeCount);
  // This player's own record per opponent, in a scratch array cleared after each player.
  const own = new Int32Array(activeCount);
  const seen: number[] = [];
  const count = (opponent: string | null) => {
    const j = opponent === null ? undefined : indexOf.get(opponent);
    if (j === undefined) return;
    if (own[j] === 0) seen.push(j);
    own[j] = own[j]! + 1;
  };
  let i = -1;
  for (const player of players) {
    if (player.withdrawn) continue;
    i++;
    for (const game of player.games) count(game.opponent);
    for (const pairing of player.unscored ?? []) count(pairing.opponent);
    for (const j of seen) {
      counts.set(i, j, Math.max(counts.get(i, j), own[j]!));
      own[j] = 0;
    }
    seen.length = 0;
  }
  return counts;
}

function derive(player: PairingPlayer, position: number, index: number, table: ScoreTable): FieldPlayer {
  const score = table.finalScore[position]!;
  let netScore = 0;
  let totalScore = 0;
  let buchholz = 0;
  let byes = 0;
  let floatsUp = 0;
  let floatsDown = 0;
  let roundsPlayed = 0;
  let wins = 0;
  const colours: ColouredGame[] = [];
  for (const game of player.games) {
    if (game.outcome === 'WIN') wins++;
    if (game.colour !== undefined && game.opponent !== null) colours.push({ round: game.round, colour: game.colour });
    netScore += (game.pointsFor ?? 0) - (game.pointsAgainst ?? 0);
    totalScore += game.pointsFor ?? 0;
    if (game.opponent === null) {
      byes++;
      floatsDown++;
      continue;
    }
    roundsPlayed++;
    const opponent = table.position.get(game.opponent);
    buchholz += opponent === undefined ? 0 : table.finalScore[opponent]!;
    const own = scoreBefore(table, position, game.round);
    const theirs = scoreBefore(table, opponent, game.round);
    if (theirs > own) floatsUp++;
    else if (theirs < own) floatsDown++;
  }
  // A bye already given counts against a second one, scored or not; it earns nothing until scored.
  byes += (player.unscored ?? []).filter((u) => u.opponent === null).length;
  return {
    index,
    id: player.id,
    hash: hashString(player.id),
    rating: player.rating,
    baseline: player.baselineRating ?? player.rating,
    seed: player.seed,
    club: player.club || undefined,
    country: player.country || undefined,
    team: player.team || undefined,
    category: player.category,
    wins,
    score,
    netScore,
    totalScore,
    buchholz,
    byes,
    floatsUp,
    floatsDown,
    roundsPlayed,
    opponents: [],
    colours: colours.sort((x, y) => x.round - y.round),
  };
}
