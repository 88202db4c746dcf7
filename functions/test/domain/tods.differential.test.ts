import { describe, expect, it } from 'vitest';
import { applyResultChange } from '../../src/domain/change.js';
import { foldCompetition, groupByRound } from '../../src/domain/fold.js';
import { buildLeaderboard } from '../../src/domain/leaderboard.js';
import type { MatchUpRecord } from '../../src/domain/matchUps.js';
import type { CompetitionPolicy, CompetitionPolicyInput, PresetName } from '../../src/domain/policy.js';
import { resolvePolicy } from '../../src/domain/policy.js';
import type { ParticipantState } from '../../src/domain/state.js';
import { makeParticipants, makeRounds, pick, prng, randomResult } from './generate.js';
import type { TodsState } from './tods.js';
import { todsDraw, todsLeaderboard, todsProcessMatchUp, todsProcessRound } from './tods.js';

const TOLERANCE = 1e-9;

function expectAgree(ours: ParticipantState, theirs: TodsState, label: string, dynamicEnabled: boolean): void {
  const fields = ['baselineRating', 'dynamicFormRating', 'pressureRating', 'roundsPlayed', 'wins', 'losses', 'draws', 'totalPointsWon', 'totalPointsLost'] as const;
  for (const field of fields) {
    expect(Math.abs(ours[field] - theirs[field]), `${label} ${ours.participantId}.${field}: ours ${ours[field]}, tods ${theirs[field]}`).toBeLessThan(TOLERANCE);
  }
  expect(ours.ratingHistory.length).toBe(theirs.ratingHistory.length);
  ours.ratingHistory.forEach((h, i) => {
    const t = theirs.ratingHistory[i]!;
    expect(h.opponentParticipantId).toBe(t.opponentParticipantId);
    expect(h.roundNumber).toBe(t.roundNumber);
    // With dynamic form disabled tods still back-computes "before" as after - k(actual - expected): see DIFFERENCE 5.
    const fields = dynamicEnabled ? (['dynamicFormRatingBefore'] as const) : [];
    for (const f of [...fields, 'dynamicFormRatingAfter', 'pressureDelta', 'actualOutput', 'expectedOutput'] as const) {
      expect(Math.abs(h[f] - t[f]), `${label} ${ours.participantId} history[${i}].${f}`).toBeLessThan(TOLERANCE);
    }
  });
}

function randomPolicy(random: () => number): CompetitionPolicy {
  const preset = pick(random, ['STANDARD', 'PRESSURE', 'SWISS'] as PresetName[]);
  const weighted = random() < 0.4;
  const overrides: CompetitionPolicyInput | Record<string, unknown> = {
    processingGranularity: pick(random, ['PER_MATCHUP', 'PER_ROUND'] as const),
    ratingPolicy: {
      dynamicFormRating: { enabled: random() < 0.9, kFactor: pick(random, [16, 24, 32, 40]), logisticScale: pick(random, [200, 400, 600]) },
      pressureRating:
        random() < 0.8
          ? { enabled: true, actualOutputMethod: weighted ? 'WEIGHTED' : 'POINT_SHARE', weights: { pointShare: 1, pointDifferential: weighted ? pick(random, [0, 0.5, 1, 2]) : 0, contextFactor: pick(random, [0, 1]) } }
          : { enabled: false, actualOutputMethod: 'POINT_SHARE' },
    },
  };
  return resolvePolicy(preset, overrides);
}

/** Runs the same played tournament through tods: matchUp by matchUp, or round by round. */
function runTods(policy: CompetitionPolicy, ratings: Record<string, number>, matchUps: MatchUpRecord[]) {
  const draw = todsDraw(policy, ratings);
  if (policy.processingGranularity === 'PER_MATCHUP') for (const m of matchUps) todsProcessMatchUp(draw, m);
  else for (const [round, ms] of groupByRound(matchUps)) todsProcessRound(draw, round, ms);
  return draw;
}

describe('differential: tods-competition-factory 6.38.0 on generated tournaments', () => {
  const TOURNAMENTS = 300;
  it(`${TOURNAMENTS} generated tournaments agree on every rating track, tally and history entry to 1e-9`, () => {
    let agreed = 0;
    let games = 0;
    for (let seed = 1; seed <= TOURNAMENTS; seed++) {
      const random = prng(seed * 7919);
      const policy = randomPolicy(random);
      const participants = makeParticipants(random, 2 * (2 + Math.floor(random() * 7)));
      const matchUps = makeRounds(random, participants, 1 + Math.floor(random() * 6), (r) => randomResult(r, { draws: 0.2 }));
      const ratings = Object.fromEntries(participants.map((p) => [p.participantId, p.rating!]));
      const draw = runTods(policy, ratings, matchUps);
      const ours = foldCompetition(policy, participants, matchUps);
      for (const p of participants) expectAgree(ours[p.participantId]!, draw.competitionState.participantStates[p.participantId]!, `seed ${seed}`, policy.ratingPolicy.dynamicFormRating.enabled);
      agreed++;
      games += matchUps.length;
    }
    console.log(`tods differential: ${agreed}/${TOURNAMENTS} tournaments agreed (${games} games)`);
    expect(agreed).toBe(TOURNAMENTS);
  });

  it('agrees on leaderboard order where tods implements the tiebreaks (no ties left)', () => {
    let compared = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const random = prng(seed * 104729);
      const policy = resolvePolicy('STANDARD', {
        victoryPolicy: { primaryRanking: pick(random, ['WINS', 'POINTS', 'PRESSURE_RATING', 'DYNAMIC_FORM_RATING'] as const), tiebreakOrder: ['POINT_DIFFERENTIAL', 'DYNAMIC_FORM_RATING', 'PRESSURE_RATING'] },
        ratingPolicy: { pressureRating: { enabled: true, actualOutputMethod: 'POINT_SHARE' } },
      });
      const participants = makeParticipants(random, 8);
      const matchUps = makeRounds(random, participants, 3, (r) => randomResult(r));
      const ratings = Object.fromEntries(participants.map((p) => [p.participantId, p.rating!]));
      const ours = buildLeaderboard(policy, foldCompetition(policy, participants, matchUps));
      if (new Set(ours.map((r) => r.rank)).size !== ours.length) continue;
      expect(ours.map((r) => r.participantId)).toEqual(todsLeaderboard(runTods(policy, ratings, matchUps)).map((r) => r.participantId));
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  });
});

describe('where tods is wrong, we are right (each difference named)', () => {
  const policy = resolvePolicy('PRESSURE');
  const participants = [
    { participantId: 'ann', rating: 1600 },
    { participantId: 'bob', rating: 1400 },
  ];
  const ratings = { ann: 1600, bob: 1400 };
  const entered: MatchUpRecord = { matchUpId: 'm1', roundNumber: 1, order: 0, a: 'ann', b: 'bob', result: { kind: 'PLAYED', score: { a: 5, b: 2 } } };
  const corrected: MatchUpRecord = { ...entered, result: { kind: 'PLAYED', score: { a: 2, b: 5 } } };

  it('DIFFERENCE 1: a corrected score is counted twice by tods, once by us', () => {
    const draw = todsDraw(policy, ratings);
    todsProcessMatchUp(draw, entered);
    todsProcessMatchUp(draw, corrected);
    const tAnn = draw.competitionState.participantStates.ann!;
    expect([tAnn.roundsPlayed, tAnn.wins, tAnn.losses]).toEqual([2, 1, 1]); // tods: both versions counted

    const initial = foldCompetition(policy, participants, [{ ...entered, result: null }]);
    const first = applyResultChange(policy, entered, initial);
    if (first.status !== 'APPLIED') throw new Error('expected APPLIED');
    const second = applyResultChange(policy, corrected, { ...initial, ...first.states });
    if (second.status !== 'APPLIED') throw new Error('expected APPLIED');
    const ann = second.states.ann!;
    expect([ann.roundsPlayed, ann.wins, ann.losses]).toEqual([1, 0, 1]);
    expect(second.states).toEqual(foldCompetition(policy, participants, [corrected]));
  });

  it('DIFFERENCE 2: a cleared score is not undone by tods (it has no way to), it is by us', () => {
    const initial = foldCompetition(policy, participants, [{ ...entered, result: null }]);
    const scored = applyResultChange(policy, entered, initial);
    if (scored.status !== 'APPLIED') throw new Error('expected APPLIED');
    const cleared = applyResultChange(policy, { ...entered, result: null }, { ...initial, ...scored.states });
    if (cleared.status !== 'APPLIED') throw new Error('expected APPLIED');
    expect({ ...initial, ...cleared.states }).toEqual(initial);
  });

  it('DIFFERENCE 3: BUCHHOLZ and SONNEBORN_BERGER do nothing in tods; they order our leaderboard', () => {
    const swiss = resolvePolicy('SWISS', { victoryPolicy: { tiebreakOrder: ['BUCHHOLZ'] } });
    // d and a both have one win; a beat the strong b (1 win), d beat the weak c (0 wins): a's Buchholz is higher.
    const people = ['d', 'a', 'b', 'c'].map((id) => ({ participantId: id, rating: 1500 }));
    const games: MatchUpRecord[] = [
      { matchUpId: 'r1-1', roundNumber: 1, order: 0, a: 'a', b: 'b', result: { kind: 'PLAYED', score: { a: 5, b: 1 } } },
      { matchUpId: 'r1-2', roundNumber: 1, order: 1, a: 'd', b: 'c', result: { kind: 'PLAYED', score: { a: 5, b: 1 } } },
      { matchUpId: 'r2-1', roundNumber: 2, order: 0, a: 'a', b: 'd', result: { kind: 'PLAYED', score: { a: 2, b: 5 } } },
      { matchUpId: 'r2-2', roundNumber: 2, order: 1, a: 'b', b: 'c', result: { kind: 'PLAYED', score: { a: 5, b: 0 } } },
    ];
    const ours = buildLeaderboard(swiss, foldCompetition(swiss, people, games));
    const draw = runTods(swiss, { d: 1500, a: 1500, b: 1500, c: 1500 }, games);
    const theirs = todsLeaderboard(draw).map((r) => r.participantId);
    expect(ours.map((r) => [r.participantId, r.wins])).toEqual([['d', 2], ['a', 1], ['b', 1], ['c', 0]]);
    // a (Buchholz 2+1=3 opponents' wins: b 1, d 2) and b (a 1, c 0 = 1): BUCHHOLZ separates them for us.
    expect(ours.find((r) => r.participantId === 'a')!.tiebreaks.BUCHHOLZ).toBeGreaterThan(ours.find((r) => r.participantId === 'b')!.tiebreaks.BUCHHOLZ!);
    // tods leaves a and b in insertion order whatever their Buchholz: swap the insertion order and it follows.
    const swapped = runTods(swiss, { d: 1500, b: 1500, a: 1500, c: 1500 }, games);
    expect(todsLeaderboard(swapped).map((r) => r.participantId)).not.toEqual(theirs);
  });

  it('DIFFERENCE 4: tods never shares a rank; equal rows share one with us', () => {
    const standard = resolvePolicy('STANDARD');
    const people = [{ participantId: 'x', rating: 1500 }, { participantId: 'y', rating: 1500 }];
    const draw = runTods(standard, { x: 1500, y: 1500 }, []);
    expect(todsLeaderboard(draw).map((r) => r.rank)).toEqual([1, 2]);
    expect(buildLeaderboard(standard, foldCompetition(standard, people, [])).map((r) => r.rank)).toEqual([1, 1]);
  });

  it('DIFFERENCE 5: with dynamic form disabled, tods records a history "before" that never was; ours is the rating held', () => {
    const frozen = resolvePolicy('PRESSURE', { ratingPolicy: { dynamicFormRating: { enabled: false } } });
    const draw = todsDraw(frozen, ratings);
    todsProcessMatchUp(draw, entered);
    const tEntry = draw.competitionState.participantStates.ann!.ratingHistory[0]!;
    expect(tEntry.dynamicFormRatingAfter).toBe(1600);
    expect(tEntry.dynamicFormRatingBefore).not.toBe(1600);
    const ours = foldCompetition(frozen, participants, [entered]).ann!.ratingHistory[0]!;
    expect([ours.dynamicFormRatingBefore, ours.dynamicFormRatingAfter]).toEqual([1600, 1600]);
  });
});
