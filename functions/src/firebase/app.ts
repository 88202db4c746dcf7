import { getApps, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { getFirestore } from 'firebase-admin/firestore';

let configured: Firestore | undefined;

/**
 * The default app, created on first use. Another named app (a test's, a tool's) does not make the default one
 * exist: taking any app as the default is what broke every trigger on the Functions emulator.
 */
export function defaultApp(): App {
  return getApps().find((app) => app.name === '[DEFAULT]') ?? initializeApp();
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
