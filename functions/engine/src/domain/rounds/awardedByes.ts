/**
 * Awarded byes (docs/pairing.md#awarded-byes): a player awarded N byes sits out the first N Swiss rounds with a
 * won match each, as qualifiers do at large card-game events. The pairing never sees them in those rounds; the
 * round gets one bye per such player beside the pairing's own.
 */
import {
  generateRound,
  METHODS_OF_SYSTEM,
  type PairingMethod,
  type PairingRequest,
  type PairingRound,
} from '../pairing/index.js';
import type { Participant } from '../ratings/index.js';

/** Who takes an awarded bye in round `roundNumber`: players still in, with at least that many byes awarded. */
export function awardedByesIn(
  participants: readonly Pick<Participant, 'participantId' | 'awardedByes' | 'withdrawn'>[],
  roundNumber: number,
  method: PairingMethod,
): string[] {
  if (!METHODS_OF_SYSTEM.SWISS.includes(method)) return [];
  return participants.filter((p) => !p.withdrawn && (p.awardedByes ?? 0) >= roundNumber).map((p) => p.participantId);
}

/** The request with the players who have an awarded bye this round left out of the pairing. */
export function withoutAwardedByes(request: PairingRequest, awarded: readonly string[]): PairingRequest {
  if (awarded.length === 0) return request;
  const away = new Set(awarded);
  return { ...request, players: request.players.map((p) => (away.has(p.id) ? { ...p, withdrawn: true } : p)) };
}

/** A round of the main stage: the pairing of everyone in, but for the players whose awarded bye this round is. */
export function pairMainStageRound(
  request: PairingRequest,
  participants: readonly Pick<Participant, 'participantId' | 'awardedByes' | 'withdrawn'>[],
): { round: PairingRound; awardedByes: string[] } {
  const awarded = awardedByesIn(participants, request.roundNumber, request.method);
  return { round: generateRound(withoutAwardedByes(request, awarded)), awardedByes: awarded };
}
