import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions/v2';
import { firestore } from '../firebase/app.js';
import { MATCHUP_DOCUMENT } from '../model/paths.js';
import { applyMatchUpScore } from '../services/applyScore.js';

/**
 * Turns a score written into a matchUp into ratings and standings. Delivered at least once and in any order,
 * so it ignores the event's payload and applies the matchUp's current document (see applyMatchUpScore).
 * It never writes the matchUp, so it cannot trigger itself.
 */
export const onMatchUpWritten = onDocumentWritten({ document: MATCHUP_DOCUMENT, retry: true }, async (event) => {
  const { tournamentId, matchUpId } = event.params;
  const outcome = await applyMatchUpScore(firestore(), tournamentId, matchUpId);
  logger.debug('matchUp score applied', { tournamentId, matchUpId, outcome });
});
