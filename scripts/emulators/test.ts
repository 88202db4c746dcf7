/**
 * The suites that need Firebase (backend, rules, clients, browser), inside `firebase emulators:exec`.
 *
 *   npm run test:emulators [-- vitest filters]
 */
import { listenersOn, suitePorts } from './ports.js';
import { stopLeftovers } from './stopLeftovers.js';
import { execInEmulators, prepareSuite } from './suite.js';

const started = Date.now();
const filters = process.argv.slice(2);
// Hosting serves the dashboard to the browser suites: built and started only when they run.
const hosting = filters.length === 0 || filters.some((filter) => filter.includes('web'));
// A small commit budget, so that in the tests one correction takes many commits (services/replay.ts).
process.env.STANDINGS_COMMIT_BYTES ??= '8192';
const suite = await prepareSuite({ ui: false, hosting, portOffset: Number(process.env.EMULATOR_PORT_OFFSET ?? 0) });
const vitest = ['npx', 'vitest', 'run', '--config', 'vitest.emulators.config.mts'];
const code = await execInEmulators(suite, [...vitest, ...filters]);
// The ports were free before the start (prepareSuite refuses otherwise): whatever still listens was left by this run.
const ports = suitePorts(suite.config, suite.config.websocketPort);
const left = await stopLeftovers(listenersOn(ports), ports);
if (left.length)
  process.stderr.write(`still listening after the run: ${left.map((l) => `${l.port} (pid ${l.pid})`).join(', ')}\n`);
process.stdout.write(`emulator suites: ${((Date.now() - started) / 1000).toFixed(0)} s wall, emulators included\n`);
process.exit(code);
