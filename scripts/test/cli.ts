import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Runs one of the command-line tools the way `npm run --silent NAME -- FILE` does, on a scenario object. */
export function runTool(script: string, input: unknown): { status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cli-'));
  const file = join(dir, 'input.json');
  writeFileSync(file, typeof input === 'string' ? input : JSON.stringify(input));
  const run = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(root, 'scripts', script), file],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
