/**
 * The suites that need Firebase (backend, rules, clients, browser), inside `firebase emulators:exec`.
 *
 *   npm run test:emulators [-- vitest filters]
 *
 * The files run one at a time on a stack (they clear its Firestore and switch its triggers), so the whole tier
 * is split between EMULATOR_STACKS stacks (2 by default; 1 when filters are given), each with its own ports
 * (EMULATOR_PORT_OFFSET, then steps of 5,000) and its own emulators, started from one build. With one stack the
 * output is live; with more, each stack's vitest output is printed when it ends and its emulators' log is kept
 * in the results folder (TEST_RESULTS_DIR, default .test-results/), beside vitest's JSON report.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { durationsOf, emulatorReports, readTierResults } from '../testing/results.js';
import { type Durations, planShards } from '../testing/shards.js';
import { PORT_OFFSET_STEP } from './config.js';
import { type Listener, listenersOn, suitePorts } from './ports.js';
import { REPO_ROOT } from './prerequisites.js';
import type { StackPlan } from './stackRun.js';
import { stopLeftovers } from './stopLeftovers.js';
import { type PreparedSuite, TEST_JVM_OPTIONS, execInEmulators, prepareSuite, suiteAt } from './suite.js';

const started = Date.now();
const filters = process.argv.slice(2);
const resultsDir = process.env.TEST_RESULTS_DIR ?? join(REPO_ROOT, '.test-results');
const CONFIG = 'vitest.emulators.config.mts';
/** The split is planned from the last whole run's times on this machine, else from the times kept in the repo. */
const LAST_DURATIONS = join(resultsDir, 'emulator-durations.json');
const KEPT_DURATIONS = join(REPO_ROOT, 'scripts', 'testing', 'durations.json');

function listFiles(): string[] {
  const listed = spawnSync('npx', ['vitest', 'list', '--filesOnly', '--json', '--config', CONFIG, ...filters], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`vitest could not list the emulator tier's files:\n${listed.stderr}`);
  const start = listed.stdout.indexOf('[');
  return (JSON.parse(listed.stdout.slice(start)) as { file: string }[]).map((f) => relative(REPO_ROOT, f.file));
}

function readDurations(): Durations {
  for (const path of [LAST_DURATIONS, KEPT_DURATIONS]) {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as Durations;
    } catch {
      // Not there yet: the next one.
    }
  }
  return {};
}

const files = listFiles();
if (files.length === 0) {
  process.stderr.write(`no emulator-tier test file matches ${filters.join(' ')}\n`);
  process.exit(1);
}
mkdirSync(resultsDir, { recursive: true });
// A run of a few files (a developer's) reports on the terminal alone: it leaves the whole run's results as they are.
const wholeRun = filters.length === 0 || process.env.TEST_RESULTS_DIR !== undefined;
// An earlier run's reports would count again in this run's times.
if (wholeRun) for (const report of emulatorReports(resultsDir)) rmSync(report);
const stacks = Number(process.env.EMULATOR_STACKS ?? (filters.length > 0 ? 1 : 2));
const shards = planShards(files, readDurations(), stacks);
const baseOffset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
const offsets = shards.map((_, i) => baseOffset + i * PORT_OFFSET_STEP);
// Hosting serves the dashboard to the browser suites: built and started only for a stack that runs one.
const needsHosting = (shard: readonly string[]) => shard.some((file) => file.startsWith('web/'));
// A small commit budget, so that in the tests one correction takes many commits (services/replay.ts).
process.env.STANDINGS_COMMIT_BYTES ??= '8192';
process.env.JAVA_TOOL_OPTIONS ??= TEST_JVM_OPTIONS;
const first = await prepareSuite({
  ui: false,
  hosting: shards.some(needsHosting),
  portOffset: offsets[0],
  morePortOffsets: offsets.slice(1),
  quiet: shards.length > 1,
});
const suites = shards.map((shard, i) => (i === 0 ? first : suiteAt(first, offsets[i]!, needsHosting(shard))));

// The ports were free before the start (prepareSuite refuses otherwise), so whoever listens on them while the suites
// run is this run's: each is remembered, because a JVM can stop listening and still live on after the shutdown.
const ports = suites.flatMap((suite) => suitePorts(suite.config, suite.config.websocketPort));
const seen = new Map<string, Listener>();
const remember = () => {
  for (const listener of listenersOn(ports)) seen.set(`${listener.port}/${listener.pid}`, listener);
};
const watching = setInterval(remember, 2_000);

/** A file that keeps the background triggers off from its start to its end (functions/test/support/emulator.ts). */
const keepsTriggersOff = (file: string) =>
  /triggersOffForTheFile\(\)|useEmulatorFirestore\(\{ triggers: false \}\)/.test(
    readFileSync(join(REPO_ROOT, file), 'utf8'),
  );

/** One stack, its output live: what a developer's run of a few files is. */
function runAlone(suite: PreparedSuite, shard: readonly string[]): Promise<number> {
  const report = join(resultsDir, 'emulators-1.json');
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return execInEmulators(suite, ['npx', 'vitest', 'run', '--config', CONFIG, ...(wholeRun ? reporters : []), ...shard]);
}

/** One of several stacks: its vitest output printed when it ends, its emulators' log kept in the results folder. */
async function runStack(suite: PreparedSuite, shard: readonly string[], index: number): Promise<number> {
  const output = join(resultsDir, `emulators-${index + 1}.out`);
  const log = join(resultsDir, `emulators-${index + 1}.log`);
  const offFiles = new Set(shard.filter(keepsTriggersOff));
  const plan: StackPlan = {
    config: CONFIG,
    stack: index + 1,
    resultsDir,
    triggersOff: shard.filter((file) => offFiles.has(file)),
    others: shard.filter((file) => !offFiles.has(file)),
  };
  const planFile = join(resultsDir, `emulators-${index + 1}.plan.json`);
  writeFileSync(planFile, JSON.stringify(plan, null, 2));
  const stackStarted = Date.now();
  // Vitest's own lines go to a file of their own (stackRun.ts), apart from the emulators' log lines.
  const runner = ['npx', 'tsx', '--conditions=source', 'scripts/emulators/stackRun.ts', planFile];
  const code = await execInEmulators(suite, runner, { stdoutFile: log });
  const took = ((Date.now() - stackStarted) / 1000).toFixed(0);
  const heading = `stack ${index + 1} (port offset ${offsets[index]}): ${shard.length} files, ${took} s, exit ${code}`;
  const printed = existsSync(output) ? readFileSync(output, 'utf8') : '(vitest did not start on this stack)\n';
  process.stdout.write(`\n==== ${heading}\n${printed}`);
  if (code !== 0) {
    const tail = readFileSync(log, 'utf8').split('\n').slice(-80).join('\n');
    process.stdout.write(`\n---- the last lines of stack ${index + 1}'s emulator log (${log}):\n${tail}\n`);
  }
  return code;
}

if (shards.length > 1)
  process.stdout.write(
    `emulator tier: ${files.length} files on ${shards.length} stacks (${shards.map((s) => s.length).join(' + ')})\n`,
  );
const codes =
  shards.length === 1
    ? [await runAlone(suites[0]!, shards[0]!)]
    : await Promise.all(suites.map((suite, i) => runStack(suite, shards[i]!, i)));
clearInterval(watching);
remember();
const left = await stopLeftovers([...seen.values()], ports);
if (left.length)
  process.stderr.write(`still listening after the run: ${left.map((l) => `${l.port} (pid ${l.pid})`).join(', ')}\n`);
if (filters.length === 0) {
  const tiers = emulatorReports(resultsDir).map((path) => readTierResults(path, 'emulators', REPO_ROOT));
  if (codes.every((code) => code === 0))
    writeFileSync(LAST_DURATIONS, `${JSON.stringify(durationsOf(tiers.filter((t) => !!t)), null, 2)}\n`);
}
process.stdout.write(`emulator suites: ${((Date.now() - started) / 1000).toFixed(0)} s wall, emulators included\n`);
process.exit(codes.find((code) => code !== 0) ?? 0);
