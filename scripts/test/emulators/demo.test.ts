/**
 * Emulator Suite tier: the demo of `npm start`, seeded on the test emulators as `npm start` seeds it. Its players
 * join by claim code and its scorekeeper by invitation, as the README says: each account plays its own entry or
 * keeps score in the demo tournament, under the name on its profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@competition/engine/schemas';
import {
  type Emulators,
  FAKE_API_KEY,
  adminFirestore,
  closeAdmin,
  discoverEmulators,
  origin,
  whyNoEmulators,
} from '../../../testing/stack.js';
import { DEMO_PASSWORD, DEMO_SCOREKEEPER, type DemoData, seedDemo } from '../../demo/seedDemo.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[demo.test.ts] skipped: ${skipReason}`);

describe.skipIf(Boolean(skipReason))('the demo of npm start', () => {
  let emulators: Emulators;
  let demo: DemoData;

  /** The account id of a demo email, as the Auth emulator signs it in with the demo password. */
  const uidOf = async (email: string) => {
    const url = `${origin(emulators.auth)}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${FAKE_API_KEY}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    });
    const body = (await response.json()) as { localId?: string };
    if (!body.localId) throw new Error(`the demo has no account ${email}: ${JSON.stringify(body)}`);
    return body.localId;
  };
  const roleOf = async (uid: string) =>
    (await adminFirestore().doc(paths.role(demo.tournamentId, uid)).get()).data() as
      { scorekeeper: boolean; editor: boolean; participantIds: string[]; displayName?: string } | undefined;

  beforeAll(async () => {
    emulators = await discoverEmulators();
    demo = await seedDemo({
      host: emulators.auth.host,
      auth: emulators.auth.port,
      firestore: emulators.firestore.port,
      functions: emulators.functions.port,
      projectId: emulators.projectId,
    });
  }, 300_000);

  afterAll(async () => {
    await closeAdmin();
  });

  it('the scorekeeper the README names keeps score in the demo tournament, under its name', async () => {
    const role = await roleOf(await uidOf('scorekeeper@example.com'));
    expect(role).toMatchObject({ scorekeeper: true, editor: false, participantIds: [], displayName: DEMO_SCOREKEEPER });
  });

  it('every player joined its own entry with its claim code, and the desk names it', async () => {
    expect(demo.players).toHaveLength(16);
    const joined = [];
    for (const player of demo.players) {
      const role = await roleOf(await uidOf(player.email));
      joined.push({ email: player.email, participantIds: role?.participantIds, displayName: role?.displayName });
    }
    expect(joined).toEqual(demo.players.map((p) => ({ email: p.email, participantIds: [p.id], displayName: p.name })));
    expect(demo.scoredByPlayers).toBeGreaterThan(0);
  });
});
