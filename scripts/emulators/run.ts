/**
 * The official Emulator Suite tier.
 *
 *   npx tsx scripts/emulators/run.ts          # rules + trigger tests inside `firebase emulators:exec`
 *   npx tsx scripts/emulators/run.ts start    # the same emulators, started for manual use (dashboard, curl)
 *
 * First checks the prerequisites (check.ts) and, when one is missing, says which and why and exits 1 without
 * starting anything. Then builds the functions (the Functions emulator loads functions/lib) and runs the
 * firebase CLI: the installed one, or `npx --yes firebase-tools@15`.
 */
import { spawnSync } from 'node:child_process';
import { DEFAULT_PROJECT_ID } from '../local/env.js';
import { FALLBACK_CLI, EMULATORS, REPO_ROOT, checkPrerequisites, report } from './check.js';
export const TEST_COMMAND = 'npx vitest run --config vitest.emulators.config.mts';

export function firebaseArgs(mode: 'test' | 'start'): string[] {
  const only = ['--only', EMULATORS.join(','), '--project', DEFAULT_PROJECT_ID];
  return mode === 'start' ? ['emulators:start', ...only] : ['emulators:exec', ...only, TEST_COMMAND];
}

function run(command: string, args: string[]): number {
  process.stdout.write(`\n$ ${[command, ...args.map((arg) => (/\s/.test(arg) ? JSON.stringify(arg) : arg))].join(' ')}\n`);
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.error) {
    process.stderr.write(`could not start ${command}: ${result.error.message}\n`);
    return 1;
  }
  return result.status ?? 1;
}

async function main(): Promise<void> {
  const modeArg = process.argv[2] ?? 'test';
  if (modeArg !== 'test' && modeArg !== 'start') {
    process.stderr.write(`usage: tsx scripts/emulators/run.ts [test|start] (got "${modeArg}")\n`);
    process.exitCode = 2;
    return;
  }
  const prerequisites = await checkPrerequisites();
  const text = report(prerequisites);
  if (!prerequisites.ok) {
    process.stderr.write(`${text}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`${text}\n`);

  const built = run('npm', ['run', 'build', '--workspace', 'functions']);
  if (built !== 0) {
    process.stderr.write('The functions did not build, so the Functions emulator has nothing to load; fix the build first.\n');
    process.exitCode = built;
    return;
  }
  const cli = prerequisites.firebase ?? FALLBACK_CLI;
  process.exitCode = run(cli.command, [...cli.args, ...firebaseArgs(modeArg)]);
}

void main();
