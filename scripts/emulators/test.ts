/**
 * The suites that need Firebase (backend, rules, clients, browser), inside `firebase emulators:exec`.
 *
 *   npm run test:emulators [-- vitest filters]
 */
import { execInEmulators, prepareSuite } from './suite.js';

const filters = process.argv.slice(2).map((arg) => `'${arg.replace(/'/g, "'\\''")}'`);
const started = Date.now();
const suite = await prepareSuite({ ui: false, hosting: true, portOffset: Number(process.env.EMULATOR_PORT_OFFSET ?? 0) });
const code = await execInEmulators(suite, ['npx vitest run --config vitest.emulators.config.mts', ...filters].join(' '));
process.stdout.write(`emulator suites: ${((Date.now() - started) / 1000).toFixed(0)} s wall, emulators included\n`);
process.exit(code);
