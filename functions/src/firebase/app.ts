import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { getFirestore } from 'firebase-admin/firestore';

let configured: Firestore | undefined;

/** The default app's Firestore, created on first use (tests and the local stack set the emulator host first). */
export function firestore(): Firestore {
  if (configured) return configured;
  const app = getApps().length ? getApp() : initializeApp();
  const db = getFirestore(app);
  // Optional fields of the schemas stay absent rather than being written as undefined.
  db.settings({ ignoreUndefinedProperties: true });
  configured = db;
  return db;
}
