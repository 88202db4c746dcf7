/** How numbers, results and policy names read on screen. */
import type {
  CompetitionPolicy,
  CompetitionTiebreak,
  MatchUpResult,
  PairingMethod,
  PenaltyKind,
  PrimaryRanking,
  ResultKind,
} from '@competition/engine';
import { type ResultStyle, TIEBREAK_NAMES } from '@competition/engine/view';

export const TIEBREAK_LABELS = TIEBREAK_NAMES;

export const PRIMARY_LABELS: Record<PrimaryRanking, string> = {
  MATCH_POINTS: 'Match points',
  WINS: 'Wins',
  POINTS: 'Game points',
  PRESSURE_RATING: 'Pressure rating',
  DYNAMIC_FORM_RATING: 'Form rating',
  MCMAHON_SCORE: 'McMahon score',
};

export const KIND_LABELS: Record<ResultKind, string> = {
  PLAYED: 'Played',
  FORFEIT_WIN: 'Forfeit: first player wins',
  FORFEIT_LOSS: 'Forfeit: second player wins',
  DOUBLE_FORFEIT: 'Double forfeit',
  PAIRING_BYE: 'Pairing bye',
  FULL_BYE: 'Full bye',
  HALF_BYE: 'Half bye',
  ZERO_BYE: 'Zero bye',
};

export const GAME_KINDS: ResultKind[] = ['PLAYED', 'FORFEIT_WIN', 'FORFEIT_LOSS', 'DOUBLE_FORFEIT'];
export const BYE_KINDS: ResultKind[] = ['PAIRING_BYE', 'FULL_BYE', 'HALF_BYE', 'ZERO_BYE'];

/** Up to two decimals, no trailing zeros: 3, 1.5, 1523.45. */
export function num(value: number | undefined, digits = 2): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  return String(Math.round(value * 10 ** digits) / 10 ** digits);
}

/**
 * A tiebreak's value as the standings show it: a card game's fraction as a percentage (61.64%), the average rating
 * of opponents as a whole number (0.5 up, as FIDE rounds it; the row keeps it exact), direct encounter as the place
 * among the tied players, others as numbers.
 */
export function tiebreakValue(tiebreak: CompetitionTiebreak, value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  const shown = TIEBREAK_NAMES[tiebreak];
  if (shown.percentage) return `${(value * 100).toFixed(2)}%`;
  if (shown.wholeNumber) return String(Math.floor(value + 0.5));
  if (shown.place) return String(-value);
  return num(value);
}

export function signed(value: number, digits = 1): string {
  const text = num(value, digits);
  return value > 0 ? `+${text}` : text;
}

/** "5–3", "2–1–1" (a best of three with a drawn game), "forfeit", "bye"... as one short cell. */
export function resultText(result: MatchUpResult | null, isBye: boolean): string {
  if (!result) return isBye ? 'bye' : '–';
  if (result.score) {
    const { a, b, draws } = result.score;
    return draws ? `${a}–${b}–${draws}` : `${a}–${b}`;
  }
  if (result.kind === 'PLAYED')
    return result.winner === 'draw' ? 'draw' : result.winner === 'a' ? '1–0' : result.winner === 'b' ? '0–1' : '–';
  return KIND_LABELS[result.kind].toLowerCase();
}

/** The winner a played result names: its own, else its score's; undefined when it names neither. */
function winnerOf(result: MatchUpResult): 'a' | 'b' | 'draw' | undefined {
  if (result.winner) return result.winner;
  if (!result.score) return undefined;
  const { a, b } = result.score;
  return a > b ? 'a' : b > a ? 'b' : 'draw';
}

/**
 * A result in its game's words (docs/results.md#results-in-the-games-words): chess's 1–0, ½–½, 0–1; Go's B+, W+
 * (B+R, W+T when won by resignation or on time) and jigo, Black being the side that moves first; game points
 * otherwise. Unplayed results read as `resultText`.
 */
export function resultIn(
  style: ResultStyle,
  result: MatchUpResult | null,
  game: { a: string; b: string | null; movesFirst?: string | null },
  nameOf?: (participantId: string | null) => string,
): string {
  const isBye = game.b === null;
  // A forfeit says who won it, where the names are known.
  if (nameOf && (result?.kind === 'FORFEIT_WIN' || result?.kind === 'FORFEIT_LOSS'))
    return `forfeit: ${nameOf(result.kind === 'FORFEIT_WIN' ? game.a : game.b)} wins`;
  const winner = result && result.kind === 'PLAYED' ? winnerOf(result) : undefined;
  if (style === 'GAME_POINTS' || isBye || winner === undefined) return resultText(result, isBye);
  if (style === 'SINGLE_GAME') return winner === 'a' ? '1–0' : winner === 'b' ? '0–1' : '½–½';
  if (winner === 'draw') return 'jigo';
  const blackIsA = (game.movesFirst ?? game.a) === game.a;
  // B+R, W+T: won by resignation, on time (docs/results.md#how-a-game-was-won); a counted game is B+ or W+.
  const how = result?.decidedBy === 'RESIGNATION' ? 'R' : result?.decidedBy === 'TIME' ? 'T' : '';
  return `${(winner === 'a') === blackIsA ? 'B+' : 'W+'}${how}`;
}

/**
 * The names of the two sides when the tournament plays with colours (its pairing options' `colours`, else its
 * policy's, else the method's: McMahon balances colours; side a moves first): null for NONE, where who sits where
 * means nothing. In Go Black moves first (docs/go.md#handicap), in chess White.
 */
export function colourNames(
  pairing: { method: string; options: Readonly<Record<string, unknown>> },
  policy: CompetitionPolicy,
): { first: string; second: string } | null {
  const go = pairing.method === 'MCMAHON';
  const chosen = pairing.options.colours;
  const mode = typeof chosen === 'string' ? chosen : (policy.pairingPolicy.colours ?? (go ? 'BALANCE' : 'NONE'));
  if (mode === 'NONE') return null;
  return go ? { first: 'Black', second: 'White' } : { first: 'White', second: 'Black' };
}

/**
 * What the standings rank by, in a row: Go's McMahon score when they count it (docs/go.md#standings), else the match
 * points; `short` heads a column, `long` says it in words.
 */
export function rankingPoints(
  row: { matchPoints: number; mcMahonScore?: number | undefined },
  style: ResultStyle = 'GAME_POINTS',
): {
  value: number;
  short: string;
  long: string;
} {
  if (row.mcMahonScore !== undefined) return { value: row.mcMahonScore, short: 'MMS', long: 'McMahon score' };
  // A chess game scores points, not a match's match points (docs/results.md#results-in-the-games-words).
  return style === 'SINGLE_GAME'
    ? { value: row.matchPoints, short: 'Pts', long: 'points' }
    : { value: row.matchPoints, short: 'MP', long: 'match points' };
}

/**
 * A Go game's handicap and komi, which the McMahon pairing records with the pair's cost terms (docs/go.md#handicap):
 * "H3 · komi 0.5", "even · komi 7.5"; null for a game of any other method, or a bye.
 */
export function handicapText(cost: Readonly<Record<string, number>>): string | null {
  if (cost.komi === undefined) return null;
  const stones = cost.handicap ?? 0;
  return `${stones > 0 ? `H${stones}` : 'even'} · komi ${cost.komi}`;
}

/** The organizer's name for each method; which system offers which is the engine's (METHODS_OF_SYSTEM). */
export const METHOD_LABELS: Record<PairingMethod, string> = {
  SWISS: 'Swiss (score groups, weighted matching)',
  DUTCH: "FIDE Dutch system (C.04.3, bbpPairings' pairings)",
  DRAW_MATIC: 'DrawMatic (rating lanes)',
  LEVEL_BASED: 'Level-based (rating bands)',
  WEIGHTED: 'Weighted (your own criteria weights)',
  MCMAHON: 'McMahon (Go: McMahon scores, handicaps)',
  SERIAL: 'In ranking order: 1 v 2, 3 v 4 …',
  DAZED: 'Top half v bottom half of each score group',
  STAGGERED: 'Top v bottom half, at most 25 places apart (large groups)',
  ALL: 'All possible matches',
  KNOCKOUT: 'Knockout bracket',
  SEEDS: 'Seeded table',
  ROUND_ROBIN: 'Round robin (Berger tables)',
  CIRCLE: 'Circle method',
};

/** A moment of the event in the hall's own clock, to the minute: "14:32" (or "2:32 PM", as the device says it). */
export const hallTime = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** A penalty as the judges say it (docs/judging.md#penalties). */
export const PENALTY_WORDS: Record<PenaltyKind, string> = {
  WARNING: 'Warning',
  GAME_LOSS: 'Game loss',
  MATCH_LOSS: 'Match loss',
  DISQUALIFICATION: 'Disqualification',
};
