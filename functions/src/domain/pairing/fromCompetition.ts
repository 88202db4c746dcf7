import { foldCompetition } from '../fold.js';
import type { MatchUpRecord } from '../matchUps.js';
import type { Participant } from '../participants.js';
import type { CompetitionPolicy } from '../policy.js';
import { isWin, type Outcome } from '../results.js';
import type { ParticipantStates } from '../state.js';
import { PairingError } from './errors.js';
import { pairingMethodFor } from './method.js';
import type { PairingSpec } from './request.js';
import type { GameOutcome, PairingPlayer, PairingRequest } from './types.js';

export interface Competition {
  policy: CompetitionPolicy;
  participants: readonly Participant[];
  matchUps: readonly MatchUpRecord[];
}

/**
 * Builds the engine's request for the next round of a competition: the state fold gives every participant's
 * results (match points from the policy's table; a bye counts as a win there) and form rating; the policy's
 * pairingPolicy gives the defaults the organizer's spec does not override.
 */
export function pairingRequestFor(competition: Competition, spec: PairingSpec): PairingRequest {
  const { policy, participants, matchUps } = competition;
  const lastRound = matchUps.reduce((max, m) => Math.max(max, m.roundNumber), 0);
  const open = matchUps.filter((m) => m.result === null);
  if (open.length > 0) {
    const round = Math.min(...open.map((m) => m.roundNumber));
    throw new PairingError('failed-precondition', `round ${round} is not complete (${open.length} matchUp(s) without a result); score it before pairing the next round`);
  }
  const states = foldCompetition(policy, participants, matchUps);
  const pairingPolicy = policy.pairingPolicy;
  const { method, seed, totalRounds, ...options } = spec;
  return {
    roundNumber: lastRound + 1,
    ...(totalRounds !== undefined ? { totalRounds } : {}),
    method: pairingMethodFor(method, undefined, policy),
    seed,
    players: pairingPlayers(participants, states, policy, matchUps),
    points: { win: policy.scoringPolicy.matchPoints.win, draw: policy.scoringPolicy.matchPoints.draw, loss: policy.scoringPolicy.matchPoints.loss },
    options: {
      avoidRepeatOpponents: pairingPolicy.avoidRepeatOpponents,
      ...(pairingPolicy.laneSize !== undefined ? { laneSize: pairingPolicy.laneSize } : {}),
      ...(pairingPolicy.sameTeamValue !== undefined ? { sameTeamValue: pairingPolicy.sameTeamValue } : {}),
      ...(pairingPolicy.colours !== undefined ? { colours: pairingPolicy.colours } : {}),
      ...options,
    },
  };
}

/**
 * One engine player per participant; the pairing rating follows the policy's ratingSource. A timed win is a win.
 * A game actually played has a colour: side a of its matchUp moved first (white).
 */
export function pairingPlayers(
  participants: readonly Participant[],
  states: ParticipantStates,
  policy: CompetitionPolicy,
  matchUps: readonly MatchUpRecord[] = [],
): PairingPlayer[] {
  const dynamic = policy.pairingPolicy.ratingSource === 'DYNAMIC_FORM';
  const sideA = new Map(matchUps.map((m) => [m.matchUpId, m.a]));
  return participants.map((participant) => {
    const state = states[participant.participantId]!;
    return {
      id: participant.participantId,
      rating: dynamic ? state.dynamicFormRating : state.baselineRating,
      baselineRating: state.baselineRating,
      ...(participant.seedPosition !== undefined ? { seed: participant.seedPosition } : {}),
      ...(participant.club !== undefined ? { club: participant.club } : {}),
      ...(participant.country !== undefined ? { country: participant.country } : {}),
      ...(participant.team !== undefined ? { team: participant.team } : {}),
      ...(participant.category !== undefined ? { category: participant.category } : {}),
      ...(participant.withdrawn ? { withdrawn: true } : {}),
      games: state.results.map((r) => ({
        round: r.roundNumber,
        opponent: r.opponentParticipantId,
        outcome: outcomeOf(r.outcome),
        matchPoints: r.matchPoints,
        pointsFor: r.pointsWon,
        pointsAgainst: r.pointsLost,
        ...(r.played && r.opponentParticipantId !== null && sideA.has(r.matchUpId)
          ? { colour: sideA.get(r.matchUpId) === participant.participantId ? ('WHITE' as const) : ('BLACK' as const) }
          : {}),
      })),
    };
  });
}

function outcomeOf(outcome: Outcome): GameOutcome {
  return isWin(outcome) ? 'WIN' : outcome === 'DRAW' ? 'DRAW' : 'LOSS';
}
