/**
 * npm start as a user runs it: started on this machine's ports (EMULATOR_PORT_OFFSET, else 0) in a process group
 * of its own, as a terminal starts it, and stopped with one Ctrl-C (SIGINT to the whole group), it exports its data,
 * leaves no listener and no process behind within 10 s and never says it was interrupted twice; started beside a
 * process that holds one of its ports, it names that process and stops before starting anything. With --lan, seen
 * from the machine's own network address as a phone on the venue's Wi-Fi sees it, it serves the dashboard and the
 * client APIs there and refuses the emulators' administration, which still answers on 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorConfig } from '../emulators/config.js';
import { networkAddresses } from '../emulators/lanProxy.js';
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

/** Whatever is left of a run that failed: its group, and the groups of their own it started (the emulators'). */
function killAll(run: Run, seen: readonly number[]): void {
  const table = processTable();
  const own = table.get(process.pid)?.group;
  const groups = new Set([run.child.pid!, ...seen.map((pid) => table.get(pid)?.group)]);
  for (const group of groups) {
    if (group === undefined || group === own || inGroup(group).length === 0) continue;
    process.kill(-group, 'SIGKILL');
  }
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

  const lanAddress = networkAddresses()[0];
  if (!lanAddress) console.log('--lan is not tested: this machine has no network address but loopback');

  it.skipIf(!lanAddress)(
    'with --lan, serves phones the dashboard and the client APIs, not the administration',
    async () => {
      expect(listenersOn(ports), 'the ports must be free before the test').toEqual([]);
      const run = start(['--no-seed', '--lan', '--lan-address', lanAddress!]);
      let seen: number[] = [];
      try {
        await untilReady(run);
        seen = [...new Set([...descendants(run.child.pid!), ...listenersOn(ports).map((l) => l.pid!)])];
        expect(run.output()).toContain(`Dashboard   http://${lanAddress}:${config.ports.hosting}`);
        const { auth, firestore, functions, hosting, hub, logging } = config.ports;
        const at = (host: string, port: number, path: string, init: RequestInit = {}) =>
          fetch(`http://${host}:${port}${path}`, { ...init, signal: AbortSignal.timeout(20_000) });
        const json = { 'content-type': 'application/json' };
        const owner = { authorization: 'Bearer owner' };
        const project = 'demo-competition';
        const documents = `/v1/projects/${project}/databases/(default)/documents`;

        // What a phone needs: the dashboard, an account, a read through the rules, a callable.
        const page = await at(lanAddress!, hosting, '/');
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root"');
        const signUp = await at(lanAddress!, auth, '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: 'phone@example.com', password: 'password-123', returnSecureToken: true }),
        });
        expect(signUp.status).toBe(200);
        const { idToken } = (await signUp.json()) as { idToken: string };
        const read = await at(lanAddress!, firestore, `${documents}/tournaments/none`, {
          headers: { authorization: `Bearer ${idToken}` },
        });
        expect(read.status, 'a public read the rules allow, of a tournament that does not exist').toBe(404);
        expect(await read.text()).toContain('NOT_FOUND');
        const call = await at(lanAddress!, functions, `/${project}/us-central1/getLeaderboard`, {
          method: 'POST',
          headers: { ...json, authorization: `Bearer ${idToken}` },
          body: JSON.stringify({ data: { tournamentId: 'none' } }),
        });
        expect(await call.text()).toMatch(/"status":"(NOT_FOUND|INVALID_ARGUMENT|PERMISSION_DENIED)"/);

        // The administration, through the network address and on the laptop.
        const admin: [number, string, RequestInit][] = [
          [firestore, `/emulator/v1/projects/${project}/databases/(default)/documents`, { method: 'DELETE' }],
          [firestore, `${documents}/tournaments/none`, { headers: owner }],
          [firestore, `${documents}/tournaments/none?%24httpHeaders=Authorization%3ABearer%2520owner`, {}],
          [auth, `/emulator/v1/projects/${project}/accounts`, {}],
          [auth, `/emulator/v1/projects/${project}/oobCodes`, {}],
          [
            auth,
            `/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:query`,
            { method: 'POST', headers: { ...json, ...owner }, body: '{}' },
          ],
          [auth, '/emulator/auth/handler?providerId=google.com', {}],
          [functions, '/backends', {}],
        ];
        for (const [port, path, init] of admin) {
          const refused = await at(lanAddress!, port, path, init);
          expect(refused.status, `${port}${path} through ${lanAddress}`).toBe(403);
          expect(await refused.text()).toContain('Refused on the network address');
        }
        const accounts = await at(
          '127.0.0.1',
          auth,
          `/identitytoolkit.googleapis.com/v1/projects/${project}/accounts:query`,
          {
            method: 'POST',
            headers: { ...json, ...owner },
            body: '{}',
          },
        );
        expect(await accounts.text(), 'the accounts, listed on the laptop').toContain('phone@example.com');
        expect((await at('127.0.0.1', auth, `/emulator/v1/projects/${project}/oobCodes`)).status).toBe(200);
        expect((await at('127.0.0.1', hub, '/emulators')).status).toBe(200);
        const clear = await at(
          '127.0.0.1',
          firestore,
          `/emulator/v1/projects/${project}/databases/(default)/documents`,
          {
            method: 'DELETE',
          },
        );
        expect(clear.status, 'the data cleared on the laptop').toBe(200);
        // Nothing else listens on the network address: the hub, the logging and Firestore's websocket.
        for (const port of [hub, logging, config.websocketPort])
          await expect(at(lanAddress!, port, '/'), `port ${port} on ${lanAddress}`).rejects.toThrow();

        // Stopped as `kill PID` stops it (SIGTERM to npm alone), it leaves nothing behind either.
        seen = [...new Set([...seen, ...descendants(run.child.pid!), ...listenersOn(ports).map((l) => l.pid!)])];
        const sent = Date.now();
        run.child.kill('SIGTERM');
        await until(
          'the run to stop',
          () => JSON.stringify(leftovers(run, seen)) === JSON.stringify(nothing),
          STOP_MS,
        ).catch(() => expect(leftovers(run, seen), `left ${STOP_MS / 1000} s after SIGTERM`).toEqual(nothing));
        console.log(`npm start --lan stopped ${Date.now() - sent} ms after SIGTERM`);
      } finally {
        killAll(run, seen);
      }
    },
    300_000,
  );
});
