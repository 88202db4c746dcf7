/**
 * Emulator Suite tier: the whole path of a score, as production runs it. A player signs in through the Auth
 * emulator, writes a score with the client SDK (so firestore.rules judge it), the Functions emulator fires the
 * deployed trigger (`onMatchUpWritten` from functions/src/index.ts, built to functions/lib), and the standings
 * document shows the match points. Run with `npm run test:emulators`; `npm test` type-checks it.
 *
 * The expected numbers come from the pure domain (computeStandings over the same participants and results),
 * so this test checks the plumbing, not the arithmetic, which the domain tests cover.
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
import { computeStandings } from '@competition/engine/domain/competition';
import type { MatchUpRecord } from '@competition/engine/domain/matchUps';
import { presetPolicy } from '@competition/engine/domain/policy';
import { type MatchUpResultInput, MatchUpResult } from '@competition/engine/domain/results';
import type { MatchUpDoc } from '@competition/engine/model/matchUp';
import { paths } from '@competition/engine/model/paths';
import { toMatchUpRecord, toParticipant } from '../../src/services/records.js';
import { origin } from '../support/emulatorEnv.js';
import { waitFor } from '../support/wait.js';
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

/** What the domain says the two players' rows hold once the matchUp has this result. */
function expectedRows(result: MatchUpResultInput | null): Record<string, StandingNumbers> {
  const matchUps: MatchUpRecord[] = Object.entries(world.documents)
    .filter(([path]) => path.startsWith(`${paths.matchUps(world.ids.tournamentId)}/`))
    .map(([, data]) => toMatchUpRecord(data as MatchUpDoc))
    .map((record) =>
      record.matchUpId === world.ids.matchUpId
        ? { ...record, result: result === null ? null : MatchUpResult.parse(result) }
        : record,
    );
  const { leaderboard } = computeStandings(world.policy, world.participants.map(toParticipant), matchUps);
  const rows: Record<string, StandingNumbers> = {};
  for (const participantId of [world.ids.participantId, world.ids.opponentId]) {
    const row = leaderboard.find((r) => r.participantId === participantId);
    if (!row) throw new Error(`the domain has no row for ${participantId}`);
    rows[participantId] = Object.fromEntries(STANDING_FIELDS.map((field) => [field, row[field]])) as StandingNumbers;
  }
  return rows;
}

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

async function writeScoreAndWait(result: MatchUpResultInput | null): Promise<void> {
  // As firestore.rules want it: signed with the writer's side at the server's time, or cleared without a signature.
  const signature =
    result === null ? { scoredBy: null, scoredAt: null } : { scoredBy: 'SIDE_A', scoredAt: serverTimestamp() };
  await updateDoc(doc(db, paths.matchUp(world.ids.tournamentId, world.ids.matchUpId)), { result, ...signature });
  const expected = expectedRows(result);
  const seen = await waitFor(
    `the standings of ${world.ids.tournamentId} to reflect ${JSON.stringify(result)}`,
    readRows,
    (rows) => JSON.stringify(rows) === JSON.stringify(expected),
    TIMEOUT_MS,
  );
  expect(seen).toEqual(expected);
}

describe('a score written by a player through the client SDK', () => {
  it(
    'fires the deployed trigger, and the standings show the match points',
    { timeout: TIMEOUT_MS + 10_000 },
    async () => {
      const result = { kind: 'PLAYED', score: { a: 5, b: 3 } } as const;
      const expected = expectedRows(result);
      expect(expected[world.ids.participantId]?.matchPoints).toBeGreaterThan(0); // the assertion has teeth
      await writeScoreAndWait(result);
    },
  );

  it('corrected, replaces the first result instead of adding to it', { timeout: TIMEOUT_MS + 10_000 }, async () => {
    await writeScoreAndWait({ kind: 'PLAYED', score: { a: 2, b: 5 } });
  });

  it('cleared, takes the result back out of the standings', { timeout: TIMEOUT_MS + 10_000 }, async () => {
    await writeScoreAndWait(null);
  });
});
