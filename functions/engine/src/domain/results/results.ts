import { z } from 'zod';
import { DomainError, DrawnGames, GamePoints, isWithin, LIMITS } from '../common/index.js';
import type { MatchPointTable, ScoringPolicy } from '../policy/index.js';

/**
 * The unplayed kinds (docs/results.md) and PLAYED, read from side a's point of view: FORFEIT_WIN means side a won
 * by forfeit. Byes have no side b.
 */
export const ResultKind = z.enum([
  'PLAYED',
  'FORFEIT_WIN',
  'FORFEIT_LOSS',
  'DOUBLE_FORFEIT',
  'FULL_BYE',
  'HALF_BYE',
  'PAIRING_BYE',
  'ZERO_BYE',
]);
export type ResultKind = z.infer<typeof ResultKind>;

export const Winner = z.enum(['a', 'b', 'draw']);
export type Winner = z.infer<typeof Winner>;

/**
 * How a won game ended before its count (docs/results.md#how-a-game-was-won): Go writes it after the winner, B+R
 * and W+T. A game won on the board's count says nothing.
 */
export const DecidedBy = z.enum(['RESIGNATION', 'TIME']);
export type DecidedBy = z.infer<typeof DecidedBy>;

/**
 * What a scorer writes for a matchUp: game points (or, in a best of three, games won by each side and the drawn
 * games: docs/results.md#drawn-games), or just who won, or an unplayed kind.
 */
export const MatchUpResult = z
  .object({
    kind: ResultKind.default('PLAYED'),
    score: z.object({ a: GamePoints, b: GamePoints, draws: DrawnGames.optional() }).strict().optional(),
    winner: Winner.optional(),
    decidedBy: DecidedBy.optional(),
  })
  .strict();
export type MatchUpResult = z.infer<typeof MatchUpResult>;
export type MatchUpResultInput = z.input<typeof MatchUpResult>;

export const Outcome = z.enum(['WIN', 'TIMED_WIN', 'DRAW', 'LOSS']);
export type Outcome = z.infer<typeof Outcome>;

/** A result as the standings see it, for one side; drawn games only when the match had some. */
export interface SideResult {
  outcome: Outcome;
  matchPoints: number;
  pointsWon: number;
  pointsLost: number;
  drawnGames?: number;
}

export interface ResolvedResult {
  kind: ResultKind;
  /** Only played games move a rating track. */
  played: boolean;
  a: SideResult;
  /** null for a bye. */
  b: SideResult | null;
}

const BYE_KINDS: ReadonlySet<ResultKind> = new Set(['FULL_BYE', 'HALF_BYE', 'PAIRING_BYE', 'ZERO_BYE']);

/** The winner each unplayed kind requires (docs/results.md#unplayed-kinds). */
const REQUIRED_WINNER: Partial<Record<ResultKind, Winner | null>> = {
  FORFEIT_WIN: 'a',
  FORFEIT_LOSS: 'b',
  DOUBLE_FORFEIT: null,
  FULL_BYE: 'a',
  PAIRING_BYE: 'a',
  HALF_BYE: 'draw',
  ZERO_BYE: 'b',
};

export function isByeKind(kind: ResultKind): boolean {
  return BYE_KINDS.has(kind);
}

/**
 * Checks a result against its matchUp and the scoring policy and works out what each side earned.
 * Refuses, with a message naming the conflict, a kind that disagrees with its winner or score.
 */
export function resolveResult(result: MatchUpResult, hasSideB: boolean, scoring: ScoringPolicy): ResolvedResult {
  const { kind } = result;
  if (isByeKind(kind) !== !hasSideB) {
    throw new DomainError(
      'invalid-argument',
      hasSideB ? `kind ${kind} is for a player without an opponent` : `a bye matchUp needs a bye kind, not ${kind}`,
    );
  }
  if (kind === 'PLAYED') return requireDecided(result, resolvePlayed(result, scoring));
  if (result.decidedBy)
    throw new DomainError('invalid-argument', `kind ${kind} was not played: it has no way it ended`);
  if (result.score) throw new DomainError('invalid-argument', `kind ${kind} is unplayed and takes no score`);
  const required = REQUIRED_WINNER[kind] ?? null;
  if (result.winner !== undefined && result.winner !== required) {
    throw new DomainError(
      'invalid-argument',
      `kind ${kind} requires ${required === null ? 'no winner' : `winner "${required}"`}, got "${result.winner}"`,
    );
  }
  return resolveUnplayed(kind, scoring);
}

/** Only a won game ends by resignation or on time: a draw has no winner to resign to. */
function requireDecided(result: MatchUpResult, resolved: ResolvedResult): ResolvedResult {
  if (result.decidedBy && resolved.a.outcome === 'DRAW')
    throw new DomainError('invalid-argument', `a drawn game is not won by ${DECIDED_WORDS[result.decidedBy]}`);
  return resolved;
}

const DECIDED_WORDS: Record<DecidedBy, string> = { RESIGNATION: 'resignation', TIME: 'time' };

function resolvePlayed(result: MatchUpResult, scoring: ScoringPolicy): ResolvedResult {
  const { score, winner } = result;
  if (!score && winner === undefined)
    throw new DomainError('invalid-argument', 'a played result needs a score or a winner');
  if (score) {
    const scored = winnerOfScore(score.a, score.b);
    if (winner !== undefined && winner !== scored) {
      throw new DomainError('invalid-argument', `winner "${winner}" disagrees with the score ${score.a}-${score.b}`);
    }
    requirePossibleScore(score.a, score.b, scoring);
    const [outcomeA, outcomeB] = outcomesOfScore(score.a, score.b, scoring.gameTarget);
    const draws = score.draws ?? 0;
    return {
      kind: 'PLAYED',
      played: true,
      a: side(outcomeA, scoring.matchPoints, score.a, score.b, draws),
      b: side(outcomeB, scoring.matchPoints, score.b, score.a, draws),
    };
  }
  // No game points: a win counts as 1-0, a draw as 0-0 (as tods-competition-factory counts a bare winningSide).
  const [outcomeA, outcomeB]: [Outcome, Outcome] =
    winner === 'a' ? ['WIN', 'LOSS'] : winner === 'b' ? ['LOSS', 'WIN'] : ['DRAW', 'DRAW'];
  const [pa, pb] = winner === 'a' ? [1, 0] : winner === 'b' ? [0, 1] : [0, 0];
  return {
    kind: 'PLAYED',
    played: true,
    a: side(outcomeA, scoring.matchPoints, pa, pb),
    b: side(outcomeB, scoring.matchPoints, pb, pa),
  };
}

function resolveUnplayed(kind: ResultKind, scoring: ScoringPolicy): ResolvedResult {
  const table = scoring.matchPoints;
  switch (kind) {
    case 'FORFEIT_WIN':
      return { kind, played: false, a: side('WIN', table, 0, 0), b: side('LOSS', table, 0, 0) };
    case 'FORFEIT_LOSS':
      return { kind, played: false, a: side('LOSS', table, 0, 0), b: side('WIN', table, 0, 0) };
    case 'DOUBLE_FORFEIT':
      return { kind, played: false, a: side('LOSS', table, 0, 0), b: side('LOSS', table, 0, 0) };
    case 'PAIRING_BYE':
      return { kind, played: false, a: side('WIN', table, scoring.phantomScore, 0), b: null };
    case 'FULL_BYE':
      return { kind, played: false, a: side('WIN', table, 0, 0), b: null };
    case 'HALF_BYE':
      return { kind, played: false, a: side('DRAW', table, 0, 0), b: null };
    case 'ZERO_BYE':
      return { kind, played: false, a: side('LOSS', table, 0, 0), b: null };
    case 'PLAYED':
    default:
      throw new DomainError('invalid-argument', `kind ${kind} is not an unplayed kind`);
  }
}

/**
 * A game to a target (docs/results.md#game-points) ends when one side reaches the target, so no side passes
 * it and both cannot reach it. With playPastTarget WIN_BY_TWO a game may go past the target, but only to end
 * two points clear (7-5, 6-4 to 5). The one place a score is checked against the target.
 */
function requirePossibleScore(a: number, b: number, scoring: ScoringPolicy): void {
  const score = `score ${a}-${b}`;
  const refuse = (why: string) => new DomainError('invalid-argument', `${score}: ${why}`);
  // A result built by hand (a scenario, a test) skips MatchUpResult: the bound still keeps every total finite.
  const { gamePoints } = LIMITS;
  if (!isWithin(gamePoints, a) || !isWithin(gamePoints, b)) {
    throw refuse(`game points run from ${gamePoints.min} to ${gamePoints.max}`);
  }
  const target = scoring.gameTarget;
  if (target === null) return;
  if (countsDrawnGames(scoring) && !(Number.isInteger(a) && Number.isInteger(b))) {
    throw refuse(`a match won with ${target} games counts whole games won by each side`);
  }
  const [high, low] = a >= b ? [a, b] : [b, a];
  if (high <= target && low < target) return;
  if (scoring.playPastTarget === 'WIN_BY_TWO') {
    if (high > target && high - low === 2) return;
    const examples = `${target + 1}-${target - 1} or ${target + 2}-${target}`;
    throw refuse(`a game to ${target} played past the target ends two points clear (such as ${examples})`);
  }
  if (low >= target) throw refuse(`both sides cannot reach the target of ${target}`);
  throw refuse(`a game to ${target} ends when a side reaches ${target}, so no side can score more`);
}

/**
 * Whether a match counts drawn games (docs/results.md#drawn-games): a match of a few games, won with 2 or 3 (a best
 * of three or five), where a score is games won and a game can end drawn.
 */
export function countsDrawnGames(scoring: Pick<ScoringPolicy, 'gameTarget'>): boolean {
  return scoring.gameTarget !== null && scoring.gameTarget <= 3;
}

export function winnerOfScore(a: number, b: number): Winner {
  return a > b ? 'a' : b > a ? 'b' : 'draw';
}

/** docs/results.md#outcomes: reaching the target wins; ahead without reaching it is a timed win; equal is a draw. */
export function outcomesOfScore(a: number, b: number, target: number | null): [Outcome, Outcome] {
  if (a === b) return ['DRAW', 'DRAW'];
  const leaderReachedTarget = target === null || Math.max(a, b) >= target;
  const win: Outcome = leaderReachedTarget ? 'WIN' : 'TIMED_WIN';
  return a > b ? [win, 'LOSS'] : ['LOSS', win];
}

export function matchPointsFor(outcome: Outcome, table: MatchPointTable): number {
  switch (outcome) {
    case 'WIN':
      return table.win;
    case 'TIMED_WIN':
      return table.timedWin;
    case 'DRAW':
      return table.draw;
    case 'LOSS':
      return table.loss;
  }
}

function side(outcome: Outcome, table: MatchPointTable, pointsWon: number, pointsLost: number, draws = 0): SideResult {
  const drawn = draws > 0 ? { drawnGames: draws } : {};
  return { outcome, matchPoints: matchPointsFor(outcome, table), pointsWon, pointsLost, ...drawn };
}

/** Counts as a win in the WINS column: a timed win is still a win. */
export function isWin(outcome: Outcome): boolean {
  return outcome === 'WIN' || outcome === 'TIMED_WIN';
}
