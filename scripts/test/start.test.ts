/**
 * npm start as a user runs it: started on this machine's ports (EMULATOR_PORT_OFFSET, else 0), stopped with
 * Ctrl-C (SIGINT), it leaves no listener and no process behind; started beside a process that holds one of its
 * ports, it names that process and stops before starting anything.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorConfig } from '../emulators/config.js';
import { listenersOn, suitePorts } from '../emulators/ports.js';

const root = join(import.meta.dirname, '..', '..');
const portOffset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
const config = emulatorConfig({ portOffset, ui: false, hosting: false });
const ports = suitePorts(config, config.websocketPort);

function start(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      'scripts/start.ts',
      '--port-offset',
      String(portOffset),
      '--no-seed',
      '--no-ui',
      '--quiet',
    ],
    // As from a shell: vitest's NODE_ENV=test would build the dashboard in development mode, over its budget.
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: undefined } },
  );
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Every process descending from `pid`, by walking /proc's parent links. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, of] of parents) {
      if (of !== parent || found.includes(child)) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(what: string, check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('npm start', () => {
  it('refuses to start beside a process holding one of its ports, and names it', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(config.ports.firestore, '127.0.0.1', resolve));
    try {
      const run = start();
      const code = await run.exited;
      expect(code).not.toBe(0);
      expect(run.output()).toContain(`port ${config.ports.firestore}: pid ${process.pid}`);
      expect(run.output()).toContain(process.argv[0]!.split('/').at(-1)!);
      expect(run.output()).not.toContain('Starting the Firebase Emulator Suite');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);

  it('leaves no listener and no process behind after Ctrl-C', async () => {
    expect(listenersOn(ports), 'the ports must be free before the test').toEqual([]);
    const run = start();
    try {
      await until(
        'the banner',
        () => run.output().includes('Stop with Ctrl-C.') || run.child.exitCode !== null,
        240_000,
      );
      expect(run.output()).toContain('Stop with Ctrl-C.');
      const seen = [...descendants(run.child.pid!), ...listenersOn(ports).map((l) => l.pid!)];
      expect(listenersOn(ports).map((l) => l.port)).toContain(config.ports.firestore);
      run.child.kill('SIGINT');
      await run.exited;
      expect(listenersOn(ports)).toEqual([]);
      expect(seen.filter(alive)).toEqual([]);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 300_000);
});
