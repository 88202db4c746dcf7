import type { MatchUpRecord } from '../domain/matchUps.js';
import type { Participant } from '../domain/participants.js';
import type { MatchUpResult } from '../domain/results.js';
import type { MatchUpDoc } from '../model/matchUp.js';
import type { ParticipantDoc } from '../model/participant.js';

/** Documents to the engine's plain records and back: the only translation between the two worlds. */
export function toParticipant(doc: ParticipantDoc): Participant {
  const { enteredRound: _enteredRound, ...participant } = doc;
  return participant;
}

export function toMatchUpRecord(doc: Pick<MatchUpDoc, 'matchUpId' | 'roundNumber' | 'order' | 'a' | 'b' | 'result'>): MatchUpRecord {
  return { matchUpId: doc.matchUpId, roundNumber: doc.roundNumber, order: doc.order, a: doc.a, b: doc.b, result: doc.result };
}

/** Two stored results are the same result (key order in a stored map is not significant). */
export function sameResult(x: MatchUpResult | null | undefined, y: MatchUpResult | null | undefined): boolean {
  return canonical(x ?? null) === canonical(y ?? null);
}

function canonical(result: MatchUpResult | null): string {
  if (result === null) return 'null';
  return JSON.stringify([result.kind, result.score?.a ?? null, result.score?.b ?? null, result.winner ?? null]);
}
