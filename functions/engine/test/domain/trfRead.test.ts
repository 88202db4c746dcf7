/**
 * The Tournament Report File reader (docs/trf.md#reading): files bbpPairings generated (trf/README.md says how),
 * every line ending, the fields of a player, and bad input refused where it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, parseTrf, readTrf, scenarioToTrf } from '../../src/domain/exchange/index.js';
import { computeStandings } from '../../src/domain/standings/index.js';
import { refusal } from './refusal.js';
import { HAND_EVENT } from './trf/events.js';

const dataDir = join(import.meta.dirname, 'trf');
const GENERATED = ['bbp-12p-5r.trf', 'bbp-15p-6r-310.trf', 'bbp-11p-5r-byes.trf'];
const read = (file: string) => readFileSync(join(dataDir, file), 'utf8');

/** The file's lines, whatever ends them. */
const linesOf = (text: string) => text.split(/\r\n|\r|\n/);
const cols = (line: string, from: number, to: number) => line.slice(from - 1, to);

describe('files bbpPairings generated', () => {
  it.each(GENERATED)('%s reads the same with CR (as written), LF and CRLF line ends', (file) => {
    const text = read(file);
    expect(text).toContain('\r');
    expect(text).not.toContain('\n');
    const scenario = readTrf(text);
    expect(readTrf(text.replaceAll('\r', '\n'))).toEqual(scenario);
    expect(readTrf(text.replaceAll('\r', '\r\n'))).toEqual(scenario);
  });

  it.each(GENERATED)('%s: the engine scores every player as the file does', (file) => {
    const text = read(file);
    const { policy, participants, matchUps } = parseScenario(readTrf(text));
    const { leaderboard } = computeStandings(policy, participants, matchUps);
    const points = new Map(leaderboard.map((row) => [row.participantId, row.matchPoints]));
    const players = linesOf(text).filter((line) => line.startsWith('001'));
    expect(players.length).toBe(participants.length);
    for (const line of players) expect(points.get(`p${Number(cols(line, 5, 8))}`)).toBe(Number(cols(line, 81, 84)));
  });

  it.each(GENERATED)('%s is written back with the same players and games (the ranks are the engine’s)', (file) => {
    const original = linesOf(read(file)).filter((line) => line.startsWith('001'));
    const written = linesOf(scenarioToTrf(readTrf(read(file)))).filter((line) => line.startsWith('001'));
    const withoutRank = (line: string) => cols(line, 1, 85) + cols(line, 90, 999);
    expect(written.map(withoutRank)).toEqual(original.map(withoutRank));
  });

  it('reads every kind: byes, forfeits either way, a double forfeit, played games by colour', () => {
    const { rounds } = readTrf(read('bbp-11p-5r-byes.trf'));
    // 001 3 ... round 1: 0000 - H; 001 11 round 2: 0000 - U; 001 7 round 3: 0000 - Z.
    expect(rounds![0]).toContainEqual({ a: 'p3', b: null, kind: 'HALF_BYE' });
    expect(rounds![1]).toContainEqual({ a: 'p11', b: null, kind: 'PAIRING_BYE' });
    expect(rounds![2]).toContainEqual({ a: 'p7', b: null, kind: 'ZERO_BYE' });
    // 5 w + against 10 (round 1); 4 w + against 1 (round 4); 8 (white) and 9 both - in round 2.
    expect(rounds![0]).toContainEqual({ a: 'p5', b: 'p10', kind: 'FORFEIT_WIN' });
    expect(rounds![3]).toContainEqual({ a: 'p4', b: 'p1', kind: 'FORFEIT_WIN' });
    expect(rounds![1]).toContainEqual({ a: 'p8', b: 'p9', kind: 'DOUBLE_FORFEIT' });
    // 1 b 1 against 7 in round 1: white (7) is side a and lost; 3 v 4 drawn in round 2, 4 white.
    expect(rounds![0]).toContainEqual({ a: 'p7', b: 'p1', result: 'b' });
    expect(rounds![1]).toContainEqual({ a: 'p4', b: 'p3', result: 'draw' });
  });

  it('gives a pairing engine the file as it is: start numbers, colours and codes, the points, the table', () => {
    const doc = parseTrf(read('bbp-15p-6r-310.trf'));
    expect(doc.players).toHaveLength(15);
    // 001    2 ... 13.0    3     9 w 1     5 b 0    12 w +     6 w 1  0000 - H    14 b +
    expect(doc.players[1]).toMatchObject({ startNumber: 2, rating: 1964, points: 13, rank: 3 });
    expect(doc.players[1]!.rounds).toEqual([
      { opponent: 9, colour: 'w', code: '1' },
      { opponent: 5, colour: 'b', code: '0' },
      { opponent: 12, colour: 'w', code: '+' },
      { opponent: 6, colour: 'w', code: '1' },
      { opponent: 0, colour: '-', code: 'H' },
      { opponent: 14, colour: 'b', code: '+' },
    ]);
    expect(doc.scoring).toEqual({ W: 3, D: 1, L: 0, A: 0, P: 3 });
    expect(doc.type).toBe('FIDE_DUTCH_2025');
  });

  it('scores a file on 3/1/0 with its own table, and writes it back with record 162', () => {
    const scenario = readTrf(read('bbp-15p-6r-310.trf'));
    expect(scenario.options).toEqual({
      policyOverrides: { scoringPolicy: { matchPoints: { win: 3, timedWin: 3, draw: 1, loss: 0 } } },
    });
    expect(linesOf(scenarioToTrf(scenario))).toContain('162  W 3.0    D 1.0    L 0.0');
  });
});

describe('the fields of a TRF', () => {
  it('reads the header and a player’s FIDE fields back into the scenario they came from', () => {
    const scenario = readTrf(scenarioToTrf(HAND_EVENT));
    expect(scenario.event).toEqual(HAND_EVENT.event);
    expect(scenario.pairing).toEqual({ totalRounds: 5 });
    expect(scenario.participants[0]).toEqual({
      id: 'p1',
      name: 'Carlsen, Magnus',
      rating: 2830,
      seed: 1,
      federation: 'NOR',
      fideId: '1503014',
      title: 'GM',
      sex: 'm',
      birthYear: 1990,
    });
    expect(scenario.participants[4]).toEqual({ id: 'p5', name: 'Cy', seed: 5, fideId: '42', title: 'WCM', sex: 'w' });
  });

  it('reads other programs’ spellings: lower-case codes, a full birth date, f for a woman, a team (013)', () => {
    // TrfColumns: 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date,
    // 81-84 points, 86-89 rank, 92-99 round 1.
    const player = (start: string, sexTitle: string, name: string, fed: string, id: string, born: string, r1: string) =>
      `001 ${start} ${sexTitle} ${name.padEnd(33)} 2600 ${fed} ${id.padStart(11)} ${born}  ${r1.at(-1)}.0    1  ${r1}`;
    const text = [
      '012 Spellings',
      player('   1', 'fwgm', 'Polgar, Judit', 'hun', '700070', '1976/07/23', '   2 W 1'),
      player('   2', 'm fm', 'Other, Player', 'HUN', '00000000', '0000/00/00', '   1 B 0'),
      `013 ${'Budapest Team'.padEnd(32)}   1    2`,
    ].join('\r\n');
    const { participants, rounds } = readTrf(text);
    expect(participants[0]).toMatchObject({ title: 'WGM', sex: 'w', federation: 'HUN', birthYear: 1976 });
    expect(participants[0]).toMatchObject({ fideId: '700070', team: 'Budapest Team' });
    // A FIDE id of zeros and a birth date of zeros are no id and no date.
    expect(participants[1]).not.toHaveProperty('fideId');
    expect(participants[1]).not.toHaveProperty('birthYear');
    expect(rounds).toEqual([[{ a: 'p1', b: 'p2', result: 'a' }]]);
  });

  it('leaves out a last round of byes set ahead, the round a pairing engine is asked to pair', () => {
    // Player 3 asked for a half-point bye in round 2, which nobody has played yet: points exclude it or not.
    const player = (n: number, points: string, ...rounds: string[]) =>
      `001 ${String(n).padStart(4)}      Player ${n}`.padEnd(80) + `${points.padStart(4)}    ${n}` + rounds.join('');
    const text = [
      'XXR 3',
      player(1, '1.0', '     2 w 1'),
      player(2, '0.0', '     1 b 0'),
      player(3, '1.0', '  0000 - U', '  0000 - H'),
    ].join('\n');
    const scenario = readTrf(text);
    expect(scenario.rounds).toHaveLength(1);
    expect(readTrf(text.replace('1.0    3', '1.5    3')).rounds).toHaveLength(1);
  });
});

describe('bad input, refused where it is', () => {
  const good = scenarioToTrf(HAND_EVENT, { lineEnding: '\n' });
  const lines = good.split('\n');
  /** The file with line `number` (counted from 1) given `text` from column `column` on. */
  const withText = (number: number, column: number, text: string) =>
    lines
      .map((line, k) =>
        k + 1 === number
          ? line.padEnd(column - 1).slice(0, column - 1) + text + line.slice(column - 1 + text.length)
          : line,
      )
      .join('\n');
  const refused = (text: string) => refusal(() => readTrf(text));
  // Line 13 is start number 1 (Carlsen), line 14 number 2 (Hou), line 16 number 4 (Bo).

  it('reads the unchanged file', () => {
    expect(readTrf(good).participants).toHaveLength(6);
  });

  it.each([
    [13, 11, 'XX', 'TRF line 13, column 11: title "XXM" is not one of GM, IM, WGM, FM, WIM, CM, WFM, WCM'],
    [13, 49, '28a0', 'TRF line 13, column 49: the rating "28a0" is not a whole number'],
    [13, 10, 'x', 'TRF line 13, column 10: sex "x" is not m or w'],
    [13, 54, 'NO1', 'TRF line 13, column 54: federation "NO1" is not a 3-letter FIDE code'],
    [13, 58, '   1503-014', 'TRF line 13, column 58: FIDE id "1503-014" is not digits'],
    [13, 70, '90/11/30  ', 'TRF line 13, column 70: birth date "90/11/30" is not written as YYYY/MM/DD'],
    [13, 81, '2,5x', 'TRF line 13, column 81: points "2,5x" are not a number like 4.5'],
    [13, 81, ' 3.0', 'TRF line 13, column 81: points 3.0, but the results add up to 2.5'],
    [13, 97, 'x', 'TRF line 13, column 97: round 1: colour "x" is not w, b or -'],
    [13, 99, '?', 'TRF line 13, column 99: round 1: "?" is not a TRF result code'],
    [13, 98, '1', 'TRF line 13, column 98: round 1: expected a blank between the fields, found "1"'],
    [13, 92, '   9', 'TRF line 13, column 92: round 1: no player has start number 9'],
    [13, 92, '   1', 'TRF line 13, column 92: round 1: a player cannot meet themselves'],
    [13, 92, '   5', 'TRF line 13, column 92: round 1: 1 meets 5, but on the line of 5 (line 17) opponent 2'],
    [13, 97, 'b', 'TRF line 13, column 97: round 1: colour b, and b on the line of 4 (line 16)'],
    [13, 99, '=', 'TRF line 13, column 99: round 1: result =, and 0 on the line of 4 (line 16)'],
    [13, 99, ' ', 'TRF line 13, column 99: round 1: the game against 4 has no result'],
    [13, 99, 'H', 'TRF line 13, column 99: round 1: "H" is a bye, and a bye has opponent 0000, not 4'],
    [15, 99, '1', 'TRF line 15, column 99: round 1: result "1" needs an opponent, and 0000 names none'],
    [14, 5, '   1', 'TRF line 14, column 5: start number 1 is already on line 13'],
    [14, 5, '  0x', 'TRF line 14, column 5: the start number "0x" is not a whole number'],
    [4, 5, '2026-13', 'TRF line 4, column 5: date "2026-13/20" is not a day written as YYYY/MM/DD'],
    [11, 5, 'five', 'TRF line 11, column 5: the number of rounds "five" is not a whole number'],
  ])('line %i, column %i, %j', (line, column, text, message) => {
    expect(refused(withText(line, column, text))).toEqual({ code: 'invalid-argument', message });
  });

  it('refuses a played game without colours, and a file without players', () => {
    expect(refused(withText(16, 97, '-')).message).toBe(
      'TRF line 16, column 97: round 1: a played game (result "0") needs its colour, w or b',
    );
    expect(refused('012 Empty\n').message).toBe('TRF line 2: the file has no player (001) record');
  });

  it('refuses points a scenario cannot score: a bye or an absence priced apart from a win or a loss', () => {
    expect(refused(`162  W 1.0    P 0.5\n${good}`).message).toBe(
      'TRF line 1: a pairing-allocated bye worth 0.5, a win 1: the engine scores it as a win',
    );
    expect(refused(`BBZ 0.5\n${good}`).message).toBe(
      'TRF line 1: an absence worth 0.5, a loss 0: the engine scores it as a loss',
    );
    expect(refused(`162  W 1.0    Q 0.5\n${good}`).message).toBe(
      'TRF line 1, column 15: "Q" is not a TRF-2026 scoring code (W, D, L, A, P or X)',
    );
  });
});
