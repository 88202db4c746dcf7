/**
 * Participants pasted as CSV (from a spreadsheet or a club's list): `name, rating, club, country`, with or
 * without a header line (in English, French, German or Spanish), separated by tabs, semicolons or commas, fields
 * quoted RFC 4180 style, ratings written as the organizer's locale writes numbers. Each line becomes an
 * addParticipants entry checked by the callable's own schema and the domain's duplicate rule, so a bad line is
 * named before anything is sent. A column of account ids is refused: players link their own accounts with their
 * claim codes (docs/joining.md), so no list can link an account that does not exist, or an email typed as an id.
 */
import { duplicateEntries } from '@competition/engine';
import { issuesInWords } from '@competition/engine/view';
import { NewParticipant } from '@competition/engine/schemas';
import type { z } from 'zod';
import { parseLocaleNumber } from './localeNumber';

export type NewParticipantInput = z.infer<typeof NewParticipant>;

export const CSV_COLUMNS = ['name', 'rating', 'club', 'country'] as const;
/** `account` is only recognised to be refused. */
type Column = (typeof CSV_COLUMNS)[number] | 'account';
/** Header words, lower case without accents, in the languages a club's spreadsheet is likely to use. */
const ALIASES: Record<string, Column> = {
  uid: 'account',
  player: 'name',
  elo: 'rating',
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
};
const headerWord = (field: string) => field.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

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

export function parseParticipantsCsv(
  text: string,
  entered: readonly EnteredParticipant[] = [],
  locale?: string,
): ParsedCsv {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const rows = splitCsv(text, separatorOf(firstLine));
  const header = rows[0]?.map(headerWord);
  const known = (f: string) => f in ALIASES || f === 'account' || (CSV_COLUMNS as readonly string[]).includes(f);
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
    const rating = value('rating');
    const name = value('name') ?? '';
    const where = `line ${k + offset}${name ? ` (${name})` : ''}`;
    const number = rating === undefined ? undefined : parseLocaleNumber(rating, locale);
    if (number !== undefined && Number.isNaN(number)) {
      errors.push({ line: k + offset, text: `${where}: the rating “${rating}” is not a number` });
      return;
    }
    const entry = {
      participantId: ids[k]!,
      name,
      ...(number === undefined ? {} : { rating: number }),
      ...(value('club') === undefined ? {} : { club: value('club') }),
      ...(value('country') === undefined ? {} : { country: value('country') }),
    };
    const checked = NewParticipant.safeParse(entry);
    if (checked.success) {
      participants.push(checked.data);
      lineOf.push(k + offset);
    } else errors.push({ line: k + offset, text: `${where}: ${issuesInWords(checked.error.issues)}` });
  });
  for (const { index, reason } of duplicateEntries(entered, participants))
    errors.push({ line: lineOf[index]!, text: `line ${lineOf[index]}: ${reason}` });
  return { participants, errors: errors.sort((x, y) => x.line - y.line).map((e) => e.text) };
}
