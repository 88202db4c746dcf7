/**
 * Which Firebase project the app talks to, and whether through the Emulator Suite. The same build runs against
 * production, `npm start` and the test tier; only this switch differs:
 *
 * - the project's web config comes from the build's environment (VITE_FIREBASE_*, see docs/operations.md), else from
 *   Firebase Hosting's own `/__/firebase/init.json` (served by production Hosting and by the Hosting emulator),
 *   else it is the emulators' demo project (the Vite dev server);
 * - a `demo-*` project exists only on the emulators (Firebase's convention), so it always connects to them; their
 *   addresses come from the page's query (`?auth=host:port&firestore=host:port&functions=host:port`, for the dev
 *   server), else from the Hosting emulator's `/__/firebase/init.js?useEmulator=true` (at the page's own host when
 *   that lists loopback and the page came from elsewhere: npm start --lan), else the default ports.
 */
import { type FirebaseApp, initializeApp } from 'firebase/app';
import { type Auth, browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import {
  type Firestore,
  connectFirestoreEmulator,
  disableNetwork,
  enableNetwork,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
} from 'firebase/firestore';
import type { Functions } from 'firebase/functions';
import { FUNCTIONS_REGION } from '@competition/engine/view';
import { appCheckPlan, startAppCheck } from './appCheck';

export interface WebConfig {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  appId?: string;
  storageBucket?: string;
  messagingSenderId?: string;
}

interface Address {
  host: string;
  port: number;
}

export interface EmulatorAddresses {
  auth: Address;
  firestore: Address;
  functions: Address;
}

export interface Connection {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  /** The Functions SDK loads with the first organizer action, not with the first screen. */
  functions: () => Promise<Functions>;
  projectId: string;
  /** The emulators in use, or null in production. */
  emulators: EmulatorAddresses | null;
}

const DEMO_PROJECT = 'demo-competition';
const DEFAULT_EMULATORS: EmulatorAddresses = {
  auth: { host: '127.0.0.1', port: 9099 },
  firestore: { host: '127.0.0.1', port: 8080 },
  functions: { host: '127.0.0.1', port: 5001 },
};

function configFromEnvironment(): WebConfig | null {
  const env = import.meta.env;
  const projectId = env.VITE_FIREBASE_PROJECT_ID as string | undefined;
  if (!projectId) return null;
  return {
    projectId,
    apiKey: (env.VITE_FIREBASE_API_KEY as string | undefined) ?? '',
    authDomain: (env.VITE_FIREBASE_AUTH_DOMAIN as string | undefined) ?? `${projectId}.firebaseapp.com`,
    appId: env.VITE_FIREBASE_APP_ID as string | undefined,
    storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET as string | undefined,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID as string | undefined,
  };
}

/** Hosting's reserved URL: the project's config, in production and on the Hosting emulator alike. */
async function configFromHosting(): Promise<WebConfig | null> {
  try {
    const response = await fetch('/__/firebase/init.json');
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return null;
    const config = (await response.json()) as Partial<WebConfig> | null;
    return config?.projectId ? { apiKey: 'fake-api-key', ...config, projectId: config.projectId } : null;
  } catch {
    return null;
  }
}

export function parseHostPort(value: string): Address | null {
  const colon = value.lastIndexOf(':');
  const port = Number(value.slice(colon + 1));
  if (colon <= 0 || !Number.isInteger(port) || port <= 0) return null;
  return { host: value.slice(0, colon).replace(/^\[(.*)\]$/, '$1'), port };
}

function emulatorsFromQuery(search: string): EmulatorAddresses | null {
  const params = new URLSearchParams(search);
  const auth = parseHostPort(params.get('auth') ?? '');
  const firestore = parseHostPort(params.get('firestore') ?? '');
  const functions = parseHostPort(params.get('functions') ?? '');
  return auth && firestore && functions ? { auth, firestore, functions } : null;
}

const isLoopback = (host: string) => /^(127\.|localhost$|::1$)/.test(host);

/**
 * The Hosting emulator writes the running emulators into its init.js as `var firebaseEmulators = {...};`. A
 * loopback address there is the machine that served the page: a phone that opened the page at that machine's
 * network address (npm start --lan) reaches the emulators at that address too, on the same ports.
 */
export function emulatorsFromInitJs(script: string, pageHost = '127.0.0.1'): Partial<EmulatorAddresses> | null {
  const json = /var firebaseEmulators = (\{[\s\S]*?\n\});/.exec(script)?.[1];
  if (!json) return null;
  const listed = JSON.parse(json) as Record<string, { host?: string; port?: number } | undefined>;
  const pick = (name: keyof EmulatorAddresses): Address | undefined => {
    const entry = listed[name];
    if (!entry?.host || !entry.port) return undefined;
    // A wildcard bind address is not one a browser can dial.
    const host = entry.host === '0.0.0.0' ? '127.0.0.1' : entry.host === '::' ? '::1' : entry.host;
    return { host: isLoopback(host) && !isLoopback(pageHost) ? pageHost : host, port: entry.port };
  };
  return { auth: pick('auth'), firestore: pick('firestore'), functions: pick('functions') };
}

async function emulatorsFromHosting(): Promise<Partial<EmulatorAddresses> | null> {
  try {
    const response = await fetch('/__/firebase/init.js?useEmulator=true');
    return response.ok
      ? emulatorsFromInitJs(await response.text(), location.hostname.replace(/^\[(.*)\]$/, '$1'))
      : null;
  } catch {
    return null;
  }
}

async function emulatorAddresses(): Promise<EmulatorAddresses> {
  const fromQuery = emulatorsFromQuery(location.search);
  if (fromQuery) return fromQuery;
  const fromHosting = (await emulatorsFromHosting()) ?? {};
  return {
    auth: fromHosting.auth ?? DEFAULT_EMULATORS.auth,
    firestore: fromHosting.firestore ?? DEFAULT_EMULATORS.firestore,
    functions: fromHosting.functions ?? DEFAULT_EMULATORS.functions,
  };
}

const url = ({ host, port }: Address) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * Back online, Firestore's streams wait out the backoff their failures offline built up: after an offline reload a
 * queued score sat for half a minute to minutes and no update arrived. Restarting the network when the browser says
 * it is online again sends the queue and listens at once (docs/offline.md#offline-scores).
 */
function restartOnReconnect(db: Firestore): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', () => {
    void disableNetwork(db)
      .then(() => enableNetwork(db))
      .catch(() => undefined);
  });
}

export async function connect(): Promise<Connection> {
  const config = configFromEnvironment() ??
    (await configFromHosting()) ?? { apiKey: 'fake-api-key', projectId: DEMO_PROJECT };
  // The emulators' addresses are known before Auth exists: Auth checks a saved session as soon as it is created,
  // and once it has asked production it refuses to switch to the emulator (a signed-in reload would fail).
  const emulators = config.projectId.startsWith('demo-') ? await emulatorAddresses() : null;
  const app = initializeApp({ authDomain: `${config.projectId}.firebaseapp.com`, ...config });
  const auth = initializeAuth(app, { persistence: browserLocalPersistence });
  // A phone in a hall loses the network: the cache and the queue of unsent writes live in IndexedDB, so a score
  // entered offline survives a reload and is sent when the network returns (see docs/offline.md). The multi-tab
  // manager shares them between the app's open tabs.
  const db = initializeFirestore(app, {
    localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
  });
  const region = (import.meta.env.VITE_FUNCTIONS_REGION as string | undefined) ?? FUNCTIONS_REGION;
  if (emulators) {
    connectAuthEmulator(auth, url(emulators.auth), { disableWarnings: true });
    connectFirestoreEmulator(db, emulators.firestore.host, emulators.firestore.port);
  }
  restartOnReconnect(db);
  // Before the first request, so that every request carries a token where App Check is enforced.
  await startAppCheck(app, appCheckPlan(import.meta.env, emulators !== null));
  let functions: Promise<Functions> | undefined;
  const loadFunctions = () =>
    (functions ??= import('firebase/functions').then(({ getFunctions, connectFunctionsEmulator }) => {
      const instance = getFunctions(app, region);
      if (emulators) connectFunctionsEmulator(instance, emulators.functions.host, emulators.functions.port);
      return instance;
    }));
  return { app, auth, db, functions: loadFunctions, projectId: config.projectId, emulators };
}
