/**
 * Participants pasted as CSV (from a spreadsheet or a club's list): `name, rating, club, country`, then a chess
 * player's `fideId, title, federation, sex, birthYear` (docs/organisation.md#entering-players), and a Go player's
 * rank (under its own header, or in the rating's place), with or without a header line (in English, French, German
 * or Spanish), separated by tabs, semicolons or commas, fields quoted
 * RFC 4180 style, ratings written as the organizer's locale writes numbers. Each line becomes an addParticipants
 * entry checked by the callable's own schema and the domain's duplicate rule, so a bad line is named before
 * anything is sent. A column of account ids is refused: players link their own accounts with their claim codes
 * (docs/joining.md), so no list can link an account that does not exist, or an email typed as an id.
 */
import { duplicateEntries, parseGoRank } from '@competition/engine';
import { issuesInWords } from '@competition/engine/view';
import { NewParticipant } from '@competition/engine/schemas';
import type { z } from 'zod';
import { parseLocaleNumber } from './localeNumber';

export type NewParticipantInput = z.infer<typeof NewParticipant>;

/** A list without a header is read in this order: the four of any event, then the chess ones (docs/trf.md). */
export const CSV_COLUMNS = [
  'name',
  'rating',
  'club',
  'country',
  'fideId',
  'title',
  'federation',
  'sex',
  'birthYear',
] as const;
/** Read under its header only: a list without one writes a Go rank in the rating's place. */
const HEADED_COLUMNS = [...CSV_COLUMNS, 'goRank'] as const;
type CsvColumn = (typeof HEADED_COLUMNS)[number];
/** `account` is only recognised to be refused. */
type Column = CsvColumn | 'account';

/** The columns as the organizer reads them, in the form's label and in the errors. */
export const COLUMN_WORDS: Record<CsvColumn, string> = {
  name: 'name',
  rating: 'rating',
  club: 'club',
  country: 'country',
  fideId: 'FIDE id',
  title: 'title',
  federation: 'federation',
  sex: 'sex',
  birthYear: 'birth year',
  goRank: 'Go rank',
};

/**
 * Header words, lower case without accents, spaces, dots, hyphens or underscores ("FIDE-ID" reads as "fideid"), in
 * the languages a club's or a chess federation's spreadsheet is likely to use.
 */
const ALIASES: Record<string, Column> = {
  uid: 'account',
  player: 'name',
  elo: 'rating',
  rtg: 'rating',
  fiderating: 'rating',
  nom: 'name',
  joueur: 'name',
  classement: 'rating',
  cote: 'rating',
  pays: 'country',
  compte: 'account',
  spieler: 'name',
  wertung: 'rating',
  dwz: 'rating',
  verein: 'club',
  land: 'country',
  konto: 'account',
  nombre: 'name',
  jugador: 'name',
  clasificacion: 'rating',
  pais: 'country',
  cuenta: 'account',
  fideid: 'fideId',
  idfide: 'fideId',
  fidenr: 'fideId',
  fideno: 'fideId',
  fidenumber: 'fideId',
  fidenummer: 'fideId',
  titel: 'title',
  titre: 'title',
  titulo: 'title',
  fed: 'federation',
  verband: 'federation',
  federacion: 'federation',
  gender: 'sex',
  geschlecht: 'sex',
  sexe: 'sex',
  sexo: 'sex',
  born: 'birthYear',
  birth: 'birthYear',
  birthyear: 'birthYear',
  yearofbirth: 'birthYear',
  yob: 'birthYear',
  geburtsjahr: 'birthYear',
  jahrgang: 'birthYear',
  naissance: 'birthYear',
  anneedenaissance: 'birthYear',
  nacimiento: 'birthYear',
  anodenacimiento: 'birthYear',
  // Go: the EGD's "Grade" and rating "GoR", OpenGotha's "Rank", and the French, German and Spanish lists' words.
  gor: 'rating',
  rank: 'goRank',
  grade: 'goRank',
  gorank: 'goRank',
  kyudan: 'goRank',
  'kyu/dan': 'goRank',
  'dan/kyu': 'goRank',
  niveau: 'goRank',
  rang: 'goRank',
  starke: 'goRank',
  spielstarke: 'goRank',
  rango: 'goRank',
};

/**
 * A rank column of plain numbers is a ranking's places (a chess list's "Rank" or "Rang": 1, 2, 3), not Go ranks:
 * it is left out rather than refused line by line.
 */
const placesOnly = (values: ReadonlyArray<string | undefined>) =>
  values.every((v) => v === undefined || /^\d+\.?$/.test(v));
const headerWord = (field: string) =>
  field
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s._-]/g, '');

/** The sex column as spreadsheets write it, read as a TRF writes it: m or w (f, female, Frau ... read as w). */
const SEXES: Record<string, 'm' | 'w'> = {
  m: 'm',
  male: 'm',
  man: 'm',
  mann: 'm',
  mannlich: 'm',
  masculin: 'm',
  masculino: 'm',
  w: 'w',
  f: 'w',
  female: 'w',
  woman: 'w',
  frau: 'w',
  weiblich: 'w',
  femme: 'w',
  feminin: 'w',
  femenino: 'w',
  mujer: 'w',
};

/**
 * The year of a birth year or a birth date (1990, 1990-05-12, 1990/00/00 as a TRF writes it, 12.05.1990): the
 * product keeps the year only (docs/trf.md#the-players-fields). NaN when it is neither.
 */
function yearOf(text: string): number {
  const match = /^(\d{4})(?:[-/.]\d{1,2}[-/.]\d{1,2})?$/.exec(text) ?? /^\d{1,2}[-/.]\d{1,2}[-/.](\d{4})$/.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

/** Splits CSV text into rows of fields; quotes may hold separators, doubled quotes and line breaks. */
export function splitCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** Tabs (a spreadsheet's copy), else semicolons (where the comma is the decimal mark), else commas. */
function separatorOf(firstLine: string): string {
  if (firstLine.includes('\t')) return '\t';
  if (firstLine.includes(';')) return ';';
  return ',';
}

/** The next free ids p1, p2, ... after those taken. */
export function nextIds(taken: Iterable<string>, count: number): string[] {
  const used = new Set(taken);
  const ids: string[] = [];
  for (let n = 1; ids.length < count; n++) if (!used.has(`p${n}`)) ids.push(`p${n}`);
  return ids;
}

export interface ParsedCsv {
  participants: NewParticipantInput[];
  /** "line 3: rating: expected number" — one per refused line. */
  errors: string[];
}

export interface EnteredParticipant {
  participantId: string;
  name: string;
  rating?: number | undefined;
  club?: string | undefined;
}

/** A refusal in the organizer's words; a choice (title, sex) lists what it takes, which a person cannot guess. */
function inWords(issues: z.core.$ZodIssue[]): string {
  return issuesInWords(
    issues.map((issue) =>
      issue.code === 'invalid_value' ? { ...issue, message: `must be one of ${issue.values.join(', ')}` } : issue,
    ),
    COLUMN_WORDS,
  );
}

export function parseParticipantsCsv(
  text: string,
  entered: readonly EnteredParticipant[] = [],
  locale?: string,
): ParsedCsv {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const rows = splitCsv(text, separatorOf(firstLine));
  const header = rows[0]?.map(headerWord);
  const known = (f: string) => f in ALIASES || f === 'account' || (HEADED_COLUMNS as readonly string[]).includes(f);
  const isHeader =
    header !== undefined &&
    header.some((f) => (ALIASES[f] ?? f) === 'name') &&
    header.every((f) => f === '' || known(f));
  const columns: Array<Column | undefined> = isHeader
    ? header.map((f) => ALIASES[f] ?? (f as Column))
    : [...CSV_COLUMNS];
  if (columns.includes('account'))
    return {
      participants: [],
      errors: [
        'the list has an account column: remove it. Players link their own accounts with the claim codes on the ' +
          "organizer's desk",
      ],
    };
  const lines = isHeader ? rows.slice(1) : rows;
  const rankColumn = columns.indexOf('goRank');
  if (rankColumn >= 0 && placesOnly(lines.map((fields) => fields[rankColumn]?.trim() || undefined)))
    columns[rankColumn] = undefined;
  const offset = isHeader ? 2 : 1;
  const ids = nextIds(
    entered.map((p) => p.participantId),
    lines.length,
  );
  const participants: NewParticipantInput[] = [];
  const lineOf: number[] = [];
  // Each error with its line, so the organizer reads them in the order of the pasted list.
  const errors: Array<{ line: number; text: string }> = [];
  lines.forEach((fields, k) => {
    const value = (column: Column) => {
      const i = columns.indexOf(column);
      const v = i < 0 ? undefined : fields[i]?.trim();
      return v === '' ? undefined : v;
    };
    // A Go player's rank written in the rating's place (a list without a header: name, rank, club, country).
    const rankAsRating = value('rating') !== undefined && parseGoRank(value('rating')!) !== null;
    const rating = rankAsRating ? undefined : value('rating');
    const goRank = value('goRank') ?? (rankAsRating ? value('rating') : undefined);
    const name = value('name') ?? '';
    const where = `line ${k + offset}${name ? ` (${name})` : ''}`;
    const number = rating === undefined ? undefined : parseLocaleNumber(rating, locale);
    const born = value('birthYear');
    const birthYear = born === undefined ? undefined : yearOf(born);
    const notNumbers = [
      ...(number !== undefined && Number.isNaN(number) ? [`the rating “${rating}” is not a number`] : []),
      ...(birthYear !== undefined && Number.isNaN(birthYear) ? [`the birth year “${born}” is not a year`] : []),
    ];
    if (notNumbers.length > 0) {
      errors.push({ line: k + offset, text: `${where}: ${notNumbers.join('; ')}` });
      return;
    }
    const sex = value('sex');
    // FIDE lists and TRF files write 0 for a player without a FIDE id (docs/trf.md).
    const fideId = /^0+$/.test(value('fideId') ?? '') ? undefined : value('fideId');
    const optional = {
      club: value('club'),
      country: value('country'),
      fideId,
      title: value('title')?.toUpperCase(),
      federation: value('federation')?.toUpperCase(),
      // A word the table does not know goes to the schema as typed, which names it.
      sex: sex === undefined ? undefined : (SEXES[headerWord(sex)] ?? sex),
      birthYear,
      goRank,
    };
    const entry = {
      participantId: ids[k]!,
      name,
      ...(number === undefined ? {} : { rating: number }),
      ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    };
    const checked = NewParticipant.safeParse(entry);
    if (checked.success) {
      participants.push(checked.data);
      lineOf.push(k + offset);
    } else errors.push({ line: k + offset, text: `${where}: ${inWords(checked.error.issues)}` });
  });
  for (const { index, reason } of duplicateEntries(entered, participants))
    errors.push({ line: lineOf[index]!, text: `line ${lineOf[index]}: ${reason}` });
  return { participants, errors: errors.sort((x, y) => x.line - y.line).map((e) => e.text) };
}
