/**
 * Drives tods-competition-factory 6.38.0's competition engine directly (it is an oracle for the rating formulas of
 * docs/ratings.md).
 * tods derives each starting state itself, from its own inputs: a tournament record whose participants carry
 * scale items (time items `SCALE.RATING.<eventType>.<scaleName>`, and `SCALE.SEEDING...` for a seeding), pairs
 * naming their individuals, and the policy applied to the draw. Nothing of ours computes a baseline for it.
 */
import { createRequire } from 'node:module';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import type { Participant } from '../../src/domain/ratings/participants.js';
import type { CompetitionPolicy } from '../../src/domain/policy/policy.js';
import type { ParticipantState, RatingHistoryEntry } from '../../src/domain/ratings/state.js';

const require = createRequire(import.meta.url);
const tods = require('tods-competition-factory') as {
  competitionGovernor: {
    initializeCompetitionState(params: object): { error?: unknown };
    processCompetitionMatchUp(params: object): { error?: unknown };
    processCompetitionRound(params: object): { error?: unknown };
    getCompetitionLeaderboard(params: object): { leaderboard: TodsRow[] };
  };
};

/** tods' state is the participant state (docs/ratings.md#participant-state) without the product's additions. */
export type TodsHistory = Omit<RatingHistoryEntry, 'matchUpId'>;
export type TodsState = Omit<ParticipantState, 'matchPoints' | 'results' | 'ratingHistory'> & {
  ratingHistory: TodsHistory[];
};
export interface TodsRow {
  participantId: string;
  rank: number;
}

export interface TodsDraw {
  drawId: string;
  extensions: Array<{ name: string; value: unknown }>;
  competitionState: { participantStates: Record<string, TodsState>; roundStates: Record<string, unknown> };
}

interface TimeItem {
  itemType: string;
  itemValue: number;
}

interface TodsParticipant {
  participantId: string;
  participantType: 'INDIVIDUAL' | 'PAIR';
  individualParticipantIds?: string[];
  timeItems: TimeItem[];
}

/** tods has no scoring policy of its own; our policy without the product's scoringPolicy is the shape tods reads. */
export function todsPolicy(policy: CompetitionPolicy): unknown {
  const { scoringPolicy: _scoring, ...rest } = structuredClone(policy);
  return rest;
}

type EventType = 'SINGLES' | 'DOUBLES';

/**
 * Our participant record as tods' participants, field by field and without interpreting it: each named rating
 * a rating scale item, the seed position a seeding scale item, members as individuals of a PAIR. tods has no
 * place for a manually supplied baseline nor for a rating on no named scale: those two fields have no item.
 */
export function todsParticipants(
  participant: Participant,
  eventType: EventType,
  seedingScale: string,
): TodsParticipant[] {
  const items = (rated: Pick<Participant, 'ratings'>): TimeItem[] =>
    Object.entries(rated.ratings ?? {}).map(([scaleName, value]) => ({
      itemType: `SCALE.RATING.${eventType}.${scaleName}`,
      itemValue: value,
    }));
  const seeding: TimeItem[] =
    participant.seedPosition === undefined
      ? []
      : [{ itemType: `SCALE.SEEDING.${eventType}.${seedingScale}`, itemValue: participant.seedPosition }];
  const own: TodsParticipant = {
    participantId: participant.participantId,
    participantType: 'INDIVIDUAL',
    timeItems: [...items(participant), ...seeding],
  };
  if (!participant.members?.length) return [own];
  const individuals = participant.members.map((member, i): TodsParticipant => ({
    participantId: member.participantId ?? `${participant.participantId}.${i + 1}`,
    participantType: 'INDIVIDUAL',
    timeItems: items(member),
  }));
  return [
    { ...own, participantType: 'PAIR', individualParticipantIds: individuals.map((p) => p.participantId) },
    ...individuals,
  ];
}

/**
 * A draw whose competition state tods initialised (`initializeCompetitionState`) from the participants' own
 * inputs. Entrants with members make a DOUBLES event, whose pairs tods rates from their individuals' DOUBLES
 * ratings; it finds those only for participants it is asked to initialise, so the individuals are listed too
 * and their states (they play nothing) removed afterwards.
 */
export function todsDraw(policy: CompetitionPolicy, participants: readonly Participant[]): TodsDraw {
  const eventType: EventType = participants.some((p) => p.members?.length) ? 'DOUBLES' : 'SINGLES';
  const seedingScale = policy.ratingPolicy.baselineRating.scaleName ?? 'SEEDING';
  const records = participants.flatMap((p) => todsParticipants(p, eventType, seedingScale));
  const draw = {
    drawId: 'draw',
    extensions: [{ name: 'appliedPolicies', value: { competition: todsPolicy(policy) } }],
  } as unknown as TodsDraw;
  const result = tods.competitionGovernor.initializeCompetitionState({
    tournamentRecord: { tournamentId: 'tournament', participants: records },
    drawDefinition: draw,
    event: { eventId: 'event', eventType },
    participantIds: records.map((r) => r.participantId),
  });
  if (result.error)
    throw new Error(`tods refused to initialise the competition state: ${JSON.stringify(result.error)}`);
  if (!draw.competitionState)
    throw new Error('tods initialised no competition state (is the competition policy applied?)');
  const entrants = new Set(participants.map((p) => p.participantId));
  for (const id of Object.keys(draw.competitionState.participantStates))
    if (!entrants.has(id)) delete draw.competitionState.participantStates[id];
  return draw;
}

/** Our played matchUp as a tods matchUp: game points as one set, or a bare winning side. */
export function todsMatchUp(m: MatchUpRecord): object {
  const result = m.result!;
  const score = result.score;
  const winningSide = score
    ? score.a > score.b
      ? 1
      : score.b > score.a
        ? 2
        : undefined
    : result.winner === 'a'
      ? 1
      : result.winner === 'b'
        ? 2
        : undefined;
  return {
    matchUpId: m.matchUpId,
    roundNumber: m.roundNumber,
    matchUpStatus: 'COMPLETED',
    winningSide,
    sides: [
      { sideNumber: 1, participantId: m.a },
      { sideNumber: 2, participantId: m.b },
    ],
    score: score ? { sets: [{ setNumber: 1, side1Score: score.a, side2Score: score.b }] } : {},
  };
}

export function todsProcessMatchUp(draw: TodsDraw, m: MatchUpRecord): void {
  const result = tods.competitionGovernor.processCompetitionMatchUp({ drawDefinition: draw, matchUp: todsMatchUp(m) });
  if (result.error) throw new Error(`tods refused matchUp ${m.matchUpId}: ${JSON.stringify(result.error)}`);
}

export function todsProcessRound(draw: TodsDraw, roundNumber: number, matchUps: readonly MatchUpRecord[]): void {
  const result = tods.competitionGovernor.processCompetitionRound({
    drawDefinition: draw,
    roundNumber,
    matchUps: matchUps.map(todsMatchUp),
  });
  if (result.error) throw new Error(`tods refused round ${roundNumber}: ${JSON.stringify(result.error)}`);
}

export function todsLeaderboard(draw: TodsDraw): TodsRow[] {
  return tods.competitionGovernor.getCompetitionLeaderboard({ drawDefinition: draw }).leaderboard;
}
