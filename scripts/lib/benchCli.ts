/** What the emulator benchmarks share on the command line: flag checks that exit with the usage, percentiles. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** `fail` prints the message and the usage and exits 2; `intFlag` reads an integer flag within bounds. */
export function benchCli(usage: string) {
  const fail = (message: string): never => {
    process.stderr.write(`error: ${message}\n${usage}\n`);
    process.exit(2);
  };
  const intFlag = (name: string, value: string | undefined, fallback: number, min: number, max: number): number => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      fail(`--${name} must be an integer from ${min} to ${max}, got "${value}"`);
    return n;
  };
  return { fail, intFlag };
}

/** The nearest-rank percentile of ascending values (0 when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? 0;
}

export const round1 = (x: number) => Math.round(x * 10) / 10;
export const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** Set inside the emulators: where the measurement's result line goes, apart from the emulators' log lines. */
const RESULT_FILE = 'BENCH_RESULT_FILE';

/** The benchmark's one JSON line: on stdout, or in the file its launcher prints once the emulators have stopped. */
export function printResult(line: object): void {
  const text = `${JSON.stringify(line)}\n`;
  const file = process.env[RESULT_FILE];
  if (file) writeFileSync(file, text);
  else process.stdout.write(text);
}

/**
 * Runs the script again inside `firebase emulators:exec` on a stack of its own (EMULATOR_PORT_OFFSET). The
 * emulators' log lines go to a file, named on stderr, so that stdout carries the result line alone.
 */
export async function measureInEmulators(script: string, { hosting = false } = {}): Promise<number> {
  const { execInEmulators, prepareSuite } = await import('../emulators/suite.js');
  const portOffset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
  const suite = await prepareSuite({ ui: false, hosting, quiet: true, portOffset });
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const log = join(dir, 'emulators.log');
  const result = join(dir, 'result.json');
  progress(`emulator logs: ${log}`);
  const again = ['npx', 'tsx', '--conditions=source', script, ...process.argv.slice(2)];
  const code = await execInEmulators({ ...suite, env: { ...suite.env, [RESULT_FILE]: result } }, again, {
    stdoutFile: log,
  });
  if (existsSync(result)) process.stdout.write(readFileSync(result, 'utf8'));
  else
    progress(`no result; the emulator logs end with:\n${readFileSync(log, 'utf8').split('\n').slice(-40).join('\n')}`);
  return code;
}

/**
 * The benchmark's own entry: inside `firebase emulators:exec` it measures; outside, it starts a stack of its own
 * and runs itself again inside it. Exits with the measurement's code.
 */
export function runBench(script: string, measure: () => Promise<void>, { hosting = false } = {}): void {
  const run = async () => {
    if (process.env.FIREBASE_EMULATOR_HUB) return measure();
    process.exitCode = await measureInEmulators(script, { hosting });
  };
  run().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      process.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

/** The flags of a benchmark that plays a field: --players, --rounds, --policy (a preset) and --seed. */
export function fieldFlags<P extends string>(
  usage: string,
  presets: readonly P[],
  limits: { players: [number, number, number]; rounds: [number, number, number] },
) {
  const { values } = parseArgs({
    options: {
      players: { type: 'string' },
      rounds: { type: 'string' },
      policy: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const { fail, intFlag } = benchCli(usage);
  const policy = (values.policy ?? 'REDEMPTION').toUpperCase() as P;
  if (!presets.includes(policy)) fail(`--policy must be one of ${presets.join(', ')}`);
  return {
    players: intFlag('players', values.players, ...limits.players),
    rounds: intFlag('rounds', values.rounds, ...limits.rounds),
    policy,
    seed: intFlag('seed', values.seed, 1, 0, 2 ** 31 - 1),
  };
}
