import { logger } from 'firebase-functions/v2';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { z } from 'zod';
import { firestore } from '../firebase/app.js';
import { rebuildStandingsPages as rebuildPages } from '../services/standingsPages.js';

const Rebuild = z.object({ tournamentId: z.string().min(1), due: z.number().int().min(0) });

/**
 * Rebuilds a tournament's standings pages at the end of the interval it was asked for. It waits for that moment
 * itself: the queue may deliver a task early (the Cloud Tasks emulator does not delay), and rebuilding before the
 * interval ends would miss the changes that ask for this same task later in it.
 */
export const rebuildStandingsPages = onTaskDispatched(
  { retryConfig: { maxAttempts: 5, minBackoffSeconds: 1 }, rateLimits: { maxConcurrentDispatches: 20 } },
  async (request) => {
    const { tournamentId, due } = Rebuild.parse(request.data);
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const result = await rebuildPages(firestore(), tournamentId);
    logger.debug('standings pages rebuilt', { tournamentId, ...result });
  },
);
