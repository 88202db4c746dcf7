import { describe, expect, it } from 'vitest';
import { roundRating } from '../../src/domain/acceptance.js';
import type { MatchUpChange } from '../../src/domain/change.js';
import { staleMarkers } from '../../src/domain/change.js';
import { foldCompetition } from '../../src/domain/fold.js';
import type { MatchUpRecord } from '../../src/domain/matchUps.js';
import type { CompetitionPolicy } from '../../src/domain/policy.js';
import { presetPolicy } from '../../src/domain/policy.js';
import type { MatchUpResult } from '../../src/domain/results.js';
import { needsStates, scoreStep } from '../../src/domain/scoreStep.js';

const people = ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ participantId: id, rating: 1500 + 40 * i }));
const win: MatchUpResult = { kind: 'PLAYED', score: { a: 5, b: 1 } };
const loss: MatchUpResult = { kind: 'PLAYED', score: { a: 2, b: 5 } };
const game = (matchUpId: string, roundNumber: number, a: string, b: string | null, result: MatchUpResult | null) =>
  ({ matchUpId, roundNumber, order: Number(matchUpId.slice(-1)), a, b, result }) satisfies MatchUpRecord;

const perMatchUp = presetPolicy('PRESSURE');
const perRound = presetPolicy('SWISS');

/** The decision for the event of `current`, the marker holding `applied`, the states the fold of `stored` gives. */
function decide(policy: CompetitionPolicy, change: MatchUpChange, stored: MatchUpRecord[]) {
  return {
    needsStates: needsStates(policy, change),
    step: scoreStep(policy, change, foldCompetition(policy, people, stored)),
  };
}

describe('the score event’s decision (scoreStep), PER_MATCHUP', () => {
  const m1 = game('r1-m1', 1, 'a', 'b', win);

  it('a result already applied needs no state and does nothing', () => {
    expect(decide(perMatchUp, { applied: m1, current: m1 }, [m1])).toEqual({
      needsStates: false,
      step: { action: 'NOTHING' },
    });
  });

  it('a new or corrected result is brought in line at once, with no round to read', () => {
    expect(decide(perMatchUp, { current: m1 }, [{ ...m1, result: null }]).step).toEqual({ action: 'RECONCILE' });
    const corrected = { ...m1, result: loss };
    expect(decide(perMatchUp, { applied: m1, current: corrected }, [m1]).step).toEqual({ action: 'RECONCILE' });
  });

  it('no game under the id, now or before, is nothing to do', () => {
    expect(decide(perMatchUp, {}, [])).toEqual({ needsStates: false, step: { action: 'NOTHING' } });
  });
});

describe('the score event’s decision (scoreStep), PER_ROUND', () => {
  const m1 = game('r1-m1', 1, 'a', 'b', win);
  const m2 = game('r1-m2', 1, 'c', 'd', loss);
  const bye = game('r1-bye3', 1, 'e', null, { kind: 'PAIRING_BYE' });
  const open = [m1, { ...m2, result: null }, bye];
  const rated = [m1, m2, bye];

  it('the first result of an open round is only noted, and the round may be rated once it is through', () => {
    expect(decide(perRound, { current: m1 }, open).step).toEqual({ action: 'MARK', waitingRound: 1 });
  });

  it('the same result again needs the states: its round may still wait to be rated by this event', () => {
    expect(decide(perRound, { applied: m1, current: m1 }, open)).toEqual({
      needsStates: true,
      step: { action: 'NOTHING', waitingRound: 1 },
    });
  });

  it('the same result again in a rated round does nothing and waits for nothing', () => {
    expect(decide(perRound, { applied: m1, current: m1 }, rated).step).toEqual({ action: 'NOTHING' });
  });

  it('a correction in a rated round re-rates the whole round', () => {
    const corrected = { ...m1, result: loss };
    expect(decide(perRound, { applied: m1, current: corrected }, rated).step).toEqual({
      action: 'RECONCILE',
      roundNumber: 1,
    });
  });

  it('a result cleared in an open round is noted, with nothing to wait for; cleared again, it needs no state', () => {
    const cleared = { ...m1, result: null };
    expect(decide(perRound, { applied: m1, current: cleared }, open).step).toEqual({ action: 'MARK' });
    expect(needsStates(perRound, { applied: cleared, current: cleared })).toBe(false);
  });

  it('an id re-used in another round is reconciled when the round it was in is rated for its old players', () => {
    // r1-m1 (a v b, rated) is now a game of round 2 between c and e: a and b must lose it, whatever round 2 holds.
    const moved = game('r2-m1', 2, 'c', 'e', win);
    const reused = { ...moved, matchUpId: 'r1-m1' };
    expect(decide(perRound, { applied: m1, current: reused }, rated).step).toEqual({
      action: 'RECONCILE',
      roundNumber: 2,
    });
  });
});

describe('what a round change leaves for the views and the markers', () => {
  const m1 = game('r1-m1', 1, 'a', 'b', win);
  const m2 = game('r1-m2', 1, 'c', 'd', null);

  it('a PER_ROUND round is WAITING until every matchUp has a result, then RATED', () => {
    expect(roundRating([m1, m2])).toBe('WAITING');
    expect(roundRating([m1, { ...m2, result: loss }])).toBe('RATED');
  });

  it('stale markers: games gone from the round under an id it no longer holds, bar the writer’s own', () => {
    const gone = game('r1-m3', 1, 'e', null, { kind: 'PAIRING_BYE' });
    // r1-m2 is held again by other players: its own event rewrites its marker, so it is not deleted here.
    const reused = { ...m2, a: 'e', b: 'a' };
    const markers = [m1, m2, gone];
    expect(staleMarkers(1, [m1, reused], markers).map((m) => m.matchUpId)).toEqual(['r1-m3']);
    expect(staleMarkers(1, [m1, reused], markers, 'r1-m3')).toEqual([]);
    expect(staleMarkers(2, [m1, reused], markers)).toEqual([]);
  });
});
