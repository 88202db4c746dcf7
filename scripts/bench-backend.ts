/**
 * npm run --silent bench:backend -- --players 64 --rounds 5 [--policy REDEMPTION|PRESSURE|SWISS|STANDARD] [--seed 1]
 *
 * A tournament on the official Emulator Suite (started here through emulators:exec when it is not running):
 * each round paired by the generateNextRound callable, then all its scores written at once straight into the
 * matchUp documents (firebase-admin standing in for the players' phones), and the deployed trigger, run by the
 * Functions emulator, turns them into standings. Prints one JSON line:
 *
 * - scoreToStandingsMs: from a score write's commit to the moment its applied marker (written in the same
 *   transaction as the states and standings rows) is seen through a snapshot listener, p50 and p95.
 * - docReadsPerScoreWrite / docWritesPerScoreWrite: the same results replayed into a copy of the tournament
 *   with the background triggers off, each score write followed by the trigger's handler run in-process under
 *   a meter of firebase-admin's document operations (the score write itself included); mean and max.
 * - matchesReplay: every stored state deep-equals the fold of the final matchUps (the replay tool's answer).
 */
import { isDeepStrictEqual } from 'node:util';
import { getApps, initializeApp } from 'firebase-admin/app';
import { FieldValue, type Timestamp } from 'firebase-admin/firestore';
import { foldCompetition, PresetName, simulatedField, simulatedScore } from '@competition/engine';
import { EMULATED_SERVICE_ACCOUNT, firestore } from '../functions/src/firebase/app.js';
import { refs } from '../functions/src/firebase/refs.js';
import { type MatchUpDoc, paths } from '@competition/engine/schemas';
import { applyMatchUpScore } from '../functions/src/services/applyScore.js';
import { replayTournament } from '../functions/src/services/replay.js';
import { PROJECT_ID, backgroundTriggers, discoverEmulators } from '../testing/emulatorEnv.js';
import { toMatchUpRecord, toParticipant } from '../functions/src/services/records.js';
import { metered } from '../testing/meter.js';
import { fieldFlags, runBench, percentile, printResult, progress, round1 } from './lib/benchCli.js';
import { createSwiss, signUp } from './lib/emulatorClients.js';

const USAGE =
  'usage: npm run --silent bench:backend -- --players 64 --rounds 5 [--policy REDEMPTION|PRESSURE|SWISS|STANDARD] [--seed 1]';

const stored = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;

async function bench(players: number, rounds: number, policy: PresetName, seed: number): Promise<void> {
  const started = Date.now();
  if (!getApps().length) initializeApp({ projectId: PROJECT_ID, serviceAccountId: EMULATED_SERVICE_ACCOUNT });
  const db = firestore();
  const typed = refs(db);
  const { auth, firestore: store, functions } = await discoverEmulators();
  const hosts = {
    host: auth.host,
    auth: auth.port,
    firestore: store.port,
    functions: functions.port,
    projectId: PROJECT_ID,
  };
  const organizer = await signUp(hosts, `bench-${Date.now()}@example.com`);
  const tournamentId = await createSwiss(organizer, 'Bench', { policy, rounds });
  const field = simulatedField(players, seed);
  const byId = new Map(field.map((p) => [p.id, p]));
  const entries = field.map((p) => ({ participantId: p.id, name: p.id, rating: p.rating }));
  await organizer.call('addParticipants', { tournamentId, participants: entries });

  const latencies: number[] = [];
  const played: MatchUpDoc[][] = [];
  for (let roundNumber = 1; roundNumber <= rounds; roundNumber++) {
    const t0 = Date.now();
    await organizer.call('generateNextRound', {
      tournamentId,
      requestId: `bench-r${roundNumber}`,
      seed: seed + roundNumber,
    });
    const docs = (await typed.matchUps(tournamentId).where('roundNumber', '==', roundNumber).get()).docs.map((d) =>
      d.data(),
    );
    const games = docs.filter((m) => m.b !== null);
    const written = new Map<string, number>();
    const seen = new Map<string, number>();
    const allSeen = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`round ${roundNumber}: ${seen.size} of ${games.length} scores applied after 300 s`)),
        300_000,
      );
      const stop = db.collection(paths.appliedMarkers(tournamentId)).onSnapshot((snap) => {
        const now = Date.now();
        for (const change of snap.docChanges()) {
          const id = change.doc.id;
          if (change.doc.get('result') !== null && !seen.has(id)) seen.set(id, now);
        }
        if (games.every((g) => seen.has(g.matchUpId))) {
          clearTimeout(timer);
          stop();
          resolve();
        }
      });
    });
    const t1 = Date.now();
    const results = games.map((m) => ({
      m,
      result: simulatedScore(seed, roundNumber, byId.get(m.a)!, byId.get(m.b!)!),
    }));
    await Promise.all(
      results.map(async ({ m, result }) => {
        const { writeTime } = (await typed
          .matchUp(tournamentId, m.matchUpId)
          .update({ result, scoredBy: 'EDITOR', scoredAt: FieldValue.serverTimestamp() })) as {
          writeTime: Timestamp;
        };
        written.set(m.matchUpId, writeTime.toMillis());
      }),
    );
    await allSeen;
    for (const g of games) latencies.push(Math.max(0, seen.get(g.matchUpId)! - written.get(g.matchUpId)!));
    played.push(
      docs.map((m) => ({ ...m, result: results.find((r) => r.m.matchUpId === m.matchUpId)?.result ?? m.result })),
    );
    progress(
      `round ${roundNumber}: paired ${docs.length} matchUps in ${t1 - t0} ms; ${games.length} scores applied in ${Date.now() - t1} ms`,
    );
  }

  const [tournamentSnap, participantSnap, matchUpSnap, stateSnap] = await Promise.all([
    typed.tournament(tournamentId).get(),
    typed.participants(tournamentId).get(),
    typed.matchUps(tournamentId).get(),
    db.collection(paths.states(tournamentId)).get(),
  ]);
  const tournament = tournamentSnap.data()!;
  const participants = participantSnap.docs.map((d) => d.data());
  const folded = foldCompetition(
    tournament.policy,
    participants.map(toParticipant),
    matchUpSnap.docs.map((d) => toMatchUpRecord(d.data())),
  );
  const states = new Map(stateSnap.docs.map((d) => [d.id, d.data()]));
  const lost = Object.entries(folded).filter(
    ([id, state]) => !isDeepStrictEqual(stored(states.get(id)), stored(state)),
  ).length;

  const cost = await meteredReplay(tournamentId, played);
  latencies.sort((a, b) => a - b);
  const line = {
    players,
    rounds,
    policy: `${policy} (${tournament.policy.processingGranularity})`,
    scoreWrites: latencies.length,
    scoreToStandingsMs: { p50: round1(percentile(latencies, 50)), p95: round1(percentile(latencies, 95)) },
    docReadsPerScoreWrite: cost.reads,
    docWritesPerScoreWrite: cost.writes,
    lostUpdates: lost,
    matchesReplay: lost === 0 && states.size === Object.keys(folded).length,
    wallSeconds: round1((Date.now() - started) / 1000),
  };
  printResult(line);
  await organizer.close();
}

/**
 * The same rounds again in a copy of the tournament, with the background triggers off: each score write is
 * followed by the handler's run in this process, metered. Byes are applied before the round's scores.
 */
async function meteredReplay(sourceId: string, played: MatchUpDoc[][]) {
  const db = firestore();
  const typed = refs(db);
  const copyId = `${sourceId}-metered`;
  await backgroundTriggers.disable();
  try {
    const source = (await typed.tournament(sourceId).get()).data()!;
    const participants = (await typed.participants(sourceId).get()).docs.map((d) => d.data());
    const batch = db.batch();
    batch.set(typed.tournament(copyId), { ...source, tournamentId: copyId, currentRound: 0 });
    for (const p of participants) batch.set(typed.participant(copyId, p.participantId), p);
    await batch.commit();
    // The copy starts as addParticipants leaves a tournament: initial states and rows, through the replay path.
    await replayTournament(db, copyId);
    const reads: number[] = [];
    const writes: number[] = [];
    for (const docs of played) {
      const roundNumber = docs[0]!.roundNumber;
      await typed.tournament(copyId).update({ currentRound: roundNumber });
      for (const m of docs)
        await typed.matchUp(copyId, m.matchUpId).set({ ...m, result: m.b === null ? m.result : null });
      for (const m of docs.filter((d) => d.b === null)) await applyMatchUpScore(db, copyId, m.matchUpId);
      for (const m of docs.filter((d) => d.b !== null)) {
        const { operations } = await metered(async () => {
          await typed
            .matchUp(copyId, m.matchUpId)
            .update({ result: m.result, scoredBy: 'EDITOR', scoredAt: FieldValue.serverTimestamp() });
          await applyMatchUpScore(db, copyId, m.matchUpId);
        });
        reads.push(operations.reads);
        writes.push(operations.writes);
      }
    }
    const summary = (xs: number[]) => ({
      mean: round1(xs.reduce((s, x) => s + x, 0) / xs.length),
      max: Math.max(...xs),
    });
    return { reads: summary(reads), writes: summary(writes) };
  } finally {
    await backgroundTriggers.enable();
  }
}

// The flags are read first: --help and a bad flag are answered before any emulator starts.
const { players, rounds, policy, seed } = fieldFlags(USAGE, PresetName.options, {
  players: [64, 2, 1000],
  rounds: [5, 1, 20],
});
runBench('scripts/bench-backend.ts', () => bench(players, rounds, policy, seed));
