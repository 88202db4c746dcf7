import type { Firestore } from 'firebase-admin/firestore';
import { notAppliedProblem } from '@competition/engine';
import { refs } from '../firebase/refs.js';
import { whileTournamentExists } from './tournamentAccess.js';
import { paths } from '@competition/engine/schemas';

/**
 * Records, for the organizer's view, that the score trigger failed on a matchUp: on every failed attempt, and
 * once more when it gives up. A successful event of the matchUp clears it (see applyMatchUpScore).
 */
export async function recordNotApplied(
  db: Firestore,
  tournamentId: string,
  matchUpId: string,
  error: unknown,
  givingUp: boolean,
  now = new Date(),
): Promise<void> {
  const ref = refs(db);
  // A tournament deleted meanwhile keeps no problem: nobody would see it, and nothing would delete it.
  await whileTournamentExists(db, ref, tournamentId, async (tx) => {
    // Read raw, without the schema: the failure may be this very document.
    const raw: unknown = (await tx.get(db.doc(paths.matchUp(tournamentId, matchUpId)))).get('roundNumber');
    const roundNumber = typeof raw === 'number' && Number.isInteger(raw) && raw > 0 ? raw : null;
    tx.set(ref.scoreProblem(tournamentId, matchUpId), {
      matchUpId,
      roundNumber,
      ...notAppliedProblem(error, givingUp),
      at: now.toISOString(),
    });
  });
}
