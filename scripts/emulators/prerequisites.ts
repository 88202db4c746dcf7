/**
 * What the official Emulator Suite needs, found rather than assumed: a Java 21+ (the Firestore emulator is a
 * Java program and firebase-tools refuses older ones), the Firestore emulator itself (firebase-tools' cache,
 * else the Cloud SDK's component wrapped in a launcher jar, else a download where the network allows), and the
 * Emulator UI when it can be had. Everything that touches the machine comes in through `Probe`, so the search
 * order is tested without the machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLauncherJar } from './launcherJar.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MIN_JAVA = 21;
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const SDK_FIRESTORE_JAR = join('platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');

/** The machine, as far as the search needs it. */
export interface Probe {
  env: NodeJS.ProcessEnv;
  home: string;
  exists(path: string): boolean;
  list(dir: string): string[];
  realpath(path: string): string;
  /** What `java -version` prints (it prints to stderr), or null when it cannot run. */
  javaVersionOutput(javaBinary: string): string | null;
  /** Whether firebase-tools could download an emulator from here. */
  online(): Promise<boolean>;
}

export interface Java {
  binary: string;
  home: string;
  major: number;
}

export type FirestoreEmulator =
  | { source: 'firebase-cache'; jar: string }
  | { source: 'binary-path'; jar: string }
  | { source: 'cloud-sdk'; sdkJar: string; launcher: string }
  | { source: 'download' };

export type Found<T> = { ok: true; value: T; detail: string } | { ok: false; missing: string; howToInstall: string };

/** The major version in `java -version` output: "17.0.15" -> 17, "1.8.0_292" -> 8, "25" -> 25. */
export function parseJavaMajor(output: string): number | null {
  const version = /version\s+"([^"]+)"/.exec(output)?.[1];
  if (!version) return null;
  const [first, second] = version.split(/[.+_-]/);
  const major = first === '1' ? Number(second) : Number(first);
  return Number.isInteger(major) ? major : null;
}

/** JAVA_HOME first, then the PATH, then the folders JDK installers use. */
export function javaCandidates(probe: Probe): string[] {
  const { env } = probe;
  const jdkFolders = [
    '/usr/lib/jvm',
    '/usr/java',
    '/opt/java',
    '/Library/Java/JavaVirtualMachines',
    join(probe.home, '.sdkman', 'candidates', 'java'),
  ];
  const fromFolders = jdkFolders
    .filter((dir) => probe.exists(dir))
    .flatMap((dir) =>
      probe
        .list(dir)
        .sort()
        .reverse()
        .map((name) => join(dir, name)),
    )
    .flatMap((home) => [join(home, 'bin', 'java'), join(home, 'Contents', 'Home', 'bin', 'java')]);
  const candidates = [
    ...(env.JAVA_HOME ? [join(env.JAVA_HOME, 'bin', 'java')] : []),
    ...(env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, 'java')),
    ...fromFolders,
  ];
  return [...new Set(candidates)].filter((binary) => probe.exists(binary));
}

export function findJava(probe: Probe): Found<Java> {
  const seen: string[] = [];
  for (const candidate of javaCandidates(probe)) {
    const binary = probe.realpath(candidate);
    const output = probe.javaVersionOutput(binary);
    const major = output === null ? null : parseJavaMajor(output);
    if (major === null) continue;
    if (major >= MIN_JAVA)
      return {
        ok: true,
        value: { binary, home: dirname(dirname(binary)), major },
        detail: `Java ${major} at ${binary}`,
      };
    seen.push(`Java ${major} at ${binary}`);
  }
  return {
    ok: false,
    missing: `Java ${MIN_JAVA} or newer (the Firestore emulator needs it)${seen.length ? `; found only ${seen.join(', ')}` : ''}`,
    howToInstall: `install a JDK ${MIN_JAVA}+ (e.g. \`apt-get install openjdk-21-jre-headless\`, or Temurin from adoptium.net) or set JAVA_HOME to one`,
  };
}

/** The versions firebase-tools expects, from its own table: a cached file of another version is downloaded anew. */
function firebaseToolsEmulatorInfo(): { firestoreJar: string; uiBinary: string } {
  const infoPath = join(
    REPO_ROOT,
    'node_modules',
    'firebase-tools',
    'lib',
    'emulator',
    'downloadableEmulatorInfo.json',
  );
  const info = JSON.parse(readFileSync(infoPath, 'utf8')) as {
    firestore: { downloadPathRelativeToCacheDir: string };
    ui: { main: { binaryPathRelativeToCacheDir: string } };
  };
  return {
    firestoreJar: info.firestore.downloadPathRelativeToCacheDir,
    uiBinary: info.ui.main.binaryPathRelativeToCacheDir,
  };
}

export function firebaseCacheDir(probe: Probe): string {
  return probe.env.FIREBASE_EMULATORS_PATH ?? join(probe.home, '.cache', 'firebase', 'emulators');
}

/** Where a Cloud SDK may live: its own variable, the gcloud on the PATH, then the usual install folders. */
export function cloudSdkRoots(probe: Probe): string[] {
  const gcloud = (probe.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, 'gcloud'))
    .find((path) => probe.exists(path));
  return [
    ...(probe.env.CLOUDSDK_ROOT_DIR ? [probe.env.CLOUDSDK_ROOT_DIR] : []),
    ...(gcloud ? [dirname(dirname(probe.realpath(gcloud)))] : []),
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
    '/opt/google-cloud-sdk',
    '/snap/google-cloud-cli/current',
    join(probe.home, 'google-cloud-sdk'),
  ];
}

export interface FirestoreSearch {
  /** The cached jar's name firebase-tools expects (its version). */
  expectedJar: string;
  /** Where a launcher jar for the Cloud SDK's component is written. */
  launcherPath: string;
}

export async function findFirestoreEmulator(probe: Probe, search: FirestoreSearch): Promise<Found<FirestoreEmulator>> {
  const override = probe.env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (override && probe.exists(override)) {
    return {
      ok: true,
      value: { source: 'binary-path', jar: override },
      detail: `FIRESTORE_EMULATOR_BINARY_PATH=${override}`,
    };
  }
  const cached = join(firebaseCacheDir(probe), search.expectedJar);
  if (probe.exists(cached))
    return { ok: true, value: { source: 'firebase-cache', jar: cached }, detail: `firebase-tools' cache: ${cached}` };
  const sdkJar = cloudSdkRoots(probe)
    .map((root) => join(root, SDK_FIRESTORE_JAR))
    .find((jar) => probe.exists(jar));
  if (sdkJar) {
    return {
      ok: true,
      value: { source: 'cloud-sdk', sdkJar, launcher: search.launcherPath },
      detail: `the Cloud SDK's component ${sdkJar} (through ${search.launcherPath})`,
    };
  }
  if (await probe.online())
    return {
      ok: true,
      value: { source: 'download' },
      detail: 'not installed; firebase-tools downloads it on first use',
    };
  return {
    ok: false,
    missing: `the Firestore emulator (not in ${firebaseCacheDir(probe)}, no Cloud SDK component, and no network to download it)`,
    howToInstall:
      'run `gcloud components install cloud-firestore-emulator` (or `apt-get install google-cloud-cli-firestore-emulator`), ' +
      'or run `npm start` once with internet so firebase-tools downloads it',
  };
}

/** The Emulator UI is a download too: used when cached or downloadable, left out (and said so) otherwise. */
export async function findEmulatorUi(probe: Probe, uiBinary: string): Promise<Found<'cached' | 'download'>> {
  if (probe.exists(join(firebaseCacheDir(probe), uiBinary))) return { ok: true, value: 'cached', detail: 'cached' };
  if (await probe.online()) return { ok: true, value: 'download', detail: 'firebase-tools downloads it on first use' };
  return {
    ok: false,
    missing: 'the Emulator UI (not cached, and no network to download it)',
    howToInstall: 'run `npm start` once with internet; everything else works without it',
  };
}

export interface Prerequisites {
  java: Java;
  firestore: FirestoreEmulator;
  ui: boolean;
  notes: string[];
}

/** Thrown when something is missing: its message is the whole explanation, meant to be printed as it is. */
export class MissingPrerequisite extends Error {
  constructor(missing: Array<{ missing: string; howToInstall: string }>) {
    const lines = missing.map((m) => `  - missing ${m.missing}\n    install: ${m.howToInstall}`);
    super(`The Firebase Emulator Suite cannot start here:\n${lines.join('\n')}`);
    this.name = 'MissingPrerequisite';
  }
}

export async function findPrerequisites(probe: Probe = machineProbe()): Promise<Prerequisites> {
  const info = firebaseToolsEmulatorInfo();
  const launcherPath = join(REPO_ROOT, '.firebase', 'emulators', 'firestore-launcher.jar');
  const [java, firestore, ui] = [
    findJava(probe),
    await findFirestoreEmulator(probe, { expectedJar: info.firestoreJar, launcherPath }),
    await findEmulatorUi(probe, info.uiBinary),
  ];
  if (!java.ok || !firestore.ok)
    throw new MissingPrerequisite([java, firestore].flatMap((found) => (found.ok ? [] : [found])));
  if (firestore.value.source === 'cloud-sdk')
    writeLauncherJar(firestore.value.launcher, FIRESTORE_MAIN_CLASS, firestore.value.sdkJar);
  const notes = [`Java: ${java.detail}`, `Firestore emulator: ${firestore.detail}`];
  notes.push(ui.ok ? `Emulator UI: ${ui.detail}` : `Emulator UI: off (${ui.missing}; ${ui.howToInstall})`);
  return { java: java.value, firestore: firestore.value, ui: ui.ok, notes };
}

/** The environment firebase-tools runs in: that Java first on the PATH, and the Firestore emulator it should use. */
export function emulatorEnv(prerequisites: Prerequisites, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { java, firestore } = prerequisites;
  const jar =
    firestore.source === 'cloud-sdk' ? firestore.launcher : firestore.source === 'download' ? undefined : firestore.jar;
  return {
    ...env,
    JAVA_HOME: java.home,
    PATH: [join(java.home, 'bin'), env.PATH ?? ''].join(delimiter),
    ...(jar ? { FIRESTORE_EMULATOR_BINARY_PATH: jar } : {}),
    // Nothing here runs on Google Cloud: without this, google-auth-library probes the metadata server and warns.
    METADATA_SERVER_DETECTION: 'none',
    // firebase-tools gives the functions 10 s to load and list themselves, then starts with none: on 2 busy cores
    // (a CI runner with the other checks beside it) loading takes longer, and every call then answers 404.
    FUNCTIONS_DISCOVERY_TIMEOUT: env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
  };
}

let onlineAnswer: Promise<boolean> | undefined;

export function machineProbe(): Probe {
  return {
    env: process.env,
    home: homedir(),
    exists: existsSync,
    list: (dir) => {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    },
    realpath: (path) => {
      try {
        return realpathSync(path);
      } catch {
        return path;
      }
    },
    javaVersionOutput: (binary) => {
      const result = spawnSync(binary, ['-version'], { encoding: 'utf8', timeout: 15_000 });
      return result.error || result.status !== 0 ? null : `${result.stderr}${result.stdout}`;
    },
    online: () =>
      (onlineAnswer ??= fetch('https://storage.googleapis.com/', {
        method: 'HEAD',
        signal: AbortSignal.timeout(3_000),
      }).then(
        () => true,
        () => false,
      )),
  };
}
