import { z } from 'zod';
import { describeIssues, DocumentId, DomainError, objectShapeProblem, SIZES } from '../common/index.js';
import { requireImportable, shownId } from './importChecks.js';
import { type LeaderboardRow, TIEBREAK_NAMES } from '../standings/index.js';
import { MatchUpRecord, PenaltyRecord } from '../results/index.js';
import { Participant } from '../ratings/index.js';
import { type FinalPlace, type Playoff, howPlaced } from '../playoff/index.js';
import { type CompetitionPolicy, CompetitionPolicy as CompetitionPolicySchema } from '../policy/index.js';
import { DeckListText } from '../deckLists/index.js';

const Json: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.string(), z.number().finite(), z.boolean(), z.null(), z.array(Json), z.record(z.string(), Json)]),
);

/** A generated round's record (method, seed, cost breakdown), kept as the pairing engine wrote it. */
export const RoundRecord = z
  .object({
    roundNumber: z.number().int().positive(),
    pairing: z.record(z.string(), Json).optional(),
  })
  .strict();

/** A player's deck list (docs/judging.md#deck-lists), as the tournament's record keeps it. */
export const DeckListRecord = DeckListText.extend({ participantId: DocumentId }).strict();
export type DeckListRecord = z.infer<typeof DeckListRecord>;

/**
 * An entry as the tournament keeps it: the participant, and what the day added to it (the round a late entry
 * joined, a player's own drop, the check-in), so that every field the product writes on an entry travels.
 */
export const ExportedParticipant = Participant.extend({
  enteredRound: z.number().int().positive().optional(),
  /** When the player dropped themselves from their phone (epoch ms; docs/organisation.md#a-player-drops-out). */
  droppedAt: z.number().int().positive().optional(),
  checkedIn: z.boolean().optional(),
}).strict();
export type ExportedParticipant = z.infer<typeof ExportedParticipant>;

/** A whole tournament as one JSON document: what export writes and import reads back, exactly. */
export const TournamentExport = z
  .object({
    format: z.literal('competition-tournament'),
    version: z.literal(1),
    tournament: z.record(z.string(), Json),
    policy: CompetitionPolicySchema,
    participants: z.array(ExportedParticipant),
    rounds: z.array(RoundRecord).default([]),
    matchUps: z.array(MatchUpRecord),
    /** The judges' record (docs/judging.md#penalties): part of the event's history, so it travels with it. */
    penalties: z.array(PenaltyRecord).default([]),
    /** The players' deck lists, when the tournament has any (docs/judging.md#deck-lists). */
    deckLists: z.array(DeckListRecord).optional(),
  })
  .strict();
export type TournamentExport = z.infer<typeof TournamentExport>;

export function exportTournament(data: Omit<z.input<typeof TournamentExport>, 'format' | 'version'>): string {
  const document = TournamentExport.parse({ format: 'competition-tournament', version: 1, ...data });
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Reads an exported tournament and checks it whole (domain/exchange/importChecks.ts): anything that would not round-trip,
 * or that live writes could not have made, is refused, naming the item and the field.
 */
export function importTournament(json: string): TournamentExport {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new DomainError('invalid-argument', `not valid JSON: ${(error as Error).message}`);
  }
  // The schema walks the document recursively: an absurdly deep one is refused before it starts.
  const shape = objectShapeProblem(raw, { depth: SIZES.exportDepth, entries: Number.POSITIVE_INFINITY });
  if (shape) throw new DomainError('invalid-argument', `invalid tournament export: the document ${shape}`);
  const parsed = TournamentExport.safeParse(raw);
  if (!parsed.success) {
    throw new DomainError(
      'invalid-argument',
      `invalid tournament export: ${describeExportIssues(parsed.error.issues, raw)}`,
    );
  }
  requireImportable(parsed.data);
  return parsed.data;
}

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/** Zod's issues, each led by the item it is about ("matchUp r1-m2", "participant p7"), then the field's path. */
function describeExportIssues(issues: readonly Issue[], raw: unknown): string {
  return issues
    .map((issue) => {
      const item = itemAt(raw, issue.path);
      return item ? `${item}, ${describeIssues([issue])}` : describeIssues([issue]);
    })
    .join('; ');
}

const ITEMS: Record<string, { label: string; key: string }> = {
  participants: { label: 'participant', key: 'participantId' },
  matchUps: { label: 'matchUp', key: 'matchUpId' },
  rounds: { label: 'round', key: 'roundNumber' },
  penalties: { label: 'penalty', key: 'penaltyId' },
};

function itemAt(raw: unknown, path: ReadonlyArray<PropertyKey>): string | undefined {
  const [list, index] = path;
  const kind = typeof list === 'string' ? ITEMS[list] : undefined;
  if (!kind || typeof index !== 'number') return undefined;
  const entry = (raw as Record<string, unknown[] | undefined>)[list as string]?.[index];
  const id = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[kind.key] : undefined;
  return id === undefined ? undefined : `${kind.label} ${typeof id === 'number' ? id : shownId(id)}`;
}

/** RFC 4180: quote a field that holds a comma, a quote or a line break; double the quotes inside. */
function csvField(value: string | number | boolean): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** As the standings screen shows a number: whole ratings, other values to two decimals, no trailing zeros. */
function rounded(value: number | undefined, digits: number): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  return String(Math.round(value * 10 ** digits) / 10 ** digits);
}

/** A playoff's final order, for the export of a tournament whose playoff has started (docs/playoff.md). */
export interface FinalOrder {
  places: readonly FinalPlace[];
  playoff: Playoff;
  mainRounds: number;
}

/**
 * Tiebreaks whose value a column of the export already holds: the differential is the game-point difference, the
 * rating tiebreaks are the rating columns. A spreadsheet with the same figure under two names reads as two figures.
 */
const SHOWN_ALREADY: ReadonlySet<string> = new Set(['POINT_DIFFERENTIAL', 'DYNAMIC_FORM_RATING', 'PRESSURE_RATING']);

/**
 * The leaderboard as CSV, one row per participant, as the standings screen reads: names (never ids), columns
 * named in words, wins / draws / losses in that order, ratings rounded as shown, the tiebreaks in the policy's
 * order, each column once.
 *
 * Once a playoff has started, `final` makes the rows the final standings (docs/playoff.md#final-standings), in
 * their order, with the place, the seed and how the place was earned; the figures stay `rows`' own, the main
 * stage's (the playoff's games count in the places, not in the figures, as on the standings screen).
 */
export function standingsCsv(
  policy: CompetitionPolicy,
  rows: readonly LeaderboardRow[],
  names: Readonly<Record<string, string>> = {},
  final?: FinalOrder,
): string {
  const tiebreaks = (policy.victoryPolicy.tiebreakOrder ?? []).filter((t) => !SHOWN_ALREADY.has(t));
  const head = final ? ['Place', 'Player', 'Seed', 'How'] : ['Rank', 'Player'];
  const header = [
    ...head,
    'Match points',
    'Wins',
    'Draws',
    'Losses',
    'Game points won',
    'Game points lost',
    'Game-point difference',
    'Baseline rating',
    'Dynamic form rating',
    'Pressure rating',
    'Withdrawn',
    ...tiebreaks.map((t) => TIEBREAK_NAMES[t].long),
  ];
  const figures = (r: LeaderboardRow | undefined, withdrawn: boolean) =>
    r
      ? [
          rounded(r.matchPoints, 2),
          r.wins,
          r.draws,
          r.losses,
          rounded(r.pointsWon, 2),
          rounded(r.pointsLost, 2),
          rounded(r.pointsWon - r.pointsLost, 2),
          rounded(r.baselineRating, 0),
          rounded(r.dynamicFormRating, 0),
          rounded(r.pressureRating, 2),
          r.withdrawn || withdrawn ? 'yes' : '',
          ...tiebreaks.map((t) => rounded(r.tiebreaks[t], 2)),
        ]
      : [...Array.from({ length: 10 }, () => ''), withdrawn ? 'yes' : '', ...tiebreaks.map(() => '')];
  const line = (fields: Array<string | number>) => fields.map(csvField).join(',');
  const rowOf = new Map(rows.map((r) => [r.participantId, r]));
  const lines = final
    ? final.places.map((p) =>
        line([
          p.place,
          names[p.participantId] ?? '',
          p.seed ?? '',
          howPlaced(p, final.playoff, final.mainRounds),
          ...figures(rowOf.get(p.participantId), p.withdrawn),
        ]),
      )
    : rows.map((r) => line([r.rank, names[r.participantId] ?? '', ...figures(r, false)]));
  return [line(header), ...lines].join('\r\n') + '\r\n';
}
