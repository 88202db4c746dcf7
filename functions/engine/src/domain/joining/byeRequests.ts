/**
 * Requested byes (docs/pairing.md#requested-byes): a player, from the phone, or the organizer asks for a half-point
 * or a zero-point bye in a round not yet paired. The organizer's limits bind the players; the organizer, who sets
 * them, may grant a bye outside them.
 */
import { z } from 'zod';
import { DomainError } from '../common/index.js';
import type { RequestedBye } from '../ratings/index.js';

/** What the organizer allows (the tournament's `byeRules`); every field has the default of an open club event. */
export const ByeRules = z
  .object({
    /** How many half-point byes a player may ask for (0: none). */
    halfPointByes: z.number().int().min(0).max(20).default(0),
    /** None of them in the last rounds: how many rounds before the end are closed to them. */
    halfPointByesClosedLastRounds: z.number().int().min(0).max(20).default(2),
    /** Whether a player may announce an absence: a zero-point bye, in any round not yet paired. */
    zeroPointByes: z.boolean().default(true),
    /** What a late entry's missed rounds count as: nothing (absent), or a zero-point or a half-point bye each. */
    lateEntries: z.enum(['ABSENT', 'ZERO_BYES', 'HALF_BYES']).default('ABSENT'),
  })
  .strict();
export type ByeRules = z.infer<typeof ByeRules>;

export interface ByeRequest {
  round: number;
  /** null takes the request back. */
  points: RequestedBye['points'] | null;
}

export interface ByeRequestContext {
  tournament: { status: string; system: string; currentRound: number; totalRounds?: number | undefined };
  rules: ByeRules;
  participant: { requestedByes?: RequestedBye[] | undefined; awardedByes?: number | undefined; withdrawn?: boolean };
  /** The organizer asks: the limits are theirs to grant past. */
  byEditor: boolean;
}

const refuse = (
  why: string,
  code: 'failed-precondition' | 'invalid-argument' | 'permission-denied' = 'failed-precondition',
) => new DomainError(code, why);

function assertRoundOpen({ tournament, participant }: ByeRequestContext, round: number): void {
  if (tournament.status === 'CLOSED') throw refuse('this tournament is over');
  if (tournament.system !== 'SWISS') throw refuse('byes on request are for a Swiss: a schedule has no room for them');
  if (participant.withdrawn) throw refuse('a withdrawn player is not paired: reinstate them first');
  if (round <= tournament.currentRound) throw refuse(`round ${round} is already paired`);
  const total = tournament.totalRounds;
  if (total !== undefined && round > total) throw refuse(`the tournament has ${total} rounds`, 'invalid-argument');
  if ((participant.awardedByes ?? 0) >= round) throw refuse(`round ${round} is already an awarded bye`);
}

/** The player's own limits: the organizer's rules, checked for a player's request only. */
function assertWithinRules(
  context: ByeRequestContext,
  round: number,
  points: RequestedBye['points'],
  kept: RequestedBye[],
): void {
  const { rules, tournament } = context;
  if (points === 'FULL') throw refuse('a full-point bye is the organizer’s to give', 'permission-denied');
  if (points === 'ZERO') {
    if (!rules.zeroPointByes)
      throw refuse('the organizer takes no absences on request: ask at the desk', 'permission-denied');
    return;
  }
  const allowed = rules.halfPointByes;
  if (allowed === 0) throw refuse('this tournament gives no half-point byes on request', 'permission-denied');
  if (kept.filter((bye) => bye.points === 'HALF').length + 1 > allowed)
    throw refuse(`at most ${allowed} half-point ${allowed === 1 ? 'bye' : 'byes'} a player`, 'permission-denied');
  const total = tournament.totalRounds;
  const closed = rules.halfPointByesClosedLastRounds;
  if (total !== undefined && closed > 0 && round > total - closed)
    throw refuse(`no half-point bye in the last ${closed === 1 ? 'round' : `${closed} rounds`}`, 'permission-denied');
}

/** The player's requested byes once `request` is granted (or taken back), in round order. */
export function planByeRequest(context: ByeRequestContext, request: ByeRequest): RequestedBye[] {
  const { round, points } = request;
  assertRoundOpen(context, round);
  const kept = (context.participant.requestedByes ?? []).filter((bye) => bye.round !== round);
  if (points === null) {
    if (kept.length === (context.participant.requestedByes ?? []).length)
      throw refuse(`no bye was asked for in round ${round}`);
    return kept;
  }
  if (!context.byEditor) assertWithinRules(context, round, points, kept);
  return [...kept, { round, points }].sort((x, y) => x.round - y.round);
}
