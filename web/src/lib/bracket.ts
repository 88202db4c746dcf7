/**
 * A knockout's bracket, read from its matchUps the way the engine pairs it (functions/engine/src/domain/pairing/schedule/
 * knockout.ts): the entrants fill a bracket of the next power of two (the top seeds get the byes of round 1), each
 * later round pairs the players still unbeaten, and the final (with `finals` 2, also the match for third place
 * between the beaten semi-finalists) is one game or, with `finalKind` BEST_OF_THREE, a series replayed round after
 * round until one side has two wins. Columns are laid out as a tree: each game sits in line with the game its winner
 * plays next.
 */
import { bracketRounds, type ScoringPolicy } from '@competition/engine';
import { stageName } from '@competition/engine/view';
import type { MatchUp } from '../data/shapes';
import { winnerOf } from './outcome';

export type FinalLabel = 'FINAL' | 'THIRD_PLACE';

export interface KnockoutOptions {
  /** 0: the bracket ends with the semi-finals; 1: a final; 2: a final and a match for third place. */
  finals: 0 | 1 | 2;
  bestOfThree: boolean;
  /**
   * The finals alone after a Swiss or a round robin (no cut, docs/playoff.md): the seeding they were paired from.
   * Their first round is already the final round: 1st v 2nd the final, 3rd v 4th the match for third place.
   */
  finalsOnlySeeding?: readonly string[];
}

/** The tournament's pairing options as the engine reads them (its defaults: one final, a single game). */
export function knockoutOptions(options: Readonly<Record<string, unknown>>): KnockoutOptions {
  const finals = options.finals === 0 || options.finals === 2 ? options.finals : 1;
  return { finals, bestOfThree: options.finalKind === 'BEST_OF_THREE' };
}

export interface BracketGame {
  kind: 'game';
  matchUp: MatchUp;
  /** Who goes on: null while unscored (or nobody, after a double forfeit). */
  winner: string | null;
  label: FinalLabel | null;
}

export interface BracketSeries {
  kind: 'series';
  label: FinalLabel;
  /** Side a of the series' first game. */
  a: string;
  b: string;
  games: MatchUp[];
  wins: { a: number; b: number };
  winner: string | null;
}

export type BracketEntry = BracketGame | BracketSeries;

export interface BracketColumn {
  title: string;
  /** The rounds the column holds (a best-of-three final spans several). */
  rounds: number[];
  entries: BracketEntry[];
}

export interface Bracket {
  entrants: number;
  columns: BracketColumn[];
  champion: string | null;
  third: string | null;
}

const SERIES_WINS = 2;

const playersOf = (entry: BracketEntry): [string, string | null] =>
  entry.kind === 'series' ? [entry.a, entry.b] : [entry.matchUp.a, entry.matchUp.b];

const winnerOfEntry = (entry: BracketEntry) => entry.winner;

/**
 * `roundOffset`: the rounds played before the bracket (a top cut after a Swiss, docs/playoff.md); the matchUps are
 * numbered from the bracket's first round, and the columns name the tournament's own round numbers.
 */
export function buildBracket(
  matchUps: readonly MatchUp[],
  options: KnockoutOptions,
  scoring: ScoringPolicy,
  roundOffset = 0,
): Bracket {
  const inRound = (round: number) => matchUps.filter((m) => m.roundNumber === round).sort((x, y) => x.order - y.order);
  const entrants = new Set(inRound(1).flatMap((m) => (m.b === null ? [m.a] : [m.a, m.b]))).size;
  if (entrants === 0) return { entrants, columns: [], champion: null, third: null };
  const finalsOnly = options.finalsOnlySeeding;
  const total = finalsOnly ? 1 : bracketRounds(entrants);
  const hasFinal = options.finals > 0;
  const lastSingleRound = hasFinal && !options.bestOfThree ? total : total - 1;

  const semiFinalLosers = new Set<string>();
  if (total >= 2) {
    for (const m of inRound(total - 1)) {
      const winner = winnerOf(m, scoring);
      if (winner !== null && m.b !== null) semiFinalLosers.add(winner === m.a ? m.b : m.a);
    }
  }
  // Without semi-finals, the match for third place is between the third and the fourth seed.
  const thirdPlace = finalsOnly ? new Set(finalsOnly.slice(2, 4)) : semiFinalLosers;
  const labelOf = (a: string, b: string | null): FinalLabel =>
    options.finals === 2 && b !== null && thirdPlace.has(a) && thirdPlace.has(b) ? 'THIRD_PLACE' : 'FINAL';

  const columns: BracketColumn[] = [];
  for (let round = 1; round <= lastSingleRound; round++) {
    const entries: BracketEntry[] = inRound(round).map((m) => ({
      kind: 'game',
      matchUp: m,
      winner: winnerOf(m, scoring),
      label: round === total ? labelOf(m.a, m.b) : null,
    }));
    const stage = round === total && options.finals === 2 ? 'Final and third place' : stageName(round, total);
    columns.push({ title: `Round ${round + roundOffset} · ${stage}`, rounds: [round + roundOffset], entries });
  }
  if (hasFinal && options.bestOfThree) columns.push(seriesColumn(matchUps, total, labelOf, scoring, roundOffset));

  // From the last column back: each game in line with the game its winner plays next, finals before third place.
  const last = columns.at(-1);
  last?.entries.sort((x, y) => Number(x.label === 'THIRD_PLACE') - Number(y.label === 'THIRD_PLACE'));
  for (let c = columns.length - 2; c >= 0; c--) {
    const slot = new Map<string, number>();
    columns[c + 1]!.entries.forEach((entry, k) => {
      const [a, b] = playersOf(entry);
      slot.set(a, 2 * k);
      if (b !== null) slot.set(b, 2 * k + 1);
    });
    const key = (entry: BracketEntry) => {
      const winner = winnerOfEntry(entry);
      return winner === null ? Number.MAX_SAFE_INTEGER : (slot.get(winner) ?? Number.MAX_SAFE_INTEGER);
    };
    columns[c]!.entries.sort((x, y) => key(x) - key(y));
  }

  const decided = (label: FinalLabel) =>
    columns
      .flatMap((column) => column.entries)
      .find((entry) => entry.label === label && (entry.kind === 'series' || entry.matchUp.roundNumber === total))
      ?.winner ?? null;
  return { entrants, columns, champion: hasFinal ? decided('FINAL') : null, third: decided('THIRD_PLACE') };
}

function seriesColumn(
  matchUps: readonly MatchUp[],
  total: number,
  labelOf: (a: string, b: string | null) => FinalLabel,
  scoring: ScoringPolicy,
  roundOffset: number,
): BracketColumn {
  const games = matchUps
    .filter((m) => m.roundNumber >= total && m.b !== null)
    .sort((x, y) => x.roundNumber - y.roundNumber || x.order - y.order);
  const series = new Map<string, BracketSeries>();
  for (const game of games) {
    const key = [game.a, game.b].sort().join(' v ');
    let entry = series.get(key);
    if (!entry) {
      entry = {
        kind: 'series',
        label: labelOf(game.a, game.b),
        a: game.a,
        b: game.b!,
        games: [],
        wins: { a: 0, b: 0 },
        winner: null,
      };
      series.set(key, entry);
    }
    entry.games.push(game);
    const winner = winnerOf(game, scoring);
    if (winner === entry.a) entry.wins.a++;
    else if (winner === entry.b) entry.wins.b++;
    entry.winner = entry.wins.a >= SERIES_WINS ? entry.a : entry.wins.b >= SERIES_WINS ? entry.b : null;
  }
  const rounds = [...new Set(games.map((g) => g.roundNumber + roundOffset))];
  return { title: 'Final · best of three', rounds, entries: [...series.values()] };
}
