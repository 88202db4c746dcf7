/**
 * npm start: the official Firebase Emulator Suite (Firestore with firestore.rules, Auth, Functions, and Hosting
 * for web/dist once it is built) with demo data, for the Web SDK, the mobile SDKs, firebase-admin and the
 * dashboard alike.
 *
 *   npm start -- [--no-seed] [--port-offset N] [--import DIR] [--export-on-exit DIR] [--no-ui] [--quiet]
 *                [--lan [--lan-address A]]
 *
 * The functions are compiled first and recompiled on change (the Functions emulator reloads them); the
 * Firestore emulator reloads firestore.rules on change. Ctrl-C stops everything.
 *
 * --lan is for an event on a laptop without internet: phones on the venue's Wi-Fi open the dashboard at the
 * laptop's network address (the first of networkAddresses(), or --lan-address), and reach Firestore, Auth and
 * Functions there through lanProxy.ts, which keeps the emulators' administration on 127.0.0.1.
 *
 * package.json runs it with `node --import tsx`, not with the tsx command: that command relays a Ctrl-C to its
 * child and kills the child outright when it has not acknowledged the signal within 30 ms, which a busy machine
 * misses; this process would then die before it has stopped the emulators.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { type DemoData, DEMO_PASSWORD, seedDemo } from './demo/seedDemo.js';
import { seedOrReport } from './demo/seedOrReport.js';
import { type EmulatorConfig, PROJECT_ID, portOffsetProblem } from './emulators/config.js';
import { type Listener, listenersOn, suitePorts } from './emulators/ports.js';
import { type LanProxy, networkAddresses, startLanProxy } from './emulators/lanProxy.js';
import { REPO_ROOT } from './emulators/prerequisites.js';
import { stopLeftovers } from './emulators/stopLeftovers.js';
import { TSC, exitOf, prepareSuite, startEmulators } from './emulators/suite.js';

const USAGE =
  'usage: npm start -- [--no-seed] [--port-offset N] [--import DIR] [--export-on-exit DIR] [--no-ui] [--quiet]\n' +
  '                    [--lan [--lan-address A]]';
const READY_TIMEOUT_MS = 180_000;
/** How long firebase-tools gets to stop its emulators after Ctrl-C before it is killed. */
const SHUTDOWN_GRACE_MS = 30_000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Signals a child's whole process group (the emulators run in one of their own), else the child alone. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal);
  }
}
/** Stops everything started so far, once the emulators are starting. */
let failedStart: ((message: string) => void) | undefined;

function parseOptions() {
  const { values } = parseArgs({
    options: {
      'no-seed': { type: 'boolean', default: false },
      'port-offset': { type: 'string', default: '0' },
      import: { type: 'string' },
      'export-on-exit': { type: 'string' },
      'no-ui': { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      lan: { type: 'boolean', default: false },
      'lan-address': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const portOffset = Number(values['port-offset']);
  const problem = portOffsetProblem(portOffset);
  if (problem) {
    console.error(`--port-offset: ${problem}\n${USAGE}`);
    process.exit(2);
  }
  return { ...values, portOffset, lanAddress: lanAddressOf(values.lan, values['lan-address']) };
}

/** The address --lan serves on: the one asked for, else the machine's first on a network. */
function lanAddressOf(lan: boolean, asked: string | undefined): string | undefined {
  if (!lan && asked === undefined) return undefined;
  const found = networkAddresses();
  if (asked !== undefined && !found.includes(asked)) {
    console.error(
      `--lan-address: ${asked} is not an address of this machine (its addresses: ${found.join(', ') || 'none'})`,
    );
    process.exit(2);
  }
  if (asked === undefined && found.length === 0) {
    console.error("--lan: this machine has no network address; join the venue's network (its Wi-Fi) first");
    process.exit(2);
  }
  return asked ?? found[0];
}

/** Resolves when firebase-tools says every emulator is up; rejects when it exits or takes too long. */
function whenReady(emulators: ChildProcess, quiet: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the emulators were not ready after ${READY_TIMEOUT_MS / 1000} s`)),
      READY_TIMEOUT_MS,
    );
    const onLine = (line: string) => {
      if (!quiet || /error|⚠/i.test(line)) console.log(line);
      if (line.includes('All emulators ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    createInterface({ input: emulators.stdout! }).on('line', onLine);
    createInterface({ input: emulators.stderr! }).on('line', (line) => console.error(line));
    emulators.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the emulators exited (code ${code}) before they were ready; see the lines above`));
    });
  });
}

function banner({ ports, only, ui, lanAddress }: EmulatorConfig, demo: DemoData | undefined): string {
  const host = '127.0.0.1';
  const fn = `http://${host}:${ports.functions}/${PROJECT_ID}/us-central1`;
  const auth = `http://${host}:${ports.auth}`;
  const t = demo?.tournamentId ?? '<tournamentId>';
  const lines = [
    '',
    `Firebase Emulator Suite running (project ${PROJECT_ID}; data in memory unless --export-on-exit)`,
    '',
    `  Firestore   ${host}:${ports.firestore}   with firestore.rules (reloaded on change)`,
    `  Auth        ${auth}`,
    `  Functions   ${fn}/<name>   (recompiled and reloaded on change)`,
    only.includes('hosting')
      ? `  Dashboard   http://${lanAddress ?? host}:${ports.hosting}`
      : '  Dashboard   not built (web/dist is missing)',
    ui
      ? `  Emulator UI http://${host}:${ports.ui}`
      : '  Emulator UI off (--no-ui, or not available offline: see the note above)',
  ];
  if (lanAddress) {
    lines.push(
      '',
      `On the venue's network (--lan): phones open http://${lanAddress}:${ports.hosting}, and every join link and`,
      `  QR code the dashboard draws points there (open the dashboard at that address on this laptop too).`,
      `  Firestore, Auth and Functions answer their client APIs at ${lanAddress} on the same ports; clearing the`,
      '  data, the accounts, the sign-in codes, the hub and the Emulator UI stay on this laptop (127.0.0.1).',
      '  No TLS, and anyone on this network can use the app as the security rules allow: see docs/operations.md.',
    );
  }
  if (demo) {
    lines.push(
      '',
      `Demo tournament ${demo.tournamentId}: ${demo.players.length} players, Swiss, REDEMPTION policy; round ${demo.roundNumber} scored`,
      `  (${demo.scoredByPlayers} results written by players into their matchUps, ${demo.scoredByOrganizer} by the organizer)`,
      `  accounts (password ${DEMO_PASSWORD}): ${demo.organizer} (organizer), scorekeeper@example.com (by invitation),`,
      `  players ${demo.players
        .slice(0, 3)
        .map((p) => p.email)
        .join(', ')} ...`,
      '',
      '  rank  name   MP   W-D-L   points',
      ...demo.leaderboard
        .slice(0, 5)
        .map(
          (r) =>
            `  ${String(r.rank).padStart(4)}  ${r.name.padEnd(5)} ${String(r.matchPoints).padStart(3)}   ${r.wins}-${r.draws}-${r.losses}   ${r.pointsWon}-${r.pointsLost}`,
        ),
    );
  }
  const signInUrl = `${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`;
  lines.push(
    '',
    'From a shell:',
    `  TOKEN=$(curl -s '${signInUrl}' -H 'content-type: application/json' \\`,
    `    -d '{"email":"organizer@example.com","password":"${DEMO_PASSWORD}","returnSecureToken":true}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).idToken')`,
    `  curl -s ${fn}/getLeaderboard -H 'content-type: application/json' -H "authorization: Bearer $TOKEN" \\`,
    `    -d '{"data":{"tournamentId":"${t}"}}'`,
    `  curl -s ${fn}/generateNextRound -H 'content-type: application/json' -H "authorization: Bearer $TOKEN" \\`,
    `    -d '{"data":{"tournamentId":"${t}","requestId":"round-2"}}'`,
    '',
    'Web (modular SDK):',
    `  connectAuthEmulator(getAuth(app), '${auth}');`,
    `  connectFirestoreEmulator(getFirestore(app), '${host}', ${ports.firestore});`,
    `  connectFunctionsEmulator(getFunctions(app), '${host}', ${ports.functions});`,
    'Android (Kotlin; 10.0.2.2 is the host from the emulator):',
    `  Firebase.auth.useEmulator("10.0.2.2", ${ports.auth}); Firebase.firestore.useEmulator("10.0.2.2", ${ports.firestore})`,
    `  Firebase.functions.useEmulator("10.0.2.2", ${ports.functions})`,
    'iOS (Swift):',
    `  Auth.auth().useEmulator(withHost: "localhost", port: ${ports.auth})`,
    `  let settings = Firestore.firestore().settings; settings.host = "localhost:${ports.firestore}"; settings.isSSLEnabled = false`,
    `  Functions.functions().useEmulator(withHost: "localhost", port: ${ports.functions})`,
    'firebase-admin (Node):',
    `  export FIRESTORE_EMULATOR_HOST=${host}:${ports.firestore} FIREBASE_AUTH_EMULATOR_HOST=${host}:${ports.auth} GCLOUD_PROJECT=${PROJECT_ID}`,
    '',
    'Stop with Ctrl-C.',
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions();
  console.log('Checking what the Emulator Suite needs ...');
  const suite = await prepareSuite({
    portOffset: options.portOffset,
    ui: !options['no-ui'],
    lanAddress: options.lanAddress,
  });
  const extra = [
    ...(options.import ? ['--import', options.import] : []),
    ...(options['export-on-exit'] ? ['--export-on-exit', options['export-on-exit']] : []),
  ];
  let watcher: ChildProcess | undefined;
  let lan: LanProxy | undefined;
  const emulators = startEmulators(suite, extra);
  const stopped = exitOf(emulators);
  const ports = suitePorts(suite.config, suite.config.websocketPort);
  // The ports were free before the start (prepareSuite refuses otherwise): whoever listens on them is ours.
  let ours: Listener[] = [];

  let stopping = false;
  const stop = async (why: string, code?: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${why}: stopping the emulators ...`);
    watcher?.kill('SIGTERM');
    await lan?.close();
    ours = [...ours, ...listenersOn(ports)];
    emulators.kill('SIGINT');
    const exited = await Promise.race([stopped, delay(SHUTDOWN_GRACE_MS).then(() => null)]);
    if (exited === null) {
      console.error(`firebase-tools did not stop within ${SHUTDOWN_GRACE_MS / 1000} s; killing it`);
      killGroup(emulators, 'SIGKILL');
    }
    const left = await stopLeftovers(ours, ports);
    if (left.length) {
      console.error(
        `Still listening after the stop:\n${left.map((l) => `  port ${l.port}: pid ${l.pid} ${l.command}`).join('\n')}`,
      );
      process.exit(1);
    }
    process.exit(code ?? exited ?? 1);
  };
  // A terminal's Ctrl-C reaches this process twice (directly, and forwarded by npm): stop() runs once, and only
  // it signals the emulators, which run in a group of their own (startEmulators).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal, 0));
  // npm runs this through `sh -c`, which dies of the SIGTERM npm forwards to it (`kill` of npm's pid, an editor's
  // stop button) without passing it on: this process, adopted by another, would serve on unwatched.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && void stop('npm start was stopped', 0), 500).unref();
  void stopped.then((code) => {
    if (stopping) return;
    console.error(`The emulators stopped (code ${code}).`);
    void stop('firebase-tools exited', code || 1);
  });
  failedStart = (error) => void stop(`npm start failed: ${error}`, 1);

  console.log('Starting the Firebase Emulator Suite ...');
  await whenReady(emulators, options.quiet);
  ours = listenersOn(ports);
  const emulatorPorts = suite.config.ports;
  if (options.lanAddress) {
    const { firestore, auth, functions } = emulatorPorts;
    lan = await startLanProxy(options.lanAddress, { firestore, auth, functions });
  }
  let demo: DemoData | undefined;
  if (!options['no-seed'] && !options.import) {
    console.log('Seeding the demo through the callables, with Auth emulator accounts ...');
    demo = await seedOrReport(() =>
      seedDemo({
        host: '127.0.0.1',
        auth: emulatorPorts.auth,
        firestore: emulatorPorts.firestore,
        functions: emulatorPorts.functions,
        projectId: PROJECT_ID,
      }),
    );
  }
  // Started after the seeding: its first compile rewrites functions/lib, and the emulator reloads on that.
  watcher = spawn(process.execPath, [TSC, '-b', '-w', '--preserveWatchOutput', 'functions/tsconfig.build.json'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(banner(suite.config, demo));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if (failedStart) failedStart(message);
  else {
    console.error('npm start failed:', message);
    process.exit(1);
  }
});
