/**
 * The local stack on Node alone: the embedded Firestore server, the real functions module loaded in-process
 * under the Functions emulator's environment, its callables served over HTTP, its Firestore triggers fired by
 * a listener, and a sign-in endpoint for local users.
 *
 *   const stack = await startLocalStack({ ports: { firestore: 0, functions: 0, auth: 0 } });
 *   stack.functions.urlOf('createClub'); stack.auth.signInUrl; stack.firestore.address;
 *   await stack.stop();
 *
 * One stack per process: the functions module, its firebase-admin app and its Firestore client are module
 * singletons, and firebase-functions reads its emulator switches once, when it is first loaded. So nothing
 * may import firebase-functions before startLocalStack (importing the domain code or firebase-admin is fine).
 */
import { deleteApp, getApps } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { type FirestoreServerHandle, startFirestoreServer } from '../firestore/server.js';
import { type AuthHost, startAuthHost } from './auth.js';
import { applyEnv, DEFAULT_PROJECT_ID, DEFAULT_REGION, emulatorEnv } from './env.js';
import { discoverCallables, type FunctionsHost, startFunctionsHost } from './functionsHost.js';
import { withPortFallback } from './http.js';
import { createLogSink, type LogLevel, type LogSink, withRoutedConsole } from './logs.js';
import { discoverDocumentTriggers, type RetryPolicy, TriggerDispatcher } from './triggers.js';

export const DEFAULT_PORTS = { firestore: 8080, functions: 5001, auth: 9099 } as const;

export interface LocalStackOptions {
  projectId?: string;
  region?: string;
  /** Interface for every service; default 127.0.0.1. */
  host?: string;
  /**
   * A port given here is used as is (0: any free port) and starting fails if it is taken; a port left out
   * defaults to 8080 / 5001 / 9099 and falls back to a free port when that one is taken.
   */
  ports?: { firestore?: number; functions?: number; auth?: number };
  /** Level for the functions' log entries and the stack's own messages (stderr). Default 'info'. */
  logLevel?: LogLevel;
  /** Where log lines go; default stderr. */
  logOutput?: (line: string) => void;
  /** Trigger runs in flight at once. Default 16. */
  maxConcurrentTriggers?: number;
  triggerRetry?: Partial<RetryPolicy>;
  /** The embedded server's lock wait before a transaction is aborted (and retried by the client). */
  lockTimeoutMs?: number;
}

export interface LocalStack {
  readonly projectId: string;
  readonly region: string;
  readonly firestore: { readonly address: string; readonly server: FirestoreServerHandle };
  readonly functions: FunctionsHost;
  readonly auth: AuthHost;
  readonly triggers: TriggerDispatcher;
  /** The functions' own Firestore client (default firebase-admin app), pointed at the embedded server. */
  readonly db: Firestore;
  /** The variables a separate process needs to reach this stack with firebase-admin. */
  readonly env: Readonly<Record<string, string>>;
  readonly logs: LogSink;
  stop(): Promise<void>;
}

let running = false;

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  if (running) throw new Error('a local stack has already been started in this process (one per process: the functions module is a singleton)');
  running = true;
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const region = options.region ?? DEFAULT_REGION;
  const host = options.host ?? '127.0.0.1';
  const logs = createLogSink(options.logLevel ?? 'info', options.logOutput);
  const log = (level: Exclude<LogLevel, 'silent'>, line: string) => logs.write(level, line);
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (error) {
        log('warn', `[local] while stopping: ${(error as Error).message}`);
      }
    }
  };

  try {
    const port = (name: keyof typeof DEFAULT_PORTS) => {
      const given = options.ports?.[name];
      return given === undefined ? { port: DEFAULT_PORTS[name], strict: false } : { port: given, strict: true };
    };

    const fsPort = port('firestore');
    const { value: server, fellBack: firestoreFellBack } = await withPortFallback(
      fsPort.port,
      fsPort.strict,
      (p) => startFirestoreServer({ port: p, host, ...(options.lockTimeoutMs !== undefined ? { lockTimeoutMs: options.lockTimeoutMs } : {}) }),
      (error) => /EADDRINUSE/.test(String((error as Error)?.message)),
    );
    cleanups.push(() => server.stop());
    if (firestoreFellBack) log('warn', `[local] port ${fsPort.port} is taken: Firestore listens on ${server.address}`);

    const env = emulatorEnv(projectId, server.address);
    cleanups.push(applyEnv(env));

    const functionsModule: Record<string, unknown> = await withRoutedConsole(logs, () => import('../../functions/src/index.js'));
    const { firestore } = await import('../../functions/src/firebase/app.js');
    const db = firestore();
    if (getApps()[0]?.options.projectId !== projectId) {
      throw new Error(`the default firebase-admin app was already initialised for project ${getApps()[0]?.options.projectId}; start the stack first`);
    }
    cleanups.push(async () => {
      await db.terminate();
      for (const app of getApps()) await deleteApp(app);
    });

    const triggers = new TriggerDispatcher(db, discoverDocumentTriggers(functionsModule), {
      projectId,
      region,
      ...(options.maxConcurrentTriggers !== undefined ? { maxConcurrent: options.maxConcurrentTriggers } : {}),
      ...(options.triggerRetry ? { retry: options.triggerRetry } : {}),
      log,
    });
    cleanups.push(async () => {
      const { dropped } = await triggers.stop();
      if (dropped > 0) log('warn', `[local] ${dropped} trigger event(s) were still queued at stop`);
    });
    await triggers.start();

    const authPort = port('auth');
    const auth = await startAuthHost({ projectId, host, port: authPort.port, strictPort: authPort.strict });
    cleanups.push(() => auth.stop());
    if (auth.fellBack) log('warn', `[local] port ${authPort.port} is taken: sign-in listens on ${auth.url}`);

    const fnPort = port('functions');
    const functions = await startFunctionsHost({ projectId, region, callables: discoverCallables(functionsModule), host, port: fnPort.port, strictPort: fnPort.strict, log });
    cleanups.push(() => functions.stop());
    if (functions.fellBack) log('warn', `[local] port ${fnPort.port} is taken: functions listen on ${functions.url}`);

    let stopping: Promise<void> | undefined;
    return {
      projectId,
      region,
      firestore: { address: server.address, server },
      functions,
      auth,
      triggers,
      db,
      env: { FIRESTORE_EMULATOR_HOST: server.address, GCLOUD_PROJECT: projectId },
      logs,
      stop: () => (stopping ??= cleanup()),
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
