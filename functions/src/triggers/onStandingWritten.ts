import { logger } from 'firebase-functions/v2';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { STANDING_DOCUMENT } from '@competition/engine/model/paths';
import { askForPagesRebuild } from '../services/standingsPages.js';

/**
 * Whatever changed a standings row (a score, a correction, a withdrawal, an import), the public pages follow: one
 * rebuild per interval, asked for by every change of it (see askForPagesRebuild). Retried, so a change whose ask
 * failed is still shown.
 */
export const onStandingWritten = onDocumentWritten({ document: STANDING_DOCUMENT, retry: true }, async (event) => {
  const { tournamentId } = event.params;
  const asked = await askForPagesRebuild(tournamentId, Date.now());
  logger.debug('standings pages rebuild', { tournamentId, asked });
});
