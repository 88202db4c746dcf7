import type { PairingGame, PairingMethod, PairingPlayer, PairingRequest, PairingRound } from '../pairing/index.js';
import { type TrfCode, type TrfRoundEntry, trfPointsOfCode } from './trf.js';
import type { TrfDocument } from './trfRead.js';
import { trfPlayerId } from './trfScenario.js';

/**
 * A round of a Tournament Report File as a pairing program sees it (docs/dutch.md#identity): the pairing request
 * for that round from the rounds before it, and the round's boards as written, to compare with a pairing of the
 * same request. The Dutch method's recorded cases and `npm run bench:dutch` read bbpPairings' files this way.
 */

const BYE_KINDS: Partial<Record<TrfCode, PairingGame['unplayed']>> = {
  U: 'PAIRING_BYE',
  F: 'FULL_BYE',
  H: 'HALF_BYE',
  Z: 'ZERO_BYE',
};
const WINS: ReadonlySet<TrfCode> = new Set(['1', 'W', '+', 'U', 'F']);
const DRAWS: ReadonlySet<TrfCode> = new Set(['=', 'D', 'H']);

/** Rounds written in the file (the longest player line). */
export function trfRoundCount(doc: TrfDocument): number {
  return Math.max(...doc.players.map((p) => p.rounds.length));
}

/** Paired in a round: a game (played or forfeited) or the pairing-allocated bye. */
function pairedIn(entry: TrfRoundEntry | undefined): boolean {
  return entry !== undefined && (entry.opponent !== 0 || entry.code === 'U');
}

/**
 * The colour of pairing number 1 in round 1: the file's XXC, else read from the first round with colours as
 * bbpPairings reads a file without it (the first paired player with a colour, alternating down the numbers).
 */
export function trfInitialColour(doc: TrfDocument): 'WHITE' | 'BLACK' {
  if (doc.initialColour) return doc.initialColour === 'white' ? 'WHITE' : 'BLACK';
  const first = Math.min(...doc.players.flatMap((p) => p.rounds.flatMap((r, k) => (r.colour === '-' ? [] : [k]))));
  let number = 0;
  for (const p of doc.players) {
    if (!p.rounds.slice(0, first + 1).some((r) => pairedIn(r) || r.code === '+')) continue;
    const c = p.rounds[first]?.colour;
    if (c === 'w' || c === 'b') return (c === 'w') === (number % 2 === 0) ? 'WHITE' : 'BLACK';
    number++;
  }
  throw new Error('the file gives no initial colour');
}

/**
 * The request that pairs `round` from the rounds before it: players named by start number (p1, p2 ...), seeded by
 * it; a player not paired in that round (a bye set ahead, an absence) is left out as withdrawn.
 */
export function trfPairingRequest(doc: TrfDocument, round: number, method: PairingMethod = 'DUTCH'): PairingRequest {
  const players = doc.players.map((p): PairingPlayer => {
    const games: PairingGame[] = [];
    p.rounds.slice(0, round - 1).forEach((r, k) => {
      if (r.opponent === 0 && r.code === ' ') return;
      const game: PairingGame = {
        round: k + 1,
        opponent: r.opponent ? trfPlayerId(r.opponent) : null,
        outcome: WINS.has(r.code) ? 'WIN' : DRAWS.has(r.code) ? 'DRAW' : 'LOSS',
        matchPoints: trfPointsOfCode(r.code, doc.scoring),
      };
      if (r.code === '+' || r.code === '-') game.unplayed = r.code === '+' ? 'FORFEIT_WIN' : 'FORFEIT_LOSS';
      else if (r.opponent === 0) game.unplayed = BYE_KINDS[r.code] ?? 'ZERO_BYE';
      else game.colour = r.colour === 'w' ? 'WHITE' : 'BLACK';
      games.push(game);
    });
    const next = p.rounds[round - 1];
    const absent = next !== undefined && !pairedIn(next);
    return {
      id: trfPlayerId(p.startNumber),
      rating: p.rating ?? 0,
      seed: p.startNumber,
      games,
      ...(absent ? { withdrawn: true } : {}),
    };
  });
  return {
    roundNumber: round,
    totalRounds: doc.totalRounds ?? trfRoundCount(doc),
    method,
    seed: 1,
    players,
    points: { win: doc.scoring.W, draw: doc.scoring.D, loss: doc.scoring.L },
    options: { initialColour: trfInitialColour(doc) },
  };
}

/** A round of the file as sorted "white-black" boards and "bye id", as `pairingBoards` writes a pairing. */
export function trfRoundBoards(doc: TrfDocument, round: number): string[] {
  const out: string[] = [];
  for (const p of doc.players) {
    const r = p.rounds[round - 1];
    if (r?.code === 'U') out.push(`bye ${trfPlayerId(p.startNumber)}`);
    else if (r && r.opponent !== 0 && r.colour === 'w') {
      out.push(`${trfPlayerId(p.startNumber)}-${trfPlayerId(r.opponent)}`);
    }
  }
  return out.sort();
}

/** A pairing as sorted "white-black" boards (side a is white) and "bye id". */
export function pairingBoards(round: PairingRound): string[] {
  return [...round.pairings.map((g) => `${g.a}-${g.b}`), ...round.byes.map((id) => `bye ${id}`)].sort();
}
