/**
 * A round of a recorded tournament (a TRF bbpPairings generated, docs/dutch.md#recorded-cases) as the engine's
 * pairing request, and the pairing bbpPairings made in it, both as "white-black" boards and "bye id".
 */
import type { PairingGame, PairingPlayer, PairingRequest, PairingRound } from '../../../src/domain/pairing/index.js';
import { type TrfDocument, trfPointsOfCode } from '../../../src/domain/exchange/index.js';

const BYES: Record<string, PairingGame['unplayed']> = { U: 'PAIRING_BYE', F: 'FULL_BYE', H: 'HALF_BYE', Z: 'ZERO_BYE' };
const WINS = new Set(['1', 'W', '+', 'U', 'F']);
const DRAWS = new Set(['=', 'D', 'H']);

export function roundsOf(doc: TrfDocument): number {
  return Math.max(...doc.players.map((p) => p.rounds.length));
}

/** The colour of pairing number 1 in round 1: the file's XXC, else read from the first round with colours. */
function initialColour(doc: TrfDocument): 'WHITE' | 'BLACK' {
  if (doc.initialColour) return doc.initialColour === 'white' ? 'WHITE' : 'BLACK';
  const first = Math.min(...doc.players.flatMap((p) => p.rounds.flatMap((r, k) => (r.colour === '-' ? [] : [k]))));
  let number = 0;
  for (const p of doc.players) {
    if (!p.rounds.slice(0, first + 1).some((r) => r.opponent !== 0 || r.code === 'U' || r.code === '+')) continue;
    const c = p.rounds[first]?.colour;
    if (c === 'w' || c === 'b') return (c === 'w') === (number % 2 === 0) ? 'WHITE' : 'BLACK';
    number++;
  }
  throw new Error('the file gives no initial colour');
}

export function requestOf(doc: TrfDocument, round: number): PairingRequest {
  const players = doc.players.map((p): PairingPlayer => {
    const games: PairingGame[] = [];
    p.rounds.slice(0, round - 1).forEach((r, k) => {
      if (r.opponent === 0 && r.code === ' ') return;
      const outcome = WINS.has(r.code) ? 'WIN' : DRAWS.has(r.code) ? 'DRAW' : 'LOSS';
      const game: PairingGame = {
        round: k + 1,
        opponent: r.opponent ? `p${r.opponent}` : null,
        outcome,
        matchPoints: trfPointsOfCode(r.code, doc.scoring),
      };
      if (r.code === '+' || r.code === '-') game.unplayed = r.code === '+' ? 'FORFEIT_WIN' : 'FORFEIT_LOSS';
      else if (r.opponent === 0) game.unplayed = BYES[r.code] ?? 'ZERO_BYE';
      else game.colour = r.colour === 'w' ? 'WHITE' : 'BLACK';
      games.push(game);
    });
    const next = p.rounds[round - 1];
    const absent = next !== undefined && next.opponent === 0 && next.code !== 'U';
    return {
      id: `p${p.startNumber}`,
      rating: p.rating ?? 0,
      seed: p.startNumber,
      games,
      ...(absent ? { withdrawn: true } : {}),
    };
  });
  return {
    roundNumber: round,
    totalRounds: doc.totalRounds ?? roundsOf(doc),
    method: 'DUTCH',
    seed: 1,
    players,
    points: { win: doc.scoring.W, draw: doc.scoring.D, loss: doc.scoring.L },
    options: { initialColour: initialColour(doc) },
  };
}

export function recordedBoards(doc: TrfDocument, round: number): string[] {
  const out: string[] = [];
  for (const p of doc.players) {
    const r = p.rounds[round - 1];
    if (r?.code === 'U') out.push(`bye p${p.startNumber}`);
    else if (r && r.opponent !== 0 && r.colour === 'w') out.push(`p${p.startNumber}-p${r.opponent}`);
  }
  return out.sort();
}

export function engineBoards(round: PairingRound): string[] {
  return [...round.pairings.map((g) => `${g.a}-${g.b}`), ...round.byes.map((id) => `bye ${id}`)].sort();
}
