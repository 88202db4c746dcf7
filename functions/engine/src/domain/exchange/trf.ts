import { DomainError } from '../common/index.js';

/**
 * FIDE's Tournament Report File, the fixed-column text a chess tournament is reported in (docs/trf.md): what the
 * writer (trfWrite.ts) and the reader (trfRead.ts, trfScenario.ts) share. TrfColumns are counted from 1, as the FIDE
 * texts count them.
 */

/** A field of a line: its first and last column, both counted. */
export interface TrfColumns {
  from: number;
  to: number;
}

/** The player record (001) up to its first round, identical in TRF-16 and TRF-2026. */
export const TRF_PLAYER_COLUMNS = {
  startNumber: { from: 5, to: 8 },
  sex: { from: 10, to: 10 },
  title: { from: 11, to: 13 },
  name: { from: 15, to: 47 },
  rating: { from: 49, to: 52 },
  federation: { from: 54, to: 56 },
  fideId: { from: 58, to: 68 },
  birthDate: { from: 70, to: 79 },
  points: { from: 81, to: 84 },
  rank: { from: 86, to: 89 },
} as const satisfies Record<string, TrfColumns>;

/** Round 1's block starts at column 92; each later round ten columns on. */
export const TRF_FIRST_ROUND_COLUMN = 92;
export const TRF_ROUND_WIDTH = 10;

/** The three fields of round `round`'s block (opponent 92-95, colour 97, result 99 in round 1). */
export function trfRoundColumns(round: number): { opponent: TrfColumns; colour: number; result: number } {
  const start = TRF_FIRST_ROUND_COLUMN + TRF_ROUND_WIDTH * (round - 1);
  return { opponent: { from: start, to: start + 3 }, colour: start + 5, result: start + 7 };
}

/** w and b: the scheduled colour; - : no game (a bye, an absence), or a forfeit written without its colour. */
export type TrfColour = 'w' | 'b' | '-';

/**
 * A round's result code (docs/trf.md#result-codes), upper case as the writer spells them: 1 = 0 played, W D L played
 * for less than a move, + - forfeits, U the pairing-allocated bye, F H Z the full-, half- and zero-point byes. ' '
 * (blank) is a round the player was not paired in: the texts read it as Z.
 */
export type TrfCode = '1' | '=' | '0' | 'W' | 'D' | 'L' | '+' | '-' | 'U' | 'F' | 'H' | 'Z' | ' ';

export const TRF_GAME_CODES: ReadonlySet<TrfCode> = new Set(['1', '=', '0', 'W', 'D', 'L', '+', '-']);
export const TRF_BYE_CODES: ReadonlySet<TrfCode> = new Set(['U', 'F', 'H', 'Z']);

/** One round of one player: the opponent's start number (0: none), the colour and the code. */
export interface TrfRoundEntry {
  opponent: number;
  colour: TrfColour;
  code: TrfCode;
}

/**
 * Points per result, as TRF-2026's record 162 names them: W a win (also by forfeit, and the full-point bye), D a
 * draw (and the half-point bye), L a loss, A an absence (the zero-point bye and a forfeit loss), P the
 * pairing-allocated bye. The defaults are chess's 1, 0.5, 0, 0, 1.
 */
export interface TrfScoring {
  W: number;
  D: number;
  L: number;
  A: number;
  P: number;
}
export const TRF_CHESS_SCORING: Readonly<TrfScoring> = { W: 1, D: 0.5, L: 0, A: 0, P: 1 };

/** Which value of the scoring a code earns; a blank earns nothing (an absence). */
export function trfPointsOfCode(code: TrfCode, scoring: TrfScoring): number {
  switch (code) {
    case '1':
    case 'W':
    case '+':
    case 'F':
      return scoring.W;
    case '=':
    case 'D':
    case 'H':
      return scoring.D;
    case '0':
    case 'L':
      return scoring.L;
    case '-':
    case 'Z':
      return scoring.A;
    case 'U':
      return scoring.P;
    case ' ':
      return 0;
  }
}

/** Points as a TRF writes them, one decimal ("4.5", "17.0"). */
export function formatTrfPoints(points: number): string {
  return points.toFixed(1);
}

/** A refusal of a file, naming where: "line 7, column 49: ...". */
export function trfError(line: number, column: number | null, problem: string): DomainError {
  const where = column === null ? `line ${line}` : `line ${line}, column ${column}`;
  return new DomainError('invalid-argument', `TRF ${where}: ${problem}`);
}
