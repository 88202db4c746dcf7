import type { ColouredGame } from '../colours.js';
import type { Field } from '../field.js';
import { type Handicap, handicapOf } from '../mcmahon/handicap.js';
import {
  initialMcMahonScore,
  type McMahonRound,
  mcMahonRoundOf,
  mcMahonScore,
  rankValueOrFloor,
} from '../mcmahon/mms.js';
import { LOWEST_RANK, rankValueOf } from '../mcmahon/rank.js';
import { mcMahonSettings, type McMahonSettings } from '../mcmahon/settings.js';
import type { PairingGame, PairingRequest } from '../types.js';

/** What MCMAHON reads beside the weighted model's context (docs/go.md#the-mcmahon-method), by active index. */
export interface McMahonContext {
  settings: McMahonSettings;
  /** The MMS each player started on, and the MMS before this round. */
  start: Float64Array;
  mms: Float64Array;
  /** The rank's number (-30..8); a player without a rank counts at the floor. */
  rank: Int32Array;
  /** The colours of the even games only: OpenGotha's balance leaves handicap games out. */
  evenColours: ColouredGame[][];
  handicap(i: number, j: number): Handicap;
}

/** A round of the player as MMS counts it (the standings read it the same way: mcMahonRoundOf). */
const roundOf = (game: PairingGame): McMahonRound =>
  mcMahonRoundOf({
    opponent: game.opponent,
    points: game.matchPoints,
    ...(game.unplayed && { unplayed: game.unplayed }),
  });

export function mcMahonContext(field: Field, request: PairingRequest): McMahonContext {
  const settings = mcMahonSettings(request.options?.mcMahon);
  const byId = new Map(request.players.map((p) => [p.id, p]));
  const players = field.active.map((p) => byId.get(p.id)!);
  const n = players.length;
  const start = new Float64Array(n);
  const mms = new Float64Array(n);
  const rank = new Int32Array(n);
  const evenColours: ColouredGame[][] = [];
  players.forEach((player, i) => {
    start[i] = initialMcMahonScore(player.rank, settings);
    rank[i] = rankValueOrFloor(player.rank, settings);
    const rounds: McMahonRound[] = player.games.map(roundOf);
    // A round before this one with neither a game nor a bye is an absence (a late entry's, a round sat out).
    const seen = new Set([...player.games.map((g) => g.round), ...(player.unscored ?? []).map((u) => u.round)]);
    for (let r = 1; r < request.roundNumber; r++) if (!seen.has(r)) rounds.push('ABSENT');
    mms[i] = mcMahonScore(start[i], rounds, settings);
    evenColours.push(
      player.games
        .filter((g) => g.opponent !== null && g.colour !== undefined && (g.handicap ?? 0) === 0)
        .map((g) => ({ round: g.round, colour: g.colour! }))
        .sort((x, y) => x.round - y.round),
    );
  });
  return {
    settings,
    start,
    mms,
    rank,
    evenColours,
    handicap: (i, j) => handicapOf({ rank: rank[i]!, mms: mms[i]! }, { rank: rank[j]!, mms: mms[j]! }, settings),
  };
}

/** The bar's MMS: a player who starts on it is above the secondary criteria. */
export function barScore(settings: McMahonSettings): number {
  return rankValueOf(settings.bar) - LOWEST_RANK;
}
