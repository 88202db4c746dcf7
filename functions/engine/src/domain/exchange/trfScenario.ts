import type { z } from 'zod';
import type { Scenario } from './scenario.js';
import {
  TRF_CHESS_SCORING,
  formatTrfPoints,
  trfPointsOfCode,
  type TrfCode,
  trfError,
  type TrfRoundEntry,
  type TrfScoring,
} from './trf.js';
import { parseTrf, type TrfDocument, type TrfPlayer } from './trfRead.js';

/**
 * A Tournament Report File as a scenario (docs/trf.md#reading): what `npm run replay` and `pair` read. Players keep
 * their start numbers as seeds and are named p1, p2 ... by them; white is side a; the CHESS preset scores, on the
 * file's points when they are not chess's.
 */

export type ScenarioInput = z.input<typeof Scenario>;
type ScenarioMatchUpInput = ScenarioInput['rounds'] extends Array<Array<infer M>> | undefined ? M : never;

/** Reads a TRF's text into a scenario (the JSON object the command-line tools read). */
export function readTrf(text: string): ScenarioInput {
  return trfToScenario(parseTrf(text));
}

/** The id a player gets from its start number. */
export const trfPlayerId = (startNumber: number) => `p${startNumber}`;

export function trfToScenario(doc: TrfDocument): ScenarioInput {
  const matchPoints = tableOf(doc);
  const rounds = trfPairedRounds(doc.players);
  const byNumber = new Map(doc.players.map((p) => [p.startNumber, p]));
  if (!doc.accelerated) for (const player of doc.players) checkPoints(player, doc.scoring, rounds);
  const event = {
    ...(doc.name && { name: doc.name }),
    ...(doc.city && { city: doc.city }),
    ...(doc.federation && { federation: doc.federation }),
    ...(doc.startDate && { startDate: doc.startDate }),
    ...(doc.endDate && { endDate: doc.endDate }),
    ...(doc.chiefArbiter && { chiefArbiter: doc.chiefArbiter }),
    ...(doc.timeControl && { timeControl: doc.timeControl }),
  };
  return {
    ...(Object.keys(event).length > 0 && { event }),
    policy: 'CHESS',
    participants: doc.players.map((p) => ({
      ...participantOf(p, doc.teams.get(p.startNumber)),
      ...byeAhead(p, rounds + 1),
    })),
    rounds: Array.from({ length: rounds }, (_, k) => roundOf(doc.players, byNumber, k + 1)),
    ...(matchPoints && { options: { policyOverrides: { scoringPolicy: { matchPoints } } } }),
    ...(doc.totalRounds !== undefined && { pairing: { totalRounds: Math.max(doc.totalRounds, rounds, 1) } }),
  };
}

function participantOf(p: TrfPlayer, team: string | undefined): ScenarioInput['participants'][number] {
  return {
    id: trfPlayerId(p.startNumber),
    ...(p.name !== undefined && { name: p.name }),
    ...(p.rating !== undefined && { rating: p.rating }),
    seed: p.startNumber,
    ...(team !== undefined && { team }),
    ...(p.federation !== undefined && { federation: p.federation }),
    ...(p.fideId !== undefined && { fideId: p.fideId }),
    ...(p.title !== undefined && { title: p.title }),
    ...(p.sex !== undefined && { sex: p.sex }),
    ...(p.birthYear !== undefined && { birthYear: p.birthYear }),
  };
}

/** The codes of a bye set ahead, in the round to be paired (docs/trf.md): the scenario's requested byes. */
const BYE_AHEAD = { F: 'FULL', H: 'HALF', Z: 'ZERO' } as const;

/** A bye set ahead for the round to be paired, as the participant's requested bye in that round. */
function byeAhead(
  p: TrfPlayer,
  round: number,
): { requestedByes?: Array<{ round: number; points: 'FULL' | 'HALF' | 'ZERO' }> } {
  const code = p.rounds[round - 1]?.code;
  if (code === undefined || !(code in BYE_AHEAD)) return {};
  return { requestedByes: [{ round, points: BYE_AHEAD[code as keyof typeof BYE_AHEAD] }] };
}

/** A round's games by the lower start number in each, then its byes; an absence is no game at all. */
function roundOf(
  players: readonly TrfPlayer[],
  byNumber: ReadonlyMap<number, TrfPlayer>,
  round: number,
): ScenarioMatchUpInput[] {
  const games: Array<{ lower: number; game: ScenarioMatchUpInput }> = [];
  const byes: ScenarioMatchUpInput[] = [];
  for (const player of players) {
    const entry = player.rounds[round - 1];
    if (!entry || entry.code === ' ') continue;
    const id = trfPlayerId(player.startNumber);
    if (entry.opponent === 0) {
      byes.push({ a: id, b: null, kind: BYE_KINDS[entry.code]! });
      continue;
    }
    // Each game once, from the line of white (or, for a forfeit written without colours, the lower number).
    const isA = entry.colour === 'w' || (entry.colour === '-' && player.startNumber < entry.opponent);
    if (!isA) continue;
    const other = byNumber.get(entry.opponent)!.rounds[round - 1]!.code;
    games.push({ lower: Math.min(player.startNumber, entry.opponent), game: gameOf(id, entry, other) });
  }
  return [...games.sort((x, y) => x.lower - y.lower).map((g) => g.game), ...byes];
}

const BYE_KINDS: Partial<Record<TrfCode, 'PAIRING_BYE' | 'FULL_BYE' | 'HALF_BYE' | 'ZERO_BYE'>> = {
  U: 'PAIRING_BYE',
  F: 'FULL_BYE',
  H: 'HALF_BYE',
  Z: 'ZERO_BYE',
};

/** docs/trf.md#result-codes, read back: W D L (a game of less than a move) are played games like 1 = 0. */
function gameOf(a: string, entry: TrfRoundEntry, other: TrfCode): ScenarioMatchUpInput {
  const { code } = entry;
  const b = trfPlayerId(entry.opponent);
  if (code === '+') return { a, b, kind: 'FORFEIT_WIN' };
  if (code === '-') return { a, b, kind: other === '+' ? 'FORFEIT_LOSS' : 'DOUBLE_FORFEIT' };
  const result = code === '1' || code === 'W' ? 'a' : code === '0' || code === 'L' ? 'b' : 'draw';
  return { a, b, result };
}

/**
 * The engine's match-point table for the file's points, or nothing for chess's. The engine scores a bye and a
 * forfeit as a win, a draw or a loss (docs/results.md#unplayed-kinds), so a file that prices them apart is refused.
 */
function tableOf(doc: TrfDocument) {
  const { scoring, scoringLines } = doc;
  const where = (code: keyof TrfScoring) => scoringLines[code] ?? scoringLines.W ?? 1;
  if (scoring.P !== scoring.W)
    throw trfError(
      where('P'),
      null,
      `a pairing-allocated bye worth ${scoring.P}, a win ${scoring.W}: the engine scores it as a win`,
    );
  if (scoring.A !== scoring.L)
    throw trfError(
      where('A'),
      null,
      `an absence worth ${scoring.A}, a loss ${scoring.L}: the engine scores it as a loss`,
    );
  const same = (['W', 'D', 'L'] as const).every((code) => scoring[code] === TRF_CHESS_SCORING[code]);
  return same ? undefined : { win: scoring.W, timedWin: scoring.W, draw: scoring.D, loss: scoring.L };
}

/**
 * TrfColumns 81-84 must be what the results add up to, as pairing engines check; a blank is not checked. The byes set
 * ahead for the round to be paired may be counted or not.
 */
function checkPoints(player: TrfPlayer, scoring: TrfScoring, rounds: number): void {
  if (player.points === undefined) return;
  const sum = (entries: readonly TrfRoundEntry[]) => entries.reduce((t, e) => t + trfPointsOfCode(e.code, scoring), 0);
  const played = sum(player.rounds.slice(0, rounds));
  const all = sum(player.rounds);
  if (Math.abs(played - player.points) > 1e-9 && Math.abs(all - player.points) > 1e-9)
    throw trfError(
      player.line,
      81,
      `points ${formatTrfPoints(player.points)}, but the results add up to ${formatTrfPoints(played)}`,
    );
}

/**
 * How many rounds were paired: a last round with byes set ahead (H, F, Z), no game and players without an entry
 * (not even 0000) is the round to be paired, as pairing engines read it, and is left out.
 */
export function trfPairedRounds(players: readonly TrfPlayer[]): number {
  const written = Math.max(0, ...players.map((p) => p.rounds.length));
  if (written === 0) return 0;
  const last = players.map((p) => p.rounds[written - 1]);
  const paired = last.some((entry) => entry !== undefined && (entry.opponent !== 0 || entry.code === 'U'));
  const everyone = last.every((entry) => entry !== undefined);
  return paired || everyone ? written : written - 1;
}
