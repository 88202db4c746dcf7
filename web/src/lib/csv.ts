/**
 * Participants pasted as CSV (from a spreadsheet or a club's list): `name, rating, club, country, account`, with or
 * without that header line, separated by commas, semicolons or tabs, fields quoted RFC 4180 style. Each line
 * becomes an addParticipants entry checked by the callable's own schema, so a bad line is named before anything
 * is sent.
 */
import { describeIssues } from '../../../functions/src/domain/errors';
import { NewParticipant } from '../../../functions/src/model/requests';
import type { z } from 'zod';

export type NewParticipantInput = z.infer<typeof NewParticipant>;

export const CSV_COLUMNS = ['name', 'rating', 'club', 'country', 'account'] as const;
type Column = (typeof CSV_COLUMNS)[number];
const ALIASES: Record<string, Column> = { uid: 'account', player: 'name', elo: 'rating' };

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

function separatorOf(firstLine: string): string {
  if (firstLine.includes('\t')) return '\t';
  if (firstLine.includes(';') && !firstLine.includes(',')) return ';';
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

export function parseParticipantsCsv(text: string, takenIds: Iterable<string> = []): ParsedCsv {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const rows = splitCsv(text, separatorOf(firstLine));
  const header = rows[0]?.map((f) => f.trim().toLowerCase());
  const isHeader =
    header !== undefined &&
    header.some((f) => f === 'name') &&
    header.every((f) => f === '' || f in ALIASES || (CSV_COLUMNS as readonly string[]).includes(f));
  const columns: Array<Column | undefined> = isHeader
    ? header.map((f) => ALIASES[f] ?? (f as Column))
    : [...CSV_COLUMNS];
  const lines = isHeader ? rows.slice(1) : rows;
  const offset = isHeader ? 2 : 1;
  const ids = nextIds(takenIds, lines.length);
  const participants: NewParticipantInput[] = [];
  const errors: string[] = [];
  lines.forEach((fields, k) => {
    const value = (column: Column) => {
      const i = columns.indexOf(column);
      const v = i < 0 ? undefined : fields[i]?.trim();
      return v === '' ? undefined : v;
    };
    const rating = value('rating');
    const entry = {
      participantId: ids[k]!,
      name: value('name') ?? '',
      ...(rating === undefined ? {} : { rating: Number(rating.replace(',', '.')) }),
      ...(value('club') === undefined ? {} : { club: value('club') }),
      ...(value('country') === undefined ? {} : { country: value('country') }),
      ...(value('account') === undefined ? {} : { uid: value('account') }),
    };
    const checked = NewParticipant.safeParse(entry);
    if (checked.success) participants.push(checked.data);
    else errors.push(`line ${k + offset}: ${describeIssues(checked.error.issues)}`);
  });
  return { participants, errors };
}
