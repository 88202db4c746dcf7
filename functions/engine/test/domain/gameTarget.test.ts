import { describe, expect, it } from 'vitest';
import { computeStandings } from '../../src/domain/standings/competition.js';
import { DomainError } from '../../src/domain/common/errors.js';
import {
  type PresetName,
  MATCH_POINTS_CHESS,
  MATCH_POINTS_REDEMPTION,
  ScoringPolicy,
  presetPolicy,
  resolvePolicy,
} from '../../src/domain/policy/policy.js';
import { type MatchUpResultInput, MatchUpResult, resolveResult } from '../../src/domain/results/results.js';

const to = (gameTarget: number | null, playPastTarget: 'NEVER' | 'WIN_BY_TWO' = 'NEVER') =>
  ScoringPolicy.parse({ gameTarget, playPastTarget, matchPoints: MATCH_POINTS_REDEMPTION });
const redemption = presetPolicy('REDEMPTION').scoringPolicy;
const resolve = (input: MatchUpResultInput, scoring = redemption) =>
  resolveResult(MatchUpResult.parse(input), true, scoring);
const score = (a: number, b: number, scoring = redemption) => resolve({ score: { a, b } }, scoring);

describe('the game score goes up to 5', () => {
  it('refuses 7-3 in a game to 5, naming the score and the target', () => {
    expect(() => score(7, 3)).toThrow('score 7-3: a game to 5 ends when a side reaches 5, so no side can score more');
  });
  it.each([
    [6, 0],
    [0, 6],
    [3, 7],
    [6, 4],
    [10000, 0],
  ])('refuses %i-%i as an invalid argument', (a, b) => {
    expect(() => score(a, b)).toThrow(DomainError);
    expect(() => score(a, b)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect(() => score(a, b)).toThrow(`score ${a}-${b}: a game to 5 ends when a side reaches 5`);
  });
  it('refuses a score where both sides reached the target (5-5, 6-5, 7-5), from the same rule', () => {
    expect(() => score(5, 5)).toThrow('score 5-5: both sides cannot reach the target of 5');
    expect(() => score(6, 5)).toThrow('score 6-5: both sides cannot reach the target of 5');
    expect(() => score(5, 7)).toThrow('score 5-7: both sides cannot reach the target of 5');
  });
  it('still reads every score up to the target: wins, timed wins, draws', () => {
    expect([score(5, 0).a.outcome, score(5, 4).a.outcome, score(4, 5).b?.outcome]).toEqual(['WIN', 'WIN', 'WIN']);
    expect(score(4, 3).a.outcome).toBe('TIMED_WIN');
    expect([score(0, 0).a.outcome, score(4, 4).b?.outcome]).toEqual(['DRAW', 'DRAW']);
  });
  it('a stored tournament holding such a score counts it as no result, rather than ranking its winner', () => {
    const result = { kind: 'PLAYED' as const, score: { a: 7, b: 3 } };
    const matchUps = [{ matchUpId: 'm1', roundNumber: 1, order: 0, a: 'p1', b: 'p2', result }];
    const players = [
      { participantId: 'p1', rating: 1500 },
      { participantId: 'p2', rating: 1500 },
    ];
    const { states } = computeStandings(presetPolicy('REDEMPTION'), players, matchUps);
    expect([states.p1!.wins, states.p1!.matchPoints, states.p2!.losses]).toEqual([0, 0, 0]);
  });
});

describe('playPastTarget: off by default, WIN_BY_TWO allows a game won two points clear past the target', () => {
  it.each(['STANDARD', 'PRESSURE', 'SWISS', 'REDEMPTION', 'CHESS'] as PresetName[])(
    'is NEVER in the %s preset',
    (name) => {
      expect(presetPolicy(name).scoringPolicy.playPastTarget).toBe('NEVER');
    },
  );
  it('is NEVER when a policy does not mention it', () => {
    expect(ScoringPolicy.parse({}).playPastTarget).toBe('NEVER');
  });
  it.each([
    [7, 5],
    [6, 4],
    [5, 7],
    [4, 6],
    [12, 10],
  ])('WIN_BY_TWO to 5: %i-%i is a win with its game points kept', (a, b) => {
    const r = score(a, b, to(5, 'WIN_BY_TWO'));
    const [winner, loser] = a > b ? [r.a, r.b!] : [r.b!, r.a];
    expect([winner.outcome, winner.matchPoints, loser.outcome, loser.matchPoints]).toEqual(['WIN', 3, 'LOSS', 0]);
    expect([r.a.pointsWon, r.a.pointsLost]).toEqual([a, b]);
  });
  it.each([
    [7, 3],
    [6, 5],
    [5, 5],
    [8, 5],
    [9, 3],
  ])('WIN_BY_TWO to 5: refuses %i-%i, naming the two-point rule', (a, b) => {
    expect(() => score(a, b, to(5, 'WIN_BY_TWO'))).toThrow(
      `score ${a}-${b}: a game to 5 played past the target ends two points clear (such as 6-4 or 7-5)`,
    );
  });
  it('WIN_BY_TWO reads scores up to the target as before', () => {
    const byTwo = to(5, 'WIN_BY_TWO');
    const outcomes = [score(5, 3, byTwo), score(5, 4, byTwo), score(4, 3, byTwo)].map((r) => r.a.outcome);
    expect(outcomes).toEqual(['WIN', 'WIN', 'TIMED_WIN']);
  });
  it('is set through a policy override, and an unknown value is refused naming the field', () => {
    const byTwo = resolvePolicy('REDEMPTION', { scoringPolicy: { playPastTarget: 'WIN_BY_TWO' } });
    expect(byTwo.scoringPolicy.playPastTarget).toBe('WIN_BY_TWO');
    const unknown = () => resolvePolicy('REDEMPTION', { scoringPolicy: { playPastTarget: 'SOMETIMES' } });
    expect(unknown).toThrow(/scoringPolicy\.playPastTarget/);
  });
});

describe('other targets and other score shapes', () => {
  it.each([11, 21])('a game to %i follows the same rules', (target) => {
    expect(score(target, target - 2, to(target)).a.outcome).toBe('WIN');
    expect(score(target - 1, 3, to(target)).a.outcome).toBe('TIMED_WIN');
    expect(() => score(target + 1, 3, to(target))).toThrow(`a game to ${target} ends when a side reaches ${target}`);
    expect(score(target + 2, target, to(target, 'WIN_BY_TWO')).a.outcome).toBe('WIN');
    expect(() => score(target + 1, target, to(target, 'WIN_BY_TWO'))).toThrow('ends two points clear');
    expect(() => score(target + 3, target - 1, to(target, 'WIN_BY_TWO'))).toThrow('ends two points clear');
  });
  it('chess-style results with only a winner keep working, with or without a target', () => {
    const chess = ScoringPolicy.parse({ gameTarget: null, matchPoints: MATCH_POINTS_CHESS });
    for (const scoring of [chess, redemption, to(5, 'WIN_BY_TWO')]) {
      expect(resolve({ winner: 'a' }, scoring).a.outcome).toBe('WIN');
      expect(resolve({ winner: 'b' }, scoring).b?.outcome).toBe('WIN');
      expect(resolve({ winner: 'draw' }, scoring).a.outcome).toBe('DRAW');
    }
  });
  it('without a target (gameTarget null) any lead is a win, however large', () => {
    expect(score(7, 3, to(null)).a.outcome).toBe('WIN');
    expect(score(10000, 0, to(null)).a.outcome).toBe('WIN');
  });
});
