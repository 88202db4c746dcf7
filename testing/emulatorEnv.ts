/**
 * Where the running emulators are, for every suite of the emulator tier and for the backend benchmark: the
 * project, the addresses `firebase emulators:exec` puts in the environment and the hub lists, and the hub's
 * switch for background triggers. No test-runner import, so a plain script can use it too.
 */

/** firebase.json's emulators run in single-project mode under this demo project (no real project touched). */
export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? 'demo-competition';

/** The environment variable that says we run inside `firebase emulators:exec`. */
export const HUB_VARIABLE = 'FIREBASE_EMULATOR_HUB';

const HUB_TIMEOUT_MS = 20_000;

export interface HostAndPort {
  host: string;
  port: number;
}

export interface Emulators {
  projectId: string;
  hub: HostAndPort;
  auth: HostAndPort;
  firestore: HostAndPort;
  functions: HostAndPort;
}

/** Why a suite of this tier cannot run here, or undefined when the emulators are there. */
export function whyNoEmulators(): string | undefined {
  if (process.env[HUB_VARIABLE]) return undefined;
  return (
    `${HUB_VARIABLE} is not set: this suite needs the Auth, Functions and Firestore emulators. ` +
    'Run it with `npm run test:emulators`, which starts them through `firebase emulators:exec`.'
  );
}

/** Reads "host:port" (or "[::1]:port") from an environment variable emulators:exec sets. */
export function emulatorAddress(variable: string): HostAndPort {
  const value = process.env[variable];
  if (!value) throw new Error(whyNoEmulators() ?? `${variable} is not set`);
  const colon = value.lastIndexOf(':');
  const host = value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  const port = Number(value.slice(colon + 1));
  if (colon <= 0 || !Number.isInteger(port)) throw new Error(`${variable}="${value}" is not host:port`);
  return { host, port };
}

/** `http://host:port`, with an IPv6 host in brackets. */
export function origin({ host, port }: HostAndPort): string {
  return `http://${hostPort({ host, port })}`;
}

/** `host:port` as the emulators' own environment variables write it. */
export function hostPort({ host, port }: HostAndPort): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The emulators `GET /emulators` of the hub lists, by name. */
export async function discoverEmulators(): Promise<Emulators> {
  const hub = emulatorAddress(HUB_VARIABLE);
  const response = await fetch(`${origin(hub)}/emulators`, { signal: AbortSignal.timeout(HUB_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`the emulator hub at ${origin(hub)} answered ${response.status} to GET /emulators`);
  const listed = (await response.json()) as Record<string, { host?: string; port?: number } | undefined>;
  const find = (name: string): HostAndPort => {
    const entry = listed[name];
    if (!entry?.host || !entry.port) {
      throw new Error(
        `the ${name} emulator is not running (the hub lists ${Object.keys(listed).join(', ') || 'nothing'}); ` +
          'start emulators:exec with --only auth,functions,firestore',
      );
    }
    // A wildcard bind address is not one a client can dial.
    const host = entry.host === '0.0.0.0' ? '127.0.0.1' : entry.host === '::' ? '::1' : entry.host;
    return { host, port: entry.port };
  };
  return { projectId: PROJECT_ID, hub, auth: find('auth'), firestore: find('firestore'), functions: find('functions') };
}

async function hub(path: string): Promise<void> {
  const response = await fetch(`${origin(emulatorAddress(HUB_VARIABLE))}${path}`, { method: 'PUT' });
  if (!response.ok) throw new Error(`Emulator Hub PUT ${path}: ${response.status} ${await response.text()}`);
}

/** Set to `off` by the emulator tier's runner for a group of files that all keep the triggers off. */
export const TRIGGERS_VARIABLE = 'EMULATOR_TRIGGERS';

/**
 * The deployed background triggers, off or on for everyone (files run one at a time). Switching them back on
 * reloads the Functions emulator, seconds each time: switch once per file, not per case.
 */
export const backgroundTriggers = {
  disable: () => hub('/functions/disableBackgroundTriggers'),
  // In a group of files that all keep the triggers off (EMULATOR_TRIGGERS=off), the runner switches them back on
  // once after the group instead of after each file.
  enable: () =>
    process.env[TRIGGERS_VARIABLE] === 'off' ? Promise.resolve() : hub('/functions/enableBackgroundTriggers'),
};

const CLEAR_ATTEMPTS = 20;
const CLEAR_RETRY_MS = 1000;

/**
 * Deletes every document of the project (the emulator's own reset endpoint), with the background triggers off:
 * each deleted matchUp would otherwise set off the score trigger, which finds its tournament half deleted, fails and
 * is retried, each failure restarting a Functions worker while the next file waits for its own triggers. A trigger
 * of the file before may still hold a transaction's locks: the reset then answers 409 and is tried again.
 * The caller switches the triggers back on when it wants them.
 */
export async function clearFirestore(): Promise<void> {
  await backgroundTriggers.disable();
  const url = `${origin(emulatorAddress('FIRESTORE_EMULATOR_HOST'))}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { method: 'DELETE' });
    if (response.ok) return;
    const answer = `${response.status} ${await response.text()}`;
    if (response.status !== 409 || attempt === CLEAR_ATTEMPTS)
      throw new Error(`clearing the Firestore emulator (attempt ${attempt}): ${answer}`);
    await new Promise((resolve) => setTimeout(resolve, CLEAR_RETRY_MS));
  }
}
