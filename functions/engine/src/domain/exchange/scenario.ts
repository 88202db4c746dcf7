import { z } from 'zod';
import {
  judgeMatchUp,
  type MatchUpRecord,
  type MatchUpResult,
  type ResultKind,
  ResultKind as ResultKindSchema,
  Winner,
} from '../results/index.js';
import { DomainError, describeIssues, DrawnGames, TEXT } from '../common/index.js';
import { Participant } from '../ratings/index.js';
import { type CompetitionPolicy, resolvePolicy } from '../policy/index.js';

/**
 * The command-line scenario: a compact way to write a whole tournament by hand (replay and pair tools, demos,
 * tests). Rounds are listed in order; a matchUp without a result is still open.
 */
const ScenarioParticipant = z
  .object({
    id: z.string().min(1),
    name: z.string().optional(),
    rating: z.number().finite().optional(),
    ratings: z.record(z.string(), z.number().finite()).optional(),
    seed: z.number().int().positive().optional(),
    manualRating: z.number().finite().optional(),
    members: Participant.shape.members,
    team: z.string().optional(),
    club: z.string().optional(),
    country: z.string().optional(),
    category: Participant.shape.category,
    withdrawn: z.boolean().optional(),
    awardedByes: Participant.shape.awardedByes,
    requestedByes: Participant.shape.requestedByes,
    fideId: Participant.shape.fideId,
    title: Participant.shape.title,
    federation: Participant.shape.federation,
    sex: Participant.shape.sex,
    birthYear: Participant.shape.birthYear,
    goRank: Participant.shape.goRank,
  })
  .strict();

const KIND_ALIASES: Record<string, ResultKind> = {
  'forfeit-win': 'FORFEIT_WIN',
  'forfeit-loss': 'FORFEIT_LOSS',
  'double-forfeit': 'DOUBLE_FORFEIT',
  'full-bye': 'FULL_BYE',
  'half-bye': 'HALF_BYE',
  'pairing-bye': 'PAIRING_BYE',
  'zero-bye': 'ZERO_BYE',
};
const ScenarioKind = z.preprocess(
  (v) => (typeof v === 'string' && v in KIND_ALIASES ? KIND_ALIASES[v] : v),
  ResultKindSchema,
);

const ScenarioMatchUp = z
  .object({
    a: z.string().min(1),
    b: z.string().min(1).nullable(),
    score: z
      .object({
        a: z.number().finite().nonnegative(),
        b: z.number().finite().nonnegative(),
        draws: DrawnGames.optional(),
      })
      .strict()
      .optional(),
    status: z.enum(['COMPLETED', 'WALKOVER', 'DOUBLE_WALKOVER', 'TO_BE_PLAYED']).optional(),
    winner: z.enum(['a', 'b']).optional(),
    result: Winner.optional(),
    kind: ScenarioKind.optional(),
  })
  .strict();
type ScenarioMatchUp = z.infer<typeof ScenarioMatchUp>;

/**
 * What a tournament report says of the event besides its games (docs/trf.md#the-header); the engine reads none of
 * it. Dates as YYYY-MM-DD.
 */
export const ScenarioEvent = z
  .object({
    name: z.string().trim().min(1).max(TEXT.name).optional(),
    city: z.string().trim().min(1).max(TEXT.name).optional(),
    federation: Participant.shape.federation,
    startDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
      .optional(),
    endDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD')
      .optional(),
    chiefArbiter: z.string().trim().min(1).max(TEXT.name).optional(),
    timeControl: z.string().trim().min(1).max(TEXT.name).optional(),
  })
  .strict();
export type ScenarioEvent = z.infer<typeof ScenarioEvent>;

export const Scenario = z
  .object({
    event: ScenarioEvent.optional(),
    policy: z.unknown().default('STANDARD'),
    participants: z.array(ScenarioParticipant),
    rounds: z.array(z.array(ScenarioMatchUp)).default([]),
    options: z.object({ policyOverrides: z.unknown().optional() }).passthrough().default({}),
    pairing: z.unknown().optional(),
  })
  .strict();

export interface ParsedScenario {
  policy: CompetitionPolicy;
  participants: Participant[];
  matchUps: MatchUpRecord[];
  pairing: unknown;
  event?: ScenarioEvent;
}

export function parseScenario(input: unknown): ParsedScenario {
  const parsed = Scenario.safeParse(input);
  if (!parsed.success)
    throw new DomainError('invalid-argument', `invalid scenario: ${describeIssues(parsed.error.issues)}`);
  const { policy, participants, rounds, options, pairing, event } = parsed.data;
  const resolved = resolvePolicy(policy, options.policyOverrides);
  const matchUps = rounds.flatMap((round, r) => round.map((m, i) => toMatchUp(m, r + 1, i)));
  // A stored tournament counts a refused result as no result; a scenario file is input, and says what is wrong.
  for (const m of matchUps) {
    const refusal = judgeMatchUp(m, resolved).refusal;
    if (refusal) throw new DomainError('invalid-argument', `rounds[${m.roundNumber - 1}][${m.order}]: ${refusal}`);
  }
  return {
    policy: resolved,
    participants: participants.map(toParticipant),
    matchUps,
    pairing,
    ...(event && { event }),
  };
}

function toParticipant(p: z.infer<typeof ScenarioParticipant>): Participant {
  const { id, seed, ...rest } = p;
  return Participant.parse({ participantId: id, ...(seed !== undefined ? { seedPosition: seed } : {}), ...rest });
}

function toMatchUp(m: ScenarioMatchUp, roundNumber: number, index: number): MatchUpRecord {
  const where = `rounds[${roundNumber - 1}][${index}]`;
  return {
    matchUpId: `r${roundNumber}-m${index + 1}`,
    roundNumber,
    order: index,
    a: m.a,
    b: m.b,
    result: toResult(m, where),
  };
}

function toResult(m: ScenarioMatchUp, where: string): MatchUpResult | null {
  if (m.status === 'TO_BE_PLAYED') return null;
  if (m.b === null) return { kind: m.kind ?? 'PAIRING_BYE', ...(m.result ? { winner: m.result } : {}) };
  if (m.status === 'WALKOVER') {
    if (!m.winner) throw new DomainError('invalid-argument', `${where}.winner: a WALKOVER needs a winner ("a" or "b")`);
    return { kind: m.winner === 'a' ? 'FORFEIT_WIN' : 'FORFEIT_LOSS', winner: m.winner };
  }
  if (m.status === 'DOUBLE_WALKOVER') return { kind: 'DOUBLE_FORFEIT' };
  const winner = m.result ?? m.winner;
  if (m.kind && m.kind !== 'PLAYED') return { kind: m.kind, ...(winner ? { winner } : {}) };
  if (!m.score && !winner) return null;
  return { kind: 'PLAYED', ...(m.score ? { score: m.score } : {}), ...(winner ? { winner } : {}) };
}
