import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  assertPenaltyRound,
  DomainError,
  requireCanWriteScore,
  planWithdrawal,
  requireMayPenalize,
  resultAfterPenalty,
} from '@competition/engine';
import type { PenaltyDoc, RecordPenaltyInput } from '@competition/engine/schemas';
import { refs } from '../firebase/refs.js';
import { readOwnRole, staffName } from './roles.js';
import { readTournament } from './tournamentAccess.js';
import { readWithdrawal, standingsFollowWithdrawal } from './participants.js';

/**
 * Staff record a penalty (docs/judging.md#penalties): the penalty document and, for a game or a match loss, the
 * match's new result in the same transaction, signed by the staff member's role, so the score trigger takes it as
 * any official result. A disqualification withdraws the player in that same transaction, as a withdrawal does.
 */
export async function recordPenalty(
  db: Firestore,
  uid: string | undefined,
  input: RecordPenaltyInput,
  profileName?: string,
): Promise<{ penaltyId: string }> {
  const ref = refs(db);
  const { tournamentId, participantId, roundNumber, penalty } = input;
  const penaltyId = ref.penalties(tournamentId).doc().id;
  const replay = await db.runTransaction(async (tx) => {
    const [tournament, role] = await Promise.all([
      readTournament(tx, ref, tournamentId),
      readOwnRole(tx, ref, tournamentId, uid),
    ]);
    const staff = requireMayPenalize(uid, role, penalty);
    assertPenaltyRound(tournament, roundNumber);
    const participant = (await tx.get(ref.participant(tournamentId, participantId))).data();
    if (!participant) throw new DomainError('not-found', 'this player is not entered in the tournament');
    const games = await tx.get(ref.matchUps(tournamentId).where('roundNumber', '==', roundNumber));
    const game = games.docs.map((d) => d.data()).find((m) => m.a === participantId || m.b === participantId);
    const result = game
      ? resultAfterPenalty(
          { side: game.a === participantId ? 'a' : 'b', hasOpponent: game.b !== null, result: game.result },
          penalty,
          tournament.policy.scoringPolicy,
        )
      : null;
    const record: PenaltyDoc = {
      penaltyId,
      participantId,
      roundNumber,
      matchUpId: game?.matchUpId ?? null,
      infraction: input.infraction,
      penalty,
      note: input.note,
      by: staff,
      ...staffName(profileName, role),
      at: new Date().toISOString(),
    };
    if (game && result) {
      // A result changes as any staff score does: only while its round is open (the organizer reopens it).
      const round = (await tx.get(ref.round(tournamentId, roundNumber))).data();
      if (!round) throw new DomainError('not-found', `round ${roundNumber} does not exist`);
      requireCanWriteScore(uid, role, tournament, game, round, result);
    }
    const withdraw =
      penalty === 'DISQUALIFICATION'
        ? await readWithdrawal(tx, ref, tournamentId, participantId, (entry, standing) =>
            planWithdrawal(tournament.policy, entry, standing, true),
          )
        : () => false;
    tx.create(ref.penalty(tournamentId, penaltyId), record);
    if (game && result)
      tx.update(ref.matchUp(tournamentId, game.matchUpId), {
        result,
        scoredBy: staff,
        scoredAt: FieldValue.serverTimestamp(),
      });
    return withdraw();
  });
  if (penalty === 'DISQUALIFICATION') await standingsFollowWithdrawal(db, tournamentId, replay);
  return { penaltyId };
}
