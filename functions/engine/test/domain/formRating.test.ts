import { describe, expect, it } from 'vitest';
import { applyResultChange } from '../../src/domain/processing/change.js';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { presetPolicy } from '../../src/domain/policy/policy.js';
import { type ParticipantState, type ParticipantStates, formRating } from '../../src/domain/ratings/state.js';

/**
 * The logistic expectation (docs/ratings.md#expectation), written out here so the test does not judge the engine by
 * its own formula.
 */
const expected = (own: number, other: number) => 1 / (1 + 10 ** ((other - own) / 400));

const game = (matchUpId: string, roundNumber: number, order: number, a: string, b: string, won: boolean) =>
  ({
    matchUpId,
    roundNumber,
    order,
    a,
    b,
    result: { kind: 'PLAYED', score: won ? { a: 5, b: 0 } : { a: 0, b: 5 } },
  }) satisfies MatchUpRecord;

describe('the form rating, defined once (state.formRating)', () => {
  // a plays twice in round 1 (SoL's ALL method can pair so): first, by place in the round, the game whose id sorts
  // last. Only the matchUp order (round, place, id) tells which game came first.
  const policy = presetPolicy('PRESSURE'); // PER_MATCHUP, K 24, scale 400, point share
  const people = [
    { participantId: 'a', rating: 1500 },
    { participantId: 'b', rating: 1700 },
    { participantId: 'c', rating: 1300 },
  ];
  const first = game('r1-z', 1, 0, 'a', 'b', true);
  const second = game('r1-a', 1, 1, 'a', 'c', false);
  const afterFirst = 1500 + 24 * (1 - expected(1500, 1700));
  const afterSecond = afterFirst + 24 * (0 - expected(afterFirst, 1300));

  it('is the rating after the last rated game in matchUp order, whatever order the history is stored in', () => {
    const a = foldCompetition(policy, people, [second, first]).a!;
    expect(a.dynamicFormRating).toBeCloseTo(afterSecond, 10);
    expect(formRating(a)).toBeCloseTo(afterSecond, 10);
    const reversed: ParticipantState = { ...a, ratingHistory: [...a.ratingHistory].reverse() };
    expect(formRating(reversed)).toBeCloseTo(afterSecond, 10);
  });

  it('given a matchUp, is the rating after the last rated game before it (the baseline before any)', () => {
    const a = foldCompetition(policy, people, [first, second]).a!;
    expect(formRating(a, first)).toBe(1500);
    expect(formRating(a, second)).toBeCloseTo(afterFirst, 10);
    expect(formRating(a, { roundNumber: 2, order: 0, matchUpId: 'r2-m1' })).toBeCloseTo(afterSecond, 10);
  });

  it('the fold and the single-result changes agree on it: the second game starts from the first', () => {
    // Were either computed by round or by id alone, the change would rate the second game from the baseline.
    let states: ParticipantStates = foldCompetition(policy, people, [
      { ...first, result: null },
      { ...second, result: null },
    ]);
    for (const matchUp of [first, second]) {
      const outcome = applyResultChange(policy, matchUp, states);
      if (outcome.status !== 'APPLIED') throw new Error(`${matchUp.matchUpId}: ${outcome.status}, not APPLIED`);
      states = { ...states, ...outcome.states };
    }
    const [one, two] = states.a!.ratingHistory;
    expect(one!.dynamicFormRatingBefore).toBe(1500);
    expect(two!.dynamicFormRatingBefore).toBeCloseTo(afterFirst, 10);
    expect(states.a!.dynamicFormRating).toBeCloseTo(afterSecond, 10);
    expect(states).toEqual(foldCompetition(policy, people, [first, second]));
  });
});
