import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { logger } from 'firebase-functions/v2';
import { isPastRetryWindow, SCORE_TRIGGER } from '@competition/engine';
import { firestore } from '../firebase/app.js';
import { MATCHUP_DOCUMENT } from '@competition/engine/schemas';
import { applyMatchUpScore } from '../services/applyScore.js';
import { askForPagesRebuild } from '../services/standingsPages.js';
import { recordResultChange } from '../services/resultChanges.js';
import { recordNotApplied } from '../services/scoreProblems.js';

/**
 * Turns a score written into a matchUp into ratings and standings. Delivered at least once and in any order,
 * so it ignores the event's payload and applies the matchUp's current document (see applyMatchUpScore).
 * It never writes the matchUp, so it cannot trigger itself. It keeps each change of the result in the game's
 * history first (services/resultChanges.ts).
 *
 * A failure is retried (retry: true) and recorded on every attempt where the organizer sees it; past the retry
 * window (domain/results/problems.ts) the event is given up: recorded as such and acknowledged, not thrown again.
 */
const TRIGGER = { document: MATCHUP_DOCUMENT, retry: true, ...SCORE_TRIGGER } as const;

export const onMatchUpWritten = onDocumentWritten(TRIGGER, async (event) => {
  const { tournamentId, matchUpId } = event.params;
  const db = firestore();
  try {
    const { before, after } = event.data ?? {};
    // The write's own commit time orders the history; the event's time is when it was sent.
    const writtenAt = after?.updateTime?.toDate().toISOString() ?? event.time;
    await recordResultChange(db, tournamentId, event.id, before?.data(), after?.data(), writtenAt);
    const outcome = await applyMatchUpScore(db, tournamentId, matchUpId);
    logger.debug('matchUp score applied', { tournamentId, matchUpId, outcome });
    // The public pages follow the rows this event wrote (one rebuild per interval, see askForPagesRebuild); a
    // failed ask is retried with the event, which applies nothing twice.
    if (outcome !== 'IGNORED') await askForPagesRebuild(tournamentId, Date.now());
  } catch (error) {
    const givingUp = isPastRetryWindow(event.time, new Date());
    // The error before the fields: the logger prints its stack (the cause) in the message.
    logger.error(givingUp ? 'matchUp score not applied; giving up' : 'matchUp score not applied; retrying', error, {
      tournamentId,
      matchUpId,
      eventTime: event.time,
      givingUp,
    });
    try {
      await recordNotApplied(db, tournamentId, matchUpId, error, givingUp);
    } catch (recordError) {
      logger.error('matchUp score problem not recorded', recordError, { tournamentId, matchUpId });
    }
    if (!givingUp) throw error;
  }
});
