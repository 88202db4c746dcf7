/**
 * The suites that need Firebase (backend, rules, clients, browser), inside `firebase emulators:exec`.
 *
 *   npm run test:emulators [-- vitest filters]
 */
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
process.stdout.write(`emulator suites: ${((Date.now() - started) / 1000).toFixed(0)} s wall, emulators included\n`);
process.exit(code);
