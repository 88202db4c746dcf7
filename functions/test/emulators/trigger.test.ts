/**
 * Emulator Suite tier: the whole path of a score, as production runs it. A player signs in through the Auth
 * emulator, writes a score with the client SDK (so firestore.rules judge it), the Functions emulator fires the
 * deployed trigger (`onMatchUpWritten` from functions/src/index.ts, built to functions/lib), and the standings
 * document shows the match points. Run with `npm run test:emulators`; `npm test` type-checks it.
 *
 * The expected rows are written out here from the rules of docs/results.md (each player has only this game).
 */
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from 'firebase/auth';
import {
  type Firestore,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  serverTimestamp,
  terminate,
  updateDoc,
} from 'firebase/firestore';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MatchUpResultInput, presetPolicy } from '@competition/engine';
import { paths } from '@competition/engine/schemas';
import { origin } from '../../../testing/emulatorEnv.js';
import { waitFor } from '../../../testing/wait.js';
import {
  PROJECT_ID,
  type World,
  buildWorld,
  emulatorAddress,
  quietly,
  seedDocuments,
  startRulesEnvironment,
} from './support.js';

// The first score may meet a cold trigger worker, seconds on a busy machine.
const TIMEOUT_MS = 60_000;
const STANDING_FIELDS = ['matchPoints', 'wins', 'losses', 'draws', 'pointsWon', 'pointsLost'] as const;
type StandingNumbers = Record<(typeof STANDING_FIELDS)[number], number>;

let env: RulesTestEnvironment;
let app: FirebaseApp;
let db: Firestore;
let playerUid: string;
let world: World;

beforeAll(async () => {
  env = await startRulesEnvironment();
  const run = Math.random().toString(36).slice(2, 10);

  app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, `trigger-test-${run}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, origin(emulatorAddress('FIREBASE_AUTH_EMULATOR_HOST')), { disableWarnings: true });
  const credential = await createUserWithEmailAndPassword(auth, `player-${run}@example.com`, 'a-test-password');
  playerUid = credential.user.uid;

  db = getFirestore(app);
  const firestore = emulatorAddress('FIRESTORE_EMULATOR_HOST');
  connectFirestoreEmulator(db, firestore.host, firestore.port);

  // PER_MATCHUP: one result moves the standings at once, without waiting for the round to complete.
  world = buildWorld({ tournamentId: `t-trigger-${run}`, playerUid, policy: presetPolicy('REDEMPTION') });
  // Seeded as createTournament and generateRound leave it; the trigger sees only the client's writes below.
  await quietly(() => seedDocuments(env, world.documents));
});

afterAll(async () => {
  if (db) await terminate(db);
  if (app) await deleteApp(app);
  await env?.cleanup();
});

async function readRows(): Promise<Record<string, Partial<StandingNumbers> | null>> {
  const rows: Record<string, Partial<StandingNumbers> | null> = {};
  for (const participantId of [world.ids.participantId, world.ids.opponentId]) {
    // Standings are public: the signed-in player's own client reads them, through the rules.
    const snapshot = await getDoc(doc(db, paths.standing(world.ids.tournamentId, participantId)));
    const data = snapshot.data();
    rows[participantId] = data ? Object.fromEntries(STANDING_FIELDS.map((field) => [field, data[field]])) : null;
  }
  return rows;
}

/** The two players' rows as the rules say they stand: each player has only this game. */
const NOTHING: StandingNumbers = { matchPoints: 0, wins: 0, losses: 0, draws: 0, pointsWon: 0, pointsLost: 0 };

/**
 * Writes the score as the player's client does, waits until the trigger has moved both rows (it writes them in one
 * transaction), and compares them with the rows the test states.
 */
async function writeScoreAndCompare(
  result: MatchUpResultInput | null,
  expected: { player: StandingNumbers; opponent: StandingNumbers },
): Promise<void> {
  const before = await readRows();
  // As firestore.rules want it: signed with the writer's side at the server's time, or cleared without a signature.
  const signature =
    result === null ? { scoredBy: null, scoredAt: null } : { scoredBy: 'SIDE_A', scoredAt: serverTimestamp() };
  await updateDoc(doc(db, paths.matchUp(world.ids.tournamentId, world.ids.matchUpId)), { result, ...signature });
  const ids = [world.ids.participantId, world.ids.opponentId];
  const after = await waitFor(
    `both standings rows of ${world.ids.tournamentId} to move after ${JSON.stringify(result)}`,
    readRows,
    (rows) => ids.every((id) => JSON.stringify(rows[id]) !== JSON.stringify(before[id])),
    TIMEOUT_MS,
  );
  expect(after).toEqual({ [world.ids.participantId]: expected.player, [world.ids.opponentId]: expected.opponent });
}

describe('a score written by a player through the client SDK', () => {
  it(
    'fires the deployed trigger, and the standings show the match points',
    { timeout: TIMEOUT_MS + 10_000 },
    async () => {
      expect(await readRows()).toEqual({ [world.ids.participantId]: NOTHING, [world.ids.opponentId]: NOTHING });
      // 5-3 reaches the target of 5: a win, worth 3 match points under REDEMPTION (docs/results.md).
      await writeScoreAndCompare(
        { kind: 'PLAYED', score: { a: 5, b: 3 } },
        {
          player: { matchPoints: 3, wins: 1, losses: 0, draws: 0, pointsWon: 5, pointsLost: 3 },
          opponent: { matchPoints: 0, wins: 0, losses: 1, draws: 0, pointsWon: 3, pointsLost: 5 },
        },
      );
    },
  );

  it('corrected, replaces the first result instead of adding to it', { timeout: TIMEOUT_MS + 10_000 }, async () => {
    await writeScoreAndCompare(
      { kind: 'PLAYED', score: { a: 2, b: 5 } },
      {
        player: { matchPoints: 0, wins: 0, losses: 1, draws: 0, pointsWon: 2, pointsLost: 5 },
        opponent: { matchPoints: 3, wins: 1, losses: 0, draws: 0, pointsWon: 5, pointsLost: 2 },
      },
    );
  });

  it('cleared, takes the result back out of the standings', { timeout: TIMEOUT_MS + 10_000 }, async () => {
    await writeScoreAndCompare(null, { player: NOTHING, opponent: NOTHING });
  });
});
