/** The Tournament Report File writer (docs/trf.md): a small event checked column by column, and what it refuses. */
import { describe, expect, it } from 'vitest';
import { parseScenario, scenarioToTrf, writeTrf } from '../../src/domain/exchange/index.js';
import { computeStandings } from '../../src/domain/standings/index.js';
import { refusal } from './refusal.js';
import { HAND_EVENT } from './trf/events.js';

// Written by hand from the spec's columns (docs/trf.md#the-player-record), not from the writer's output:
//          1         2         3         4         5         6         7         8         9        10        11
// 12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890
const EXPECTED = [
  '012 Club Open',
  '022 Oslo',
  '032 NOR',
  '042 2026/11/20',
  '052 2026/11/22',
  '062 6',
  '072 5',
  '092 Individual: Swiss-System',
  '102 Ann Arbiter',
  `122 90'+30"`,
  'XXR 5',
  'XXC white1',
  '001    1 m GM Carlsen, Magnus                   2830 NOR     1503014 1990/00/00  2.5    1     4 w 1     2 b =     3 w 1',
  '001    2 w GM Hou, Yifan                        2600 CHN             1994/00/00  1.5    3     5 b 1     1 w =  0000 - Z',
  '001    3      Ada                               2000                             2.0    2  0000 - U     4 b +     1 b 0',
  '001    4 m FM Bo                                1900 SWE                         0.0    6     1 b 0     3 w -     5 w -',
  '001    5 wWCM Cy                                                  42             0.5    5     2 w 0     6 b =     4 b -',
  '001    6      Dee                               1700                             1.0    4  0000 -       5 w =  0000 - H',
];

/** The text of columns from..to (counted from 1) of a line. */
const cols = (line: string, from: number, to: number) => line.slice(from - 1, to);

describe('the TRF of a scenario', () => {
  const trf = scenarioToTrf(HAND_EVENT, { lineEnding: '\n' });
  const lines = trf.split('\n');

  it('is the hand-written file, line by line, each line ended', () => {
    expect(lines.slice(0, -1)).toEqual(EXPECTED);
    expect(lines.at(-1)).toBe('');
    expect(scenarioToTrf(HAND_EVENT)).toBe(EXPECTED.map((line) => `${line}\r\n`).join(''));
  });

  it('puts each field of a player in its columns', () => {
    const carlsen = lines.find((line) => line.startsWith('001    1'))!;
    expect(cols(carlsen, 1, 3)).toBe('001');
    expect(cols(carlsen, 5, 8)).toBe('   1');
    expect(cols(carlsen, 10, 10)).toBe('m');
    expect(cols(carlsen, 11, 13)).toBe(' GM');
    expect(cols(carlsen, 15, 47)).toBe('Carlsen, Magnus'.padEnd(33));
    expect(cols(carlsen, 49, 52)).toBe('2830');
    expect(cols(carlsen, 54, 56)).toBe('NOR');
    expect(cols(carlsen, 58, 68)).toBe('    1503014');
    expect(cols(carlsen, 70, 79)).toBe('1990/00/00');
    expect(cols(carlsen, 81, 84)).toBe(' 2.5');
    expect(cols(carlsen, 86, 89)).toBe('   1');
    // Round 2 as black against Hou (start number 2), drawn: 102-105, 107, 109.
    expect([cols(carlsen, 102, 105), cols(carlsen, 107, 107), cols(carlsen, 109, 109)]).toEqual(['   2', 'b', '=']);
  });

  it('ranks and scores as the engine’s standings do', () => {
    const { policy, participants, matchUps } = parseScenario(HAND_EVENT);
    const { leaderboard } = computeStandings(policy, participants, matchUps);
    const byId = new Map(leaderboard.map((row) => [row.participantId, row]));
    participants.forEach((p, k) => {
      const line = lines.find((l) => l.startsWith(`001 ${String(k + 1).padStart(4)}`))!;
      expect(Number(cols(line, 81, 84))).toBe(byId.get(p.participantId)!.matchPoints);
      expect(Number(cols(line, 86, 89))).toBe(byId.get(p.participantId)!.rank);
    });
  });

  it('writes rounds 1 to N only when asked, and counts the planned rounds', () => {
    const two = scenarioToTrf(HAND_EVENT, { throughRound: 2, lineEnding: '\n' }).split('\n');
    expect(two).toContain('XXR 5');
    // Carlsen has 1.5 points after two rounds (his rank is the tiebreaks' among three players on 1.5 and 2).
    const carlsen = two.find((l) => l.startsWith('001    1'))!;
    expect([cols(carlsen, 81, 84), cols(carlsen, 91, 200)]).toEqual([' 1.5', '    4 w 1     2 b =']);
    const noPlan = scenarioToTrf({ ...HAND_EVENT, pairing: {} }, { lineEnding: '\n' });
    expect(noPlan.split('\n')).toContain('XXR 3');
  });

  it('numbers players by seed, then the unseeded in the order listed', () => {
    const participants = [{ id: 'x', seed: 2 }, { id: 'y' }, { id: 'z', seed: 1 }];
    const trf = scenarioToTrf({ policy: 'CHESS', participants, rounds: [[{ a: 'y', b: 'x', result: 'a' }]] });
    const numbered = trf.split('\r\n').filter((l) => l.startsWith('001'));
    expect(numbered.map((l) => [cols(l, 5, 8).trim(), cols(l, 15, 47).trim(), cols(l, 92, 99)])).toEqual([
      ['1', 'z', '0000 -'],
      ['2', 'x', '   3 b 0'],
      ['3', 'y', '   2 w 1'],
    ]);
  });
});

describe('a tournament on another point table', () => {
  const tcgLike = {
    policy: 'CHESS',
    options: { policyOverrides: { scoringPolicy: { matchPoints: { win: 3, timedWin: 3, draw: 1, loss: 0 } } } },
    participants: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
    rounds: [
      [
        { a: 'a', b: 'b', result: 'draw' },
        { a: 'c', b: null },
      ],
      [
        { a: 'c', b: 'a', result: 'a' },
        { a: 'b', b: null, kind: 'half-bye' },
      ],
    ],
  };

  it('writes its match points as the points, and record 162 with the table', () => {
    const lines = scenarioToTrf(tcgLike, { lineEnding: '\n' }).split('\n');
    expect(lines).toContain('162  W 3.0    D 1.0    L 0.0');
    const points = lines.filter((l) => l.startsWith('001')).map((l) => cols(l, 81, 84));
    expect(points).toEqual([' 1.0', ' 2.0', ' 6.0']);
  });

  it('refuses a timed win worth less than a win: no code says it', () => {
    const timed = {
      policy: 'REDEMPTION',
      participants: [{ id: 'a' }, { id: 'b' }],
      rounds: [[{ a: 'a', b: 'b', score: { a: 3, b: 1 } }]],
    };
    expect(refusal(() => scenarioToTrf(timed)).message).toMatch(
      /round 1, a v b: a timed win earns 2, a win 3; no TRF code tells them apart/,
    );
  });
});

describe('what a TRF cannot say', () => {
  it('refuses a game without a result, and says which rounds can be written', () => {
    const open = { ...HAND_EVENT, rounds: [...HAND_EVENT.rounds, [{ a: 'carlsen', b: 'hou' }]] };
    expect(refusal(() => scenarioToTrf(open))).toEqual({
      code: 'failed-precondition',
      message: 'round 4, carlsen v hou has no result: a TRF reports results (write the rounds before it: --rounds 3)',
    });
    expect(scenarioToTrf(open, { throughRound: 3 })).toBe(scenarioToTrf(HAND_EVENT));
  });

  it('refuses two games of one player in a round', () => {
    const { policy, participants, matchUps } = parseScenario(HAND_EVENT);
    const twice = [...matchUps, { ...matchUps[0]!, matchUpId: 'extra', order: 9, b: 'dee' }];
    expect(refusal(() => writeTrf({ policy, participants, matchUps: twice })).message).toMatch(
      /carlsen has two games in the round; a TRF has one/,
    );
  });
});
