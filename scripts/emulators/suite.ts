/**
 * Runs the official Firebase Emulator Suite through the firebase-tools of node_modules: `exec` for the test
 * suites (emulators:exec), `start` for npm start (emulators:start). Prerequisites are found first, and a missing
 * one stops everything with the message that says what to install.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EmulatorConfig, PROJECT_ID, emulatorConfig } from './config.js';
import { describeTaken, listenersOn, suitePorts } from './ports.js';
import { MissingPrerequisite, type Prerequisites, REPO_ROOT, emulatorEnv, findPrerequisites } from './prerequisites.js';

const FIREBASE_BIN = join(REPO_ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
export const TSC = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const VITE = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');

/**
 * The Firestore emulator's JVM in the test runs: the quick compiler alone and one garbage-collecting thread. A test
 * run is minutes of short requests on 2 cores, where the optimizing compiler's threads cost more than they win
 * back: the rules suites took 18 s of JVM CPU instead of 30 (npm start keeps the JVM's defaults).
 */
export const TEST_JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

export interface SuiteOptions {
  portOffset?: number;
  /** Serve web/dist through the Hosting emulator. */
  hosting?: boolean;
  ui?: boolean;
  quiet?: boolean;
  /** npm start --lan: the network address Hosting serves the dashboard on (config.ts). */
  lanAddress?: string;
  /** The offsets of further stacks started from the same build (suiteAt): their ports are checked free too. */
  morePortOffsets?: readonly number[];
}

export interface PreparedSuite {
  prerequisites: Prerequisites;
  config: EmulatorConfig;
  env: NodeJS.ProcessEnv;
}

/** Finds what the emulators need and builds the functions they load; prints and exits when something is missing. */
export async function prepareSuite(options: SuiteOptions = {}): Promise<PreparedSuite> {
  let prerequisites: Prerequisites;
  try {
    prerequisites = await findPrerequisites();
  } catch (error) {
    if (error instanceof MissingPrerequisite) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!options.quiet) for (const note of prerequisites.notes) process.stdout.write(`  ${note}\n`);
  const offsets = [options.portOffset ?? 0, ...(options.morePortOffsets ?? [])];
  for (const offset of offsets) refuseTakenPorts(offset);
  buildFunctions();
  if (options.hosting ?? true) buildWeb();
  const config = emulatorConfig({
    portOffset: options.portOffset ?? 0,
    ui: (options.ui ?? true) && prerequisites.ui,
    hosting: options.hosting ?? true,
    lanAddress: options.lanAddress,
  });
  return { prerequisites, config, env: emulatorEnv(prerequisites) };
}

/** The same suite on another stack's ports (one of `morePortOffsets`: checked free, nothing built again). */
export function suiteAt(suite: PreparedSuite, portOffset: number, hosting: boolean): PreparedSuite {
  return { ...suite, config: emulatorConfig({ portOffset, ui: suite.config.ui, hosting }) };
}

/** Stops before building anything when another process holds one of the stack's ports, naming it. */
export function refuseTakenPorts(portOffset: number): void {
  const config = emulatorConfig({ portOffset, ui: false, hosting: false });
  const taken = listenersOn(suitePorts(config, config.websocketPort));
  if (taken.length === 0) return;
  process.stderr.write(`${describeTaken(taken, portOffset)}\n`);
  process.exit(1);
}

/** The Functions emulator loads functions/lib: compile it first, or it serves yesterday's code. */
export function buildFunctions(): void {
  const built = spawnSync(process.execPath, [TSC, '-b', 'functions/tsconfig.build.json'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) {
    process.stderr.write(
      'The functions did not compile, so the Functions emulator has nothing to load; fix the build first.\n',
    );
    process.exit(built.status ?? 1);
  }
}

/**
 * The Hosting emulator serves web/dist: build the dashboard first, or it serves yesterday's (or nothing). A build
 * newer than every file it is made from, made with the same environment, is kept: rebuilding would empty web/dist
 * under a Hosting emulator already serving it (npm test starts npm start beside its own stacks).
 */
export function buildWeb(): void {
  const started = Date.now();
  const stamp = JSON.stringify(webBuildEnvironment());
  if (webBuildIsFresh(stamp)) {
    process.stdout.write('  dashboard in web/dist is up to date\n');
    return;
  }
  const built = spawnSync(process.execPath, [VITE, 'build', 'web', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) {
    process.stderr.write('The dashboard (web/) did not build, so Hosting has nothing to serve; fix the build first.\n');
    process.exit(built.status ?? 1);
  }
  // Dated from the build's start: a file saved while it ran makes the next start build again.
  writeFileSync(WEB_BUILD_STAMP, `${stamp}\n`);
  utimesSync(WEB_BUILD_STAMP, started / 1000, started / 1000);
  process.stdout.write(`  dashboard built into web/dist in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Hosting ignores dotfiles (firebase.json), so the stamp is never served. */
const WEB_BUILD_STAMP = join(REPO_ROOT, 'web', 'dist', '.build-stamp');
/** What the dashboard's build is made from: its own files, the engine it bundles, the locked dependencies. */
const WEB_BUILD_INPUTS = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json']
  .concat(['functions/engine/src', 'functions/engine/package.json', 'package-lock.json'])
  .map((path) => join(REPO_ROOT, path));

/** The variables the build reads: the VITE_ ones and the mode. */
function webBuildEnvironment(): Record<string, string | undefined> {
  const names = Object.keys(process.env).filter((name) => name.startsWith('VITE_'));
  return Object.fromEntries(['NODE_ENV', ...names.sort()].map((name) => [name, process.env[name]]));
}

function newestChange(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

function webBuildIsFresh(stamp: string): boolean {
  const built = statSync(WEB_BUILD_STAMP, { throwIfNoEntry: false });
  if (!built || readFileSync(WEB_BUILD_STAMP, 'utf8').trim() !== stamp) return false;
  return WEB_BUILD_INPUTS.every((input) => newestChange(input) <= built.mtimeMs);
}

function firebaseArgs(config: EmulatorConfig, command: string[]): string[] {
  return [FIREBASE_BIN, '-c', config.path, ...command, '--only', config.only.join(','), '--project', PROJECT_ID];
}

/** One shell word: emulators:exec hands its script to a shell. */
const shellWord = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;

/** Runs a command (its words, quoted here) inside `firebase emulators:exec`; resolves with its exit code. */
export function execInEmulators(
  suite: PreparedSuite,
  command: readonly string[],
  { stdoutFile }: { stdoutFile?: string } = {},
): Promise<number> {
  const script = command.map(shellWord).join(' ');
  const stdout = stdoutFile === undefined ? 'inherit' : openSync(stdoutFile, 'w');
  const child = spawn(process.execPath, firebaseArgs(suite.config, ['emulators:exec', script]), {
    cwd: REPO_ROOT,
    env: suite.env,
    stdio: ['inherit', stdout, 'inherit'],
  });
  return exitOf(child).finally(() => {
    if (typeof stdout === 'number') closeSync(stdout);
  });
}

/**
 * Starts `firebase emulators:start` in a process group of its own; the caller owns it and stops it with one SIGINT.
 * A terminal's Ctrl-C goes to its whole foreground group: firebase-tools would count the SIGINT it got there and
 * the caller's as two, and two (more than 100 ms apart) make it exit at once, leaving its emulators running.
 */
export function startEmulators(suite: PreparedSuite, extra: string[] = []): ChildProcess {
  return spawn(process.execPath, [...firebaseArgs(suite.config, ['emulators:start']), ...extra], {
    cwd: REPO_ROOT,
    env: suite.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

export function exitOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
