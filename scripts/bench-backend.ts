/**
 * npm run --silent bench:backend -- --players 64 --rounds 5 [--policy REDEMPTION|PRESSURE] [--concurrency 16] [--seed 1]
 *
 * A tournament through the local stack (scripts/local): each round paired by the generateNextRound callable
 * over HTTP, then all its scores written at once straight into the matchUp documents with firebase-admin
 * (`result`, `scoredBy`, `scoredAt`, as clients do), then every trigger run awaited. Prints one JSON line:
 *
 * - docReadsPerScoreWrite / docWritesPerScoreWrite: the embedded server's read/write counters over the score
 *   phases only (from after a round's generation and its bye triggers, to the last trigger of its scores),
 *   divided by the number of score writes. Writes include the score write itself. The listener that stands in
 *   for the platform's event delivery also counts a read per document it receives; those are subtracted
 *   (the platform does not bill event delivery).
 * - scoreToStandingsMs: from a score write's commit time (the server's update time) to the end of the first
 *   successful trigger run that covers it (its state and standings rows are written), p50 and p95.
 * - lostUpdates: participants whose stored state differs from foldCompetition of the final matchUps;
 *   matchesReplay: none lost and the stored states deep-equal the fold (same participants, same values).
 *
 * Progress goes to stderr; stdout carries only the JSON line.
 */
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { foldCompetition } from '../functions/src/domain/fold.js';
import { refs } from '../functions/src/firebase/refs.js';
import { paths } from '../functions/src/model/paths.js';
import { toMatchUpRecord, toParticipant } from '../functions/src/services/records.js';
import { simulatedField } from './lib/simulate.js';
import { callablesClient, signIn } from './local/client.js';
import { simulatedScore } from './local/games.js';
import { startLocalStack } from './local/stack.js';

const USAGE = 'usage: npm run --silent bench:backend -- --players 64 --rounds 5 [--policy REDEMPTION|PRESSURE] [--concurrency 16] [--seed 1]';
const POLICIES = ['REDEMPTION', 'PRESSURE'] as const;
type BenchPolicy = (typeof POLICIES)[number];

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function intFlag(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`);
/** Firestore drops undefined fields; compare values as they would be stored. */
const stored = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      players: { type: 'string' },
      rounds: { type: 'string' },
      policy: { type: 'string' },
      concurrency: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const players = intFlag('players', values.players, 64, 2);
  const rounds = intFlag('rounds', values.rounds, 5, 1);
  const concurrency = intFlag('concurrency', values.concurrency, 16, 1);
  const seed = intFlag('seed', values.seed, 1, 0);
  const policy = (values.policy ?? 'REDEMPTION').toUpperCase() as BenchPolicy;
  if (!POLICIES.includes(policy)) fail(`--policy must be one of ${POLICIES.join(', ')} (PER_MATCHUP presets)`);
  if (players > 1000) fail('--players is at most 1000 (one addParticipants call)');

  const started = Date.now();
  const stack = await startLocalStack({ ports: { firestore: 0, functions: 0, auth: 0 }, logLevel: 'warn', maxConcurrentTriggers: concurrency });
  try {
    const { db, triggers } = stack;
    const server = stack.firestore.server;
    const owner = callablesClient(stack.functions.baseUrl, await signIn(stack.auth.signInUrl, 'bench-owner'));
    const { clubId } = await owner('createClub', { name: 'Bench Club' });
    const { championshipId } = await owner('createChampionship', { name: 'Bench League', clubIds: [clubId] });
    const { tournamentId } = await owner('createTournament', {
      championshipId,
      date: '2026-01-01',
      description: `bench ${players}x${rounds}`,
      policy,
      policyOverrides: { processingGranularity: 'PER_MATCHUP' },
      pairing: { method: 'SWISS', options: {} },
      totalRounds: rounds,
    });
    const field = simulatedField(players, seed);
    const byId = new Map(field.map((p) => [p.id, p]));
    await owner('addParticipants', { tournamentId, participants: field.map((p) => ({ participantId: p.id, name: p.id, rating: p.rating, uid: `u-${p.id}` })) });

    let scoreWrites = 0;
    let reads = 0;
    let writes = 0;
    const latencies: number[] = [];
    const typed = refs(db);
    const matchUps = typed.matchUps(tournamentId);

    for (let roundNumber = 1; roundNumber <= rounds; roundNumber++) {
      const t0 = Date.now();
      const generated = await owner<{ roundNumber: number; matchUps: number }>('generateNextRound', { tournamentId, requestId: `bench-r${roundNumber}`, seed: seed + roundNumber });
      if (generated.roundNumber !== roundNumber) throw new Error(`expected round ${roundNumber}, got ${generated.roundNumber}`);
      const t1 = Date.now();
      const snapshots = (await matchUps.where('roundNumber', '==', roundNumber).get()).docs;
      // The generated matchUps' own events (byes are scored at creation) are not part of the measurement.
      await triggers.waitForDocuments(snapshots, { timeoutMs: 120_000 });
      await triggers.whenIdle();

      const before = server.stats();
      const observedBefore = triggers.stats().observed;
      const games = snapshots.map((s) => ({ ref: s.ref, doc: s.data() })).filter((g) => g.doc.b !== null);
      const waits = await Promise.all(
        games.map(async ({ ref, doc }) => {
          const result = simulatedScore(seed, roundNumber, byId.get(doc.a)!, byId.get(doc.b!)!);
          const { writeTime } = await ref.update({ result, scoredBy: doc.playerUids[0] ?? 'bench-owner', scoredAt: new Date().toISOString() });
          const run = await triggers.waitForVersion(ref.path, writeTime, { timeoutMs: 300_000 });
          return run.finishedAt - writeTime.toMillis();
        }),
      );
      await triggers.whenIdle();
      const after = server.stats();
      const listenerReads = triggers.stats().observed - observedBefore;
      reads += after.reads - before.reads - listenerReads;
      writes += after.writes - before.writes;
      scoreWrites += games.length;
      latencies.push(...waits);
      progress(
        `round ${roundNumber}: paired ${generated.matchUps} matchUps in ${t1 - t0} ms; ${games.length} scores applied in ${Date.now() - t1} ms ` +
          `(reads ${after.reads - before.reads - listenerReads}, writes ${after.writes - before.writes}, aborted ${after.aborted - before.aborted})`,
      );
    }

    // The stored states against the fold of the final matchUps.
    const [tournamentSnap, participantSnap, matchUpSnap, stateSnap] = await Promise.all([
      typed.tournament(tournamentId).get(),
      typed.participants(tournamentId).get(),
      matchUps.get(),
      // Untyped: the states are compared as stored, not as their schema would read them.
      db.collection(paths.states(tournamentId)).get(),
    ]);
    const folded = foldCompetition(
      tournamentSnap.data()!.policy,
      participantSnap.docs.map((d) => toParticipant(d.data())),
      matchUpSnap.docs.map((d) => toMatchUpRecord(d.data())),
    );
    const storedStates = new Map(stateSnap.docs.map((d) => [d.id, d.data()]));
    let lostUpdates = 0;
    for (const [id, state] of Object.entries(folded)) {
      if (!isDeepStrictEqual(stored(storedStates.get(id)), stored(state))) lostUpdates++;
    }
    const sameParticipants = storedStates.size === Object.keys(folded).length;
    latencies.sort((a, b) => a - b);
    const stats = triggers.stats();
    progress(`trigger runs ${stats.runs}, failed attempts ${stats.failedAttempts}, gave up ${stats.gaveUp}; wall ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const line = {
      players,
      rounds,
      policy: `${policy} (PER_MATCHUP)`,
      scoreWrites,
      docReadsPerScoreWrite: round2(reads / scoreWrites),
      docWritesPerScoreWrite: round2(writes / scoreWrites),
      scoreToStandingsMs: { p50: round1(percentile(latencies, 50)), p95: round1(percentile(latencies, 95)) },
      lostUpdates,
      matchesReplay: lostUpdates === 0 && sameParticipants,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
