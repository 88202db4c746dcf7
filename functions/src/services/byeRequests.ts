import type { Firestore } from 'firebase-admin/firestore';
import { ByeRules, DomainError, planByeRequest, requireMayRequestBye } from '@competition/engine';
import type { ParticipantDoc, RequestByeInput } from '@competition/engine/schemas';
import { refs } from '../firebase/refs.js';
import { readOwnRole } from './roles.js';
import { readTournament } from './tournamentAccess.js';

/** A player or the organizer asks for a bye, or takes one back (the engine decides: joining/byeRequests.ts). */
export async function requestBye(db: Firestore, uid: string | undefined, input: RequestByeInput): Promise<void> {
  const ref = refs(db);
  const { tournamentId, participantId, round, points } = input;
  await db.runTransaction(async (tx) => {
    const [tournament, role] = await Promise.all([
      readTournament(tx, ref, tournamentId),
      readOwnRole(tx, ref, tournamentId, uid),
    ]);
    const byEditor = requireMayRequestBye(uid, role, participantId);
    const participant = (await tx.get(ref.participant(tournamentId, participantId))).data();
    if (!participant)
      throw new DomainError('not-found', 'this player is not entered in the tournament (reload the page)');
    const requestedByes = planByeRequest(
      { tournament, rules: tournament.byeRules ?? ByeRules.parse({}), participant, byEditor },
      { round, points },
    );
    const { requestedByes: _before, ...rest } = participant;
    const next: ParticipantDoc = { ...rest, ...(requestedByes.length ? { requestedByes } : {}) };
    tx.set(ref.participant(tournamentId, participantId), next);
  });
}
