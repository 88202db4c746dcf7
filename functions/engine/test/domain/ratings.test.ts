import { describe, expect, it } from 'vitest';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { baselineRatingOf } from '../../src/domain/ratings/participants.js';
import { parsePolicy, PRESET_POLICIES, presetPolicy, resolvePolicy } from '../../src/domain/policy/policy.js';
import { actualOutput, aggregateRatings, expectedScore } from '../../src/domain/ratings/ratings.js';

const played = (id: string, round: number, a: string, b: string, sa: number, sb: number, order = 0): MatchUpRecord => ({
  matchUpId: id,
  roundNumber: round,
  order,
  a,
  b,
  result: { kind: 'PLAYED', score: { a: sa, b: sb } },
});

describe('policy schema and presets', () => {
  it('the presets carry their documented settings', () => {
    const standard = presetPolicy('STANDARD');
    expect(standard.pairingPolicy).toMatchObject({ method: 'DRAW_MATIC', ratingSource: 'DYNAMIC_FORM' });
    expect(standard.victoryPolicy.tiebreakOrder).toEqual(['POINT_DIFFERENTIAL', 'HEAD_TO_HEAD', 'DYNAMIC_FORM_RATING']);
    expect(standard.ratingPolicy.pressureRating).toBeUndefined();
    expect(standard.processingGranularity).toBe('PER_ROUND');
    const pressure = presetPolicy('PRESSURE');
    expect(pressure.victoryPolicy.primaryRanking).toBe('PRESSURE_RATING');
    expect(pressure.ratingPolicy.pressureRating).toMatchObject({
      enabled: true,
      actualOutputMethod: 'POINT_SHARE',
      expectationSource: 'BASELINE_ONLY',
    });
    expect(pressure.processingGranularity).toBe('PER_MATCHUP');
    const swiss = presetPolicy('SWISS');
    expect(swiss.pairingPolicy.method).toBe('SWISS');
    expect(swiss.victoryPolicy.tiebreakOrder).toEqual([
      'BUCHHOLZ',
      'SONNEBORN_BERGER',
      'HEAD_TO_HEAD',
      'PRESSURE_RATING',
    ]);
    for (const p of [standard, pressure, swiss])
      expect(p.ratingPolicy.dynamicFormRating).toMatchObject({
        kFactor: 24,
        logisticScale: 400,
        initializeFrom: 'BASELINE',
      });
    expect(Object.keys(PRESET_POLICIES)).toEqual(['STANDARD', 'PRESSURE', 'SWISS', 'REDEMPTION', 'CHESS', 'TCG', 'GO']);
    // The card games' preset: best of three, 3 / 1 / 0 (a match won at time 1-0 is a win), MTR 3.1's tiebreakers.
    expect(presetPolicy('TCG')).toMatchObject({
      scoringPolicy: { gameTarget: 2, matchPoints: { win: 3, timedWin: 3, draw: 1, loss: 0 } },
      victoryPolicy: {
        primaryRanking: 'MATCH_POINTS',
        tiebreakOrder: ['OPPONENTS_MATCH_WIN_PERCENTAGE', 'GAME_WIN_PERCENTAGE', 'OPPONENTS_GAME_WIN_PERCENTAGE'],
      },
    });
    // The chess preset plays FIDE colours on the chess table; the others play without colours.
    expect(presetPolicy('CHESS')).toMatchObject({
      pairingPolicy: { method: 'SWISS', colours: 'FIDE' },
      scoringPolicy: { matchPoints: { win: 1, draw: 0.5, loss: 0 } },
    });
    expect(swiss.pairingPolicy.colours).toBeUndefined();
  });
  it('refuses a bad policy with messages that name each field', () => {
    const bad = structuredClone(PRESET_POLICIES.STANDARD) as unknown as {
      pairingPolicy: { method: string };
      ratingPolicy: { dynamicFormRating: { logisticScale: number }; baselineRating: { frozenDuringEvent: boolean } };
      victoryPolicy: { tiebreakOrder: string[] };
    };
    bad.pairingPolicy.method = 'ROUND_ABOUT';
    bad.ratingPolicy.dynamicFormRating.logisticScale = 0;
    bad.victoryPolicy.tiebreakOrder = ['COIN_TOSS'];
    bad.ratingPolicy.baselineRating.frozenDuringEvent = false;
    let message = '';
    try {
      parsePolicy(bad);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/pairingPolicy\.method/);
    expect(message).toMatch(/ratingPolicy\.dynamicFormRating\.logisticScale/);
    expect(message).toMatch(/victoryPolicy\.tiebreakOrder\[0\]/);
    expect(message).toMatch(/ratingPolicy\.baselineRating\.frozenDuringEvent/);
  });
  it('refuses unknown fields rather than ignoring them', () => {
    expect(() => resolvePolicy('STANDARD', { pairingPolicy: { lanesize: 4 } })).toThrow(/pairingPolicy.*lanesize/);
  });
  it('accepts the policy wrapped as { competition: {...} } and deep-merges overrides', () => {
    const p = resolvePolicy(
      { competition: PRESET_POLICIES.PRESSURE },
      { ratingPolicy: { dynamicFormRating: { kFactor: 32 } } },
    );
    expect(p.ratingPolicy.dynamicFormRating).toMatchObject({ kFactor: 32, logisticScale: 400 });
  });
  it('an unknown preset name is refused', () => {
    expect(() => resolvePolicy('FANCY')).toThrow(/unknown policy preset "FANCY"/);
  });
});

describe('rating tracks', () => {
  it('logistic expectation E = 1 / (1 + 10^((Rb - Ra)/scale))', () => {
    expect(expectedScore(1500, 1500, 400)).toBe(0.5);
    expect(expectedScore(1800, 1400, 400)).toBeCloseTo(1 / (1 + 10 ** -1), 12);
    expect(expectedScore(1400, 1800, 200)).toBeCloseTo(1 / (1 + 10 ** 2), 12);
  });
  it('actual output: POINT_SHARE, WEIGHTED, and 0.5 with no points', () => {
    const share = presetPolicy('PRESSURE');
    expect(actualOutput(5, 3, share)).toBe(5 / 8);
    expect(actualOutput(0, 0, share)).toBe(0.5);
    const weighted = resolvePolicy('PRESSURE', {
      ratingPolicy: {
        pressureRating: {
          actualOutputMethod: 'WEIGHTED',
          weights: { pointShare: 1, pointDifferential: 1, contextFactor: 2 },
        },
      },
    });
    // (1 * 5/8 + 1 * 2/8 + 2 * 0) / 4
    expect(actualOutput(5, 3, weighted)).toBeCloseTo((5 / 8 + 2 / 8) / 4, 15);
  });
  it('aggregation for doubles and teams', () => {
    expect(aggregateRatings([1400, 1600])).toBe(1500);
    expect(aggregateRatings([1400, 1600], 'MIN')).toBe(1400);
    expect(aggregateRatings([1400, 1600], 'MAX')).toBe(1600);
    expect(aggregateRatings([1400, 1600], 'SUM')).toBe(3000);
  });
  it('baseline from SCALE (members aggregated), SEEDING or MANUAL', () => {
    const scale = resolvePolicy('STANDARD', { ratingPolicy: { ratingAggregation: 'MAX' } });
    expect(baselineRatingOf({ participantId: 'pair', members: [{ rating: 1400 }, { rating: 1700 }] }, scale)).toBe(
      1700,
    );
    const named = resolvePolicy('STANDARD', { ratingPolicy: { baselineRating: { scaleName: 'WTN' } } });
    expect(baselineRatingOf({ participantId: 'x', rating: 1, ratings: { WTN: 21.5 } }, named)).toBe(21.5);
    const seeding = resolvePolicy('STANDARD', { ratingPolicy: { baselineRating: { source: 'SEEDING' } } });
    expect(
      [1, 2, 5].map((seedPosition) => baselineRatingOf({ participantId: 's', seedPosition, rating: 999 }, seeding)),
    ).toEqual([2000, 1975, 1900]);
    const manual = resolvePolicy('STANDARD', { ratingPolicy: { baselineRating: { source: 'MANUAL' } } });
    expect(baselineRatingOf({ participantId: 'm', manualRating: 1234, rating: 999 }, manual)).toBe(1234);
    expect(() => baselineRatingOf({ participantId: 'm' }, manual)).toThrow(/m has no manualRating/);
    expect(() => baselineRatingOf({ participantId: 'u' }, scale)).toThrow(/u has no rating/);
    const unrated = resolvePolicy('STANDARD', { ratingPolicy: { baselineRating: { unratedValue: 1200 } } });
    expect(baselineRatingOf({ participantId: 'u' }, unrated)).toBe(1200);
  });
  it('dynamic form moves by kFactor * (actual - expected from form); pressure accumulates actual - expected from baseline', () => {
    const policy = presetPolicy('PRESSURE');
    const people = [
      { participantId: 'a', rating: 1600 },
      { participantId: 'b', rating: 1400 },
      { participantId: 'c', rating: 1500 },
    ];
    const states = foldCompetition(policy, people, [played('m1', 1, 'a', 'b', 5, 0), played('m2', 2, 'a', 'c', 0, 5)]);
    const a = states.a!;
    const afterFirst = 1600 + 24 * (1 - expectedScore(1600, 1400, 400));
    const cAfter0 = 1500;
    expect(a.ratingHistory[0]!.dynamicFormRatingAfter).toBeCloseTo(afterFirst, 10);
    expect(a.dynamicFormRating).toBeCloseTo(afterFirst + 24 * (0 - expectedScore(afterFirst, cAfter0, 400)), 10);
    // Pressure uses frozen baselines only: the first win's expectation is from 1600 v 1400 whatever the form did.
    expect(a.pressureRating).toBeCloseTo(1 - expectedScore(1600, 1400, 400) + (0 - expectedScore(1600, 1500, 400)), 12);
    expect(a.baselineRating).toBe(1600);
  });
  it('PER_ROUND: every matchUp of a round uses the ratings as they stood when the round began', () => {
    const perRound = resolvePolicy('PRESSURE', { processingGranularity: 'PER_ROUND' });
    const perMatchUp = presetPolicy('PRESSURE');
    const people = ['a', 'b', 'c'].map((id, i) => ({ participantId: id, rating: 1500 + 100 * i }));
    // a plays twice in round 1 (as SoL's ALL method can produce).
    const games = [played('m1', 1, 'a', 'b', 5, 0, 0), played('m2', 1, 'a', 'c', 5, 0, 1)];
    const round = foldCompetition(perRound, people, games).a!;
    const matchUp = foldCompetition(perMatchUp, people, games).a!;
    const second = round.ratingHistory[1]!;
    expect(second.dynamicFormRatingAfter - second.dynamicFormRatingBefore).toBeCloseTo(
      24 * (1 - expectedScore(1500, 1700, 400)),
      12,
    );
    expect(matchUp.ratingHistory[1]!.dynamicFormRatingBefore).toBe(matchUp.ratingHistory[0]!.dynamicFormRatingAfter);
    expect(round.dynamicFormRating).not.toBe(matchUp.dynamicFormRating);
  });
  it('PER_ROUND: a round is applied only once its last matchUp has a result', () => {
    const perRound = presetPolicy('STANDARD');
    const people = ['a', 'b', 'c', 'd'].map((id) => ({ participantId: id, rating: 1500 }));
    const open: MatchUpRecord = { matchUpId: 'm2', roundNumber: 1, order: 1, a: 'c', b: 'd', result: null };
    expect(foldCompetition(perRound, people, [played('m1', 1, 'a', 'b', 5, 0), open]).a!.wins).toBe(0);
    expect(
      foldCompetition(perRound, people, [
        played('m1', 1, 'a', 'b', 5, 0),
        { ...open, result: { kind: 'PLAYED', winner: 'a' } },
      ]).a!.wins,
    ).toBe(1);
  });
  it('unplayed results count in the standings but never move a rating track', () => {
    const policy = presetPolicy('SWISS');
    const people = ['a', 'b', 'c'].map((id) => ({ participantId: id, rating: 1500 }));
    const states = foldCompetition(policy, people, [
      { matchUpId: 'm1', roundNumber: 1, order: 0, a: 'a', b: 'b', result: { kind: 'FORFEIT_WIN' } },
      { matchUpId: 'm2', roundNumber: 1, order: 1, a: 'c', b: null, result: { kind: 'PAIRING_BYE' } },
    ]);
    expect(states.a).toMatchObject({
      wins: 1,
      matchPoints: 3,
      dynamicFormRating: 1500,
      pressureRating: 0,
      roundsPlayed: 0,
      ratingHistory: [],
    });
    expect(states.b).toMatchObject({ losses: 1, matchPoints: 0, dynamicFormRating: 1500 });
    expect(states.c).toMatchObject({ wins: 1, matchPoints: 3, dynamicFormRating: 1500, roundsPlayed: 0 });
  });
  it("the participant state has exactly tods' fields (plus match points and the result list)", () => {
    const state = foldCompetition(
      presetPolicy('SWISS'),
      [
        { participantId: 'a', rating: 1 },
        { participantId: 'b', rating: 2 },
      ],
      [played('m', 1, 'a', 'b', 5, 1)],
    ).a!;
    expect(Object.keys(state).sort()).toEqual(
      [
        'participantId',
        'baselineRating',
        'dynamicFormRating',
        'pressureRating',
        'roundsPlayed',
        'wins',
        'losses',
        'draws',
        'totalPointsWon',
        'totalPointsLost',
        'ratingHistory',
        'matchPoints',
        'results',
      ].sort(),
    );
    expect(Object.keys(state.ratingHistory[0]!).sort()).toEqual(
      [
        'roundNumber',
        'opponentParticipantId',
        'dynamicFormRatingBefore',
        'dynamicFormRatingAfter',
        'pressureDelta',
        'actualOutput',
        'expectedOutput',
        'matchUpId',
      ].sort(),
    );
  });
});
