import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { DomainError, requireCanWriteScore, resolveResult, scorerOf } from '@competition/engine';
import { refs } from '../firebase/refs.js';
import type { RecordScoreInput } from '@competition/engine/schemas';
import { readOwnRole } from './roles.js';
import { readTournament } from './tournamentAccess.js';

/**
 * The organizer's (or a scorekeeper's) score entry: the same document write a client makes, under the same decision
 * as the rules (`scoreWriteRefusal`: a player of the game gets no more here than from their phone), checked first
 * against the unplayed kinds (docs/results.md) so a kind that disagrees with its result is refused before it is stored.
 * Stamped with the server's time, as firestore.rules require of a client; `update` skips the converter, which
 * would refuse the serverTimestamp() sentinel.
 */
export async function recordScore(db: Firestore, uid: string | undefined, input: RecordScoreInput): Promise<void> {
  const ref = refs(db);
  const { tournamentId, matchUpId, result } = input;
  await db.runTransaction(async (tx) => {
    const tournament = await readTournament(tx, ref, tournamentId);
    const matchUp = (await tx.get(ref.matchUp(tournamentId, matchUpId))).data();
    if (!matchUp)
      throw new DomainError(
        'not-found',
        'this game no longer exists (its round may have been undone): reload the page',
      );
    const round = (await tx.get(ref.round(tournamentId, matchUp.roundNumber))).data();
    if (!round) throw new DomainError('not-found', `round ${matchUp.roundNumber} does not exist`);
    const role = await readOwnRole(tx, ref, tournamentId, uid);
    requireCanWriteScore(uid, role, tournament, matchUp, round, result);
    if (result !== null) resolveResult(result, matchUp.b !== null, tournament.policy.scoringPolicy);
    const signature =
      result === null
        ? { scoredBy: null, scoredAt: null }
        : { scoredBy: scorerOf(role, matchUp), scoredAt: FieldValue.serverTimestamp() };
    tx.update(ref.matchUp(tournamentId, matchUpId), { result, ...signature });
  });
}
