/**
 * npm start: the local stack on Node alone (no Java, no firebase-tools), with demo data.
 *
 *   npm start [-- --no-seed] [--firestore-port 8080] [--functions-port 5001] [--auth-port 9099]
 *             [--host 127.0.0.1] [--verbose | --quiet]
 *
 * Ports left out default to 8080 / 5001 / 9099 and fall back to free ports when taken; ports given are used
 * as is (0: any free port). Stops on Ctrl-C (SIGINT) or SIGTERM. The engine-only demo is `npm run demo`.
 */
import { parseArgs } from 'node:util';
import type { LogLevel } from './local/logs.js';
import { seedDemo, type DemoData } from './local/seedDemo.js';
import { type LocalStack, type LocalStackOptions, startLocalStack } from './local/stack.js';

const USAGE = `usage: npm start -- [--no-seed] [--firestore-port N] [--functions-port N] [--auth-port N] [--host H] [--verbose|--quiet]`;

function portFlag(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`--${name} must be a port number (0 for any free port), got "${value}"\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

function banner(stack: LocalStack, demo: DemoData | undefined): string {
  const fn = stack.functions.baseUrl;
  const signIn = stack.auth.signInUrl;
  const t = demo?.tournamentId ?? '<tournamentId>';
  const lines = [
    '',
    'Local stack running (Node only; data in memory, gone when it stops)',
    '',
    `  Firestore   ${stack.firestore.address}   (embedded gRPC server: firebase-admin, not the web SDK)`,
    `              use it from another shell:  export ${Object.entries(stack.env).map(([k, v]) => `${k}=${v}`).join(' ')}`,
    `  Functions   ${fn}/<name>   (callable protocol: POST {"data": ...})`,
    `              ${stack.functions.names.join(', ')}`,
    `  Triggers    ${stack.triggers.triggers.map((t) => `${t.name} on ${t.document}`).join('; ')} (fired by a listener, at least once, retried)`,
    `  Sign-in     POST ${signIn}  {"uid": "..."}  -> unsigned ID token (local use only)`,
    `  Dashboard   not built yet (web/)`,
    `  Project     ${stack.projectId}`,
  ];
  if (demo) {
    lines.push(
      '',
      `Demo data: club ${demo.clubId}, championship ${demo.championshipId}, tournament ${demo.tournamentId}`,
      `  ${demo.players.length} players (Swiss, REDEMPTION policy, PER_MATCHUP); round ${demo.roundNumber} paired and scored`,
      `  (${demo.scoredByPlayers} results entered by players with their own tokens, ${demo.scoredByOwner} by the organizer "${demo.ownerUid}")`,
      '',
      '  rank  name        MP   W-D-L   points',
      ...demo.leaderboard.slice(0, 5).map((r) => `  ${String(r.rank).padStart(4)}  ${r.name.padEnd(10)} ${String(r.matchPoints).padStart(3)}   ${r.wins}-${r.draws}-${r.losses}   ${r.pointsWon}-${r.pointsLost}`),
      `  ... (${demo.leaderboard.length} rows)`,
    );
  }
  lines.push(
    '',
    'Try it:',
    `  TOKEN=$(curl -s -X POST ${signIn} -H 'content-type: application/json' -d '{"uid":"${demo?.ownerUid ?? 'organizer'}"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).idToken')`,
    `  curl -s -X POST ${fn}/getLeaderboard -H 'content-type: application/json' -d '{"data":{"tournamentId":"${t}"}}'`,
    `  curl -s -X POST ${fn}/generateNextRound -H 'content-type: application/json' -H "authorization: Bearer $TOKEN" \\`,
    `       -d '{"data":{"tournamentId":"${t}","requestId":"round-2"}}'`,
    '',
    'Stop with Ctrl-C.',
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'no-seed': { type: 'boolean', default: false },
      'firestore-port': { type: 'string' },
      'functions-port': { type: 'string' },
      'auth-port': { type: 'string' },
      host: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const ports: NonNullable<LocalStackOptions['ports']> = {};
  const firestore = portFlag('firestore-port', values['firestore-port']);
  const functions = portFlag('functions-port', values['functions-port']);
  const auth = portFlag('auth-port', values['auth-port']);
  if (firestore !== undefined) ports.firestore = firestore;
  if (functions !== undefined) ports.functions = functions;
  if (auth !== undefined) ports.auth = auth;
  const logLevel: LogLevel = values.verbose ? 'debug' : values.quiet ? 'error' : 'info';

  console.log('Starting the local stack ...');
  const stack = await startLocalStack({ ports, logLevel, ...(values.host ? { host: values.host } : {}) });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack ...`);
    const force = setTimeout(() => {
      console.error('did not stop within 15 s; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    stack.stop().then(
      () => {
        console.log('stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  let demo: DemoData | undefined;
  if (!values['no-seed']) {
    console.log('Seeding demo data through the callables ...');
    demo = await seedDemo(stack);
  }
  console.log(banner(stack, demo));
}

main().catch((error: unknown) => {
  console.error('The local stack could not start:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
