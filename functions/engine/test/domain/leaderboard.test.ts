import { describe, expect, it } from 'vitest';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import { buildLeaderboard } from '../../src/domain/standings/leaderboard.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { resolvePolicy } from '../../src/domain/policy/policy.js';
import type { MatchUpResult } from '../../src/domain/results/results.js';

let sequence = 0;
const game = (round: number, a: string, b: string | null, result: MatchUpResult): MatchUpRecord => ({
  matchUpId: `g${++sequence}`,
  roundNumber: round,
  order: sequence,
  a,
  b,
  result,
});
const score = (a: number, b: number): MatchUpResult => ({ kind: 'PLAYED', score: { a, b } });
const people = (...ids: string[]) => ids.map((participantId) => ({ participantId, rating: 1500 }));

function board(
  victoryPolicy: Record<string, unknown>,
  ids: string[],
  games: MatchUpRecord[],
  extra: Record<string, unknown> = {},
  withdrawn: string[] = [],
) {
  const policy = resolvePolicy('REDEMPTION', { victoryPolicy, ...extra });
  return buildLeaderboard(policy, foldCompetition(policy, people(...ids), games), { withdrawn });
}
const order = (rows: Array<{ participantId: string; rank: number }>) => rows.map((r) => `${r.rank}:${r.participantId}`);

describe('primary rankings', () => {
  const games = [
    game(1, 'a', 'b', score(4, 3)),
    game(1, 'c', 'd', score(5, 0)),
    game(2, 'a', 'c', score(4, 4)),
    game(2, 'b', 'd', score(5, 4)),
  ];
  it('MATCH_POINTS then POINT_DIFFERENTIAL: the Redemption standings', () => {
    // a: timed win 2 + draw 1.5 = 3.5; c: 3 + 1.5 = 4.5; b: 0 + 3 = 3; d: 0
    expect(
      order(
        board({ primaryRanking: 'MATCH_POINTS', tiebreakOrder: ['POINT_DIFFERENTIAL'] }, ['a', 'b', 'c', 'd'], games),
      ),
    ).toEqual(['1:c', '2:a', '3:b', '4:d']);
  });
  it('WINS counts a timed win as a win', () => {
    const rows = board({ primaryRanking: 'WINS', tiebreakOrder: [] }, ['a', 'b', 'c', 'd'], games);
    expect(rows.find((r) => r.participantId === 'a')!.wins).toBe(1);
    expect(order(rows)).toEqual(['1:a', '1:b', '1:c', '4:d']);
  });
  it('POINTS ranks by game points won', () => {
    // a 8, b 8, c 9, d 4
    expect(order(board({ primaryRanking: 'POINTS', tiebreakOrder: [] }, ['a', 'b', 'c', 'd'], games))).toEqual([
      '1:c',
      '2:a',
      '2:b',
      '4:d',
    ]);
  });
  it('PRESSURE_RATING and DYNAMIC_FORM_RATING rank by the rating tracks', () => {
    const pressure = board({ primaryRanking: 'PRESSURE_RATING' }, ['a', 'b', 'c', 'd'], games, {
      ratingPolicy: { pressureRating: { enabled: true, actualOutputMethod: 'POINT_SHARE' } },
    });
    expect(pressure.map((r) => r.pressureRating)).toEqual(
      [...pressure.map((r) => r.pressureRating)].sort((x, y) => y - x),
    );
    const form = board({ primaryRanking: 'DYNAMIC_FORM_RATING' }, ['a', 'b', 'c', 'd'], games);
    expect(form[0]!.participantId).toBe('c');
    expect(form.map((r) => r.dynamicFormRating)).toEqual(
      [...form.map((r) => r.dynamicFormRating)].sort((x, y) => y - x),
    );
  });
});

describe('tiebreaks in the policy order', () => {
  it('equal rows share a rank (1, 2, 2, 4)', () => {
    const games = [
      game(1, 'a', 'b', score(5, 0)),
      game(1, 'c', 'd', score(5, 0)),
      game(2, 'a', 'c', score(5, 3)),
      game(2, 'b', 'd', score(5, 3)),
    ];
    // a 6; b 3, c 3 with equal differential (b: -5 +2 = -3, c: +5 -2 = 3) -> not equal. Make them equal with no tiebreaks:
    expect(order(board({ primaryRanking: 'MATCH_POINTS', tiebreakOrder: [] }, ['a', 'b', 'c', 'd'], games))).toEqual([
      '1:a',
      '2:b',
      '2:c',
      '4:d',
    ]);
    expect(
      order(
        board({ primaryRanking: 'MATCH_POINTS', tiebreakOrder: ['POINT_DIFFERENTIAL'] }, ['a', 'b', 'c', 'd'], games),
      ),
    ).toEqual(['1:a', '2:c', '3:b', '4:d']);
  });
  it('HEAD_TO_HEAD among three tied players is a mini-table of their games, not pairwise', () => {
    // x beat y, y beat z, z beat x, and all three beat w: three players on 6 with a cycle among them. Their
    // mini-table is 3-3-3, so they stay tied and share first place; a pairwise comparison would be circular.
    const games = [
      game(1, 'x', 'y', score(5, 0)),
      game(1, 'z', 'w', score(5, 0)),
      game(2, 'y', 'z', score(5, 0)),
      game(2, 'x', 'w', score(5, 1)),
      game(3, 'z', 'x', score(5, 0)),
      game(3, 'y', 'w', score(5, 2)),
    ];
    const rows = board(
      { primaryRanking: 'MATCH_POINTS', tiebreakOrder: ['HEAD_TO_HEAD'] },
      ['w', 'x', 'y', 'z'],
      games,
    );
    expect(order(rows)).toEqual(['1:x', '1:y', '1:z', '4:w']);
    expect(rows.slice(0, 3).map((r) => r.tiebreaks.HEAD_TO_HEAD)).toEqual([3, 3, 3]);
    // y and z met: z lost to y -> y first; w and x met: w beat x.
    const tied = [
      game(1, 'a', 'b', score(5, 0)),
      game(1, 'c', 'd', score(5, 0)),
      game(2, 'a', 'c', score(5, 0)),
      game(2, 'b', 'd', score(5, 0)),
      game(3, 'a', 'd', score(0, 5)),
      game(3, 'b', 'c', score(0, 5)),
    ];
    // a: 6 (b, c); c: 6 (d, b); d: 3 (a); b: 3 (d). Among a, c (met: a beat c) -> a; among b, d (met: b beat d) -> b.
    expect(
      order(board({ primaryRanking: 'MATCH_POINTS', tiebreakOrder: ['HEAD_TO_HEAD'] }, ['a', 'b', 'c', 'd'], tied)),
    ).toEqual(['1:a', '2:c', '3:b', '4:d']);
  });
  it('HEAD_TO_HEAD does not separate tied players who have not all met', () => {
    const games = [game(1, 'a', 'c', score(5, 0)), game(1, 'b', 'd', score(5, 0))];
    expect(
      order(board({ primaryRanking: 'MATCH_POINTS', tiebreakOrder: ['HEAD_TO_HEAD'] }, ['a', 'b', 'c', 'd'], games)),
    ).toEqual(['1:a', '1:b', '3:c', '3:d']);
  });
  it('HEAD_TO_HEAD_PRESSURE sums pressure in the games among the tied', () => {
    const policy = resolvePolicy('PRESSURE', {
      victoryPolicy: { primaryRanking: 'WINS', tiebreakOrder: ['HEAD_TO_HEAD_PRESSURE'] },
    });
    const ps = [
      { participantId: 'a', rating: 1500 },
      { participantId: 'b', rating: 1500 },
    ];
    const rows = buildLeaderboard(
      policy,
      foldCompetition(policy, ps, [game(1, 'a', 'b', score(5, 4)), game(2, 'a', 'b', score(1, 5))]),
    );
    // both 1 win; a gained 5/9 - 0.5 then lost 1/6 - 0.5: net < 0; b the opposite.
    expect(order(rows)).toEqual(['1:b', '2:a']);
  });
  it('BUCHHOLZ, cut-1 (drops the lowest opponent), median (lowest and highest) and SONNEBORN_BERGER', () => {
    // Round robin of 5 with match points 3/2/1.5/0.
    const games = [
      game(1, 'a', 'b', score(5, 1)),
      game(1, 'c', 'd', score(5, 1)),
      game(2, 'a', 'c', score(3, 3)),
      game(2, 'b', 'e', score(5, 1)),
      game(3, 'a', 'd', score(1, 5)),
      game(3, 'c', 'e', score(5, 2)),
      game(4, 'a', 'e', score(5, 0)),
      game(4, 'b', 'd', score(4, 2)),
      game(5, 'b', 'c', score(2, 5)),
      game(5, 'd', 'e', score(5, 0)),
    ];
    const rows = board(
      {
        primaryRanking: 'MATCH_POINTS',
        tiebreakOrder: ['BUCHHOLZ', 'BUCHHOLZ_CUT1', 'BUCHHOLZ_MEDIAN', 'SONNEBORN_BERGER'],
      },
      ['a', 'b', 'c', 'd', 'e'],
      games,
    );
    const mp = Object.fromEntries(rows.map((r) => [r.participantId, r.matchPoints]));
    expect(mp).toEqual({ a: 7.5, b: 5, c: 10.5, d: 6, e: 0 });
    const a = rows.find((r) => r.participantId === 'a')!.tiebreaks;
    // a met b 5, c 10.5, d 6, e 0
    expect(a.BUCHHOLZ).toBe(21.5);
    expect(a.BUCHHOLZ_CUT1).toBe(21.5);
    expect(a.BUCHHOLZ_MEDIAN).toBe(11);
    // a beat b (5) and e (0), drew c (10.5 / 2)
    expect(a.SONNEBORN_BERGER).toBe(5 + 0 + 5.25);
    // e met a 7.5, b 5, c 10.5, d 6: no opponent on 0, so each cut takes something off.
    const e = rows.find((r) => r.participantId === 'e')!.tiebreaks;
    expect(e.BUCHHOLZ).toBe(29);
    expect(e.BUCHHOLZ_CUT1).toBe(29 - 5);
    expect(e.BUCHHOLZ_MEDIAN).toBe(29 - 5 - 10.5);
  });
  it('Buchholz drop-out modes: trend credits a withdrawn opponent his pace, trend70 70% of it', () => {
    // d withdraws after round 1 having won it: pace 3 per round; after 3 rounds he missed 2.
    const games = [
      game(1, 'a', 'd', score(0, 5)),
      game(1, 'b', 'c', score(5, 0)),
      game(2, 'a', 'b', score(5, 0)),
      game(2, 'c', null, { kind: 'PAIRING_BYE' }),
      game(3, 'a', 'c', score(5, 0)),
      game(3, 'b', null, { kind: 'PAIRING_BYE' }),
    ];
    const value = (mode: string) =>
      board(
        { primaryRanking: 'MATCH_POINTS', tiebreakOrder: ['BUCHHOLZ'], buchholzDropOut: mode },
        ['a', 'b', 'c', 'd'],
        games,
        {},
        ['d'],
      ).find((r) => r.participantId === 'a')!.tiebreaks.BUCHHOLZ!;
    const base = value('NONE'); // d 3 + b 6 + c 3
    expect(base).toBe(12);
    expect(value('TREND')).toBe(12 + 3 * 2);
    expect(value('TREND70')).toBeCloseTo(12 + 3 * 2 * 0.7, 12);
  });
  it("a drop-out trend counts each player's own rounds so far (his last round with a result), not the event's", () => {
    // d wins rounds 1 and 2 (pace 3) and withdraws. In round 3 a has played, b's game is not scored yet.
    const games = [
      game(1, 'a', 'd', score(0, 5)),
      game(1, 'b', 'c', score(5, 0)),
      game(1, 'e', null, { kind: 'PAIRING_BYE' }),
      game(2, 'b', 'd', score(0, 5)),
      game(2, 'a', 'e', score(5, 1)),
      game(2, 'c', null, { kind: 'PAIRING_BYE' }),
      game(3, 'a', 'c', score(5, 3)),
    ];
    const credit = (id: string) => {
      const buchholz = (mode: string) =>
        board(
          { primaryRanking: 'MATCH_POINTS', tiebreakOrder: ['BUCHHOLZ'], buchholzDropOut: mode },
          ['a', 'b', 'c', 'd', 'e'],
          games,
          {},
          ['d'],
        ).find((r) => r.participantId === id)!.tiebreaks.BUCHHOLZ!;
      return buchholz('TREND') - buchholz('NONE');
    };
    expect(credit('a')).toBe(3); // a has had 3 rounds: d missed one
    expect(credit('b')).toBe(0); // b has had 2: d missed none of them
  });
  it('STRENGTH_OF_OPPOSITION is the average baseline of opponents faced', () => {
    const policy = resolvePolicy('PRESSURE', {
      victoryPolicy: { primaryRanking: 'WINS', tiebreakOrder: ['STRENGTH_OF_OPPOSITION'] },
    });
    const ps = [
      { participantId: 'a', rating: 1500 },
      { participantId: 'b', rating: 1500 },
      { participantId: 'strong', rating: 2000 },
      { participantId: 'weak', rating: 1000 },
    ];
    const rows = buildLeaderboard(
      policy,
      foldCompetition(policy, ps, [game(1, 'a', 'strong', score(5, 0)), game(1, 'b', 'weak', score(5, 0))]),
    );
    expect(order(rows).slice(0, 2)).toEqual(['1:a', '2:b']);
    expect(rows[0]!.tiebreaks.STRENGTH_OF_OPPOSITION).toBe(2000);
  });
  it('withdrawn players stay on the leaderboard, marked', () => {
    const rows = board({ primaryRanking: 'MATCH_POINTS' }, ['a', 'b'], [game(1, 'a', 'b', score(5, 0))], {}, ['b']);
    expect(rows.find((r) => r.participantId === 'b')!.withdrawn).toBe(true);
  });
});
