/**
 * The card games' tiebreakers (docs/tiebreaks.md#card-game-tiebreakers) on the worked examples of the Magic
 * Tournament Rules' Appendix C (the text effective 10 November 2025) and on Play! Pokémon's rules (the handbook
 * revised 1 January 2026).
 */
import { describe, expect, it } from 'vitest';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import type { ParticipantState, ResultEntry } from '../../src/domain/ratings/state.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { type CompetitionTiebreak, presetPolicy, resolvePolicy } from '../../src/domain/policy/index.js';
import { buildLeaderboard, tiebreakContext } from '../../src/domain/standings/leaderboard.js';
import { gameWinPercentage, matchWinPercentage, winPercentage } from '../../src/domain/standings/percentages.js';
import { TIEBREAKS } from '../../src/domain/standings/tiebreaks.js';
import { Tournament } from '../../src/tournament.js';
import type { MatchUpResult } from '../../src/domain/results/results.js';
import { makeParticipants, makeRounds, pick, prng } from '../../src/simulation/generate.js';

const TCG = { winPoints: 3, gamesToWin: 2 };

/** One round of a record: W, L or D, the games as won-lost, or a bye. */
type Round = 'W' | 'L' | 'D' | 'BYE' | [number, number];

/** A participant's state with just what the percentages read: each round's result, in order. */
function stateOf(id: string, rounds: readonly Round[], opponents: readonly (string | null)[] = []): ParticipantState {
  const results: ResultEntry[] = rounds.map((round, i) => {
    const bye = round === 'BYE';
    const [won, lost] = Array.isArray(round) ? round : round === 'W' ? [2, 0] : round === 'L' ? [0, 2] : [1, 1];
    const outcome = bye || won > lost ? 'WIN' : won < lost ? 'LOSS' : 'DRAW';
    return {
      matchUpId: `${id}-${i + 1}`,
      roundNumber: i + 1,
      order: 0,
      outcome,
      matchPoints: { WIN: 3, DRAW: 1, LOSS: 0 }[outcome],
      pointsWon: bye ? 0 : won,
      pointsLost: bye ? 0 : lost,
      opponentParticipantId: bye ? null : (opponents[i] ?? `${id}-opponent-${i + 1}`),
      kind: bye ? 'PAIRING_BYE' : 'PLAYED',
      played: !bye,
    };
  });
  return {
    participantId: id,
    baselineRating: 1500,
    dynamicFormRating: 1500,
    pressureRating: 0,
    roundsPlayed: results.filter((r) => r.played).length,
    wins: results.filter((r) => r.outcome === 'WIN').length,
    losses: results.filter((r) => r.outcome === 'LOSS').length,
    draws: results.filter((r) => r.outcome === 'DRAW').length,
    totalPointsWon: 0,
    totalPointsLost: 0,
    matchPoints: results.reduce((sum, r) => sum + r.matchPoints, 0),
    ratingHistory: [],
    results,
  };
}

/** A record written W-L-D, in that order: wins first, then losses, then draws. */
const record = (wins: number, losses: number, draws: number): Round[] => [
  ...Array<Round>(wins).fill('W'),
  ...Array<Round>(losses).fill('L'),
  ...Array<Round>(draws).fill('D'),
];

describe("match-win percentage (MTR Appendix C's examples, an eight-round event)", () => {
  it('is match points over three a round played: 5-2-1 is 16 / 24', () => {
    expect(matchWinPercentage(stateOf('p', record(5, 2, 1)), TCG)).toBeCloseTo(16 / 24, 12);
  });

  it('never falls below 0.33: 1-3-0 and a withdrawal is 3 / 12 = 0.25, counted as 0.33', () => {
    expect(matchWinPercentage(stateOf('p', record(1, 3, 0)), TCG)).toBe(0.33);
  });

  it('counts a bye as a round played and won: 3-2-0 with a first-round bye, then a withdrawal, is 9 / 15', () => {
    expect(matchWinPercentage(stateOf('p', ['BYE', 'W', 'W', 'L', 'L']), TCG)).toBeCloseTo(0.6, 12);
  });
});

describe("game-win percentage (MTR Appendix C's examples, a four-round event)", () => {
  it('is game points over three a game played: 2-0, 2-1, 1-2, 2-0 is 21 / 30', () => {
    const state = stateOf('p', [
      [2, 0],
      [2, 1],
      [1, 2],
      [2, 0],
    ]);
    expect(gameWinPercentage(state, TCG)).toBeCloseTo(0.7, 12);
  });

  it('never falls below 0.33: 1-2, 1-2, 0-2, 1-2 is 9 / 33, counted as 0.33', () => {
    const state = stateOf('p', [
      [1, 2],
      [1, 2],
      [0, 2],
      [1, 2],
    ]);
    expect(gameWinPercentage(state, TCG)).toBe(0.33);
  });

  it('counts a bye as the games of a won match, 2-0 in a best of three', () => {
    expect(gameWinPercentage(stateOf('p', ['BYE', [2, 1]]), TCG)).toBeCloseTo(12 / 15, 12);
  });
});

describe("opponents' match-win percentage (MTR Appendix C's examples, an eight-round event)", () => {
  const opponents: Record<string, Round[]> = {
    o1: record(4, 4, 0),
    o2: record(7, 1, 0),
    o3: record(1, 3, 1),
    o4: record(3, 3, 1),
    o5: record(6, 2, 0),
    o6: record(5, 2, 1),
    o7: record(4, 3, 1),
    o8: record(6, 1, 1),
  };
  const states = Object.fromEntries(Object.entries(opponents).map(([id, rounds]) => [id, stateOf(id, rounds)]));
  const context = { ...tiebreakContext(presetPolicy('TCG'), states), states };
  const omw = TIEBREAKS.OPPONENTS_MATCH_WIN_PERCENTAGE;

  it("is the mean of the opponents' percentages, each floored first: 0.62 for the 6-2-0 player", () => {
    const player = stateOf('p', record(6, 2, 0), Object.keys(opponents));
    const expected = (12 / 24 + 21 / 24 + 0.33 + 10 / 21 + 18 / 24 + 16 / 24 + 13 / 24 + 19 / 24) / 8;
    expect(omw(player, [player], context)).toBeCloseTo(expected, 12);
    expect(omw(player, [player], context).toFixed(2)).toBe('0.62');
  });

  it('leaves out the round of a bye: 0.63 for the 6-2-0 player whose first round was a bye', () => {
    const player = stateOf('p', ['BYE', ...record(6, 1, 0)], [null, ...Object.keys(opponents).slice(1)]);
    const expected = (21 / 24 + 0.33 + 10 / 21 + 18 / 24 + 16 / 24 + 13 / 24 + 19 / 24) / 7;
    expect(omw(player, [player], context)).toBeCloseTo(expected, 12);
    expect(omw(player, [player], context).toFixed(2)).toBe('0.63');
  });
});

describe("Play! Pokémon's win percentage and resistance", () => {
  it('is wins over rounds, byes left out of both, between 25% and 100%; a drop is capped at 75%', () => {
    expect(winPercentage(stateOf('p', record(3, 2, 0)), false)).toBeCloseTo(0.6, 12);
    expect(winPercentage(stateOf('p', record(1, 4, 0)), false)).toBe(0.25);
    expect(winPercentage(stateOf('p', record(5, 0, 0)), false)).toBe(1);
    expect(winPercentage(stateOf('p', record(3, 0, 0)), true)).toBe(0.75);
    expect(winPercentage(stateOf('p', ['BYE', 'W', 'L']), false)).toBeCloseTo(0.5, 12);
    expect(winPercentage(stateOf('p', ['W', 'L', 'D', 'W', 'W']), false)).toBeCloseTo(3.5 / 5, 12);
  });

  it('counts the rounds a late entry missed as lost: joined in round 3 of 4 and won both, 2 / 4', () => {
    const late = stateOf('p', ['W', 'W']);
    late.results = late.results.map((r) => ({ ...r, roundNumber: r.roundNumber + 2 }));
    expect(winPercentage(late, false)).toBeCloseTo(0.5, 12);
  });

  it("gives resistance and the opponents' resistance through the leaderboard, from the played games", () => {
    // Round 1: p0 beats p1, p2 beats p3; round 2: p0 beats p3, p1 beats p2.
    const game = (round: number, order: number, a: string, b: string): MatchUpRecord => ({
      matchUpId: `r${round}-${order}`,
      roundNumber: round,
      order,
      a,
      b,
      result: { kind: 'PLAYED', score: { a: 2, b: 0 } },
    });
    const policy = resolvePolicy('TCG', {
      victoryPolicy: { tiebreakOrder: ['OPPONENTS_RESISTANCE', 'OPPONENTS_OPPONENTS_RESISTANCE'] },
    });
    const people = ['p0', 'p1', 'p2', 'p3'].map((participantId) => ({ participantId, rating: 1500 }));
    const states = foldCompetition(policy, people, [
      game(1, 0, 'p0', 'p1'),
      game(1, 1, 'p2', 'p3'),
      game(2, 0, 'p0', 'p3'),
      game(2, 1, 'p1', 'p2'),
    ]);
    const rows = Object.fromEntries(buildLeaderboard(policy, states).map((row) => [row.participantId, row]));
    // p1 won 1 of 2 (0.5), p3 none (0.25 at the floor): p0's resistance is 0.375; p1's is (1 + 0.5) / 2 = 0.75.
    expect(rows.p0!.tiebreaks.OPPONENTS_RESISTANCE).toBeCloseTo(0.375, 12);
    expect(rows.p1!.tiebreaks.OPPONENTS_RESISTANCE).toBeCloseTo(0.75, 12);
    expect(rows.p0!.tiebreaks.OPPONENTS_OPPONENTS_RESISTANCE).toBeCloseTo(0.75, 12);
    // p1 and p2 both have 3 match points: p1's opponents did better.
    expect(rows.p1!.rank).toBeLessThan(rows.p2!.rank);
  });

  it("caps a dropped opponent's win percentage in the resistance of those who met them", () => {
    const dropped = stateOf('d', record(3, 0, 0));
    const player = stateOf('p', ['L'], ['d']);
    const states = { d: dropped, p: player };
    const policy = presetPolicy('TCG');
    const still = TIEBREAKS.OPPONENTS_RESISTANCE(player, [player], tiebreakContext(policy, states));
    const gone = TIEBREAKS.OPPONENTS_RESISTANCE(
      player,
      [player],
      tiebreakContext(policy, states, { withdrawn: ['d'] }),
    );
    expect([still, gone]).toEqual([1, 0.75]);
  });
});

/** A best-of-three match as a card game ends it: 2-0, 2-1, a 1-0 or 1-1 at time, or a forfeit. */
const bestOfThree = (random: () => number): MatchUpResult =>
  random() < 0.05
    ? { kind: 'FORFEIT_WIN', winner: 'a' }
    : {
        kind: 'PLAYED',
        score: pick(
          random,
          [
            [2, 0],
            [2, 1],
            [1, 2],
            [0, 2],
            [1, 0],
            [0, 1],
            [1, 1],
          ].map(([a, b]) => ({ a: a!, b: b! })),
        ),
      };

describe("Magic's percentages on a small event worked out by hand (docs/tiebreaks.md#card-game-tiebreakers)", () => {
  // Five players, three rounds of best of three, TCG's 3 / 1 / 0:
  //   round 1: A beats B 2-1, C beats D 2-1, E has the pairing bye; D then withdraws;
  //   round 2: A beats C 2-0, B and E draw 1-1 with a drawn game;
  //   round 3: A wins by forfeit against E, B beats C 2-0.
  const policy = presetPolicy('TCG');
  const people = ['A', 'B', 'C', 'D', 'E'].map((participantId) => ({ participantId, rating: 1500 }));
  const game = (roundNumber: number, order: number, a: string, b: string | null, result: MatchUpResult) => ({
    matchUpId: `r${roundNumber}-${order}`,
    roundNumber,
    order,
    a,
    b,
    result,
  });
  const matchUps: MatchUpRecord[] = [
    game(1, 0, 'A', 'B', { kind: 'PLAYED', score: { a: 2, b: 1 } }),
    game(1, 1, 'C', 'D', { kind: 'PLAYED', score: { a: 2, b: 1 } }),
    game(1, 2, 'E', null, { kind: 'PAIRING_BYE' }),
    game(2, 0, 'A', 'C', { kind: 'PLAYED', score: { a: 2, b: 0 } }),
    game(2, 1, 'B', 'E', { kind: 'PLAYED', score: { a: 1, b: 1, draws: 1 } }),
    game(3, 0, 'A', 'E', { kind: 'FORFEIT_WIN' }),
    game(3, 1, 'B', 'C', { kind: 'PLAYED', score: { a: 2, b: 0 } }),
  ];
  const rows = Object.fromEntries(
    buildLeaderboard(policy, foldCompetition(policy, people, matchUps), { withdrawn: ['D'] }).map((row) => [
      row.participantId,
      row,
    ]),
  );
  const expectColumn = (name: CompetitionTiebreak, expected: number[]) =>
    ['A', 'B', 'C', 'D', 'E'].forEach((id, i) =>
      expect(rows[id]!.tiebreaks[name], `${name} of ${id}`).toBeCloseTo(expected[i]!, 12),
    );

  // Each player's own percentages, worked out from the rounds above:
  //   match win, match points over 3 a round (the bye a round won; D, withdrawn, only his one round):
  //     A 9/9 = 1, B (0+1+3)/9 = 4/9, C 3/9 = 1/3 (just above the floor), D 0/3 floored to 0.33, E (3+1+0)/9 = 4/9;
  //   game win, 3 a game won and 1 a game drawn over 3 a game (a bye or a forfeit is 2-0 to its winner, 0-2 to the
  //   forfeit's loser): A 2-1 2-0 2-0 18/21 = 6/7, B 1-2 1-1-1 2-0 13/24, C 2-1 0-2 0-2 6/21 floored to 0.33,
  //   D 1-2 3/9 = 1/3, E 2-0 1-1-1 0-2 10/21.

  it('GW%: the player’s own game-win percentage, floored at 0.33', () => {
    expectColumn('GAME_WIN_PERCENTAGE', [6 / 7, 13 / 24, 0.33, 1 / 3, 10 / 21]);
  });

  it('OMW%: the mean over the rounds with an opponent (the forfeit counts E, the bye nobody)', () => {
    // A met B, C, E; B met A, E, C; C met D, A, B; D met C; E met B and A (round 1 was his bye).
    expectColumn('OPPONENTS_MATCH_WIN_PERCENTAGE', [
      (4 / 9 + 1 / 3 + 4 / 9) / 3, // 11/27
      (1 + 4 / 9 + 1 / 3) / 3, // 16/27
      (0.33 + 1 + 4 / 9) / 3, // D's 0/3 counts 0.33
      1 / 3,
      (4 / 9 + 1) / 2, // 13/18
    ]);
  });

  it('OGW%: the mean of the opponents’ game-win percentages, each floored first', () => {
    expectColumn('OPPONENTS_GAME_WIN_PERCENTAGE', [
      (13 / 24 + 0.33 + 10 / 21) / 3, // C's 6/21 counts 0.33
      (6 / 7 + 10 / 21 + 0.33) / 3,
      (1 / 3 + 6 / 7 + 13 / 24) / 3, // 97/168
      0.33,
      (13 / 24 + 6 / 7) / 2, // 235/336
    ]);
  });

  it('ranks by match points, then OMW%: B and E on 4 points, E ahead on 13/18 against 16/27', () => {
    const ranked = Object.values(rows).sort((x, y) => x.rank - y.rank);
    expect(ranked.map((row) => row.participantId)).toEqual(['A', 'E', 'B', 'C', 'D']);
  });
});

describe('the percentages over simulated events', () => {
  // A bound check only, on events too large to work out by hand; the exact values are the worked event's above.
  it('stay within their floors and 1, on every row of 30 random best-of-three Swiss events', () => {
    const policy = resolvePolicy('TCG', {
      victoryPolicy: {
        tiebreakOrder: [
          'OPPONENTS_MATCH_WIN_PERCENTAGE',
          'GAME_WIN_PERCENTAGE',
          'OPPONENTS_GAME_WIN_PERCENTAGE',
          'OPPONENTS_RESISTANCE',
          'OPPONENTS_OPPONENTS_RESISTANCE',
        ],
      },
    });
    let rowsSeen = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const random = prng(seed);
      const people = makeParticipants(random, 6 + (seed % 9));
      const matchUps = makeRounds(random, people, 4, bestOfThree);
      const withdrawn = people.filter((_, i) => i % 5 === 4).map((p) => p.participantId);
      for (const row of buildLeaderboard(policy, foldCompetition(policy, people, matchUps), { withdrawn })) {
        rowsSeen++;
        const t = row.tiebreaks;
        for (const value of [t.OPPONENTS_MATCH_WIN_PERCENTAGE, t.GAME_WIN_PERCENTAGE, t.OPPONENTS_GAME_WIN_PERCENTAGE])
          expect(value).toSatisfy((v: number) => v >= 0.33 && v <= 1);
        for (const value of [t.OPPONENTS_RESISTANCE, t.OPPONENTS_OPPONENTS_RESISTANCE])
          expect(value).toSatisfy((v: number) => v >= 0.25 && v <= 1);
      }
    }
    expect(rowsSeen).toBeGreaterThan(200);
  });
});

describe('best of three with drawn games (docs/results.md#drawn-games)', () => {
  const policy = presetPolicy('TCG');
  const people = ['p', 'q'].map((participantId) => ({ participantId, rating: 1500 }));
  const match = (score: { a: number; b: number; draws?: number }): MatchUpRecord => ({
    matchUpId: 'r1-0',
    roundNumber: 1,
    order: 0,
    a: 'p',
    b: 'q',
    result: { kind: 'PLAYED', score },
  });
  const after = (score: { a: number; b: number; draws?: number }) => foldCompetition(policy, people, [match(score)]);

  it("gives game points as Appendix C's examples do: 2-0-1 is 7 for the winner and 1 for the loser", () => {
    const states = after({ a: 2, b: 0, draws: 1 });
    expect(gameWinPercentage(states.p!, TCG)).toBeCloseTo(7 / 9, 12);
    expect(gameWinPercentage(states.q!, TCG)).toBe(0.33);
    expect([states.p!.matchPoints, states.q!.matchPoints]).toEqual([3, 0]);
  });

  it('makes a 1-1-1 and an intentional 0-0-3 a drawn match, one match point each; a 1-0 at time a win', () => {
    for (const score of [
      { a: 1, b: 1, draws: 1 },
      { a: 0, b: 0, draws: 3 },
    ]) {
      const states = after(score);
      expect([states.p!.matchPoints, states.q!.matchPoints, states.p!.draws]).toEqual([1, 1, 1]);
    }
    expect(gameWinPercentage(after({ a: 0, b: 0, draws: 3 }).p!, TCG)).toBeCloseTo(3 / 9, 12);
    expect(after({ a: 1, b: 0 }).p!.matchPoints).toBe(3);
  });

  it('keeps a match without drawn games as it was: 2-1 stores no drawn games at all', () => {
    expect(after({ a: 2, b: 1 }).p!.results[0]).not.toHaveProperty('drawnGames');
    expect(after({ a: 2, b: 1, draws: 0 }).p!.results[0]).not.toHaveProperty('drawnGames');
  });
});

describe('the Tournament API and the scenario format', () => {
  it('read drawn games and give the percentages unrounded in each leaderboard row', () => {
    const played = (a: string, b: string, score: { a: number; b: number; draws?: number }) => ({ a, b, score });
    const tournament = Tournament.fromScenario({
      policy: 'TCG',
      participants: ['ann', 'bob', 'cy', 'dee'].map((id) => ({ id, rating: 1500 })),
      rounds: [
        [played('ann', 'bob', { a: 2, b: 1 }), played('cy', 'dee', { a: 1, b: 1, draws: 1 })],
        [played('ann', 'cy', { a: 2, b: 0 }), played('bob', 'dee', { a: 0, b: 2 })],
      ],
    });
    const rows = Object.fromEntries(tournament.standings().leaderboard.map((row) => [row.participantId, row]));
    // Ann met Bob (0 of 6) and Cy (1 of 6), both floored to 0.33; Dee's 1-1-1 and 2-0 are 10 game points of 15
    // (without the drawn game they would be 9 of 12).
    expect(rows.ann!.tiebreaks.OPPONENTS_MATCH_WIN_PERCENTAGE).toBeCloseTo(0.33, 12);
    expect(rows.dee!.tiebreaks.GAME_WIN_PERCENTAGE).toBeCloseTo(10 / 15, 12);
    expect(rows.cy!.tiebreaks.GAME_WIN_PERCENTAGE).toBe(0.33);
    expect([rows.cy!.draws, rows.dee!.draws]).toEqual([1, 1]);
  });
});
