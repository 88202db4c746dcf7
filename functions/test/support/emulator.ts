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
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll } from 'vitest';
import { firestore } from '../../src/firebase/app.js';

export interface EmulatorFirestore {
  readonly db: Firestore;
  readonly projectId: string;
}

export function emulatorHost(variable: 'FIRESTORE_EMULATOR_HOST' | 'FIREBASE_EMULATOR_HUB' | 'FIREBASE_AUTH_EMULATOR_HOST'): string {
  const value = process.env[variable];
  if (!value) {
    throw new Error(`${variable} is not set: this suite runs inside \`firebase emulators:exec\` (npm test, or npm run test:emulators)`);
  }
  return value;
}

export function projectId(): string {
  return process.env.GCLOUD_PROJECT ?? 'demo-competition';
}

async function hub(path: string, method: 'PUT' | 'GET'): Promise<void> {
  const response = await fetch(`http://${emulatorHost('FIREBASE_EMULATOR_HUB')}${path}`, { method });
  if (!response.ok) throw new Error(`Emulator Hub ${method} ${path}: ${response.status} ${await response.text()}`);
}

/** The deployed background triggers, off or on for everyone (files run one at a time). */
export const backgroundTriggers = {
  disable: () => hub('/functions/disableBackgroundTriggers', 'PUT'),
  enable: () => hub('/functions/enableBackgroundTriggers', 'PUT'),
};

export function useEmulatorFirestore(options: { triggers: boolean }): EmulatorFirestore {
  emulatorHost('FIRESTORE_EMULATOR_HOST');
  if (!getApps().some((app) => app.name === '[DEFAULT]')) initializeApp({ projectId: projectId() });
  const db = firestore();
  beforeAll(async () => {
    await clearFirestore();
    if (!options.triggers) await backgroundTriggers.disable();
  });
  if (!options.triggers) afterAll(() => backgroundTriggers.enable());
  return { db, projectId: projectId() };
}

/** Deletes every document of the project (the emulator's own reset endpoint). */
export async function clearFirestore(): Promise<void> {
  const url = `http://${emulatorHost('FIRESTORE_EMULATOR_HOST')}/emulator/v1/projects/${projectId()}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`clearing the Firestore emulator: ${response.status} ${await response.text()}`);
}

/** A second firebase-admin Firestore on the same emulator, for code that must not share the handlers' client. */
export function otherFirestore(): Firestore {
  return getFirestore();
}
