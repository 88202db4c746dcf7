/**
 * The byes a player has before a round is paired (docs/pairing.md#awarded-byes, docs/pairing.md#requested-byes):
 * an awarded bye in each of the first rounds, or a bye the player asked for.
 */
import type { Participant } from '../ratings/index.js';

export type ByeHolder = Pick<Participant, 'participantId' | 'awardedByes' | 'requestedByes' | 'withdrawn'>;

/** The bye `participant` has in round `roundNumber` before any pairing, if any; an awarded one comes first. */
export function decidedByeOf(
  participant: Pick<Participant, 'awardedByes' | 'requestedByes'>,
  roundNumber: number,
): 'FULL_BYE' | 'HALF_BYE' | 'ZERO_BYE' | null {
  if ((participant.awardedByes ?? 0) >= roundNumber) return 'FULL_BYE';
  const requested = participant.requestedByes?.find((bye) => bye.round === roundNumber);
  if (!requested) return null;
  return requested.points === 'FULL' ? 'FULL_BYE' : requested.points === 'HALF' ? 'HALF_BYE' : 'ZERO_BYE';
}
