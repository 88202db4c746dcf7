/**
 * Backend tests on the official Firestore emulator: firebase-admin's default app (the one the handlers use)
 * pointed at the emulator that `firebase emulators:exec` started. The deployed trigger also runs there, in the
 * Functions emulator; a file that drives the handler itself (to replay, duplicate or reorder events) turns the
 * background triggers off for its duration, through the Emulator Hub.
 *
 *   const emulator = useEmulatorFirestore({ triggers: false });
 *   it('...', async () => { await emulator.db.doc('a/b').set({ x: 1 }); });
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll } from 'vitest';
import { EMULATED_SERVICE_ACCOUNT, firestore } from '../../src/firebase/app.js';
import { PROJECT_ID, backgroundTriggers, clearFirestore, emulatorAddress } from '../../../testing/emulatorEnv.js';

export interface EmulatorFirestore {
  readonly db: Firestore;
}

export function useEmulatorFirestore(options: { triggers: boolean }): EmulatorFirestore {
  emulatorAddress('FIRESTORE_EMULATOR_HOST');
  if (!getApps().some((app) => app.name === '[DEFAULT]'))
    initializeApp({ projectId: PROJECT_ID, serviceAccountId: EMULATED_SERVICE_ACCOUNT });
  if (!options.triggers) triggersOffForTheFile();
  beforeAll(async () => {
    await clearFirestore();
    if (options.triggers) await backgroundTriggers.enable();
  });
  return { db: firestore() };
}

/**
 * The deployed background triggers off for the whole file, and on again after it. npm test runs the files that
 * call this (or `useEmulatorFirestore({ triggers: false })`) together on each stack, before the others, with the
 * switch back on left to the end of the group (EMULATOR_TRIGGERS=off): each switch on reloads the Functions
 * emulator and ends its warm workers.
 */
export function triggersOffForTheFile(): void {
  beforeAll(() => backgroundTriggers.disable());
  afterAll(() => backgroundTriggers.enable());
}
