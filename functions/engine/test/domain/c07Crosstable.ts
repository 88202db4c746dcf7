/**
 * A chess crosstable written as the arbiters write it, turned into an event the engine runs: one row per player,
 * each round `<opponent><colour><result>` (`9w1`: white against 9, won; `13b=`: black, drawn; `11b-`: lost by
 * forfeit; `9w+`: won by forfeit) or a round without an opponent (`-H` half-point bye, `-U` pairing bye, `-F`
 * full-point bye, `-Z` zero-point bye, `--` absent). White is side a of the game, so it moves first.
 */
import { Tournament } from '../../src/tournament.js';

export interface Crosstable {
  /** Players by number: rating and rounds. */
  rows: Record<number, { rating: number; rounds: string[] }>;
}

const BYES: Record<string, string> = { H: 'half-bye', U: 'pairing-bye', F: 'full-bye', Z: 'zero-bye' };

/** `"9w1 13b= -H"` as rounds. */
export const rounds = (line: string) => line.trim().split(/\s+/);

/** The rows' games, round by round, as a scenario writes them: read from white's row, checked on black's. */
export function scenarioRounds(table: Crosstable) {
  const ids = Object.keys(table.rows).map(Number);
  const count = Math.max(...ids.map((id) => table.rows[id]!.rounds.length));
  const back: Record<string, string> = { '1': '0', '0': '1', '=': '=', '+': '-', '-': '+' };
  return Array.from({ length: count }, (_, r) =>
    ids.flatMap((id): Array<Record<string, unknown>> => {
      const cell = table.rows[id]!.rounds[r] ?? '--';
      if (cell === '--') return [];
      if (cell.startsWith('-')) return [{ a: `p${id}`, b: null, kind: BYES[cell[1]!] }];
      const match = /^(\d+)([wb])([10=+-])$/.exec(cell);
      if (!match) throw new Error(`p${id} round ${r + 1}: cannot read ${cell}`);
      const [, opponent, colour, result] = match;
      const mirror = table.rows[Number(opponent)]?.rounds[r];
      if (mirror !== `${id}${colour === 'w' ? 'b' : 'w'}${back[result!]}`)
        throw new Error(`p${id} round ${r + 1}: ${cell}, but p${opponent} has ${mirror}`);
      if (colour === 'b') return [];
      const b = `p${opponent}`;
      if (result === '+') return [{ a: `p${id}`, b, status: 'WALKOVER', winner: 'a' }];
      if (result === '-') return [{ a: `p${id}`, b, status: 'WALKOVER', winner: 'b' }];
      return [{ a: `p${id}`, b, result: result === '1' ? 'a' : result === '0' ? 'b' : 'draw' }];
    }),
  );
}

/** The event on the CHESS preset, with the victory policy given and these players withdrawn. */
export function chessEvent(
  table: Crosstable,
  victoryPolicy: Record<string, unknown>,
  withdrawn: string[] = [],
  pairing?: { method: string },
) {
  const participants = Object.entries(table.rows).map(([id, row]) => ({
    id: `p${id}`,
    rating: row.rating,
    ...(withdrawn.includes(`p${id}`) ? { withdrawn: true } : {}),
  }));
  return Tournament.fromScenario({
    policy: 'CHESS',
    participants,
    rounds: scenarioRounds(table),
    options: { policyOverrides: { victoryPolicy } },
    ...(pairing ? { pairing } : {}),
  });
}

/** Each player's value of one tiebreak, by player number. */
export function values(
  rows: ReadonlyArray<{ participantId: string; tiebreaks: Record<string, number> }>,
  name: string,
) {
  return Object.fromEntries(rows.map((row) => [Number(row.participantId.slice(1)), row.tiebreaks[name]]));
}

/** Each player's rank, by player number. */
export function ranks(rows: ReadonlyArray<{ participantId: string; rank: number }>) {
  return Object.fromEntries(rows.map((row) => [Number(row.participantId.slice(1)), row.rank]));
}

/**
 * The 16-player, 5-round Swiss of the FIDE Arbiters' Commission's exercises on C.07 (IA Mario Held, "Exercises in
 * Tie-Breaking", Rev. 2403220900): the crosstable as published.
 */
export const SWISS_5: Crosstable = {
  rows: {
    1: { rating: 2200, rounds: rounds('9w1 13b= 2w= 15b1 4w=') },
    2: { rating: 2150, rounds: rounds('10b1 7w1 1b= 16w1 3b=') },
    3: { rating: 2100, rounds: rounds('11w= 6b1 8w1 4b= 2w=') },
    4: { rating: 2050, rounds: rounds('12b1 -H 13w1 3w= 1b=') },
    5: { rating: 2000, rounds: rounds('13w0 15b0 11w1 7b= 10w1') },
    6: { rating: 1950, rounds: rounds('14b0 3w0 -U 10w1 8b1') },
    7: { rating: 1900, rounds: rounds('15w1 2b0 16b0 5w= 11b0') },
    8: { rating: 1850, rounds: rounds('16b= 14w1 3b0 13w1 6w0') },
    9: { rating: 1800, rounds: rounds('1b0 10w0 -H 11b- -U') },
    10: { rating: 1750, rounds: rounds('2w0 9b1 15w0 6b0 5b0') },
    11: { rating: 1700, rounds: rounds('3b= 16w0 5b0 9w+ 7w1') },
    12: { rating: 1650, rounds: rounds('4w0 -U 14w+ -Z -Z') },
    13: { rating: 1600, rounds: rounds('5b1 1w= 4b0 8b0 14w0') },
    14: { rating: 1550, rounds: rounds('6w1 8b0 12b- -Z 13b1') },
    15: { rating: 1500, rounds: rounds('7b0 5w1 10b1 1w0 16b0') },
    16: { rating: 1450, rounds: rounds('8w= 11b1 7w1 2b0 15w1') },
  },
};

/** The same event played to nine rounds (the exercises' direct encounter example). */
export const SWISS_9: Crosstable = {
  rows: {
    1: { rating: 2150, rounds: rounds('9w1 13b= 2w= 15b1 4w= 6b= 3b= 16w= 8b1') },
    2: { rating: 2130, rounds: rounds('10b1 7w1 1b= 16w1 3b1 4w= 6w0 15b= 5w=') },
    3: { rating: 2200, rounds: rounds('11w= 6b1 8w1 4b= 2w0 16b1 1w= 14w1 10b1') },
    4: { rating: 2110, rounds: rounds('12b1 -H 13w1 3w= 1b= 2b= 16w= 6b= 15w1') },
    5: { rating: 1890, rounds: rounds('13w0 15b0 11w1 7b= 10w1 14b0 9b1 8w0 2b=') },
    6: { rating: 2090, rounds: rounds('14b0 3w0 -U 10w1 8b1 1w= 2b1 4w= 16b1') },
    7: { rating: 1950, rounds: rounds('15w1 2b0 16b0 5w= 11b0 10b0 13w1 9w1 14b1') },
    8: { rating: 1930, rounds: rounds('16b= 14w1 3b0 13w1 6w0 11b= 15w= 5b1 1w0') },
    9: { rating: 1790, rounds: rounds('1b0 10w0 -H 11b- -U 13b1 5w0 7b0 12w=') },
    10: { rating: 1870, rounds: rounds('2w0 9b1 15w0 6b0 5b0 7w1 12b1 11w1 3w0') },
    11: { rating: 1810, rounds: rounds('3b= 16w0 5b0 9w+ 7w1 8w= 14b0 10b0 13w=') },
    12: { rating: 1770, rounds: rounds('4w0 -U 14w+ -Z -Z 15b0 10w0 13b= 9b=') },
    13: { rating: 1750, rounds: rounds('5b1 1w= 4b0 8b0 14w0 9w0 7b0 12w= 11b=') },
    14: { rating: 1850, rounds: rounds('6w1 8b0 12b- -Z 13b1 5w1 11w1 3b0 7w0') },
    15: { rating: 1830, rounds: rounds('7b0 5w1 10b1 1w0 16b0 12w1 8b= 2w= 4b0') },
    16: { rating: 1910, rounds: rounds('8w= 11b1 7w1 2b0 15w1 3w0 4b= 1b= 6w0') },
  },
};

/** The exercises' six-player round robin (five rounds; 5 loses to 6 by forfeit in round 4). */
export const ROUND_ROBIN: Crosstable = {
  rows: {
    1: { rating: 2200, rounds: rounds('5w= 2w1 3b1 4w0 6b1') },
    2: { rating: 2150, rounds: rounds('6w1 1b0 5w1 3w= 4b1') },
    3: { rating: 2100, rounds: rounds('4w1 6b1 1w0 2b= 5w1') },
    4: { rating: 2050, rounds: rounds('3b0 5b0 6w= 1b1 2w0') },
    5: { rating: 1950, rounds: rounds('1b= 4w1 2b0 6w- 3b0') },
    6: { rating: 2000, rounds: rounds('2b0 3w0 4b= 5b+ 1w0') },
  },
};

/** The Arbiters' Commission's published answers for SWISS_5 (2024 text), player by player (1 to 16). */
const byPlayer = (...list: number[]) => Object.fromEntries(list.map((v, i) => [i + 1, v]));

export const BH = byPlayer(12.5, 13, 15.5, 15, 8.5, 12, 14.5, 13.5, 9, 13, 13.5, 11.5, 14, 11, 12, 12.5);
export const BH_C1 = byPlayer(11, 12, 13, 11.5, 7.5, 11, 12.5, 12, 7.5, 11.5, 12, 9.5, 12, 9, 11, 11);
export const SB = byPlayer(8, 9.5, 10.5, 9.75, 4.25, 6.5, 3.25, 5.25, 2.25, 1.5, 5.75, 4, 4.25, 4.5, 3.5, 7.25);
export const ARO = byPlayer(
  1820,
  1880,
  1940,
  1888,
  1690,
  1813,
  1760,
  1730,
  1975,
  1880,
  1863,
  2050,
  1930,
  1800,
  1860,
  1820,
);
export const WIN = byPlayer(2, 3, 2, 2, 2, 3, 1, 2, 1, 1, 2, 2, 1, 2, 2, 3);
export const WON = byPlayer(2, 3, 2, 2, 2, 2, 1, 2, 0, 1, 1, 0, 1, 2, 2, 3);
export const BPG = byPlayer(2, 3, 2, 2, 2, 2, 3, 2, 1, 3, 2, 0, 3, 2, 3, 2);
export const PS = byPlayer(11, 13, 11, 11.5, 5, 6, 6, 8.5, 2.5, 4, 5.5, 7, 7, 6, 7, 10.5);

/** The same answers under the text in force since 1 March 2026, its cap on a dummy opponent (c07.swiss.test.ts). */
export const BH_2026 = { ...BH, 4: 14, 6: 11.5, 11: 12.5 };
export const BH_C1_2026 = { ...BH_C1, 6: 10.5, 11: 11 };
export const SB_2026 = { ...SB, 4: 9.25, 6: 6, 11: 4.75 };
