/**
 * Drives tods-competition-factory 6.38.0's competition engine directly (it is an oracle for seed 000's formulas):
 * a draw definition carrying the policy as an applied policy and the competition state as a first-class attribute.
 */
import { createRequire } from 'node:module';
import type { MatchUpRecord } from '../../src/domain/matchUps.js';
import type { CompetitionPolicy } from '../../src/domain/policy.js';
import type { ParticipantState, RatingHistoryEntry } from '../../src/domain/state.js';
import { initialParticipantState } from '../../src/domain/state.js';

const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tods = require('tods-competition-factory') as {
  competitionGovernor: {
    processCompetitionMatchUp(params: object): { error?: unknown };
    processCompetitionRound(params: object): { error?: unknown };
    getCompetitionLeaderboard(params: object): { leaderboard: TodsRow[] };
  };
};

/** tods' state is seed 000's, without the product's additions. */
export type TodsHistory = Omit<RatingHistoryEntry, 'matchUpId'>;
export type TodsState = Omit<ParticipantState, 'matchPoints' | 'results' | 'ratingHistory'> & { ratingHistory: TodsHistory[] };
export interface TodsRow {
  participantId: string;
  rank: number;
}

export interface TodsDraw {
  drawId: string;
  extensions: Array<{ name: string; value: unknown }>;
  competitionState: { participantStates: Record<string, TodsState>; roundStates: Record<string, unknown> };
}

/** tods has no scoring policy of its own; our policy minus the product's extensions is seed 000's shape. */
export function todsPolicy(policy: CompetitionPolicy): unknown {
  const { scoringPolicy: _scoring, ...rest } = structuredClone(policy);
  return rest;
}

export function todsDraw(policy: CompetitionPolicy, ratings: Record<string, number>): TodsDraw {
  // tods initialises a state exactly as we do, without the product's match points and result list.
  const participantStates: Record<string, TodsState> = {};
  for (const [participantId, rating] of Object.entries(ratings)) {
    const { matchPoints: _matchPoints, results: _results, ...state } = initialParticipantState({ participantId, rating }, policy);
    participantStates[participantId] = state;
  }
  return {
    drawId: 'draw',
    extensions: [{ name: 'appliedPolicies', value: { competition: todsPolicy(policy) } }],
    competitionState: { participantStates, roundStates: {} },
  };
}

/** Our played matchUp as a tods matchUp: game points as one set, or a bare winning side. */
export function todsMatchUp(m: MatchUpRecord): object {
  const result = m.result!;
  const score = result.score;
  const winningSide = score ? (score.a > score.b ? 1 : score.b > score.a ? 2 : undefined) : result.winner === 'a' ? 1 : result.winner === 'b' ? 2 : undefined;
  return {
    matchUpId: m.matchUpId,
    roundNumber: m.roundNumber,
    matchUpStatus: 'COMPLETED',
    winningSide,
    sides: [{ sideNumber: 1, participantId: m.a }, { sideNumber: 2, participantId: m.b }],
    score: score ? { sets: [{ setNumber: 1, side1Score: score.a, side2Score: score.b }] } : {},
  };
}

export function todsProcessMatchUp(draw: TodsDraw, m: MatchUpRecord): void {
  const result = tods.competitionGovernor.processCompetitionMatchUp({ drawDefinition: draw, matchUp: todsMatchUp(m) });
  if (result.error) throw new Error(`tods refused matchUp ${m.matchUpId}: ${JSON.stringify(result.error)}`);
}

export function todsProcessRound(draw: TodsDraw, roundNumber: number, matchUps: readonly MatchUpRecord[]): void {
  const result = tods.competitionGovernor.processCompetitionRound({ drawDefinition: draw, roundNumber, matchUps: matchUps.map(todsMatchUp) });
  if (result.error) throw new Error(`tods refused round ${roundNumber}: ${JSON.stringify(result.error)}`);
}

export function todsLeaderboard(draw: TodsDraw): TodsRow[] {
  return tods.competitionGovernor.getCompetitionLeaderboard({ drawDefinition: draw }).leaderboard;
}
