/**
 * Who listens on the suite's ports, from `ss -ltnp` and /proc. A second stack on taken ports is refused before
 * it starts (two emulators can share a port through different addresses and then share the clients' connections),
 * and a stopped stack is checked to have left nothing listening.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { EmulatorConfig } from './config.js';

export interface Listener {
  port: number;
  /** Null when `ss` does not show the process (another user's). */
  pid: number | null;
  command: string;
}

/** Every TCP port the suite may bind: the emulators', their hub's and logging's, Firestore's websocket. */
export function suitePorts(config: Pick<EmulatorConfig, 'ports'>, websocketPort: number): number[] {
  const { auth, functions, firestore, hosting, hub, logging, ui } = config.ports;
  return [auth, functions, firestore, hosting, hub, logging, ui, websocketPort];
}

/** A process's command line, as /proc has it. */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 200);
  } catch {
    return '(gone)';
  }
}

/** The listeners on these ports, on any address. */
export function listenersOn(ports: readonly number[]): Listener[] {
  const wanted = new Set(ports);
  const ss = spawnSync('ss', ['-ltnpH'], { encoding: 'utf8' });
  if (ss.status !== 0) throw new Error(`ss -ltnp failed (${ss.stderr.trim() || ss.error?.message}); install iproute2`);
  const found = new Map<string, Listener>();
  for (const line of ss.stdout.split('\n')) {
    const columns = line.trim().split(/\s+/);
    const port = Number(columns[3]?.split(':').at(-1));
    if (!wanted.has(port)) continue;
    const pid = /pid=(\d+)/.exec(line)?.[1];
    const listener = pid
      ? { port, pid: Number(pid), command: commandOf(Number(pid)) }
      : { port, pid: null, command: "a process of another user (ss shows no pid; try 'sudo ss -ltnp')" };
    found.set(`${port}/${listener.pid}`, listener);
  }
  return [...found.values()].sort((a, b) => a.port - b.port);
}

/** What to say when ports are taken: each port, the process that holds it, and what to do. */
export function describeTaken(taken: readonly Listener[], portOffset: number): string {
  const lines = taken.map((l) => `  port ${l.port}: pid ${l.pid ?? '?'}  ${l.command}`);
  return [
    `Ports this stack needs (port offset ${portOffset}) are taken:`,
    ...lines,
    'Another Emulator Suite (or what one left behind) may be running: stop it, or give this stack its own ports',
    'with --port-offset (npm start) or EMULATOR_PORT_OFFSET (npm run test:emulators).',
  ].join('\n');
}
