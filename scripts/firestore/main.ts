/**
 * Runs the embedded Firestore server on its own, for the local stack:
 *
 *   npx tsx scripts/firestore/main.ts --port 8080 [--host 127.0.0.1] [--lock-timeout-ms 5000]
 *
 * Prints `FIRESTORE_EMULATOR_HOST=<host:port>` once listening; stops on SIGINT/SIGTERM.
 * Data lives in memory only.
 */
import { parseArgs } from 'node:util';
import { startFirestoreServer } from './server.js';

const USAGE = 'usage: tsx scripts/firestore/main.ts [--port 8080] [--host 127.0.0.1] [--lock-timeout-ms 5000]';

function toInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer, got "${value}"\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'lock-timeout-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const server = await startFirestoreServer({
    port: toInt('port', values.port, 8080),
    host: values.host ?? '127.0.0.1',
    lockTimeoutMs: toInt('lock-timeout-ms', values['lock-timeout-ms'], 5000),
  });
  console.log(`Firestore server (embedded, in memory) listening on ${server.address}`);
  console.log(`FIRESTORE_EMULATOR_HOST=${server.address}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping Firestore server`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('Could not start the Firestore server:', err);
  process.exit(1);
});
