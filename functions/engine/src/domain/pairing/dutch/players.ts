import { PairingError } from '../errors.js';
import type { PairingGame, PairingPlayer, PairingRequest } from '../types.js';

/** Colours as the Dutch rules read them: a played game's colour, a preference, or none. */
export const WHITE = 0;
export const BLACK = 1;
export const NO_COLOUR = 2;
export type DutchColour = typeof WHITE | typeof BLACK | typeof NO_COLOUR;

export function otherColour(c: DutchColour): DutchColour {
  return c === WHITE ? BLACK : c === BLACK ? WHITE : NO_COLOUR;
}

/** One earlier round of a player, as the Dutch rules tell rounds apart (docs/dutch.md#unplayed-rounds). */
export interface DutchRound {
  /** The opponent's index in `DutchField.players`, or -1 (a bye, an absence). */
  opponent: number;
  /** A game was played over the board: it gives a colour and forbids a rematch. */
  played: boolean;
  /** The player was paired: a game (played or forfeited) or the pairing-allocated bye. */
  paired: boolean;
  /** The pairing-allocated bye. */
  pairingBye: boolean;
  /** Points earned, in tenths. */
  points: number;
  colour: DutchColour;
}

export interface DutchPlayer {
  /** Index in `DutchField.players`. */
  index: number;
  id: string;
  /** The effective pairing number, from 0: the order of seeds among the players who count (see `rankPlayers`). */
  rank: number;
  /** Points in tenths, without acceleration. */
  score: number;
  /** Virtual points (tenths) per round, from 0 for round 1; empty without acceleration. */
  acceleration: number[];
  rounds: DutchRound[];
  playedGames: number;
  /** |whites - blacks| over the games played. */
  imbalance: number;
  preference: DutchColour;
  /** The colour of the last two games played, when they had the same one; else NO_COLOUR. */
  repeated: DutchColour;
  strong: boolean;
  /** To be paired in this round. */
  active: boolean;
}

export interface DutchPoints {
  win: number;
  draw: number;
  loss: number;
}

export interface DutchField {
  players: DutchPlayer[];
  /** Rounds already played (the round being paired is playedRounds + 1). */
  playedRounds: number;
  totalRounds: number;
  points: DutchPoints;
  /** The colour of pairing number 1 in round 1. */
  initialColour: DutchColour;
}

export function tenths(points: number): number {
  return Math.round(points * 10);
}

export function absoluteImbalance(p: DutchPlayer): boolean {
  return p.imbalance > 1;
}

export function absolutePreference(p: DutchPlayer): boolean {
  return p.imbalance > 1 || p.repeated !== NO_COLOUR;
}

/** The score `roundsBack` rounds ago, with that round's virtual points. */
export function scoreBefore(field: DutchField, p: DutchPlayer, roundsBack = 0): number {
  let score = p.score;
  let round = field.playedRounds;
  for (let k = 0; k < roundsBack; k++) {
    round--;
    score -= p.rounds[round]!.points;
  }
  return score + (p.acceleration[round] ?? 0);
}

/**
 * Bye eligibility (docs/dutch.md#unplayed-rounds): no pairing-allocated bye for a player who already had one, or
 * who already scored a win's points without playing (a full-point bye, a forfeit win).
 */
export function eligibleForBye(field: DutchField, p: DutchPlayer): boolean {
  for (const r of p.rounds) {
    if (!r.played && (r.points >= field.points.win || r.pairingBye)) return false;
  }
  return true;
}

/** Reads the request's players and games into the Dutch field. */
export function readField(request: PairingRequest): DutchField {
  const playedRounds = request.roundNumber - 1;
  if (request.totalRounds === undefined) {
    throw new PairingError('invalid-argument', 'the Dutch system needs totalRounds (the planned number of rounds)');
  }
  if (request.totalRounds < request.roundNumber) {
    throw new PairingError(
      'failed-precondition',
      `round ${request.roundNumber} is beyond the ${request.totalRounds} rounds planned`,
    );
  }
  const table = request.points ?? { win: 1, draw: 0.5, loss: 0 };
  const points = { win: tenths(table.win), draw: tenths(table.draw), loss: tenths(table.loss) };
  const order = request.players.map((p, k) => ({ p, k })).sort((x, y) => compareSeeds(x.p, y.p) || x.k - y.k);
  const indexOf = new Map(order.map(({ p }, k) => [p.id, k]));
  const players = order.map(({ p }, k) => readPlayer(p, k, playedRounds, indexOf));
  rankPlayers(players);
  applyBakuAcceleration(request, players, points);
  const field: DutchField = {
    players,
    playedRounds,
    totalRounds: request.totalRounds,
    points,
    initialColour: NO_COLOUR,
  };
  field.initialColour = initialColourOf(request, field);
  return field;
}

/**
 * Baku acceleration (FIDE C.04.7, docs/dutch.md#baku-acceleration) as bbpPairings applies it: the first half of the
 * field by pairing number, rounded up (every player the request names, as every player of a report file), gets a
 * win's points in the first half of the accelerated rounds, rounded up, and a draw's in the rest of them. The
 * accelerated rounds are `acceleratedRounds`, else the first half of the event, rounded up. The virtual points only
 * sort players into score groups (with those of the earlier rounds where the rules look back); they are never
 * written anywhere.
 */
function applyBakuAcceleration(request: PairingRequest, players: DutchPlayer[], points: DutchPoints): void {
  const acceleration = request.options?.acceleration;
  if (acceleration === undefined) return;
  if (points.loss !== 0 || 2 * points.draw !== points.win) {
    throw new PairingError(
      'invalid-argument',
      'Baku acceleration needs a loss worth nothing and a draw worth half a win (as bbpPairings asks)',
    );
  }
  const explicit = typeof acceleration === 'object' ? acceleration.acceleratedRounds : undefined;
  const accelerated = explicit ?? Math.ceil(request.totalRounds! / 2);
  const full = Math.ceil(accelerated / 2);
  const virtual: number[] = [];
  for (let r = 0; r < accelerated; r++) virtual.push(r < full ? points.win : points.draw);
  const groupA = Math.ceil(players.length / 2);
  for (const p of players) if (p.index < groupA) p.acceleration = virtual;
}

/** Pairing numbers: the seed (1 = top), then the frozen rating, then the id. */
function compareSeeds(x: PairingPlayer, y: PairingPlayer): number {
  const sx = x.seed ?? Number.POSITIVE_INFINITY;
  const sy = y.seed ?? Number.POSITIVE_INFINITY;
  if (sx !== sy) return sx < sy ? -1 : 1;
  const bx = x.baselineRating ?? x.rating;
  const by = y.baselineRating ?? y.rating;
  if (bx !== by) return by - bx;
  return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
}

function readPlayer(
  player: PairingPlayer,
  index: number,
  playedRounds: number,
  indexOf: ReadonlyMap<string, number>,
): DutchPlayer {
  const rounds: DutchRound[] = [];
  for (let r = 0; r < playedRounds; r++) {
    rounds.push({ opponent: -1, played: false, paired: false, pairingBye: false, points: 0, colour: NO_COLOUR });
  }
  for (const game of player.games) rounds[game.round - 1] = readGame(player, game, indexOf);
  let score = 0;
  for (const r of rounds) score += r.points;
  const p: DutchPlayer = {
    index,
    id: player.id,
    rank: -1,
    score,
    acceleration: [],
    rounds,
    playedGames: 0,
    imbalance: 0,
    preference: NO_COLOUR,
    repeated: NO_COLOUR,
    strong: false,
    active: !player.withdrawn,
  };
  describeColours(p);
  return p;
}

type Unplayed = NonNullable<PairingGame['unplayed']>;

/**
 * How a game reads when the caller did not say (`unplayed` absent): a game with an opponent and a colour was played,
 * one with an opponent and no colour was forfeited, and a round without an opponent was the pairing-allocated bye
 * (a win), a half-point bye (a draw) or a zero-point bye (a loss).
 */
function unplayedOf(player: PairingPlayer, game: PairingGame): Unplayed | 'PLAYED' {
  if (game.unplayed !== undefined) return game.unplayed;
  if (game.opponent === null) {
    return game.outcome === 'WIN' ? 'PAIRING_BYE' : game.outcome === 'DRAW' ? 'HALF_BYE' : 'ZERO_BYE';
  }
  if (game.colour !== undefined) return 'PLAYED';
  if (game.outcome === 'DRAW') {
    throw new PairingError(
      'invalid-argument',
      `the Dutch system needs the colours of the games played: ${player.id}'s game in round ${game.round} has none`,
    );
  }
  return game.outcome === 'WIN' ? 'FORFEIT_WIN' : 'FORFEIT_LOSS';
}

function readGame(player: PairingPlayer, game: PairingGame, indexOf: ReadonlyMap<string, number>): DutchRound {
  const kind = unplayedOf(player, game);
  const opponent = game.opponent === null ? -1 : indexOf.get(game.opponent)!;
  const points = tenths(game.matchPoints);
  switch (kind) {
    case 'PLAYED':
      if (game.colour === undefined || opponent < 0) {
        throw new PairingError(
          'invalid-argument',
          `${player.id}'s game in round ${game.round} is played but has no ${opponent < 0 ? 'opponent' : 'colour'}`,
        );
      }
      return {
        opponent,
        played: true,
        paired: true,
        pairingBye: false,
        points,
        colour: game.colour === 'WHITE' ? WHITE : BLACK,
      };
    case 'FORFEIT_WIN':
    case 'FORFEIT_LOSS':
      return { opponent, played: false, paired: opponent >= 0, pairingBye: false, points, colour: NO_COLOUR };
    case 'PAIRING_BYE':
      return { opponent: -1, played: false, paired: true, pairingBye: true, points, colour: NO_COLOUR };
    case 'FULL_BYE':
    case 'HALF_BYE':
    case 'ZERO_BYE':
      return { opponent: -1, played: false, paired: false, pairingBye: false, points, colour: NO_COLOUR };
  }
}

/**
 * Colour preferences (A.6) from the games played: absolute beyond a difference of one or after the same colour twice in
 * a row (the difference decides between the two), strong at a difference of one, mild otherwise.
 */
function describeColours(p: DutchPlayer): void {
  let whites = 0;
  let blacks = 0;
  let run = 0;
  let last: DutchColour = NO_COLOUR;
  for (const r of p.rounds) {
    if (!r.played) continue;
    p.playedGames++;
    if (r.colour === WHITE) whites++;
    else blacks++;
    run = run === 0 || r.colour !== last ? 1 : run + 1;
    last = r.colour;
  }
  const fewer: DutchColour = whites > blacks ? BLACK : WHITE;
  p.imbalance = Math.abs(whites - blacks);
  p.preference =
    p.imbalance > 1
      ? fewer
      : run > 1
        ? otherColour(last)
        : p.imbalance > 0
          ? fewer
          : run > 0
            ? otherColour(last)
            : NO_COLOUR;
  p.repeated = run > 1 ? last : NO_COLOUR;
  p.strong = !absolutePreference(p) && p.imbalance > 0;
}

/**
 * Effective pairing numbers: the players in seed order, leaving out those who never took part in a pairing and are
 * not paired now (an entry that never played shifts nobody's number).
 */
function rankPlayers(players: DutchPlayer[]): void {
  let rank = 0;
  for (const p of players) {
    if (p.active || p.rounds.some((r) => r.paired)) p.rank = rank++;
  }
}

/**
 * The colour of pairing number 1 in round 1: the organizer's `initialColour`, else read from the first round in
 * which colours were given (the first player by pairing number who took part then, alternating down the numbers).
 */
function initialColourOf(request: PairingRequest, field: DutchField): DutchColour {
  const chosen = request.options?.initialColour;
  if (chosen !== undefined) return chosen === 'WHITE' ? WHITE : BLACK;
  const ranked = field.players.filter((p) => p.rank >= 0);
  let first = -1;
  for (const p of ranked) {
    const r = p.rounds.findIndex((x) => x.colour !== NO_COLOUR);
    if (r >= 0 && (first < 0 || r < first)) first = r;
  }
  if (first >= 0) {
    let number = 0;
    for (const p of ranked) {
      if (!p.rounds.slice(0, first + 1).some((x) => x.paired)) continue;
      const c = p.rounds[first]!.colour;
      if (c !== NO_COLOUR) return number & 1 ? otherColour(c) : c;
      number++;
    }
  }
  throw new PairingError(
    'invalid-argument',
    'the Dutch system needs initialColour (WHITE or BLACK: the colour of pairing number 1 in round 1)',
  );
}
