/** The package README's example is run as written, so what a developer copies from it works. */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const example = join(packageDir, 'test', `readme-example.${process.pid}.tmp.ts`);
afterAll(() => rmSync(example, { force: true }));

it('runs the README example and prints the standings it promises', async () => {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const code = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(code).toContain("from '@competition/engine'");
  writeFileSync(example, code!);
  const printed: unknown[][] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args));
  try {
    await import(/* @vite-ignore */ example);
  } finally {
    log.mockRestore();
  }
  const [ranking, formRating, currentRound] = printed.map((args) => args[0]);
  expect(ranking).toHaveLength(4);
  expect((ranking as string[])[0]).toMatch(/^1\. \w+ \d/);
  expect(typeof formRating).toBe('number');
  expect(currentRound).toBe(2);
});
