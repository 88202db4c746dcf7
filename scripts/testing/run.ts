/**
 * npm test: lint and type check beside the build, then the unit and emulator tiers side by side, then one summary:
 * each step's time, the ten slowest test files, and the tests passed and failed. Each step's output is printed when it ends
 * (and kept in .test-results/); the whole run fails when any step does.
 *
 *   npm test
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PORT_OFFSET_STEP } from '../emulators/config.js';
import { REPO_ROOT } from '../emulators/prerequisites.js';
import { TEST_JVM_OPTIONS } from '../emulators/suite.js';
import { type TierResults, emulatorReports, failedTests, readTierResults, slowestFiles, totals } from './results.js';

const started = Date.now();
const resultsDir = join(REPO_ROOT, '.test-results');
rmSync(resultsDir, { recursive: true, force: true, maxRetries: 3 });
mkdirSync(resultsDir, { recursive: true });

const emulatorOffset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
const emulatorStacks = Number(process.env.EMULATOR_STACKS ?? 2);

interface Step {
  name: string;
  command: string[];
  env?: NodeJS.ProcessEnv;
  /**
   * Runs at this lower priority: the emulator tier is the longest step and waits on the emulators between its
   * bursts of work, so the checks fill those waits instead of slowing it down (on 2 cores, every step shares).
   */
  nice?: number;
}

const npx = (...words: string[]) => ['npx', ...words];
const tsx = (script: string) => npx('tsx', '--conditions=source', script);
/** Checks that need nothing built, run from the start. */
const CHECKS: Step[] = [
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'], nice: 10 },
  { name: 'type check', command: ['npm', 'run', '--silent', 'typecheck'], nice: 10 },
];
/** The functions and the dashboard, built once before the tiers, which load them and must not rebuild them. */
const BUILD: Step = { name: 'build', command: tsx('scripts/emulators/build.ts') };
const TIERS: Step[] = [
  {
    name: 'unit tier',
    command: npx('vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsDir}/unit.json`),
    // npm start's own test starts a stack: on ports beside the emulator tier's.
    env: {
      EMULATOR_PORT_OFFSET: String(emulatorOffset + emulatorStacks * PORT_OFFSET_STEP),
      JAVA_TOOL_OPTIONS: process.env.JAVA_TOOL_OPTIONS ?? TEST_JVM_OPTIONS,
    },
    // Less than the checks: its tests have timeouts, and its slowest takes seconds alone.
    nice: 5,
  },
  {
    name: 'emulator tier',
    command: tsx('scripts/emulators/test.ts'),
    env: { TEST_RESULTS_DIR: resultsDir, EMULATOR_STACKS: String(emulatorStacks) },
  },
];

interface Outcome {
  step: Step;
  code: number;
  seconds: number;
}

function run(step: Step): Promise<Outcome> {
  const stepStarted = Date.now();
  const file = join(resultsDir, `${step.name.replace(/ /g, '-')}.out`);
  const output = createWriteStream(file);
  const command = step.nice === undefined ? step.command : ['nice', '-n', String(step.nice), ...step.command];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...step.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(output, { end: false });
  child.stderr.pipe(output, { end: false });
  return new Promise((resolve) => {
    const finish = (code: number) => {
      output.end(() => {
        const seconds = (Date.now() - stepStarted) / 1000;
        const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
        process.stdout.write(`\n==== ${step.name}: ${verdict} in ${seconds.toFixed(0)} s\n`);
        process.stdout.write(readFileSync(file, 'utf8'));
        resolve({ step, code, seconds });
      });
    };
    child.once('error', (error) => {
      output.write(`${step.command.join(' ')}: ${error.message}\n`);
      finish(1);
    });
    child.once('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

const skipped = (step: Step): Outcome => ({ step, code: 1, seconds: 0 });

process.stdout.write(
  'npm test: lint and type check beside the build, then the unit and emulator tiers (output when each ends)\n',
);
const checks = Promise.all(CHECKS.map(run));
const built = await run(BUILD);
const tiers = built.code === 0 ? await Promise.all(TIERS.map(run)) : TIERS.map(skipped);
const outcomes = [...(await checks), built, ...tiers];

const results = [
  readTierResults(join(resultsDir, 'unit.json'), 'unit', REPO_ROOT),
  ...emulatorReports(resultsDir).map((path) => readTierResults(path, 'emulators', REPO_ROOT)),
].filter((tier): tier is TierResults => tier !== undefined);
const count = totals(results);
const wall = ((Date.now() - started) / 1000).toFixed(0);
const lines = [
  '',
  '==== summary',
  ...outcomes.map(
    ({ step, code, seconds }) =>
      `  ${step.name.padEnd(14)} ${code === 0 ? 'passed' : 'FAILED'} ${seconds.toFixed(0).padStart(5)} s`,
  ),
  ...slowestFiles(results),
  ...failedTests(results),
  `npm test took ${wall} s wall clock`,
];
const failedSteps = outcomes.filter((o) => o.code !== 0);
// A step that failed without a failed test (lint, a crash) still counts as a failure in the closing line.
const failed = count.failed + (count.failed === 0 && failedSteps.length > 0 ? failedSteps.length : 0);
lines.push(`tests: ${count.passed} passed, ${failed} failed${count.skipped ? `, ${count.skipped} skipped` : ''}`);
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(failedSteps.length > 0 ? 1 : 0);
