/**
 * Emulator Suite tier: the callables that read a whole tournament on every call answer only signed-in callers,
 * and no caller more often than their rate limit (deployment.ts), so a stranger cannot make the project pay for
 * a full read of a tournament per request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@competition/engine';
import {
  CallableError,
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  seedTournament,
  signUp,
  whyNoEmulators,
} from '../../../testing/stack.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[costGuards.test.ts] skipped: ${skipReason}`);

/** 'accepted', or the refusal as "code: message". */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof CallableError) return `${error.code}: ${error.message}`;
    throw error;
  }
}

describe.skipIf(Boolean(skipReason))('cost guards on the Emulator Suite', () => {
  let emulators: Emulators;
  let seeded: SeededTournament;

  beforeAll(async () => {
    emulators = await discoverEmulators();
    seeded = await seedTournament(emulators, { label: 'cost-guards', players: 4 });
  });

  afterAll(closeAdmin);

  it('refuses every whole-tournament read to a signed-out caller', async () => {
    const { tournamentId } = seeded;
    for (const name of ['getLeaderboard', 'getStandingsCsv', 'exportTournament'] as const) {
      expect(await refusal(call(emulators, name, { tournamentId })), name).toMatch(/^unauthenticated: .*sign in/);
    }
  });

  it('answers a signed-in caller up to their limit, then tells them when to try again; others are not held up', async () => {
    const { tournamentId } = seeded;
    const stranger = await signUp(emulators, `stranger-${Date.now()}@example.com`);
    const { burst } = RATE_LIMITS.getStandingsCsv;
    const answers = [];
    for (let i = 0; i < burst; i++)
      answers.push(await call<{ csv: string }>(emulators, 'getStandingsCsv', { tournamentId }, stranger));
    expect(answers.map((a) => a.csv.split('\n').length > 4)).toEqual(Array.from({ length: burst }, () => true));

    const refused = await refusal(call(emulators, 'getStandingsCsv', { tournamentId }, stranger));
    expect(refused).toMatch(/^resource-exhausted: .*too many requests; try again in \d+ seconds?$/);
    // Another account, and the same account on another callable, have buckets of their own.
    expect(await refusal(call(emulators, 'getStandingsCsv', { tournamentId }, seeded.organizer))).toBe('accepted');
    expect(await refusal(call(emulators, 'getLeaderboard', { tournamentId }, stranger))).toBe('accepted');

    // One small document per account and callable, whatever the number of calls.
    const buckets = await adminFirestore().collection('rateLimits').get();
    const strangers = buckets.docs.filter((d) => d.id.endsWith(stranger.uid)).map((d) => d.id);
    expect(strangers.sort()).toEqual([`getLeaderboard-${stranger.uid}`, `getStandingsCsv-${stranger.uid}`]);
  });
});
