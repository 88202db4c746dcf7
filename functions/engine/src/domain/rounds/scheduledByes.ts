/**
 * Byes decided before a Swiss round is paired: awarded byes (docs/pairing.md#awarded-byes), a won match in each
 * of the first rounds, and requested byes (docs/pairing.md#requested-byes), half a point or none in the rounds a
 * player asked for. The pairing never sees those players in that round; the round gets one bye each beside the
 * pairing's own.
 */
import {
  generateRound,
  METHODS_OF_SYSTEM,
  type PairingMethod,
  type PairingRequest,
  type PairingRound,
} from '../pairing/index.js';
import type { DecidedBye } from '../results/index.js';
import { type ByeHolder, decidedByeOf } from '../joining/index.js';

type ScheduledBye = DecidedBye;

/** Who sits out round `roundNumber` with a bye decided before it: players still in, in a Swiss only. */
export function scheduledByesIn(
  participants: readonly ByeHolder[],
  roundNumber: number,
  method: PairingMethod,
): ScheduledBye[] {
  if (!METHODS_OF_SYSTEM.SWISS.includes(method)) return [];
  return participants.flatMap((p) => {
    const kind = p.withdrawn ? null : decidedByeOf(p, roundNumber);
    return kind ? [{ participantId: p.participantId, kind }] : [];
  });
}

/** The request with the players who sit this round out left out of the pairing. */
export function withoutScheduledByes(request: PairingRequest, byes: readonly ScheduledBye[]): PairingRequest {
  if (byes.length === 0) return request;
  const away = new Set(byes.map((bye) => bye.participantId));
  return { ...request, players: request.players.map((p) => (away.has(p.id) ? { ...p, withdrawn: true } : p)) };
}

/** A round of the main stage: the pairing of everyone in, but for the players whose bye this round is decided. */
export function pairMainStageRound(
  request: PairingRequest,
  participants: readonly ByeHolder[],
): { round: PairingRound; scheduledByes: ScheduledBye[] } {
  const byes = scheduledByesIn(participants, request.roundNumber, request.method);
  return { round: generateRound(withoutScheduledByes(request, byes)), scheduledByes: byes };
}
