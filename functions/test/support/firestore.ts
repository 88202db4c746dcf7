/**
 * Test helper: an embedded Firestore server (scripts/firestore/server.ts) per
 * test file, with firebase-admin pointed at it.
 *
 *   import { useTestFirestore } from './support/firestore.js';
 *   const fs = useTestFirestore();            // registers beforeAll/beforeEach/afterAll
 *   it('...', async () => {
 *     await fs.db.doc('a/b').set({ x: 1 });   // or getFirestore() in code under test
 *     expect(fs.stats().writes).toBe(1);
 *   });
 *
 * - The server runs inside the test worker, so `stats()` is exact for that file.
 * - `FIRESTORE_EMULATOR_HOST` and `GCLOUD_PROJECT` are set before firebase-admin
 *   creates its Firestore client; the *default* app is initialised with a
 *   fresh `demo-…` project id unless one exists already (then it is reused),
 *   so `getFirestore()` in the code under test reaches the same server.
 *   Code under test must initialise the default app guarded:
 *   `getApps().length ? getApp() : initializeApp()`.
 * - Data and counters are cleared before each test.
 */
import { randomBytes } from 'node:crypto';
import { type App, deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  type FirestoreServerHandle,
  type FirestoreServerOptions,
  type FirestoreServerStats,
  startFirestoreServer,
} from '../../../scripts/firestore/server.js';
import { applyEnv } from '../../../scripts/local/env.js';

export type { FirestoreServerHandle, FirestoreServerStats };

export interface TestFirestoreOptions extends FirestoreServerOptions {
  /** Project id for the default app; default `demo-test-<random>`. */
  projectId?: string;
}

export interface TestFirestore {
  readonly server: FirestoreServerHandle;
  readonly app: App;
  readonly db: Firestore;
  readonly projectId: string;
  stats(): FirestoreServerStats;
  resetStats(): void;
  /** Deletes this project's data. */
  clear(): void;
  /** clear() + resetStats() */
  reset(): void;
  /** Deletes the app it created and stops the server. */
  stop(): Promise<void>;
}

const DEFAULT_APP = '[DEFAULT]';

export async function startTestFirestore(options: TestFirestoreOptions = {}): Promise<TestFirestore> {
  const { projectId: wantedProjectId, ...serverOptions } = options;
  const server = await startFirestoreServer(serverOptions);
  const existing = getApps().find((a) => a.name === DEFAULT_APP);
  const projectId = existing?.options.projectId ?? wantedProjectId ?? `demo-test-${randomBytes(4).toString('hex')}`;
  const restoreEnv = applyEnv({ FIRESTORE_EMULATOR_HOST: server.address, GCLOUD_PROJECT: projectId });
  const app = existing ?? initializeApp({ projectId });
  const db = getFirestore(app);

  return {
    server,
    app,
    db,
    projectId,
    stats: () => server.stats(),
    resetStats: () => server.resetStats(),
    clear: () => server.clear(projectId),
    reset: () => {
      server.clear(projectId);
      server.resetStats();
    },
    stop: async () => {
      if (!existing && getApps().some((a) => a === app)) await deleteApp(app);
      await server.stop();
      restoreEnv();
    },
  };
}

/** Registers vitest hooks: start in beforeAll, reset before each test, stop in afterAll. */
export function useTestFirestore(options: TestFirestoreOptions = {}): TestFirestore {
  let current: TestFirestore | undefined;
  const get = (): TestFirestore => {
    if (!current) throw new Error('useTestFirestore(): the server is only available inside tests/hooks');
    return current;
  };
  beforeAll(async () => {
    current = await startTestFirestore(options);
  });
  beforeEach(() => {
    get().reset();
  });
  afterAll(async () => {
    await current?.stop();
    current = undefined;
  });
  return {
    get server() {
      return get().server;
    },
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get projectId() {
      return get().projectId;
    },
    stats: () => get().stats(),
    resetStats: () => get().resetStats(),
    clear: () => get().clear(),
    reset: () => get().reset(),
    stop: () => get().stop(),
  };
}
