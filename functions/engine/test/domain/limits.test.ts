import { describe, expect, it } from 'vitest';
import { computeStandings } from '../../src/domain/standings/competition.js';
import { LIMITS } from '../../src/domain/common/limits.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { Participant } from '../../src/domain/ratings/participants.js';
import {
  parsePolicy,
  PRESET_POLICIES,
  presetPolicy,
  resolvePolicy,
  ScoringPolicy,
} from '../../src/domain/policy/policy.js';
import { MatchUpResult, resolveResult } from '../../src/domain/results/results.js';
import { AddParticipantsInput, CreateTournamentInput, GenerateNextRoundInput } from '../../src/model/requests.js';

const messageOf = (parse: () => unknown): string => {
  try {
    parse();
  } catch (error) {
    return String((error as Error).message);
  }
  return 'accepted';
};

describe('game points: 0 to 10000, as firestore.rules gamePoints() accepts', () => {
  it.each([1.5e308, 10_001, Infinity, NaN, -1])("refuses %s as a side's game points, naming the field", (points) => {
    const parsed = MatchUpResult.safeParse({ score: { a: points, b: 0 } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['score', 'a']);
  });
  it('names the bound in the message', () => {
    expect(messageOf(() => MatchUpResult.parse({ score: { a: 0, b: 1.5e308 } }))).toMatch(/10000/);
  });
  it('accepts the edges and fractional points (the rules accept 2.5)', () => {
    for (const a of [0, 2.5, 10_000]) expect(MatchUpResult.parse({ score: { a, b: 0 } }).score).toEqual({ a, b: 0 });
  });
  it('two wins of the largest score still total a finite number of points', () => {
    const noTarget = resolvePolicy('STANDARD', { scoringPolicy: { gameTarget: null } });
    const players = [
      { participantId: 'p1', rating: 1500 },
      { participantId: 'p2', rating: 1500 },
    ];
    const game = (round: number): MatchUpRecord => ({
      matchUpId: `m${round}`,
      roundNumber: round,
      order: 0,
      a: 'p1',
      b: 'p2',
      result: MatchUpResult.parse({ score: { a: LIMITS.gamePoints.max, b: 0 } }),
    });
    const top = computeStandings(noTarget, players, [game(1), game(2)]).leaderboard[0]!;
    expect([top.participantId, top.pointsWon]).toEqual(['p1', 20_000]);
  });
  it('a result that skipped its schema (a hand-made scenario) is refused by the engine, not summed to Infinity', () => {
    const noTarget = ScoringPolicy.parse({ gameTarget: null });
    const huge = { kind: 'PLAYED' as const, score: { a: 1.5e308, b: 0 } };
    expect(() => resolveResult(huge, true, noTarget)).toThrow('score 1.5e+308-0: game points run from 0 to 10000');
  });
});

describe('participants: ratings, seeds, members bounded', () => {
  const entry = (fields: Record<string, unknown>) => Participant.safeParse({ participantId: 'p1', ...fields });
  const manyMembers = Array.from({ length: 101 }, () => ({ rating: 1500 }));
  const manyScales = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`scale${i}`, 1500]));
  it.each([
    ['rating 1e308', { rating: 1e308 }, 'rating'],
    ['rating 10001', { rating: 10_001 }, 'rating'],
    ['rating -10001', { rating: -10_001 }, 'rating'],
    ['manualRating Infinity', { manualRating: Infinity }, 'manualRating'],
    ['a UTR of 1e9', { ratings: { UTR: 1e9 } }, 'ratings.UTR'],
    ["a member's rating 1e308", { members: [{ rating: 1e308 }] }, 'members.0.rating'],
    ['seed 0', { seedPosition: 0 }, 'seedPosition'],
    ['seed 1.5', { seedPosition: 1.5 }, 'seedPosition'],
    ['seed 100001', { seedPosition: 100_001 }, 'seedPosition'],
    ['101 members', { members: manyMembers }, 'members'],
    ['21 rating scales', { ratings: manyScales }, 'ratings'],
    ['a scale name of 51 characters', { ratings: { ['s'.repeat(51)]: 1500 } }, `ratings.${'s'.repeat(51)}`],
  ])('refuses %s, naming the field', (_what, fields, path) => {
    const parsed = entry(fields);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path.join('.')).toBe(path);
  });
  it('accepts realistic and edge values', () => {
    const fields = { rating: -10_000, manualRating: 10_000, ratings: { UTR: 12.5, WTN: 40 }, seedPosition: 100_000 };
    expect(entry(fields).success).toBe(true);
    expect(entry({ rating: 2850, members: [{ rating: 2100 }, { rating: 1900 }] }).success).toBe(true);
  });
});

describe('policies: every number finite and in a sane range', () => {
  const DYNAMIC = 'ratingPolicy.dynamicFormRating';
  const PRESSURE = 'ratingPolicy.pressureRating';
  it.each([
    [{ scoringPolicy: { gameTarget: 0 } }, 'scoringPolicy.gameTarget'],
    [{ scoringPolicy: { gameTarget: 10_001 } }, 'scoringPolicy.gameTarget'],
    [{ scoringPolicy: { phantomScore: 1e308 } }, 'scoringPolicy.phantomScore'],
    [{ scoringPolicy: { matchPoints: { win: 1001, timedWin: 2, draw: 1, loss: 0 } } }, 'scoringPolicy.matchPoints.win'],
    [{ scoringPolicy: { matchPoints: { win: 3, timedWin: 2, draw: 1, loss: -1 } } }, 'scoringPolicy.matchPoints.loss'],
    [{ ratingPolicy: { dynamicFormRating: { kFactor: 1e308 } } }, `${DYNAMIC}.kFactor`],
    [{ ratingPolicy: { dynamicFormRating: { logisticScale: 0 } } }, `${DYNAMIC}.logisticScale`],
    [{ ratingPolicy: { dynamicFormRating: { logisticScale: 1e-300 } } }, `${DYNAMIC}.logisticScale`],
    [{ ratingPolicy: { dynamicFormRating: { logisticScale: 1e9 } } }, `${DYNAMIC}.logisticScale`],
    [{ ratingPolicy: { baselineRating: { unratedValue: 1e9 } } }, 'ratingPolicy.baselineRating.unratedValue'],
    [{ ratingPolicy: { baselineRating: { seedingTop: -1e9 } } }, 'ratingPolicy.baselineRating.seedingTop'],
    [{ ratingPolicy: { baselineRating: { seedingStep: 1e6 } } }, 'ratingPolicy.baselineRating.seedingStep'],
    [{ ratingPolicy: { pressureRating: { weights: { pointShare: 1e308 } } } }, `${PRESSURE}.weights.pointShare`],
    [{ pairingPolicy: { laneSize: 1 } }, 'pairingPolicy.laneSize'],
    [{ pairingPolicy: { laneSize: 1001 } }, 'pairingPolicy.laneSize'],
    [{ pairingPolicy: { sameTeamValue: 1e308 } }, 'pairingPolicy.sameTeamValue'],
    [{ victoryPolicy: { tiebreakOrder: Array(21).fill('BUCHHOLZ') } }, 'victoryPolicy.tiebreakOrder'],
    [{ policyName: 'x'.repeat(201) }, 'policyName'],
  ])('refuses %o, naming %s', (overrides, path) => {
    const message = messageOf(() => resolvePolicy('PRESSURE', overrides));
    expect(message).toMatch(/^invalid competition policy: /);
    expect(message).toContain(`${path}:`);
  });
  it('every preset, and the edges of each range, still pass', () => {
    for (const name of ['STANDARD', 'PRESSURE', 'SWISS', 'REDEMPTION', 'CHESS'] as const) {
      expect(() => presetPolicy(name)).not.toThrow();
    }
    const edges = {
      scoringPolicy: {
        gameTarget: 10_000,
        phantomScore: 25,
        matchPoints: { win: 1000, timedWin: 0, draw: 0, loss: 0 },
      },
      ratingPolicy: {
        dynamicFormRating: { kFactor: 1000, logisticScale: 0.01 },
        baselineRating: { unratedValue: -10_000 },
      },
      pairingPolicy: { laneSize: 2, sameTeamValue: 10_000 },
    };
    expect(resolvePolicy('PRESSURE', edges).ratingPolicy.dynamicFormRating.logisticScale).toBe(0.01);
    expect(parsePolicy(structuredClone(PRESET_POLICIES.REDEMPTION)).scoringPolicy.gameTarget).toBe(5);
  });
});

describe('requests: minutes, rounds and seeds bounded', () => {
  const tournament = { championshipId: 'c1', date: '2031-05-01', description: 'Club night' };
  it.each([
    [{ roundDurationMinutes: 1441 }, 'roundDurationMinutes'],
    [{ preAlarmMinutes: -1 }, 'preAlarmMinutes'],
    [{ roundDurationMinutes: 1e308 }, 'roundDurationMinutes'],
    [{ totalRounds: 1001 }, 'totalRounds'],
    [{ totalRounds: 0 }, 'totalRounds'],
  ])('CreateTournamentInput refuses %o', (fields, path) => {
    const parsed = CreateTournamentInput.safeParse({ ...tournament, ...fields });
    expect(parsed.error?.issues[0]?.path).toEqual([path]);
  });
  it('CreateTournamentInput accepts a day-long round and 1000 rounds', () => {
    const longest = { ...tournament, roundDurationMinutes: 1440, totalRounds: 1000 };
    expect(CreateTournamentInput.safeParse(longest).success).toBe(true);
  });
  it('GenerateNextRoundInput keeps the seed a 31-bit integer', () => {
    const round = { tournamentId: 't1', requestId: 'r1' };
    expect(GenerateNextRoundInput.safeParse({ ...round, seed: 2 ** 31 }).success).toBe(false);
    expect(GenerateNextRoundInput.safeParse({ ...round, seed: 2 ** 31 - 1 }).success).toBe(true);
  });
  it('AddParticipantsInput applies the participant bounds', () => {
    const add = (rating: number) =>
      AddParticipantsInput.safeParse({
        tournamentId: 't1',
        participants: [{ participantId: 'p1', name: 'Ada', rating }],
      });
    expect(add(1e308).error?.issues[0]?.path).toEqual(['participants', 0, 'rating']);
    expect(add(2850).success).toBe(true);
  });
});
