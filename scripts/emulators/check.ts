/**
 * Can the official Emulator Suite tier run here? Checks what `firebase emulators:exec` needs and says exactly
 * what is missing, and why, instead of letting the emulators fail halfway with a stack trace.
 *
 *   npx tsx scripts/emulators/check.ts     # prints the checks; exit 1 when something is missing
 *
 * Needed: Java 21+ on PATH (the Firestore emulator is a Java program; firebase-tools refuses older Javas),
 * the Firestore emulator JAR cached or storage.googleapis.com reachable (firebase-tools downloads it on first
 * use), the emulator ports of firebase.json free, and Node 20+. A firebase CLI is used when installed; without
 * one, run.ts fetches firebase-tools@15 through npx, which only needs the npm registry.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MIN_JAVA = 21;
export const MIN_NODE = 20;

export type CheckStatus = 'ok' | 'warn' | 'missing';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail: string;
}

/** How to call the firebase CLI: a command and the arguments before the CLI's own. */
export interface FirebaseCli {
  command: string;
  args: string[];
  version: string;
}

export interface Prerequisites {
  checks: CheckResult[];
  /** The installed CLI, or null: run.ts then uses `npx --yes firebase-tools@15`. */
  firebase: FirebaseCli | null;
  ok: boolean;
}

export const FALLBACK_CLI: Omit<FirebaseCli, 'version'> = { command: 'npx', args: ['--yes', 'firebase-tools@15'] };

/** The emulators the tier starts (firebase.json ports), plus the hub and logging servers emulators:exec adds. */
export const EMULATORS = ['auth', 'functions', 'firestore'] as const;
const DEFAULT_PORTS: Record<string, number> = { auth: 9099, functions: 5001, firestore: 8080, hub: 4400, logging: 4500 };

// ---------------------------------------------------------------- Java

/** The major version in `java -version` output: "17.0.15" -> 17, "1.8.0_292" -> 8, "21-ea" -> 21. */
export function parseJavaMajor(output: string): number | null {
  const quoted = /version\s+"([^"]+)"/.exec(output)?.[1] ?? /^\S+\s+(\d[\w.+-]*)/m.exec(output)?.[1];
  if (!quoted) return null;
  const [first, second] = quoted.split(/[.+_-]/);
  const major = first === '1' ? Number(second) : Number(first);
  return Number.isInteger(major) ? major : null;
}

export function checkJava(run: typeof spawnSync = spawnSync): CheckResult {
  const name = 'Java';
  const result = run('java', ['-version'], { encoding: 'utf8', timeout: 15_000 });
  if (result.error || result.status !== 0) {
    return {
      name,
      status: 'missing',
      detail: `java not found on PATH; the Firestore emulator needs Java ${MIN_JAVA}+ (install a JDK ${MIN_JAVA} and run again)`,
    };
  }
  const output = `${result.stderr ?? ''}${result.stdout ?? ''}`;
  const major = parseJavaMajor(output);
  if (major === null) {
    return { name, status: 'missing', detail: `could not read the Java version from "${output.trim().split('\n')[0]}"; the Firestore emulator needs Java ${MIN_JAVA}+` };
  }
  if (major < MIN_JAVA) {
    return {
      name,
      status: 'missing',
      detail: `Java ${major} found; the Firestore emulator needs Java ${MIN_JAVA}+ (install a JDK ${MIN_JAVA} and run again)`,
    };
  }
  return { name, status: 'ok', detail: `Java ${major}` };
}

// ---------------------------------------------------------------- Node and the firebase CLI

export function checkNode(version = process.versions.node): CheckResult {
  const major = Number(version.split('.')[0]);
  return major >= MIN_NODE
    ? { name: 'Node', status: 'ok', detail: `Node ${version}` }
    : { name: 'Node', status: 'missing', detail: `Node ${version} found; firebase-tools needs Node ${MIN_NODE}+` };
}

/** A firebase CLI already installed: on PATH (global, or node_modules/.bin under npm run), else via npx --no-install. */
export function findFirebaseCli(run: typeof spawnSync = spawnSync): FirebaseCli | null {
  const candidates: Array<Omit<FirebaseCli, 'version'>> = [
    { command: 'firebase', args: [] },
    { command: 'npx', args: ['--no-install', 'firebase'] },
  ];
  for (const candidate of candidates) {
    const result = run(candidate.command, [...candidate.args, '--version'], { encoding: 'utf8', timeout: 60_000, cwd: REPO_ROOT });
    const version = String(result.stdout ?? '').trim().split('\n').pop() ?? '';
    if (!result.error && result.status === 0 && /^\d+\.\d+/.test(version)) return { ...candidate, version };
  }
  return null;
}

export function checkFirebaseCli(cli: FirebaseCli | null): CheckResult {
  if (cli) return { name: 'firebase CLI', status: 'ok', detail: `firebase-tools ${cli.version} (${[cli.command, ...cli.args].join(' ')})` };
  return {
    name: 'firebase CLI',
    status: 'warn',
    detail: `not installed; run.ts will use \`${[FALLBACK_CLI.command, ...FALLBACK_CLI.args].join(' ')}\` (fetched once from the npm registry)`,
  };
}

// ---------------------------------------------------------------- the Firestore emulator JAR

/** Where firebase-tools keeps the emulator downloads. */
export function emulatorCacheDir(): string {
  return join(homedir(), '.cache', 'firebase', 'emulators');
}

export function cachedFirestoreJar(dir = emulatorCacheDir()): string | null {
  if (!existsSync(dir)) return null;
  return readdirSync(dir).find((file) => /^cloud-firestore-emulator.*\.jar$/.test(file)) ?? null;
}

async function reachable(url: string, timeoutMs = 5_000): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

export async function checkFirestoreJar(online: (url: string) => Promise<boolean> = reachable): Promise<CheckResult> {
  const name = 'Firestore emulator';
  const jar = cachedFirestoreJar();
  if (jar) return { name, status: 'ok', detail: `${jar} cached in ${emulatorCacheDir()}` };
  if (await online('https://storage.googleapis.com/')) {
    return { name, status: 'ok', detail: 'not cached yet; firebase-tools will download it from storage.googleapis.com on the first run' };
  }
  return {
    name,
    status: 'missing',
    detail:
      `the emulator JAR is not cached in ${emulatorCacheDir()} and storage.googleapis.com is unreachable; ` +
      'firebase-tools downloads it on the first run (connect to the internet once, or copy the JAR there)',
  };
}

// ---------------------------------------------------------------- ports

export interface EmulatorPort {
  name: string;
  host: string;
  port: number;
}

/** The ports emulators:exec will bind, from firebase.json (defaults where it names none). */
export function emulatorPorts(firebaseJson: unknown): EmulatorPort[] {
  const emulators = ((firebaseJson as { emulators?: Record<string, { host?: string; port?: number }> }).emulators ?? {}) as Record<
    string,
    { host?: string; port?: number } | undefined
  >;
  return [...EMULATORS, 'hub', 'logging'].map((name) => ({
    name,
    host: emulators[name]?.host ?? '127.0.0.1',
    port: emulators[name]?.port ?? DEFAULT_PORTS[name]!,
  }));
}

function portFree({ host, port }: EmulatorPort): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function checkPorts(ports: EmulatorPort[], free: (p: EmulatorPort) => Promise<boolean> = portFree): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const entry of ports) {
    const name = `port ${entry.port} (${entry.name})`;
    results.push(
      (await free(entry))
        ? { name, status: 'ok', detail: `${entry.host}:${entry.port} is free` }
        : {
            name,
            status: 'missing',
            detail: `${entry.host}:${entry.port} is in use (emulators already running?); stop that process or change emulators.${entry.name}.port in firebase.json`,
          },
    );
  }
  const preset = ['FIRESTORE_EMULATOR_HOST', 'FIREBASE_AUTH_EMULATOR_HOST'].filter((variable) => process.env[variable]);
  if (preset.length > 0) {
    results.push({
      name: 'environment',
      status: 'warn',
      detail: `${preset.join(', ')} already set; emulators:exec sets its own for the tests`,
    });
  }
  return results;
}

// ---------------------------------------------------------------- all of it

export async function checkPrerequisites(): Promise<Prerequisites> {
  const firebase = findFirebaseCli();
  const firebaseJson: unknown = JSON.parse(readFileSync(join(REPO_ROOT, 'firebase.json'), 'utf8'));
  const checks = [
    checkNode(),
    checkJava(),
    checkFirebaseCli(firebase),
    await checkFirestoreJar(),
    ...(await checkPorts(emulatorPorts(firebaseJson))),
  ];
  return { checks, firebase, ok: checks.every((check) => check.status !== 'missing') };
}

const MARK: Record<CheckStatus, string> = { ok: 'ok     ', warn: 'note   ', missing: 'MISSING' };

export function report(prerequisites: Prerequisites): string {
  const lines = prerequisites.checks.map((check) => `  ${MARK[check.status]} ${check.name}: ${check.detail}`);
  const missing = prerequisites.checks.filter((check) => check.status === 'missing');
  const verdict =
    missing.length === 0
      ? 'The Emulator Suite tier can run.'
      : `The Emulator Suite tier did not run: missing ${missing.map((check) => check.name).join(', ')} (see above).\n` +
        'The rules and trigger tests (functions/test/emulators) were type-checked by `npm test` but not executed; ' +
        'the Node-only tiers of `npm test` do not need any of this.';
  return ['Emulator Suite prerequisites:', ...lines, '', verdict].join('\n');
}

async function main(): Promise<void> {
  const prerequisites = await checkPrerequisites();
  const text = report(prerequisites);
  if (prerequisites.ok) process.stdout.write(`${text}\n`);
  else process.stderr.write(`${text}\n`);
  process.exitCode = prerequisites.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
