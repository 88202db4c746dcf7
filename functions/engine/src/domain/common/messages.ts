/**
 * Schema refusals in a person's words: the field named as the organizer knows it and what to do, never a schema
 * path or a code name. The path form (describeIssues) stays for the command-line tools and the logs.
 */

/** The words for a field, by its key. A caller can name fields better where it knows more (a player's name). */
const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  rating: 'rating',
  club: 'club',
  country: 'country',
  team: 'team',
  category: 'category',
  uid: 'account',
  date: 'date',
  description: 'description',
  location: 'location',
  socialUrl: 'social site',
  roundDurationMinutes: 'round duration',
  preAlarmMinutes: 'pre-alarm',
  totalRounds: 'number of rounds',
  gameTarget: 'game target',
  phantomScore: 'phantom score',
  win: 'match points for a win',
  timedWin: 'match points for a timed win',
  draw: 'match points for a draw',
  loss: 'match points for a loss',
  seed: 'seed',
  a: "first player's game points",
  b: "second player's game points",
  score: 'score',
  result: 'result',
  kind: 'kind of result',
  winner: 'winner',
  participants: 'players',
  // A document's key is named by what it stands for: the value itself is never shown.
  tournamentId: 'tournament',
  championshipId: 'championship',
  clubId: 'club',
  participantId: 'player',
  participantIds: 'players',
  matchUpId: 'game',
  requestId: 'request',
  matchPoints: 'match-point table',
};

/** One item of a list, by the list's key: "player 3". */
const ITEM_WORDS: Record<string, string> = { participants: 'player', rounds: 'round', matchUps: 'game' };

interface Issue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
  readonly code?: string;
  readonly origin?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly inclusive?: boolean;
  readonly expected?: string;
  readonly format?: string;
  readonly values?: readonly unknown[];
  readonly keys?: readonly string[];
}

const spaced = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** The field an issue is about, in words: the last named key of its path. */
export function fieldInWords(path: ReadonlyArray<PropertyKey>, labels: Readonly<Record<string, string>> = {}): string {
  const joined = path.map(String).join('.');
  if (labels[joined]) return labels[joined];
  const key = [...path].reverse().find((part) => typeof part === 'string');
  if (key === undefined) return '';
  const field = labels[key] ?? FIELD_WORDS[key] ?? spaced(key);
  // Which item of a list, counted from 1 as a person counts: "player 3, rating".
  const index = path.findIndex((part) => typeof part === 'number');
  const list = index > 0 ? path[index - 1] : undefined;
  if (index < 0 || typeof list !== 'string' || list === key) return field;
  const item = `${ITEM_WORDS[list] ?? FIELD_WORDS[list] ?? spaced(list)} ${Number(path[index]) + 1}`;
  return field === ITEM_WORDS[list] ? item : `${item}, ${field}`;
}

/** zod's own messages, which speak the schema's language; a message a schema wrote itself is kept as it is. */
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized)/;

/** One issue's problem in words, without the field ("must be a number"). */
export function problemInWords(issue: Issue): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  const limit = (value: number | bigint | undefined) => String(value);
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined/.test(issue.message)) return 'is missing';
      if (issue.expected === 'number') return 'must be a number';
      if (issue.expected === 'int') return 'must be a whole number';
      if (issue.expected === 'string') return 'must be text';
      if (issue.expected === 'boolean') return 'must be true or false';
      if (issue.expected === 'object') return 'must be a set of fields in braces, { … }';
      if (issue.expected === 'array') return 'must be a list in brackets, [ … ]';
      return 'has the wrong kind of value';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'cannot be empty' : `needs at least ${limit(issue.minimum)} characters`;
      if (issue.origin === 'array') return `needs at least ${limit(issue.minimum)}`;
      return issue.inclusive === false
        ? `must be more than ${limit(issue.minimum)}`
        : `must be at least ${limit(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `is too long: at most ${limit(issue.maximum)} characters`;
      if (issue.origin === 'array') return `takes at most ${limit(issue.maximum)}`;
      return issue.inclusive === false
        ? `must be less than ${limit(issue.maximum)}`
        : `must be at most ${limit(issue.maximum)}`;
    case 'not_multiple_of':
      return 'must be a whole number';
    case 'invalid_format':
      return issue.format === 'url' ? 'is not a web address (https://…)' : 'is not written as expected';
    case 'invalid_value':
      return issue.values && issue.values.length <= 6
        ? `must be one of ${issue.values.map(String).join(', ')}`
        : 'is not one of the choices';
    case 'unrecognized_keys':
      return `has fields it does not know: ${(issue.keys ?? []).join(', ')}`;
    case undefined: // An issue without a code is worded like a custom one.
    default:
      // A custom refinement's message is already written for people.
      return /^Invalid input/.test(issue.message) ? 'is not valid' : issue.message;
  }
}

/** "rating: must be a number; name: cannot be empty". */
export function issuesInWords(issues: readonly Issue[], labels: Readonly<Record<string, string>> = {}): string {
  return issues
    .map((issue) => {
      const field = fieldInWords(issue.path, labels);
      const problem = problemInWords(issue);
      return field ? `${field}: ${problem}` : problem;
    })
    .join('; ');
}
