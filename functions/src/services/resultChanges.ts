import type { Firestore } from 'firebase-admin/firestore';
import { resultChange } from '@competition/engine';
import { MatchUpDoc } from '@competition/engine/schemas';
import { refs } from '../firebase/refs.js';
import { whileTournamentExists } from './tournamentAccess.js';

/**
 * Keeps what one write of a matchUp changed in its result or reports, for the organizer
 * (docs/results.md#who-changed-a-result). The write's event id names the entry, so a duplicated event writes the
 * same document again, and events arriving out of order each keep their own write's time.
 */
export async function recordResultChange(
  db: Firestore,
  tournamentId: string,
  changeId: string,
  before: unknown,
  after: unknown,
  at: string,
): Promise<boolean> {
  const old = readable(before);
  const now = readable(after);
  const change = resultChange(old, now);
  const game = now ?? old;
  if (!change || !game) return false;
  const ref = refs(db);
  // A tournament deleted meanwhile, or an import whose tournament is not written yet, keeps no history.
  return whileTournamentExists(db, ref, tournamentId, (tx) => {
    tx.set(ref.resultChange(tournamentId, changeId), {
      matchUpId: game.matchUpId,
      roundNumber: game.roundNumber,
      ...change,
      at,
    });
  });
}

/** A side of the event as the schema reads it; a document it cannot read has nothing to compare. */
function readable(data: unknown): MatchUpDoc | undefined {
  if (data === undefined) return undefined;
  const parsed = MatchUpDoc.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
