/**
 * The suites that need Firebase (backend, rules, clients, browser), inside `firebase emulators:exec`.
 *
 *   npm run test:emulators [-- vitest filters]
 */
import { type Listener, listenersOn, suitePorts } from './ports.js';
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
// The ports were free before the start (prepareSuite refuses otherwise), so whoever listens on them while the suites
// run is this run's: each is remembered, because a JVM can stop listening and still live on after the shutdown.
const ports = suitePorts(suite.config, suite.config.websocketPort);
const seen = new Map<string, Listener>();
const remember = () => {
  for (const listener of listenersOn(ports)) seen.set(`${listener.port}/${listener.pid}`, listener);
};
const watching = setInterval(remember, 2_000);
const code = await execInEmulators(suite, [...vitest, ...filters]);
clearInterval(watching);
remember();
const left = await stopLeftovers([...seen.values()], ports);
if (left.length)
  process.stderr.write(`still listening after the run: ${left.map((l) => `${l.port} (pid ${l.pid})`).join(', ')}\n`);
process.stdout.write(`emulator suites: ${((Date.now() - started) / 1000).toFixed(0)} s wall, emulators included\n`);
process.exit(code);
