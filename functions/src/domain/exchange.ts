import { z } from 'zod';
import { DomainError, describeIssues } from './errors.js';
import type { LeaderboardRow } from './leaderboard.js';
import { MatchUpRecord } from './matchUps.js';
import { Participant } from './participants.js';
import type { CompetitionPolicy } from './policy.js';
import { CompetitionPolicy as CompetitionPolicySchema } from './policy.js';

const Json: z.ZodType<unknown> = z.lazy(() => z.union([z.string(), z.number().finite(), z.boolean(), z.null(), z.array(Json), z.record(z.string(), Json)]));

/** A generated round's record (method, seed, cost breakdown), kept as the pairing engine wrote it. */
export const RoundRecord = z
  .object({
    roundNumber: z.number().int().positive(),
    pairing: z.record(z.string(), Json).optional(),
  })
  .strict();

/** A whole tournament as one JSON document: what export writes and import reads back, exactly. */
export const TournamentExport = z
  .object({
    format: z.literal('competition-tournament'),
    version: z.literal(1),
    tournament: z.record(z.string(), Json),
    policy: CompetitionPolicySchema,
    participants: z.array(Participant),
    rounds: z.array(RoundRecord).default([]),
    matchUps: z.array(MatchUpRecord),
  })
  .strict();
export type TournamentExport = z.infer<typeof TournamentExport>;

export function exportTournament(data: Omit<TournamentExport, 'format' | 'version'>): string {
  const document = TournamentExport.parse({ format: 'competition-tournament', version: 1, ...data });
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Reads an exported tournament, refusing (with the field named) anything that would not round-trip. */
export function importTournament(json: string): TournamentExport {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new DomainError('invalid-argument', `not valid JSON: ${(error as Error).message}`);
  }
  const parsed = TournamentExport.safeParse(raw);
  if (!parsed.success) throw new DomainError('invalid-argument', `invalid tournament export: ${describeIssues(parsed.error.issues)}`);
  const ids = new Set<string>();
  for (const p of parsed.data.participants) {
    if (ids.has(p.participantId)) throw new DomainError('invalid-argument', `participant ${p.participantId} is listed twice`);
    ids.add(p.participantId);
  }
  for (const m of parsed.data.matchUps) {
    for (const id of m.b === null ? [m.a] : [m.a, m.b]) {
      if (!ids.has(id)) throw new DomainError('invalid-argument', `matchUp ${m.matchUpId} names unknown participant ${id}`);
    }
  }
  return parsed.data;
}

/** RFC 4180: quote a field that holds a comma, a quote or a line break; double the quotes inside. */
function csvField(value: string | number | boolean): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The leaderboard as CSV, one row per participant, tiebreak columns in the policy's order. */
export function standingsCsv(policy: CompetitionPolicy, rows: readonly LeaderboardRow[], names: Readonly<Record<string, string>> = {}): string {
  const tiebreaks = policy.victoryPolicy.tiebreakOrder ?? [];
  const header = ['rank', 'participantId', 'name', 'matchPoints', 'wins', 'losses', 'draws', 'pointsWon', 'pointsLost', 'pointDifferential', 'baselineRating', 'dynamicFormRating', 'pressureRating', 'withdrawn', ...tiebreaks];
  const lines = rows.map((r) =>
    [
      r.rank,
      r.participantId,
      names[r.participantId] ?? '',
      r.matchPoints,
      r.wins,
      r.losses,
      r.draws,
      r.pointsWon,
      r.pointsLost,
      r.pointsWon - r.pointsLost,
      r.baselineRating,
      r.dynamicFormRating,
      r.pressureRating,
      r.withdrawn,
      ...tiebreaks.map((t) => r.tiebreaks[t] ?? ''),
    ]
      .map(csvField)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
