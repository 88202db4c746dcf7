/**
 * The "can I draw?" a player reads on the phone before playing their game of a Swiss round (docs/playoff.md#can-i-draw),
 * from what the phone already has: the stored standings rows and the matchUps. Zod-free, for the dashboard's view.
 */
import type { MatchPointTable } from '../policy/index.js';
import type { System } from '../pairing/index.js';
import { type CutOutlook, cutOutlook } from './cutOutlook.js';
import type { Playoff } from './playoffPlan.js';

export interface OutlookStanding {
  participantId: string;
  matchPoints: number;
  withdrawn: boolean;
  wins: number;
  draws: number;
  losses: number;
}

export interface OutlookGame {
  roundNumber: number;
  a: string;
  b: string | null;
  result: unknown;
}

export interface OutlookInput {
  system: System;
  playoff: Playoff | null;
  totalRounds: number | undefined;
  /** The Swiss round about to be played. */
  roundNumber: number;
  table: Pick<MatchPointTable, 'win' | 'draw' | 'loss'>;
  rows: readonly OutlookStanding[];
  matchUps: readonly OutlookGame[];
}

/** No answer (no cut ahead, or the player's game is played), the rows still catching up, or the answer. */
export type OutlookNow = null | 'UPDATING' | CutOutlook;

/** The players the cut takes: the top cut, or the finals' players when the playoff is the finals alone. */
function cutSize(playoff: Playoff): number {
  return playoff.topCut > 0 ? playoff.topCut : playoff.finals === 2 ? 4 : 2;
}

/**
 * Whether every row counts exactly the results the matchUps hold: a row still waiting for the backend after a score
 * would give the answer of a standings that never existed.
 */
function rowsAgree(rows: readonly OutlookStanding[], matchUps: readonly OutlookGame[]): boolean {
  const results = new Map<string, number>();
  for (const m of matchUps) {
    if (m.result === null) continue;
    for (const id of m.b === null ? [m.a] : [m.a, m.b]) results.set(id, (results.get(id) ?? 0) + 1);
  }
  return rows.every((row) => row.wins + row.draws + row.losses === (results.get(row.participantId) ?? 0));
}

/** `player`'s outlook before their game of the current Swiss round, while that game has no result. */
export function outlookBeforeGame(input: OutlookInput, player: string): OutlookNow {
  const { playoff, totalRounds, roundNumber } = input;
  if (input.system !== 'SWISS' || playoff === null || totalRounds === undefined || roundNumber > totalRounds)
    return null;
  const round = input.matchUps.filter((m) => m.roundNumber === roundNumber);
  const mine = round.find((m) => m.b !== null && (m.a === player || m.b === player));
  if (mine === undefined || mine.result !== null) return null;
  if (!rowsAgree(input.rows, input.matchUps)) return 'UPDATING';
  const matchPoints = Object.fromEntries(
    input.rows.filter((row) => !row.withdrawn).map((row) => [row.participantId, row.matchPoints]),
  );
  // Games already scored are in the rows' match points: only the open ones are still to fall either way.
  const games = round.filter((m) => m.result === null).map(({ a, b }) => ({ a, b }));
  return cutOutlook(
    { matchPoints, games, table: input.table, cut: cutSize(playoff), roundsAfter: totalRounds - roundNumber },
    player,
  );
}
