import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyResultChange, isUpToDate, participantsOf, reconcileMatchUp } from '../../src/domain/processing/change.js';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import type { Participant } from '../../src/domain/ratings/participants.js';
import { type CompetitionPolicy, type PresetName, resolvePolicy } from '../../src/domain/policy/policy.js';
import type { MatchUpResult } from '../../src/domain/results/results.js';
import type { ParticipantStates } from '../../src/domain/ratings/state.js';
import { makeParticipants, makeRounds, pick, prng, randomResult } from '../../src/simulation/generate.js';

interface Counters {
  applied: number;
  unchanged: number;
  replays: number;
}

/**
 * Plays a trigger's life: scores are written (set, corrected, cleared) in some order, and each write's event is
 * delivered later, possibly twice and out of order. A delivered event reads the matchUp's *current* document,
 * as the real trigger does inside its transaction, and applies it; REPLAY falls back to the full fold.
 */
function simulate(
  policy: CompetitionPolicy,
  participants: Participant[],
  finalMatchUps: MatchUpRecord[],
  random: () => number,
  counters: Counters,
) {
  const docs = new Map(finalMatchUps.map((m) => [m.matchUpId, { ...m, result: null as MatchUpResult | null }]));
  let states: ParticipantStates = foldCompetition(policy, participants, [...docs.values()]);
  const writes: Array<[string, MatchUpResult | null]> = [];
  for (const m of finalMatchUps) {
    const noise = Math.floor(random() * 3);
    for (let i = 0; i < noise; i++) writes.push([m.matchUpId, random() < 0.3 ? null : randomWrite(m, random)]);
  }
  const shuffled = writes.sort(() => random() - 0.5);
  // Every matchUp ends on its final value, written last for that matchUp.
  for (const m of finalMatchUps) shuffled.push([m.matchUpId, m.result]);
  const pending: string[] = [];
  const deliver = () => {
    const index = Math.floor(random() * pending.length);
    const [matchUpId] = pending.splice(index, 1);
    const current = docs.get(matchUpId!)!;
    const round = [...docs.values()].filter((m) => m.roundNumber === current.roundNumber);
    const outcome = applyResultChange(policy, current, states, round);
    if (outcome.status === 'APPLIED') {
      states = { ...states, ...outcome.states };
      counters.applied++;
    } else if (outcome.status === 'REPLAY') {
      states = foldCompetition(policy, participants, [...docs.values()]);
      counters.replays++;
    } else counters.unchanged++;
  };
  for (const [matchUpId, result] of shuffled) {
    docs.set(matchUpId, { ...docs.get(matchUpId)!, result });
    pending.push(matchUpId);
    if (random() < 0.2) pending.push(matchUpId); // at-least-once: a duplicate delivery
    while (pending.length > 0 && random() < 0.5) deliver();
  }
  while (pending.length > 0) deliver();
  return states;
}

function randomWrite(m: MatchUpRecord, random: () => number): MatchUpResult {
  return m.b === null
    ? { kind: pick(random, ['PAIRING_BYE', 'HALF_BYE', 'ZERO_BYE'] as const) }
    : randomResult(random, { unplayed: true });
}

const PRESETS: PresetName[] = ['STANDARD', 'PRESSURE', 'SWISS', 'REDEMPTION'];

describe('incremental change = fold of the final results', () => {
  for (const preset of PRESETS) {
    for (const granularity of ['PER_MATCHUP', 'PER_ROUND'] as const) {
      it(`${preset} ${granularity}: duplicated, reordered, corrected and cleared writes end exactly at the fold`, () => {
        const counters: Counters = { applied: 0, unchanged: 0, replays: 0 };
        const policy = resolvePolicy(preset, {
          processingGranularity: granularity,
          ratingPolicy: {
            pressureRating: {
              enabled: true,
              actualOutputMethod: 'WEIGHTED',
              weights: { pointShare: 2, pointDifferential: 1 },
            },
          },
        });
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
            const random = prng(seed);
            const participants = makeParticipants(random, 3 + Math.floor(random() * 8));
            const final = makeRounds(random, participants, 1 + Math.floor(random() * 4), (r) =>
              r() < 0.12 ? null : randomResult(r, { unplayed: true }),
            );
            const incremental = simulate(policy, participants, final, random, counters);
            expect(incremental).toEqual(foldCompetition(policy, participants, final));
          }),
          { numRuns: 150 },
        );
        // The law must be met mostly by O(1) / O(round) changes, not by replaying everything.
        expect(counters.applied).toBeGreaterThan(counters.replays);
        expect(counters.unchanged).toBeGreaterThan(0);
      });
    }
  }
});

describe('which changes are O(1) and which replay', () => {
  const policy = resolvePolicy('PRESSURE'); // PER_MATCHUP
  const participants = makeParticipants(prng(7), 4);
  const [p1, p2, p3, p4] = participants.map((p) => p.participantId) as [string, string, string, string];
  const round1: MatchUpRecord[] = [
    { matchUpId: 'r1-m1', roundNumber: 1, order: 0, a: p1, b: p2, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
    { matchUpId: 'r1-m2', roundNumber: 1, order: 1, a: p3, b: p4, result: { kind: 'PLAYED', score: { a: 1, b: 5 } } },
  ];
  const round2: MatchUpRecord[] = [
    { matchUpId: 'r2-m1', roundNumber: 2, order: 0, a: p1, b: p3, result: { kind: 'PLAYED', score: { a: 5, b: 4 } } },
    { matchUpId: 'r2-m2', roundNumber: 2, order: 1, a: p2, b: p4, result: null },
  ];
  const states = foldCompetition(policy, participants, [...round1, ...round2]);

  it('a new score in the latest round is applied to its two participants only', () => {
    const scored = { ...round2[1]!, result: { kind: 'PLAYED' as const, score: { a: 5, b: 5 - 5 } } };
    const outcome = applyResultChange(policy, scored, states);
    expect(outcome.status).toBe('APPLIED');
    if (outcome.status === 'APPLIED') expect(Object.keys(outcome.states).sort()).toEqual([p2, p4].sort());
  });
  it('the same score again changes nothing', () => {
    expect(applyResultChange(policy, round1[0]!, states).status).toBe('UNCHANGED');
  });
  it('a correction in round 1 of a player who played on in round 2 needs a replay', () => {
    const corrected = { ...round1[0]!, result: { kind: 'PLAYED' as const, score: { a: 2, b: 5 } } };
    const outcome = applyResultChange(policy, corrected, states);
    expect(outcome).toMatchObject({ status: 'REPLAY' });
  });
  it('a correction in round 1 of players with no later rated game is O(1)', () => {
    const corrected = { ...round1[1]!, result: { kind: 'PLAYED' as const, score: { a: 5, b: 0 } } };
    // p4 has no later rated game (r2-m2 is unscored); p3 played r2-m1, so this one must replay.
    expect(applyResultChange(policy, corrected, states).status).toBe('REPLAY');
    const onlyP2P4 = foldCompetition(policy, participants, [...round1]);
    const fix = { ...round1[1]!, result: { kind: 'PLAYED' as const, score: { a: 5, b: 0 } } };
    expect(applyResultChange(policy, fix, onlyP2P4).status).toBe('APPLIED');
  });
  it('an unplayed result never needs a replay, wherever it sits', () => {
    const bye: MatchUpRecord = {
      matchUpId: 'r1-bye',
      roundNumber: 1,
      order: 2,
      a: p1,
      b: null,
      result: { kind: 'HALF_BYE' },
    };
    const withBye = foldCompetition(policy, participants, [...round1, ...round2, { ...bye, result: null }]);
    expect(applyResultChange(policy, bye, withBye).status).toBe('APPLIED');
  });
});

describe('PER_ROUND: which changes replay', () => {
  const policy = resolvePolicy('STANDARD'); // PER_ROUND
  const participants = makeParticipants(prng(11), 4);
  const [p1, p2, p3, p4] = participants.map((p) => p.participantId) as [string, string, string, string];
  const played = (a: number, b: number): MatchUpResult => ({ kind: 'PLAYED', score: { a, b } });
  const round1: MatchUpRecord[] = [
    { matchUpId: 'r1-m1', roundNumber: 1, order: 0, a: p1, b: p2, result: played(5, 2) },
    { matchUpId: 'r1-m2', roundNumber: 1, order: 1, a: p3, b: p4, result: played(1, 5) },
  ];
  const round2: MatchUpRecord[] = [
    { matchUpId: 'r2-m1', roundNumber: 2, order: 0, a: p1, b: p4, result: played(5, 4) },
    { matchUpId: 'r2-m2', roundNumber: 2, order: 1, a: p2, b: p3, result: played(3, 5) },
  ];
  const states = foldCompetition(policy, participants, [...round1, ...round2]);
  const correct = (round: MatchUpRecord[], i: number, result: MatchUpResult) =>
    round.map((m, k) => (k === i ? { ...m, result } : m));

  it('a correction in round 1 after round 2 was rated needs a replay', () => {
    const corrected = correct(round1, 0, played(2, 5));
    expect(applyResultChange(policy, corrected[0]!, states, round1)).toMatchObject({ status: 'REPLAY' });
  });
  it('a correction in the last rated round re-rates that round alone, exactly as the fold does', () => {
    const corrected = correct(round2, 1, played(5, 0));
    const outcome = applyResultChange(policy, corrected[1]!, states, round2);
    expect(outcome.status).toBe('APPLIED');
    if (outcome.status === 'APPLIED')
      expect({ ...states, ...outcome.states }).toEqual(
        foldCompetition(policy, participants, [...round1, ...corrected]),
      );
  });
});

describe('an id re-used for another game (an undone round paired again)', () => {
  const participants = makeParticipants(prng(11), 5);
  const [p1, p2, p3, p4, p5] = participants.map((p) => p.participantId) as [string, string, string, string, string];
  const round1: MatchUpRecord[] = [
    { matchUpId: 'r1-m1', roundNumber: 1, order: 0, a: p1, b: p2, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
    { matchUpId: 'r1-m2', roundNumber: 1, order: 1, a: p3, b: p4, result: { kind: 'PLAYED', score: { a: 1, b: 5 } } },
    { matchUpId: 'r1-bye1', roundNumber: 1, order: 2, a: p5, b: null, result: { kind: 'PAIRING_BYE' } },
  ];
  const byeFor = (a: string): MatchUpRecord => ({
    matchUpId: 'r2-bye1',
    roundNumber: 2,
    order: 2,
    a,
    b: null,
    result: { kind: 'PAIRING_BYE' },
  });

  it('PER_MATCHUP: the old bye player loses the bye and the new one gets it, whatever the results say', () => {
    const policy = resolvePolicy('PRESSURE');
    const old = byeFor(p1);
    const now = byeFor(p3);
    const change = { applied: old, current: now };
    expect(isUpToDate(change)).toBe(false);
    expect(participantsOf(change).sort()).toEqual([p1, p3].sort());
    const states = foldCompetition(policy, participants, [...round1, old]);
    const outcome = reconcileMatchUp(policy, change, states);
    expect(outcome.status).toBe('APPLIED');
    if (outcome.status === 'APPLIED')
      expect({ ...states, ...outcome.states }).toEqual(foldCompetition(policy, participants, [...round1, now]));
    expect(isUpToDate({ applied: now, current: now })).toBe(true);
  });

  it('PER_ROUND: a deleted game leaves its players out of the round and never un-rates the others', () => {
    const policy = resolvePolicy('STANDARD');
    const deleted: MatchUpRecord = {
      matchUpId: 'r2-m3',
      roundNumber: 2,
      order: 2,
      a: p5,
      b: p1,
      result: { kind: 'PLAYED', score: { a: 5, b: 0 } },
    };
    const round2: MatchUpRecord[] = [
      { matchUpId: 'r2-m1', roundNumber: 2, order: 0, a: p2, b: p3, result: { kind: 'PLAYED', score: { a: 5, b: 3 } } },
      { matchUpId: 'r2-m2', roundNumber: 2, order: 1, a: p4, b: p5, result: { kind: 'PLAYED', winner: 'a' } },
    ];
    // Rated once with the game that is now deleted; its event arrives after the round was paired again.
    const states = foldCompetition(policy, participants, [...round1, ...round2.slice(0, 1), deleted]);
    const outcome = reconcileMatchUp(policy, { applied: deleted }, states, {
      matchUps: round2,
      markers: [...round2.slice(0, 1), deleted],
    });
    expect(outcome.status).toBe('APPLIED');
    if (outcome.status === 'APPLIED')
      expect({ ...states, ...outcome.states }).toEqual(foldCompetition(policy, participants, [...round1, ...round2]));
  });
});
