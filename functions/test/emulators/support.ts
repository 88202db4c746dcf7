/**
 * Shared helpers of the Emulator Suite tier (`npm run test:emulators`): where the emulators are, the rules
 * test environment, and the world of ../access/world.ts written into it.
 *
 * These files run only inside `firebase emulators:exec` (scripts/emulators/test.ts), which sets
 * FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_EMULATOR_HUB and GCLOUD_PROJECT. `npm test`
 * type-checks them and does not run them.
 */
import { readFileSync } from 'node:fs';
import {
  type RulesTestContext,
  type RulesTestEnvironment,
  initializeTestEnvironment,
  withFunctionTriggersDisabled,
} from '@firebase/rules-unit-testing';
import { type DocumentData, type Firestore, doc, writeBatch } from 'firebase/firestore';
import { type Actor, uidOf } from '../access/world.js';
import { PROJECT_ID, emulatorAddress } from '../../../testing/emulatorEnv.js';

export { PROJECT_ID, emulatorAddress } from '../../../testing/emulatorEnv.js';

export const RULES = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');

/** The rules-unit-testing environment, with firestore.rules loaded into the Firestore emulator. */
export function startRulesEnvironment(): Promise<RulesTestEnvironment> {
  return initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { rules: RULES, ...emulatorAddress('FIRESTORE_EMULATOR_HOST') },
  });
}

/**
 * rules-unit-testing hands out the compat Firestore; the modular functions (doc, getDoc, setDoc...) accept it
 * at run time (they unwrap it), the types do not know that.
 */
export function modular(context: RulesTestContext): Firestore {
  return context.firestore() as unknown as Firestore;
}

const clients = new WeakMap<RulesTestEnvironment, Map<Actor, Firestore>>();

/**
 * The client of one actor (an account of the world, or a signed-out visitor), made once per environment and reused
 * by every case: rules-unit-testing makes a new app, with its own connection and token, for each context asked.
 */
export function clientAs(env: RulesTestEnvironment, actor: Actor): Firestore {
  const made = clients.get(env) ?? new Map<Actor, Firestore>();
  clients.set(env, made);
  let client = made.get(actor);
  if (!client) {
    const uid = uidOf(actor);
    client = modular(uid === null ? env.unauthenticatedContext() : env.authenticatedContext(uid));
    made.set(actor, client);
  }
  return client;
}

/** Runs setup writes without firing the deployed trigger, when the Functions emulator is there to fire it. */
export function quietly<T>(run: () => Promise<T>): Promise<T> {
  return process.env.FIREBASE_EMULATOR_HUB ? withFunctionTriggersDisabled(run) : run();
}

/** Writes documents as the backend would (rules off), in one batch. */
export async function seedDocuments(env: RulesTestEnvironment, documents: Record<string, DocumentData>): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = modular(context);
    const batch = writeBatch(db);
    for (const [path, data] of Object.entries(documents)) batch.set(doc(db, path), data);
    await batch.commit();
  });
}

// ---------------------------------------------------------------- the seeded world

export {
  ACTORS,
  type Actor,
  UIDS,
  type World,
  type WorldIds,
  type WorldOptions,
  buildWorld,
  scorerIn,
  uidOf,
} from '../access/world.js';
