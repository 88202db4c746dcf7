/**
 * The firebase.json the emulators run with: the repository's own, with every port moved by an offset (so two
 * stacks can run side by side) and the Emulator UI on only when it can be had. It is written beside firebase.json
 * because firebase-tools resolves the functions source and the rules from the config file's folder.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './prerequisites.js';

export const PROJECT_ID = 'demo-competition';

/** Every port the suite binds, with firebase-tools' defaults where firebase.json names none. */
const DEFAULT_PORTS = {
  auth: 9099,
  functions: 5001,
  firestore: 8080,
  hosting: 5000,
  hub: 4400,
  logging: 4500,
  eventarc: 9299,
  tasks: 9499,
  ui: 4000,
} as const;
export type EmulatorName = keyof typeof DEFAULT_PORTS;
const FIRESTORE_WEBSOCKET_PORT = 9150;

type EmulatorEntry = { port?: number; host?: string; enabled?: boolean; websocketPort?: number };
type EmulatorsBlock = Record<string, unknown> & Partial<Record<EmulatorName, EmulatorEntry>>;

/**
 * The emulators' default ports lie between 4000 and 9500 and some differ by 100, 200, 400, 500 or 1000: two
 * stacks whose offsets differ by such an amount would want the same port. No two default ports differ by a
 * multiple of 5,000, so offsets in whole steps of 5,000 never share a port (up to 11 stacks on one machine).
 */
export const PORT_OFFSET_STEP = 5_000;
const MAX_PORT_OFFSET = 50_000;

/** Why an offset cannot be used, or null. */
export function portOffsetProblem(offset: number): string | null {
  if (Number.isInteger(offset) && offset >= 0 && offset <= MAX_PORT_OFFSET && offset % PORT_OFFSET_STEP === 0)
    return null;
  return `a port offset moves every emulator port together, in steps of ${PORT_OFFSET_STEP} (so two stacks never share a port): 0, ${PORT_OFFSET_STEP}, ... ${MAX_PORT_OFFSET}; got ${offset}`;
}

export interface EmulatorConfig {
  /** The config file to pass to `firebase -c`. */
  path: string;
  ports: Record<EmulatorName, number>;
  /** The emulators for `--only`. */
  only: string[];
  /** Whether the Emulator UI runs. */
  ui: boolean;
  /** The Firestore emulator's websocket (for the Emulator UI), moved with the other ports. */
  websocketPort: number;
  /** Where Hosting serves the dashboard to the venue's network (npm start --lan), else undefined. */
  lanAddress?: string;
}

export interface ConfigOptions {
  portOffset: number;
  ui: boolean;
  /** Serve web/dist through the Hosting emulator (only when it has been built). */
  hosting: boolean;
  /**
   * npm start --lan: Hosting serves the dashboard on this network address (and nowhere else, so that every link
   * it draws carries the address a phone can open); every other emulator is kept on 127.0.0.1, where the LAN
   * proxy (lanProxy.ts) forwards the client APIs to.
   */
  lanAddress?: string;
  root?: string;
}

export function emulatorConfig({
  portOffset,
  ui,
  hosting,
  lanAddress,
  root = REPO_ROOT,
}: ConfigOptions): EmulatorConfig {
  const problem = portOffsetProblem(portOffset);
  if (problem) throw new Error(problem);
  const base = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as { emulators?: EmulatorsBlock };
  const emulators: EmulatorsBlock = { ...base.emulators };
  const ports = {} as Record<EmulatorName, number>;
  for (const name of Object.keys(DEFAULT_PORTS) as EmulatorName[]) {
    ports[name] = (emulators[name]?.port ?? DEFAULT_PORTS[name]) + portOffset;
    emulators[name] = { ...emulators[name], port: ports[name] };
  }
  const firestore = emulators.firestore ?? {};
  const websocketPort = (firestore.websocketPort ?? FIRESTORE_WEBSOCKET_PORT) + portOffset;
  emulators.firestore = { ...firestore, websocketPort };
  emulators.ui = { ...emulators.ui, enabled: ui };
  if (lanAddress) {
    for (const name of Object.keys(DEFAULT_PORTS) as EmulatorName[])
      emulators[name] = { ...emulators[name], host: name === 'hosting' ? lanAddress : '127.0.0.1' };
  }
  const path = join(root, portOffset === 0 ? '.firebase.emulators.json' : `.firebase.emulators.${portOffset}.json`);
  writeFileSync(path, `${JSON.stringify({ ...base, emulators }, null, 2)}\n`);
  const serveHosting = hosting && existsSync(join(root, 'web', 'dist', 'index.html'));
  return {
    path,
    ports,
    only: ['auth', 'functions', 'firestore', ...(serveHosting ? ['hosting'] : [])],
    ui,
    websocketPort,
    lanAddress,
  };
}
