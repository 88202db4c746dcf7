import type { MatchUpRecord } from '../domain/matchUps.js';
import type { Participant } from '../domain/participants.js';
import type { MatchUpDoc } from '../model/matchUp.js';
import type { ParticipantDoc } from '../model/participant.js';

/** Documents to the engine's plain records and back: the only translation between the two worlds. */
export function toParticipant(doc: ParticipantDoc): Participant {
  const { enteredRound: _enteredRound, ...participant } = doc;
  return participant;
}

export function toMatchUpRecord(
  doc: Pick<MatchUpDoc, 'matchUpId' | 'roundNumber' | 'order' | 'a' | 'b' | 'result'>,
): MatchUpRecord {
  return {
    matchUpId: doc.matchUpId,
    roundNumber: doc.roundNumber,
    order: doc.order,
    a: doc.a,
    b: doc.b,
    result: doc.result,
  };
}
