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
  const { roundNumber } = request;
  const byId = new Map<string, PairingPlayer>();
  for (const player of request.players) byId.set(player.id, player);
  const scoreBefore = cumulativeScores(request.players);
  const finalScore = new Map<string, number>();
  for (const player of request.players)
    finalScore.set(
      player.id,
      player.games.reduce((sum, g) => sum + g.matchPoints, 0),
    );

  const active: FieldPlayer[] = [];
  const indexOf = new Map<string, number>();
  for (const player of request.players) {
    if (player.withdrawn) continue;
    indexOf.set(player.id, active.length);
    active.push(derive(player, active.length, scoreBefore, finalScore));
  }
  // A game is listed on both sides; a one-sided record still counts, and the larger count of the two wins.
  const counts = new PairTable(4 * active.length);
  const n = active.length;
  const pairKey = (i: number, j: number) => Math.min(i, j) * n + Math.max(i, j);
  for (const p of active) {
    const own = new Map<number, number>();
    for (const game of pairingsOf(byId.get(p.id)!)) {
      if (game.opponent === null) continue;
      const j = indexOf.get(game.opponent);
      if (j !== undefined) own.set(j, (own.get(j) ?? 0) + 1);
    }
    for (const [j, c] of own) counts.set(p.index, j, Math.max(counts.get(p.index, j), c));
  }
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

/** Every pairing a player has had: the scored games and those still without a result. */
function pairingsOf(player: PairingPlayer): Array<{ round: number; opponent: string | null }> {
  return [...player.games, ...(player.unscored ?? [])];
}

function derive(
  player: PairingPlayer,
  index: number,
  scoreBefore: Map<string, Map<number, number>>,
  finalScore: Map<string, number>,
): FieldPlayer {
  const score = finalScore.get(player.id)!;
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
    buchholz += finalScore.get(game.opponent) ?? 0;
    const own = scoreBefore.get(player.id)?.get(game.round) ?? 0;
    const theirs = scoreBefore.get(game.opponent)?.get(game.round) ?? 0;
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

/** Each player's score before each round they played, to tell a float from a game inside a score group. */
function cumulativeScores(players: readonly PairingPlayer[]): Map<string, Map<number, number>> {
  const rounds = new Set<number>();
  for (const player of players) for (const game of player.games) rounds.add(game.round);
  const sorted = [...rounds].sort((a, b) => a - b);
  const running = new Map<string, number>();
  const before = new Map<string, Map<number, number>>();
  for (const player of players) {
    running.set(player.id, 0);
    before.set(player.id, new Map());
  }
  const byRound = new Map<number, { id: string; points: number }[]>();
  for (const player of players) {
    for (const game of player.games) {
      let list = byRound.get(game.round);
      if (!list) byRound.set(game.round, (list = []));
      list.push({ id: player.id, points: game.matchPoints });
    }
  }
  for (const round of sorted) {
    for (const player of players) before.get(player.id)!.set(round, running.get(player.id)!);
    for (const { id, points } of byRound.get(round) ?? []) running.set(id, running.get(id)! + points);
  }
  return before;
}
