import { getApps, initializeApp, type App, type AppOptions } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';

let configured: Firestore | undefined;

/**
 * The account the task queue names on the emulators, where nothing checks it. Without one, firebase-admin asks the
 * metadata server of a cloud machine for it before every task it enqueues (a network request to a link-local
 * address, and a second or more of waiting where there is none), then falls back to this same name.
 */
export const EMULATED_SERVICE_ACCOUNT = 'emulated-service-acct@email.com';

/** The options the default app needs beside the environment's: on the emulators, the account above. */
export function emulatorAppOptions(env: NodeJS.ProcessEnv = process.env): AppOptions | undefined {
  if (!env.CLOUD_TASKS_EMULATOR_HOST) return undefined;
  const config = env.FIREBASE_CONFIG?.trim().startsWith('{') ? (JSON.parse(env.FIREBASE_CONFIG) as AppOptions) : {};
  return { ...config, serviceAccountId: EMULATED_SERVICE_ACCOUNT };
}

/**
 * The default app, created on first use. Another named app (a test's, a tool's) does not make the default one
 * exist: taking any app as the default is what broke every trigger on the Functions emulator.
 */
export function defaultApp(): App {
  return getApps().find((app) => app.name === '[DEFAULT]') ?? initializeApp(emulatorAppOptions());
}

/** The default app's Firestore, with optional schema fields left absent rather than written as undefined. */
export function firestore(): Firestore {
  if (configured) return configured;
  const db = getFirestore(defaultApp());
  try {
    db.settings({ ignoreUndefinedProperties: true });
  } catch {
    // A host that used this Firestore first has fixed its settings; the converters strip nothing that matters.
  }
  configured = db;
  return db;
}
