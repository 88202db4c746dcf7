import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { getFirestore } from 'firebase-admin/firestore';

let configured: Firestore | undefined;

/** The default app's Firestore, created on first use (tests and the local stack set the emulator host first). */
export function firestore(): Firestore {
  if (configured) return configured;
  const app = getApps().length ? getApp() : initializeApp();
  const db = getFirestore(app);
  // Optional fields of the schemas stay absent rather than being written as undefined. A host that used this
  // Firestore first (a test, the local stack) has fixed its settings already; the converters strip nothing
  // that matters, so that is not an error.
  try {
    db.settings({ ignoreUndefinedProperties: true });
  } catch {
    // already initialised by the host
  }
  configured = db;
  return db;
}
