/**
 * The suites that need Firebase (backend, rules, clients, browser), inside `firebase emulators:exec`.
 *
 *   npm run test:emulators [-- vitest filters]
 */
import { execInEmulators, prepareSuite } from './suite.js';

const started = Date.now();
const suite = await prepareSuite({ ui: false, hosting: true, portOffset: Number(process.env.EMULATOR_PORT_OFFSET ?? 0) });
const vitest = ['npx', 'vitest', 'run', '--config', 'vitest.emulators.config.mts'];
const code = await execInEmulators(suite, [...vitest, ...process.argv.slice(2)]);
process.stdout.write(`emulator suites: ${((Date.now() - started) / 1000).toFixed(0)} s wall, emulators included\n`);
process.exit(code);
