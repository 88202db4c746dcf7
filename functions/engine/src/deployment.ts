/**
 * How the functions are deployed: region, cost caps, memory and timeouts, App Check and the callers' rate
 * limits. Plain data (no Firebase imports): the dashboard reads its default functions region from here too.
 * What to change for a big event is in docs/operations.md ("Running a big event").
 */

/** Where the Firestore database lives (a multi-region in the US); the functions run inside it. */
export const FIRESTORE_LOCATION = 'nam5';
/** A region of FIRESTORE_LOCATION, so a function's reads and writes never leave it. */
export const FUNCTIONS_REGION = 'us-central1';

/** The most instances of one function at once: a cost cap against a flood of calls or a runaway trigger. */
export const MAX_INSTANCES = 20;

/**
 * Memory and timeout of the two heaviest paths, from `npm run bench:functions` at 2,000 players and 8 rounds:
 * pairing the 9th round peaked at 179 MiB in 1.8 s, the trigger's replay at 155 MiB in 0.9 s (firebase modules
 * alone ~105 MiB; Firestore I/O not included). 512 MiB leaves room for the documents read and the write batches;
 * the timeouts leave room for reading and writing ~12,000 documents.
 */
export const SCORE_TRIGGER = { memory: '512MiB', timeoutSeconds: 300 } as const;
export const PAIRING = { memory: '512MiB', timeoutSeconds: 120 } as const;

/**
 * Whether the callables refuse a request without a valid App Check token. On unless ENFORCE_APP_CHECK=false;
 * off on the Functions emulator (which cannot verify tokens) unless ENFORCE_APP_CHECK=true.
 */
export function enforcesAppCheck(env: Record<string, string | undefined>): boolean {
  const configured = env.ENFORCE_APP_CHECK?.trim().toLowerCase();
  if (configured === 'true') return true;
  if (configured === 'false') return false;
  return env.FUNCTIONS_EMULATOR !== 'true';
}

/**
 * How often one account may call a callable that reads a whole tournament: a token bucket per account and
 * callable, `burst` calls at once, refilled at `perMinute`. Only accepted calls write the bucket.
 */
export const RATE_LIMITS = {
  getLeaderboard: { burst: 30, perMinute: 30 },
  getStandingsCsv: { burst: 10, perMinute: 6 },
  exportTournament: { burst: 10, perMinute: 6 },
} as const;
export type RateLimitedCallable = keyof typeof RATE_LIMITS;
