import { describe, expect, it } from 'vitest';
import { applyResultChange } from '../../src/domain/processing/change.js';
import { foldCompetition, groupByRound } from '../../src/domain/ratings/fold.js';
import { buildLeaderboard } from '../../src/domain/standings/leaderboard.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import type { Participant } from '../../src/domain/ratings/participants.js';
import {
  type CompetitionPolicy,
  type CompetitionPolicyInput,
  type PresetName,
  type RatingAggregation,
  deepMerge,
  resolvePolicy,
} from '../../src/domain/policy/policy.js';
import type { ParticipantState } from '../../src/domain/ratings/state.js';
import { makeRounds, pick, prng, randomResult } from '../../src/simulation/generate.js';
import { type TodsState, todsDraw, todsLeaderboard, todsProcessMatchUp, todsProcessRound } from './tods.js';

const TOLERANCE = 1e-9;
/** Two named scales: every entrant is rated on both, so reading the wrong one cannot agree by accident. */
const SCALES = ['CLUB', 'LEAGUE'] as const;

const STATE_FIELDS = [
  'baselineRating',
  'dynamicFormRating',
  'pressureRating',
  'roundsPlayed',
  'wins',
  'losses',
  'draws',
  'totalPointsWon',
  'totalPointsLost',
] as const;
const HISTORY_FIELDS = [
  'dynamicFormRatingBefore',
  'dynamicFormRatingAfter',
  'pressureDelta',
  'actualOutput',
  'expectedOutput',
] as const;

/** `!(|x - y| < tolerance)`, so that a missing value (NaN) is a difference too. */
const differ = (x: number, y: number) => !(Math.abs(x - y) < TOLERANCE);

/** Every way our state and tods' differ, one line each: empty when they agree on every field and entry. */
function differences(ours: ParticipantState, theirs: TodsState | undefined, dynamicEnabled: boolean): string[] {
  const id = ours.participantId;
  if (!theirs) return [`${id}: tods has no state`];
  const found: string[] = [];
  for (const field of STATE_FIELDS)
    if (differ(ours[field], theirs[field])) found.push(`${id}.${field}: ours ${ours[field]}, tods ${theirs[field]}`);
  if (ours.ratingHistory.length !== theirs.ratingHistory.length) {
    return [
      ...found,
      `${id}.ratingHistory: ours ${ours.ratingHistory.length} entries, tods ${theirs.ratingHistory.length}`,
    ];
  }
  // With dynamic form disabled tods still back-computes "before" as after - k(actual - expected): see DIFFERENCE 5.
  const fields = dynamicEnabled ? HISTORY_FIELDS : HISTORY_FIELDS.filter((f) => f !== 'dynamicFormRatingBefore');
  ours.ratingHistory.forEach((h, i) => {
    const t = theirs.ratingHistory[i]!;
    if (h.opponentParticipantId !== t.opponentParticipantId || h.roundNumber !== t.roundNumber) {
      found.push(
        `${id}.ratingHistory[${i}]: ours ${h.opponentParticipantId} in round ${h.roundNumber}, tods ${t.opponentParticipantId} in round ${t.roundNumber}`,
      );
    }
    for (const f of fields)
      if (differ(h[f], t[f])) found.push(`${id}.ratingHistory[${i}].${f}: ours ${h[f]}, tods ${t[f]}`);
  });
  return found;
}

const rating = (random: () => number) => Math.round(1000 + random() * 1200);
const bothScales = (random: () => number) => Object.fromEntries(SCALES.map((scale) => [scale, rating(random)]));

/**
 * Entrants as an organizer enters them: singles rated on both scales, or pairs whose two members are (and which
 * now and then carry a pair rating of their own, which both engines prefer to the members').
 */
function makeEntrants(random: () => number, n: number, pairs: boolean): Participant[] {
  return Array.from({ length: n }, (_, i): Participant => {
    const participantId = `p${i + 1}`;
    if (!pairs) return { participantId, ratings: bothScales(random) };
    const members = [{ ratings: bothScales(random) }, { ratings: bothScales(random) }];
    return random() < 0.3 ? { participantId, members, ratings: bothScales(random) } : { participantId, members };
  });
}

function randomPolicy(random: () => number): CompetitionPolicy {
  const preset = pick(random, ['STANDARD', 'PRESSURE', 'SWISS'] as PresetName[]);
  const weighted = random() < 0.4;
  const overrides: CompetitionPolicyInput | Record<string, unknown> = {
    processingGranularity: pick(random, ['PER_MATCHUP', 'PER_ROUND'] as const),
    ratingPolicy: {
      baselineRating: { source: 'SCALE', scaleName: pick(random, SCALES) },
      ratingAggregation: pick(random, ['AVERAGE', 'MIN', 'MAX', 'SUM'] as RatingAggregation[]),
      dynamicFormRating: {
        enabled: random() < 0.9,
        kFactor: pick(random, [16, 24, 32, 40]),
        logisticScale: pick(random, [200, 400, 600]),
      },
      pressureRating:
        random() < 0.8
          ? {
              enabled: true,
              actualOutputMethod: weighted ? 'WEIGHTED' : 'POINT_SHARE',
              weights: {
                pointShare: 1,
                pointDifferential: weighted ? pick(random, [0, 0.5, 1, 2]) : 0,
                contextFactor: pick(random, [0, 1]),
              },
            }
          : { enabled: false, actualOutputMethod: 'POINT_SHARE' },
    },
  };
  return resolvePolicy(preset, overrides);
}

/** Runs the same played tournament through tods: matchUp by matchUp, or round by round. */
function runTods(policy: CompetitionPolicy, participants: readonly Participant[], matchUps: MatchUpRecord[]) {
  const draw = todsDraw(policy, participants);
  if (policy.processingGranularity === 'PER_MATCHUP') for (const m of matchUps) todsProcessMatchUp(draw, m);
  else for (const [round, ms] of groupByRound(matchUps)) todsProcessRound(draw, round, ms);
  return draw;
}

/** A policy whose baselines come from the CLUB scale, and entrants rated on it. */
const onClubScale = (preset: PresetName, overrides: Record<string, unknown> = {}) =>
  resolvePolicy(
    preset,
    deepMerge({ ratingPolicy: { baselineRating: { source: 'SCALE', scaleName: 'CLUB' } } }, overrides),
  );
const club = (participantId: string, value: number): Participant => ({ participantId, ratings: { CLUB: value } });

describe('differential: tods-competition-factory 6.38.0 on generated tournaments', () => {
  const TOURNAMENTS = 300;
  it(`${TOURNAMENTS} generated tournaments (singles and pairs) agree on every baseline tods derives, rating track, tally and history entry to 1e-9`, () => {
    let agreed = 0;
    let pairTournaments = 0;
    let historyEntries = 0;
    const disagreements: string[] = [];
    for (let seed = 1; seed <= TOURNAMENTS; seed++) {
      const random = prng(seed * 7919);
      const policy = randomPolicy(random);
      const pairs = random() < 0.3;
      const participants = makeEntrants(random, 2 * (2 + Math.floor(random() * 7)), pairs);
      const matchUps = makeRounds(random, participants, 1 + Math.floor(random() * 6), (r) =>
        randomResult(r, { draws: 0.2 }),
      );
      const theirs = runTods(policy, participants, matchUps).competitionState.participantStates;
      const ours = foldCompetition(policy, participants, matchUps);
      const found = participants.flatMap((p) =>
        differences(ours[p.participantId]!, theirs[p.participantId], policy.ratingPolicy.dynamicFormRating.enabled),
      );
      if (found.length === 0) agreed++;
      else
        disagreements.push(
          `seed ${seed} (${policy.ratingPolicy.baselineRating.scaleName}, ${policy.ratingPolicy.ratingAggregation}): ${found.slice(0, 3).join('; ')}`,
        );
      if (pairs) pairTournaments++;
      historyEntries += participants.reduce((n, p) => n + ours[p.participantId]!.ratingHistory.length, 0);
    }
    console.log(
      `tods differential: ${agreed}/${TOURNAMENTS} tournaments agreed (${pairTournaments} of pairs, ${historyEntries} history entries)`,
    );
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(agreed).toBe(TOURNAMENTS);
    // The generator must reach what it claims to cover: pairs, and games that rate.
    expect(pairTournaments).toBeGreaterThan(50);
    expect(historyEntries).toBeGreaterThan(TOURNAMENTS * 10);
  });

  it('agrees on leaderboard order where tods implements the tiebreaks (no ties left)', () => {
    let compared = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const random = prng(seed * 104729);
      const policy = onClubScale('STANDARD', {
        victoryPolicy: {
          primaryRanking: pick(random, ['WINS', 'POINTS', 'PRESSURE_RATING', 'DYNAMIC_FORM_RATING'] as const),
          tiebreakOrder: ['POINT_DIFFERENTIAL', 'DYNAMIC_FORM_RATING', 'PRESSURE_RATING'],
        },
        ratingPolicy: { pressureRating: { enabled: true, actualOutputMethod: 'POINT_SHARE' } },
      });
      const participants = Array.from({ length: 8 }, (_, i) => club(`p${i + 1}`, rating(random)));
      const matchUps = makeRounds(random, participants, 3, (r) => randomResult(r));
      const ours = buildLeaderboard(policy, foldCompetition(policy, participants, matchUps));
      if (new Set(ours.map((r) => r.rank)).size !== ours.length) continue;
      expect(ours.map((r) => r.participantId)).toEqual(
        todsLeaderboard(runTods(policy, participants, matchUps)).map((r) => r.participantId),
      );
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  });
});

describe('where tods is wrong, we are right (each difference named)', () => {
  const policy = onClubScale('PRESSURE');
  const participants = [club('ann', 1600), club('bob', 1400)];
  const entered: MatchUpRecord = {
    matchUpId: 'm1',
    roundNumber: 1,
    order: 0,
    a: 'ann',
    b: 'bob',
    result: { kind: 'PLAYED', score: { a: 5, b: 2 } },
  };
  const corrected: MatchUpRecord = { ...entered, result: { kind: 'PLAYED', score: { a: 2, b: 5 } } };

  it('DIFFERENCE 1: a corrected score is counted twice by tods, once by us', () => {
    const draw = todsDraw(policy, participants);
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
    const swiss = onClubScale('SWISS', { victoryPolicy: { tiebreakOrder: ['BUCHHOLZ'] } });
    // d and a both have one win; a beat the strong b (1 win), d beat the weak c (0 wins): a's Buchholz is higher.
    const people = ['d', 'a', 'b', 'c'].map((id) => club(id, 1500));
    const games: MatchUpRecord[] = [
      {
        matchUpId: 'r1-1',
        roundNumber: 1,
        order: 0,
        a: 'a',
        b: 'b',
        result: { kind: 'PLAYED', score: { a: 5, b: 1 } },
      },
      {
        matchUpId: 'r1-2',
        roundNumber: 1,
        order: 1,
        a: 'd',
        b: 'c',
        result: { kind: 'PLAYED', score: { a: 5, b: 1 } },
      },
      {
        matchUpId: 'r2-1',
        roundNumber: 2,
        order: 0,
        a: 'a',
        b: 'd',
        result: { kind: 'PLAYED', score: { a: 2, b: 5 } },
      },
      {
        matchUpId: 'r2-2',
        roundNumber: 2,
        order: 1,
        a: 'b',
        b: 'c',
        result: { kind: 'PLAYED', score: { a: 5, b: 0 } },
      },
    ];
    const ours = buildLeaderboard(swiss, foldCompetition(swiss, people, games));
    const draw = runTods(swiss, people, games);
    const theirs = todsLeaderboard(draw).map((r) => r.participantId);
    expect(ours.map((r) => [r.participantId, r.wins])).toEqual([
      ['d', 2],
      ['a', 1],
      ['b', 1],
      ['c', 0],
    ]);
    // a (Buchholz 2+1=3 opponents' wins: b 1, d 2) and b (a 1, c 0 = 1): BUCHHOLZ separates them for us.
    expect(ours.find((r) => r.participantId === 'a')!.tiebreaks.BUCHHOLZ).toBeGreaterThan(
      ours.find((r) => r.participantId === 'b')!.tiebreaks.BUCHHOLZ!,
    );
    // tods leaves a and b in insertion order whatever their Buchholz: swap the insertion order and it follows.
    const swapped = runTods(
      swiss,
      ['d', 'b', 'a', 'c'].map((id) => club(id, 1500)),
      games,
    );
    expect(todsLeaderboard(swapped).map((r) => r.participantId)).not.toEqual(theirs);
  });

  it('DIFFERENCE 4: tods never shares a rank; equal rows share one with us', () => {
    const standard = onClubScale('STANDARD');
    const people = [club('x', 1500), club('y', 1500)];
    const draw = runTods(standard, people, []);
    expect(todsLeaderboard(draw).map((r) => r.rank)).toEqual([1, 2]);
    expect(buildLeaderboard(standard, foldCompetition(standard, people, [])).map((r) => r.rank)).toEqual([1, 1]);
  });

  it('DIFFERENCE 5: with dynamic form disabled, tods records a history "before" that never was; ours is the rating held', () => {
    const frozen = onClubScale('PRESSURE', { ratingPolicy: { dynamicFormRating: { enabled: false } } });
    const draw = todsDraw(frozen, participants);
    todsProcessMatchUp(draw, entered);
    const tEntry = draw.competitionState.participantStates.ann!.ratingHistory[0]!;
    expect(tEntry.dynamicFormRatingAfter).toBe(1600);
    expect(tEntry.dynamicFormRatingBefore).not.toBe(1600);
    const ours = foldCompetition(frozen, participants, [entered]).ann!.ratingHistory[0]!;
    expect([ours.dynamicFormRatingBefore, ours.dynamicFormRatingAfter]).toEqual([1600, 1600]);
  });

  it('DIFFERENCE 6: tods derives a baseline from a rating scale only; SEEDING, MANUAL and an unrated value are ours', () => {
    // Each entrant carries all three inputs; tods receives the seeding as its own SEEDING scale items.
    const people: Participant[] = [
      { participantId: 's1', seedPosition: 1, manualRating: 1720, ratings: { CLUB: 1450 } },
      { participantId: 's2', seedPosition: 2, manualRating: 1610 },
      { participantId: 's3', seedPosition: 3, manualRating: 1530, ratings: { CLUB: 1300 } },
    ];
    const baselines = (policy: CompetitionPolicy) => {
      const ours = foldCompetition(policy, people, []);
      const theirs = todsDraw(policy, people).competitionState.participantStates;
      return {
        ours: people.map((p) => ours[p.participantId]!.baselineRating),
        tods: people.map((p) => theirs[p.participantId]!.baselineRating),
      };
    };
    // SEEDING: seed 1 at seedingTop (2000 by default), each later seed seedingStep (25) less. tods ignores it.
    expect(baselines(resolvePolicy('STANDARD', { ratingPolicy: { baselineRating: { source: 'SEEDING' } } }))).toEqual({
      ours: [2000, 1975, 1950],
      tods: [0, 0, 0],
    });
    // MANUAL: the supplied rating, for which tods has no input at all.
    expect(baselines(resolvePolicy('STANDARD', { ratingPolicy: { baselineRating: { source: 'MANUAL' } } }))).toEqual({
      ours: [1720, 1610, 1530],
      tods: [0, 0, 0],
    });
    // SCALE: both read the scale; an entrant it does not rate gets unratedValue from us, 0 from tods.
    expect(baselines(onClubScale('STANDARD', { ratingPolicy: { baselineRating: { unratedValue: 1500 } } }))).toEqual({
      ours: [1450, 1500, 1300],
      tods: [1450, 0, 1300],
    });
  });
});
