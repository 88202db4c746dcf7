/**
 * After firebase-tools has exited: stops what it left behind. The Firestore emulator's JVM runs in a process group
 * of its own and has outlived firebase-tools' shutdown by more than 30 s after a loaded run, holding its port for
 * the next start. Only the processes given (the ones seen listening on the stack's ports while it ran) are
 * touched, by process group, first with SIGTERM, then SIGKILL.
 */
import { readFileSync } from 'node:fs';
import { type Listener, listenersOn } from './ports.js';

const TERM_GRACE_MS = 10_000;
const KILL_GRACE_MS = 5_000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A process's group, from /proc (the fifth field of stat, after the command in parentheses). */
function groupOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return null;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  const group = groupOf(pid);
  const own = groupOf(process.pid);
  try {
    // A group of its own is signalled whole; one shared with this process, only the process itself.
    if (group && group !== own) process.kill(-group, name);
    else process.kill(pid, name);
  } catch {
    // Gone meanwhile.
  }
}

async function waitGone(pids: number[], ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (pids.every((pid) => !alive(pid))) return true;
    await delay(100);
  }
  return pids.every((pid) => !alive(pid));
}

/** Stops these processes if they still run, waits for them, and returns whatever still listens on the ports. */
export async function stopLeftovers(ours: readonly Listener[], ports: readonly number[]): Promise<Listener[]> {
  const pids = [...new Set(ours.map((l) => l.pid).filter((pid): pid is number => pid !== null && pid !== process.pid))];
  const running = pids.filter(alive);
  if (running.length) {
    for (const pid of running) signal(pid, 'SIGTERM');
    if (!(await waitGone(running, TERM_GRACE_MS))) {
      for (const pid of running.filter(alive)) signal(pid, 'SIGKILL');
      await waitGone(running, KILL_GRACE_MS);
    }
  }
  // A closed socket can take a moment to leave the listening table.
  for (let tries = 0; tries < 20; tries++) {
    const left = listenersOn(ports);
    if (left.length === 0) return [];
    await delay(100);
  }
  return listenersOn(ports);
}
