import { describe, expect, it } from 'vitest';
import { describeIssues } from '../../src/domain/common/errors.js';
import { MATCH_POINTS_CHESS, MATCH_POINTS_REDEMPTION, ScoringPolicy } from '../../src/domain/policy/policy.js';
import { type MatchUpResultInput, MatchUpResult, resolveResult } from '../../src/domain/results/results.js';

const redemption = ScoringPolicy.parse({ gameTarget: 5, matchPoints: MATCH_POINTS_REDEMPTION });
const chess = ScoringPolicy.parse({ gameTarget: null, matchPoints: MATCH_POINTS_CHESS });
const resolve = (input: MatchUpResultInput, scoring = redemption, hasSideB = true) =>
  resolveResult(MatchUpResult.parse(input), hasSideB, scoring);

describe('game points to 5 and match points 3 / 2 / 1.5 / 0', () => {
  it('5-3 is a win: 3 match points to the winner, 0 to the loser', () => {
    const r = resolve({ score: { a: 5, b: 3 } });
    expect([r.a.outcome, r.a.matchPoints, r.b?.outcome, r.b?.matchPoints]).toEqual(['WIN', 3, 'LOSS', 0]);
  });
  it('4-3 is a timed win (nobody reached 5): 2 match points', () => {
    const r = resolve({ score: { a: 4, b: 3 } });
    expect([r.a.outcome, r.a.matchPoints, r.b?.matchPoints]).toEqual(['TIMED_WIN', 2, 0]);
  });
  it('4-4 is a draw: 1.5 each', () => {
    const r = resolve({ score: { a: 4, b: 4 } });
    expect([r.a.outcome, r.a.matchPoints, r.b?.outcome, r.b?.matchPoints]).toEqual(['DRAW', 1.5, 'DRAW', 1.5]);
  });
  it('2-5 gives the other side 3 and keeps the game points for the differential', () => {
    const r = resolve({ score: { a: 2, b: 5 } });
    expect([r.a.matchPoints, r.b?.matchPoints, r.a.pointsWon, r.a.pointsLost]).toEqual([0, 3, 2, 5]);
  });
  it('refuses a score where both sides reached the target', () => {
    expect(() => resolve({ score: { a: 5, b: 6 } })).toThrow(/both sides cannot reach the target of 5/);
  });
  it('a custom target changes what a timed win is', () => {
    const to25 = ScoringPolicy.parse({ gameTarget: 25, matchPoints: MATCH_POINTS_REDEMPTION });
    expect(resolve({ score: { a: 24, b: 3 } }, to25).a.outcome).toBe('TIMED_WIN');
    expect(resolve({ score: { a: 25, b: 3 } }, to25).a.outcome).toBe('WIN');
  });
  it('chess table: 1 / 0.5 / 0', () => {
    expect(resolve({ winner: 'a' }, chess).a.matchPoints).toBe(1);
    expect(resolve({ winner: 'draw' }, chess).b?.matchPoints).toBe(0.5);
    expect(resolve({ score: { a: 0, b: 1 } }, chess).a.matchPoints).toBe(0);
  });
  it('a custom table is honoured', () => {
    const custom = ScoringPolicy.parse({ matchPoints: { win: 2, timedWin: 1, draw: 1, loss: 0.25 } });
    const r = resolve({ score: { a: 3, b: 1 } }, custom);
    expect([r.a.matchPoints, r.b?.matchPoints]).toEqual([1, 0.25]);
  });
  it('refuses negative game points with the message the organizer reads: the side at fault and the bound', () => {
    const refusal = (input: unknown) => {
      const parsed = MatchUpResult.safeParse(input);
      return parsed.success ? 'accepted' : describeIssues(parsed.error.issues);
    };
    expect(refusal({ score: { a: -1, b: 3 } })).toBe('score.a: must be at least 0');
    expect(refusal({ score: { a: 3, b: -2 } })).toBe('score.b: must be at least 0');
  });
});

describe('unplayed kinds must agree with their result', () => {
  const cases: Array<[MatchUpResultInput, boolean, string, string | undefined, number, number | undefined]> = [
    [{ kind: 'FORFEIT_WIN', winner: 'a' }, true, 'WIN', 'LOSS', 3, 0],
    [{ kind: 'FORFEIT_LOSS' }, true, 'LOSS', 'WIN', 0, 3],
    [{ kind: 'DOUBLE_FORFEIT' }, true, 'LOSS', 'LOSS', 0, 0],
    [{ kind: 'FULL_BYE' }, false, 'WIN', undefined, 3, undefined],
    [{ kind: 'PAIRING_BYE', winner: 'a' }, false, 'WIN', undefined, 3, undefined],
    [{ kind: 'HALF_BYE', winner: 'draw' }, false, 'DRAW', undefined, 1.5, undefined],
    [{ kind: 'ZERO_BYE' }, false, 'LOSS', undefined, 0, undefined],
  ];
  it.each(cases)('%o', (input, hasB, outcomeA, outcomeB, mpA, mpB) => {
    const r = resolve(input, redemption, hasB);
    expect(r.played).toBe(false);
    expect([r.a.outcome, r.b?.outcome, r.a.matchPoints, r.b?.matchPoints]).toEqual([outcomeA, outcomeB, mpA, mpB]);
  });
  it.each([
    [{ kind: 'FORFEIT_WIN', winner: 'b' }, true, /FORFEIT_WIN requires winner "a", got "b"/],
    [{ kind: 'FORFEIT_LOSS', winner: 'a' }, true, /FORFEIT_LOSS requires winner "b"/],
    [{ kind: 'HALF_BYE', winner: 'a' }, false, /HALF_BYE requires winner "draw"/],
    [{ kind: 'ZERO_BYE', winner: 'a' }, false, /ZERO_BYE requires winner "b"/],
    [{ kind: 'DOUBLE_FORFEIT', winner: 'a' }, true, /DOUBLE_FORFEIT requires no winner/],
    [{ kind: 'FORFEIT_WIN', score: { a: 5, b: 0 } }, true, /unplayed and takes no score/],
    [{ kind: 'PAIRING_BYE' }, true, /for a player without an opponent/],
    [{ kind: 'PLAYED', winner: 'a' }, false, /a bye matchUp needs a bye kind/],
    [{ kind: 'PLAYED', score: { a: 5, b: 3 }, winner: 'b' }, true, /winner "b" disagrees with the score 5-3/],
    [{ kind: 'PLAYED' }, true, /needs a score or a winner/],
  ] as const)('refuses %o', (input, hasB, message) => {
    expect(() => resolve(input as MatchUpResultInput, redemption, hasB)).toThrow(message);
  });
  it('a pairing bye credits the phantom score as game points (SoL uses 25)', () => {
    const sol = ScoringPolicy.parse({ phantomScore: 25 });
    expect(resolve({ kind: 'PAIRING_BYE' }, sol, false).a).toMatchObject({
      pointsWon: 25,
      pointsLost: 0,
      outcome: 'WIN',
    });
  });
});

describe('meaningless results are refused, naming the conflict', () => {
  it('an empty result on a two-sided matchUp: a played result needs a score or a winner', () => {
    expect(MatchUpResult.parse({})).toEqual({ kind: 'PLAYED' });
    expect(() => resolve({})).toThrow('a played result needs a score or a winner');
  });
  it.each([
    [{ score: { a: 3, b: 5 }, winner: 'a' }, 'winner "a" disagrees with the score 3-5'],
    [{ score: { a: 4, b: 4 }, winner: 'b' }, 'winner "b" disagrees with the score 4-4'],
    [{ score: { a: 4, b: 3 }, winner: 'draw' }, 'winner "draw" disagrees with the score 4-3'],
  ] as const)('a played result whose winner disagrees with its score: %o', (input, message) => {
    expect(() => resolve(input)).toThrow(message);
  });
  it.each(['FULL_BYE', 'HALF_BYE', 'PAIRING_BYE', 'ZERO_BYE'] as const)('a %s on a two-sided matchUp', (kind) => {
    expect(() => resolve({ kind })).toThrow(`kind ${kind} is for a player without an opponent`);
  });
  it.each(['PLAYED', 'FORFEIT_WIN', 'FORFEIT_LOSS', 'DOUBLE_FORFEIT'] as const)('a %s on a bye matchUp', (kind) => {
    const onBye = () => resolve({ kind, winner: 'a' }, redemption, false);
    expect(onBye).toThrow(`a bye matchUp needs a bye kind, not ${kind}`);
  });
  it.each([
    ['FULL_BYE', 'b', false, 'kind FULL_BYE requires winner "a", got "b"'],
    ['PAIRING_BYE', 'draw', false, 'kind PAIRING_BYE requires winner "a", got "draw"'],
    ['FORFEIT_WIN', 'draw', true, 'kind FORFEIT_WIN requires winner "a", got "draw"'],
    ['DOUBLE_FORFEIT', 'draw', true, 'kind DOUBLE_FORFEIT requires no winner, got "draw"'],
  ] as const)('a %s whose winner is "%s"', (kind, winner, hasB, message) => {
    expect(() => resolve({ kind, winner }, redemption, hasB)).toThrow(message);
  });
  it('an unplayed kind carrying a score', () => {
    const scored = () => resolve({ kind: 'DOUBLE_FORFEIT', score: { a: 0, b: 0 } });
    expect(scored).toThrow('kind DOUBLE_FORFEIT is unplayed and takes no score');
  });
  it('the meaningful neighbours still pass', () => {
    expect(resolve({ winner: 'a' }).a.outcome).toBe('WIN');
    expect(resolve({ score: { a: 0, b: 0 }, winner: 'draw' }).a.outcome).toBe('DRAW');
    expect(resolve({ kind: 'DOUBLE_FORFEIT' }).b?.outcome).toBe('LOSS');
    expect(resolve({ kind: 'FULL_BYE', winner: 'a' }, redemption, false).a.outcome).toBe('WIN');
  });
});

describe('how a won game ended (docs/results.md#how-a-game-was-won)', () => {
  it('a win by resignation or on time counts as the win it is', () => {
    const r = resolve({ score: { a: 1, b: 0 }, decidedBy: 'RESIGNATION' }, chess);
    expect([r.a.outcome, r.a.matchPoints, r.b?.matchPoints]).toEqual(['WIN', 1, 0]);
    expect(resolve({ winner: 'b', decidedBy: 'TIME' }, chess).b?.outcome).toBe('WIN');
  });
  it('a draw or an unplayed game has no way it was won', () => {
    expect(() => resolve({ score: { a: 0.5, b: 0.5 }, decidedBy: 'TIME' }, chess)).toThrow(
      'a drawn game is not won by time',
    );
    expect(() => resolve({ kind: 'FORFEIT_WIN', decidedBy: 'RESIGNATION' })).toThrow(
      'kind FORFEIT_WIN was not played: it has no way it ended',
    );
  });
});
