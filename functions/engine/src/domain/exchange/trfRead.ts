import { FIDE_TITLES, type FideTitle } from '../ratings/index.js';
import {
  TRF_BYE_CODES,
  TRF_CHESS_SCORING,
  type TrfColumns,
  TRF_GAME_CODES,
  TRF_PLAYER_COLUMNS,
  trfRoundColumns,
  type TrfCode,
  type TrfColour,
  type TrfRoundEntry,
  trfError,
  type TrfScoring,
} from './trf.js';

/**
 * Reads a Tournament Report File (TRF-16 or TRF-2026, with the JaVaFo and bbpPairings records pairing engines
 * use) into its players and rounds, checked column by column (docs/trf.md#reading). trfScenario.ts turns it into a
 * scenario.
 */

/** A 001 record: the player's fields and one entry per round, each checked against the opponent's line. */
export interface TrfPlayer {
  /** The line the record is on, counted from 1, for messages. */
  line: number;
  startNumber: number;
  sex?: 'm' | 'w';
  title?: FideTitle;
  name?: string;
  rating?: number;
  federation?: string;
  fideId?: string;
  birthYear?: number;
  /** TrfColumns 81-84; absent when blank. */
  points?: number;
  rank?: number;
  rounds: TrfRoundEntry[];
}

export interface TrfDocument {
  name?: string;
  city?: string;
  federation?: string;
  /** YYYY-MM-DD. */
  startDate?: string;
  endDate?: string;
  chiefArbiter?: string;
  timeControl?: string;
  /** Record 092, free text. */
  type?: string;
  /** XXR or 142. */
  totalRounds?: number;
  /** XXC or 152: the colour of the top player in round 1. */
  initialColour?: 'white' | 'black';
  /** 162 or bbpPairings' BBW, BBD, BBL, BBZ, BBF, BBU over chess's defaults; `lines` names where each came from. */
  scoring: TrfScoring;
  scoringLines: Partial<Record<keyof TrfScoring, number>>;
  /** Whether the file gives acceleration (XXA, 250): its points columns may then include fictitious points. */
  accelerated: boolean;
  /** Team names by start number (013 records). */
  teams: Map<number, string>;
  /** In start-number order. */
  players: TrfPlayer[];
}

/** Reads the text of a TRF; LF, CRLF and bare CR line endings alike. Refuses bad input naming line and column. */
export function parseTrf(text: string): TrfDocument {
  const doc: TrfDocument = {
    scoring: { ...TRF_CHESS_SCORING },
    scoringLines: {},
    accelerated: false,
    teams: new Map(),
    players: [],
  };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => readRecord(doc, Array.from(raw), index + 1));
  if (doc.players.length === 0) throw trfError(lines.length, null, 'the file has no player (001) record');
  doc.players.sort((x, y) => x.startNumber - y.startNumber);
  checkGames(doc.players);
  return doc;
}

type Chars = readonly string[];

function readRecord(doc: TrfDocument, chars: Chars, line: number): void {
  const code = chars.slice(0, 3).join('');
  const value = chars.slice(4).join('').trim();
  switch (code) {
    case '001':
      doc.players.push(readPlayer(chars, line));
      return;
    case '012':
      if (value) doc.name = value;
      return;
    case '022':
      if (value) doc.city = value;
      return;
    case '032':
      if (value) doc.federation = federationOf(value.toUpperCase(), line, 5);
      return;
    case '042':
      if (value) doc.startDate = dateOf(value, line);
      return;
    case '052':
      if (value) doc.endDate = dateOf(value, line);
      return;
    case '092':
      if (value) doc.type = value;
      return;
    case '102':
      if (value) doc.chiefArbiter = value;
      return;
    case '122':
      if (value) doc.timeControl = value;
      return;
    case '142':
    case 'XXR':
      doc.totalRounds = wholeNumber(value, line, 5, 'the number of rounds');
      return;
    case '152':
    case 'XXC':
      readInitialColour(doc, value, line);
      return;
    case '162':
      readScoring(doc, chars, line);
      return;
    case 'BBW':
    case 'BBD':
    case 'BBL':
    case 'BBZ':
    case 'BBF':
    case 'BBU':
      setScoring(doc, BB_CODES[code], pointsOf(value, line, 5), line);
      return;
    case 'XXA':
    case '250':
      doc.accelerated = true;
      return;
    case '013':
      readTeam(doc, chars, line);
      return;
    default:
      // Comments (###), blank lines and every other record (arbiters' dates, byes ahead, forbidden pairs, team
      // records) are not part of what a scenario holds: docs/trf.md#reading says which.
      return;
  }
}

/** bbpPairings' point records, as TRF-2026's codes; BBZ (zero-point bye) and BBF (forfeit loss) are both A. */
const BB_CODES: Record<'BBW' | 'BBD' | 'BBL' | 'BBZ' | 'BBF' | 'BBU', keyof TrfScoring> = {
  BBW: 'W',
  BBD: 'D',
  BBL: 'L',
  BBZ: 'A',
  BBF: 'A',
  BBU: 'P',
};

function setScoring(doc: TrfDocument, code: keyof TrfScoring, points: number, line: number): void {
  const earlier = doc.scoringLines[code];
  if (earlier !== undefined && doc.scoring[code] !== points)
    throw trfError(line, null, `points for ${code} given twice, differently (first on line ${earlier})`);
  doc.scoring[code] = points;
  doc.scoringLines[code] = line;
  // P follows W unless the file sets it (TRF-2026: "same as W"; bbpPairings' BBU the same).
  if (code === 'W' && doc.scoringLines.P === undefined) doc.scoring.P = points;
}

/** Record 162: a code at column 6 with its points at 7-10, the next pair nine columns on. */
function readScoring(doc: TrfDocument, chars: Chars, line: number): void {
  for (let column = 6; column <= chars.length; column += 9) {
    const code = (chars[column - 1] ?? ' ').toUpperCase();
    if (code === ' ') continue;
    if (code === 'X') continue; // An unknown result's value: no game of a scenario is unknown.
    if (!'WDLAP'.includes(code))
      throw trfError(line, column, `"${code}" is not a TRF-2026 scoring code (W, D, L, A, P or X)`);
    const points = pointsOf(field(chars, { from: column + 1, to: column + 4 }), line, column + 1);
    setScoring(doc, code as keyof TrfScoring, points, line);
  }
}

function readInitialColour(doc: TrfDocument, value: string, line: number): void {
  const word = value.toLowerCase().split(/\s+/)[0] ?? '';
  if (word === 'w' || word === 'white1') doc.initialColour = 'white';
  else if (word === 'b' || word === 'black1') doc.initialColour = 'black';
  // JaVaFo's other XXC words (rank) say how to order players, not a colour.
  else if (!/^[a-z]/.test(word)) throw trfError(line, 5, `"${value}" is not an initial colour (W, B, white1, black1)`);
}

/** 013: a team's name at 5-36, its players' start numbers at 37-40, 42-45, ... */
function readTeam(doc: TrfDocument, chars: Chars, line: number): void {
  const name = field(chars, { from: 5, to: 36 });
  for (let column = 37; column <= chars.length; column += 5) {
    const text = field(chars, { from: column, to: column + 3 });
    if (text === '') continue;
    const number = wholeNumber(text, line, column, 'a start number');
    if (name) doc.teams.set(number, name);
  }
}

function readPlayer(chars: Chars, line: number): TrfPlayer {
  const read = (columns: TrfColumns) => field(chars, columns);
  const startNumber = wholeNumber(read(TRF_PLAYER_COLUMNS.startNumber), line, 5, 'the start number');
  if (startNumber < 1 || startNumber > 9999) throw trfError(line, 5, 'a start number runs from 1 to 9999');
  const player: TrfPlayer = { line, startNumber, rounds: [] };
  const sex = read(TRF_PLAYER_COLUMNS.sex).toLowerCase();
  // Some programs write f for a woman; TRF says w.
  if (sex === 'm') player.sex = 'm';
  else if (sex === 'w' || sex === 'f') player.sex = 'w';
  else if (sex !== '') throw trfError(line, 10, `sex "${sex}" is not m or w`);
  const title = read(TRF_PLAYER_COLUMNS.title).toUpperCase();
  if (title !== '') {
    if (!(FIDE_TITLES as readonly string[]).includes(title))
      throw trfError(line, 11, `title "${title}" is not one of ${FIDE_TITLES.join(', ')}`);
    player.title = title as FideTitle;
  }
  const name = read(TRF_PLAYER_COLUMNS.name);
  if (name) player.name = name;
  const rating = read(TRF_PLAYER_COLUMNS.rating);
  if (rating !== '') {
    const value = wholeNumber(rating, line, 49, 'the rating');
    if (value > 0) player.rating = value;
  }
  const federation = read(TRF_PLAYER_COLUMNS.federation).toUpperCase();
  if (federation) player.federation = federationOf(federation, line, 54);
  const fideId = read(TRF_PLAYER_COLUMNS.fideId);
  if (fideId !== '') {
    if (!/^[0-9]+$/.test(fideId)) throw trfError(line, 58, `FIDE id "${fideId}" is not digits`);
    if (/[1-9]/.test(fideId)) player.fideId = fideId.replace(/^0+/, '');
  }
  const birthYear = birthYearOf(read(TRF_PLAYER_COLUMNS.birthDate), line);
  if (birthYear !== undefined) player.birthYear = birthYear;
  const points = read(TRF_PLAYER_COLUMNS.points);
  if (points !== '') player.points = pointsOf(points, line, 81);
  const rank = read(TRF_PLAYER_COLUMNS.rank);
  if (/^[0-9]+$/.test(rank)) player.rank = Number(rank);
  player.rounds = readRounds(chars, line);
  return player;
}

function readRounds(chars: Chars, line: number): TrfRoundEntry[] {
  const rounds: TrfRoundEntry[] = [];
  /** Whether each block is all blanks: after the last round written, that is trailing space, not an absence. */
  const blank: boolean[] = [];
  for (let round = 1; trfRoundColumns(round).opponent.from <= chars.length; round++) {
    const columns = trfRoundColumns(round);
    const at = (column: number) => chars[column - 1] ?? ' ';
    for (const column of [columns.opponent.to + 1, columns.colour + 1, columns.result + 1, columns.result + 2])
      if (at(column) !== ' ')
        throw trfError(line, column, `round ${round}: expected a blank between the fields, found "${at(column)}"`);
    const opponentText = field(chars, columns.opponent);
    const opponent = opponentText === '' ? 0 : wholeNumber(opponentText, line, columns.opponent.from, 'an opponent');
    const colourChar = at(columns.colour).toLowerCase();
    if (!['w', 'b', '-', ' '].includes(colourChar))
      throw trfError(line, columns.colour, `round ${round}: colour "${colourChar}" is not w, b or -`);
    const colour = (colourChar === ' ' ? '-' : colourChar) as TrfColour;
    const code = at(columns.result).toUpperCase() as TrfCode;
    if (!TRF_GAME_CODES.has(code) && !TRF_BYE_CODES.has(code) && code !== ' ')
      throw trfError(line, columns.result, `round ${round}: "${code}" is not a TRF result code`);
    rounds.push(entryOf({ opponent, colour, code }, line, round, columns.result));
    blank.push(opponentText === '' && colourChar === ' ' && code === ' ');
  }
  while (blank.at(-1)) {
    blank.pop();
    rounds.pop();
  }
  return rounds;
}

/** A bye has no opponent; a game has one and a result (docs/trf.md#reading). JaVaFo's old bye forms are read too. */
function entryOf(entry: TrfRoundEntry, line: number, round: number, column: number): TrfRoundEntry {
  const { opponent, code } = entry;
  if (opponent === 0) {
    // 0000 with + - = : JaVaFo's pairing-allocated bye, absence and half-point bye.
    const legacy: Partial<Record<TrfCode, TrfCode>> = { '+': 'U', '-': 'Z', '=': 'H' };
    const byeCode = legacy[code] ?? code;
    if (!TRF_BYE_CODES.has(byeCode) && byeCode !== ' ')
      throw trfError(line, column, `round ${round}: result "${code}" needs an opponent, and 0000 names none`);
    return { opponent: 0, colour: '-', code: byeCode };
  }
  if (TRF_BYE_CODES.has(code))
    throw trfError(line, column, `round ${round}: "${code}" is a bye, and a bye has opponent 0000, not ${opponent}`);
  if (code === ' ') throw trfError(line, column, `round ${round}: the game against ${opponent} has no result`);
  if (entry.colour === '-' && code !== '+' && code !== '-')
    throw trfError(line, column - 2, `round ${round}: a played game (result "${code}") needs its colour, w or b`);
  return entry;
}

/** The codes two players' lines may show for the same game, this player's first. */
const MATCHING_CODES: Record<string, string> = {
  '1': '0',
  '0': '1',
  '=': '=',
  W: 'L',
  L: 'W',
  D: 'D',
  '+': '-',
  '-': '+-',
};

/** Each game must read the same from both lines: the opponent, opposite colours, results that add up. */
function checkGames(players: readonly TrfPlayer[]): void {
  const byNumber = new Map<number, TrfPlayer>();
  for (const player of players) {
    const earlier = byNumber.get(player.startNumber);
    if (earlier)
      throw trfError(player.line, 5, `start number ${player.startNumber} is already on line ${earlier.line}`);
    byNumber.set(player.startNumber, player);
  }
  for (const player of players)
    player.rounds.forEach((entry, k) => {
      if (entry.opponent !== 0) checkGame(player, entry, k + 1, byNumber);
    });
}

function checkGame(
  player: TrfPlayer,
  entry: TrfRoundEntry,
  round: number,
  byNumber: ReadonlyMap<number, TrfPlayer>,
): void {
  const columns = trfRoundColumns(round);
  const refuse = (column: number, problem: string) => trfError(player.line, column, `round ${round}: ${problem}`);
  const opponent = byNumber.get(entry.opponent);
  if (!opponent) throw refuse(columns.opponent.from, `no player has start number ${entry.opponent}`);
  if (opponent === player) throw refuse(columns.opponent.from, 'a player cannot meet themselves');
  const other = opponent.rounds[round - 1];
  const against = `on the line of ${opponent.startNumber} (line ${opponent.line})`;
  if (other?.opponent !== player.startNumber) {
    const named = other?.opponent ? `opponent ${other.opponent}` : 'no opponent';
    throw refuse(columns.opponent.from, `${player.startNumber} meets ${entry.opponent}, but ${against} ${named}`);
  }
  if (!['wb', 'bw', '--'].includes(`${entry.colour}${other.colour}`))
    throw refuse(columns.colour, `colour ${entry.colour}, and ${other.colour} ${against}`);
  if (!MATCHING_CODES[entry.code]?.includes(other.code))
    throw refuse(columns.result, `result ${entry.code}, and ${other.code} ${against}`);
}

/** A field's text, trimmed; missing columns read as blanks. */
function field(chars: Chars, columns: TrfColumns): string {
  return chars
    .slice(columns.from - 1, columns.to)
    .join('')
    .trim();
}

function wholeNumber(text: string, line: number, column: number, what: string): number {
  if (!/^[0-9]+$/.test(text)) throw trfError(line, column, `${what} "${text}" is not a whole number`);
  return Number(text);
}

/** Points as "11.5" (one decimal or none); a comma is read as the decimal point some programs write. */
function pointsOf(text: string, line: number, column: number): number {
  const normalised = text.trim().replace(',', '.');
  if (!/^-?[0-9]{1,4}(\.[0-9])?$/.test(normalised))
    throw trfError(line, column, `points "${text.trim()}" are not a number like 4.5`);
  return Number(normalised);
}

function federationOf(text: string, line: number, column: number): string {
  if (!/^[A-Z]{3}$/.test(text)) throw trfError(line, column, `federation "${text}" is not a 3-letter FIDE code`);
  return text;
}

/** YYYY/MM/DD (or with - or .), a day of the calendar, as YYYY-MM-DD. */
function dateOf(text: string, line: number): string {
  const match = /^(\d{4})[/.-](\d{2})[/.-](\d{2})$/.exec(text);
  const [year, month, day] = (match?.slice(1) ?? []).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!match || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    throw trfError(line, 5, `date "${text}" is not a day written as YYYY/MM/DD`);
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** The year of a birth date (YYYY/MM/DD, YYYY/00/00 or YYYY alone); month and day are not kept (docs/trf.md). */
function birthYearOf(text: string, line: number): number | undefined {
  if (text === '') return undefined;
  const match = /^(\d{4})([/.-]\d{2}[/.-]\d{2})?$/.exec(text);
  if (!match) throw trfError(line, 70, `birth date "${text}" is not written as YYYY/MM/DD`);
  const year = Number(match[1]);
  if (year === 0) return undefined;
  if (year < 1900 || year > 2100) throw trfError(line, 70, `birth year ${year} is not from 1900 to 2100`);
  return year;
}
