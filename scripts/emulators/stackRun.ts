/**
 * One stack's share of the emulator tier, inside its `firebase emulators:exec`: first the files that keep the
 * background triggers off for their whole run, as one vitest run that leaves them off between files
 * (EMULATOR_TRIGGERS=off), then the triggers switched back on once, then the other files. Each switch on reloads
 * the Functions emulator and ends its warm workers; one switch per file cost seconds of CPU each.
 *
 *   tsx scripts/emulators/stackRun.ts PLAN.json
 *
 * The plan names the vitest config, the stack's number, the results folder and the two groups of files.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StackPlan {
  config: string;
  stack: number;
  resultsDir: string;
  triggersOff: string[];
  others: string[];
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as StackPlan;
const output = createWriteStream(join(plan.resultsDir, `emulators-${plan.stack}.out`));

function vitest(files: readonly string[], group: string, env: NodeJS.ProcessEnv): Promise<number> {
  const report = join(plan.resultsDir, `emulators-${plan.stack}-${group}.json`);
  const args = ['vitest', 'run', '--config', plan.config, '--reporter=default', '--reporter=json'];
  const child = spawn('npx', [...args, `--outputFile.json=${report}`, ...files], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(output, { end: false });
  child.stderr.pipe(output, { end: false });
  return new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
}

async function switchTriggersOn(): Promise<void> {
  const response = await fetch(`http://${process.env.FIREBASE_EMULATOR_HUB}/functions/enableBackgroundTriggers`, {
    method: 'PUT',
  });
  if (!response.ok) throw new Error(`Emulator Hub: switching the triggers on: ${response.status}`);
}

const codes: number[] = [];
if (plan.triggersOff.length > 0) {
  codes.push(await vitest(plan.triggersOff, 'triggers-off', { EMULATOR_TRIGGERS: 'off' }));
  await switchTriggersOn();
}
if (plan.others.length > 0) codes.push(await vitest(plan.others, 'triggers-on', {}));
await new Promise<void>((resolve) => output.end(resolve));
process.exit(codes.find((code) => code !== 0) ?? 0);
