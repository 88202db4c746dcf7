import { countedMatchUp, type MatchUpRecord, type Participant, toPairedParticipant } from '@competition/engine';
import type { MatchUpDoc, ParticipantDoc } from '@competition/engine/schemas';

/** Documents to the engine's plain records and back: the only translation between the two worlds. */
export function toParticipant(doc: ParticipantDoc): Participant {
  return toPairedParticipant(doc);
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

/**
 * A stored matchUp as the engine counts it under the tournament's confirmation option: a player's result the
 * opponent has not confirmed is no result yet (docs/results.md#confirmation-by-the-opponent).
 */
export function toCountedRecord(doc: MatchUpDoc, confirmScores: boolean | undefined): MatchUpRecord {
  return countedMatchUp(doc, confirmScores);
}
