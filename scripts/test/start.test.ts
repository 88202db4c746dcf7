/**
 * npm start as a user runs it: started on this machine's ports (EMULATOR_PORT_OFFSET, else 0) in a process group
 * of its own, as a terminal starts it, and stopped with one Ctrl-C (SIGINT to the whole group), it exports its data,
 * leaves no listener and no process behind within 10 s and never says it was interrupted twice; started beside a
 * process that holds one of its ports, it names that process and stops before starting anything.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorConfig } from '../emulators/config.js';
import { commandOf, listenersOn, suitePorts } from '../emulators/ports.js';

const root = join(import.meta.dirname, '..', '..');
const portOffset = Number(process.env.EMULATOR_PORT_OFFSET ?? 0);
const config = emulatorConfig({ portOffset, ui: false, hosting: false });
const ports = suitePorts(config, config.websocketPort);
/** What a user may wait for after one Ctrl-C. */
const STOP_MS = 10_000;

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start -- ...args`, the leader of a process group of its own, as a terminal's foreground job is. */
function start(args: string[] = []): Run {
  const child = spawn('npm', ['start', '--', '--port-offset', String(portOffset), '--no-ui', '--quiet', ...args], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // As from a shell: vitest's NODE_ENV=test would build the dashboard in development mode, over its budget.
    env: { ...process.env, NODE_ENV: undefined },
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** Every process: its parent and its process group, from /proc's stat (fields 4 and 5). */
function processTable(): Map<number, { parent: number; group: number }> {
  const table = new Map<number, { parent: number; group: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [, , parent, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), { parent: Number(parent), group: Number(group) });
    } catch {
      // Gone meanwhile.
    }
  }
  return table;
}

/** Every process descending from `pid`, by walking the parent links. */
function descendants(pid: number): number[] {
  const table = processTable();
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, { parent: of }] of table) {
      if (of !== parent || found.includes(child)) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

const inGroup = (group: number) => [...processTable()].filter(([, p]) => p.group === group).map(([pid]) => pid);

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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function untilReady(run: Run): Promise<void> {
  await until('the banner', () => run.output().includes('Stop with Ctrl-C.') || run.child.exitCode !== null, 240_000);
  expect(run.output()).toContain('Stop with Ctrl-C.');
}

/** Whatever is left of a run that failed: its group, and whatever it started in groups of their own. */
function killAll(run: Run, seen: readonly number[]): void {
  for (const pid of [...inGroup(run.child.pid!), ...seen].filter(alive)) process.kill(pid, 'SIGKILL');
}

/** What is still there of a stopped run: processes of its group or started by it, listeners on its ports. */
const leftovers = (run: Run, seen: readonly number[]) => ({
  group: inGroup(run.child.pid!),
  processes: seen.filter(alive),
  listeners: listenersOn(ports),
});
const nothing = { group: [], processes: [], listeners: [] };

describe('npm start', () => {
  it('refuses to start beside a process holding one of its ports, and names it', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(config.ports.firestore, '127.0.0.1', resolve));
    try {
      const run = start(['--no-seed']);
      const code = await run.exited;
      expect(code).not.toBe(0);
      expect(run.output()).toContain(`port ${config.ports.firestore}: pid ${process.pid}`);
      expect(run.output()).toContain(process.argv[0]!.split('/').at(-1)!);
      expect(run.output()).not.toContain('Starting the Firebase Emulator Suite');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);

  it('stops everything after one Ctrl-C to its process group: data exported, nothing left within 10 s', async () => {
    expect(listenersOn(ports), 'the ports must be free before the test').toEqual([]);
    const exportDir = join(mkdtempSync(join(tmpdir(), 'start-export-')), 'data');
    const run = start(['--no-seed', '--export-on-exit', exportDir]);
    let seen: number[] = [];
    try {
      await untilReady(run);
      seen = [...new Set([...descendants(run.child.pid!), ...listenersOn(ports).map((l) => l.pid!)])];
      expect(listenersOn(ports).map((l) => l.port)).toContain(config.ports.firestore);
      // firebase-tools counts each SIGINT it gets: one from the terminal and one from npm start would make two,
      // a forced exit that leaves the emulators running, unless the two come within 100 ms of each other.
      const emulatorsInGroup = inGroup(run.child.pid!)
        .map(commandOf)
        .filter((command) => /firebase\.js|java|functionsEmulatorRuntime/.test(command));
      expect(emulatorsInGroup, "emulators that would get the terminal's Ctrl-C themselves").toEqual([]);
      const sent = Date.now();
      process.kill(-run.child.pid!, 'SIGINT');
      await until(
        'the run to stop',
        () => JSON.stringify(leftovers(run, seen)) === JSON.stringify(nothing),
        STOP_MS,
      ).catch(() => expect(leftovers(run, seen), `left ${STOP_MS / 1000} s after one SIGINT`).toEqual(nothing));
      console.log(`npm start stopped ${Date.now() - sent} ms after one SIGINT to its process group`);
      expect(run.output()).not.toMatch(/2 times|may still be running|\bkill \d+/);
      expect(existsSync(join(exportDir, 'firebase-export-metadata.json')), 'the export on exit').toBe(true);
    } finally {
      killAll(run, seen);
      rmSync(join(exportDir, '..'), { recursive: true, force: true });
    }
  }, 300_000);
});
