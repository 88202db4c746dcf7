/**
 * npm run --silent bench:scale -- --players 2048 --rounds 11 [--policy REDEMPTION] [--seed 1]
 *
 * A big open on the official Emulator Suite (started here through emulators:exec, at EMULATOR_PORT_OFFSET, when it
 * is not running): the players entered by addParticipants, each round paired by the generateNextRound callable,
 * all its results written at once (firebase-admin standing in for the players' phones) and settled by the
 * deployed trigger; then one round-1 result corrected after the last round, as a judge would at the end of the
 * day. Prints a progress line per round (pairing time, settle time) on stderr and one JSON line on stdout:
 *
 * - rounds: per round, pairingMs (the callable's wall time), settleMs (from the writes to every result's
 *   marker seen and nothing pending) and pageMs (from the same writes to the spectators' pages showing every
 *   stored standings row: the pages' freshness);
 * - correction: settleMs (the write to the standings status saying done), the cone (participants whose state the
 *   correction moved), commits and largestCommitBytes (the status document's own account of the run);
 * - correction.pageMs: from the corrected write to the pages showing the corrected standings;
 * - readsPerSpectatorOpen: documents a signed-out spectator's standings screen reads to open (the tournament, its
 *   rounds, the standings status, page 1), and to show every page, against one document per player without pages;
 * - matchesReplay: every stored state deep-equals the replay tool's fold of the final results.
 */
import { isDeepStrictEqual } from 'node:util';
import { getApps, initializeApp } from 'firebase-admin/app';
import { FieldValue } from 'firebase-admin/firestore';
import { foldCompetition, type MatchUpResult, PresetName, simulatedField, simulatedScore } from '@competition/engine';
import { EMULATED_SERVICE_ACCOUNT, firestore } from '../functions/src/firebase/app.js';
import { refs } from '../functions/src/firebase/refs.js';
import { paths, type StandingsPageDoc } from '@competition/engine/schemas';
import { toMatchUpRecord, toParticipant } from '../functions/src/services/records.js';
import { PROJECT_ID, discoverEmulators } from '../testing/emulatorEnv.js';
import { fieldFlags, runBench, printResult, progress, round1 } from './lib/benchCli.js';
import { createSwiss, signUp } from './lib/emulatorClients.js';

const USAGE = 'usage: npm run --silent bench:scale -- --players 2048 --rounds 11 [--policy REDEMPTION] [--seed 1]';
const SETTLE_TIMEOUT_MS = 900_000;
const SETTLE_POLL_MS = 250;
const stored = (x: unknown) => (x === undefined ? undefined : (JSON.parse(JSON.stringify(x)) as unknown));

async function bench(players: number, rounds: number, policy: PresetName, seed: number): Promise<void> {
  const started = Date.now();
  if (!getApps().length) initializeApp({ projectId: PROJECT_ID, serviceAccountId: EMULATED_SERVICE_ACCOUNT });
  const db = firestore();
  const typed = refs(db);
  const { auth, firestore: store, functions } = await discoverEmulators();
  const organizer = await signUp(
    { host: auth.host, auth: auth.port, firestore: store.port, functions: functions.port, projectId: PROJECT_ID },
    `scale-${Date.now()}@example.com`,
  );
  const tournamentId = await createSwiss(organizer, 'Scale', { policy, rounds });
  const field = simulatedField(players, seed);
  const byId = new Map(field.map((p) => [p.id, p]));
  const t0 = Date.now();
  // One call enters at most a thousand (the callable's bound), as an organizer pasting the list in parts would.
  for (let from = 0; from < field.length; from += 1000) {
    const participants = field
      .slice(from, from + 1000)
      .map((p) => ({ participantId: p.id, name: p.id, rating: p.rating }));
    await organizer.call('addParticipants', { tournamentId, participants });
  }
  progress(`${players} participants entered in ${Date.now() - t0} ms`);

  // The spectators' pages as a spectator's listener sees them, and when each was last seen to change.
  const pageRows = new Map<string, StandingsPageDoc['rows']>();
  let pageCount = 0;
  const stopPages = db.collection(paths.standingsPages(tournamentId)).onSnapshot((snap) => {
    for (const change of snap.docChanges()) {
      if (change.type === 'removed') pageRows.delete(change.doc.id);
      else pageRows.set(change.doc.id, (change.doc.data() as StandingsPageDoc).rows);
    }
    pageCount = pageRows.size;
  });
  const figures = (r: { wins: number; draws: number; losses: number; pointsWon: number; pointsLost: number }) =>
    `${r.wins}/${r.draws}/${r.losses}/${r.pointsWon}/${r.pointsLost}`;
  /** Resolves, with the time it took from `since`, once the pages show every stored standings row's figures. */
  const pagesShowStandings = async (since: number): Promise<number> => {
    const rows = (await db.collection(paths.standings(tournamentId)).get()).docs.map((d) => d.data());
    const want = new Map(rows.map((r) => [r.participantId as string, figures(r as Parameters<typeof figures>[0])]));
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const shown = new Map([...pageRows.values()].flat().map((r) => [r.participantId, figures(r)]));
      if (shown.size === want.size && [...want].every(([id, f]) => shown.get(id) === f)) return Date.now() - since;
      if (Date.now() > deadline) throw new Error(`the pages did not show the standings after ${SETTLE_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /**
   * Resolves once every given matchUp's marker shows `want(result)` and the standings status is not pending. It polls
   * the markers by id: a listener on the markers' collection would slow every write to it on the Firestore emulator,
   * which evaluates a collection's listeners against the whole collection on each write (about 250 ms a write at
   * 10,000 markers), and so would measure itself.
   */
  const settled = async (want: Map<string, MatchUpResult | null>): Promise<void> => {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    const waiting = new Map(want);
    for (;;) {
      const unseen = [...waiting.keys()];
      for (let from = 0; from < unseen.length; from += 500) {
        const ids = unseen.slice(from, from + 500);
        const snaps = await db.getAll(...ids.map((id) => db.doc(`${paths.appliedMarkers(tournamentId)}/${id}`)));
        for (const snap of snaps)
          if (isDeepStrictEqual(stored(snap.get('result')), stored(waiting.get(snap.id)))) waiting.delete(snap.id);
      }
      const pending = Boolean((await db.doc(paths.standingsStatus(tournamentId)).get()).get('pending'));
      if (waiting.size === 0 && !pending) return;
      if (Date.now() > deadline) throw new Error(`not settled after ${SETTLE_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  };

  const perRound: Array<{ round: number; pairingMs: number; settleMs: number; pageMs: number }> = [];
  let first: { matchUpId: string; result: MatchUpResult } | undefined;
  for (let roundNumber = 1; roundNumber <= rounds; roundNumber++) {
    const p0 = Date.now();
    await organizer.call('generateNextRound', {
      tournamentId,
      requestId: `scale-r${roundNumber}`,
      seed: seed + roundNumber,
    });
    const pairingMs = Date.now() - p0;
    const docs = (await typed.matchUps(tournamentId).where('roundNumber', '==', roundNumber).get()).docs.map((d) =>
      d.data(),
    );
    const games = docs.filter((m) => m.b !== null);
    const results = new Map(
      games.map((m) => [m.matchUpId, simulatedScore(seed, roundNumber, byId.get(m.a)!, byId.get(m.b!)!)]),
    );
    first ??= { matchUpId: games[0]!.matchUpId, result: results.get(games[0]!.matchUpId)! };
    const s0 = Date.now();
    const done = settled(results);
    await Promise.all(
      games.map((m) =>
        typed
          .matchUp(tournamentId, m.matchUpId)
          .update({ result: results.get(m.matchUpId)!, scoredBy: 'EDITOR', scoredAt: FieldValue.serverTimestamp() }),
      ),
    );
    await done;
    const settleMs = Date.now() - s0;
    const pageMs = await pagesShowStandings(s0);
    perRound.push({ round: roundNumber, pairingMs, settleMs, pageMs });
    progress(
      `round ${roundNumber}: paired ${docs.length} matchUps in ${pairingMs} ms; settled in ${settleMs} ms; ` +
        `on the pages in ${pageMs} ms`,
    );
  }

  // The judge's fix at the end of the day: round 1's first game had its score the wrong way round.
  const fix = swapped(first!.result);
  const c0 = Date.now();
  const done = settled(new Map([[first!.matchUpId, fix]]));
  await typed
    .matchUp(tournamentId, first!.matchUpId)
    .update({ result: fix, scoredBy: 'EDITOR', scoredAt: FieldValue.serverTimestamp() });
  await done;
  const correctionMs = Date.now() - c0;
  const correctionPageMs = await pagesShowStandings(c0);
  stopPages();
  const status = (await typed.standingsStatus(tournamentId).get()).data();
  progress(`correction settled in ${correctionMs} ms; on the pages in ${correctionPageMs} ms`);

  const [tournamentSnap, participantSnap, matchUpSnap, stateSnap, standingsCount] = await Promise.all([
    typed.tournament(tournamentId).get(),
    typed.participants(tournamentId).get(),
    typed.matchUps(tournamentId).get(),
    db.collection(paths.states(tournamentId)).get(),
    db.collection(paths.standings(tournamentId)).count().get(),
  ]);
  const folded = foldCompetition(
    tournamentSnap.data()!.policy,
    participantSnap.docs.map((d) => toParticipant(d.data())),
    matchUpSnap.docs.map((d) => toMatchUpRecord(d.data())),
  );
  const states = new Map(stateSnap.docs.map((d) => [d.id, d.data()]));
  const differing = Object.entries(folded).filter(([id, s]) => !isDeepStrictEqual(stored(states.get(id)), stored(s)));
  const line = {
    players,
    rounds,
    policy,
    perRound,
    correction: {
      settleMs: correctionMs,
      pageMs: correctionPageMs,
      cone: status?.cone,
      commits: status?.commits,
      largestCommitBytes: status?.largestCommitBytes,
    },
    // A signed-out spectator's standings screen reads the tournament, its rounds, the standings status and page 1,
    // then the other pages on demand (the documents web/test/browser/standingsPages.test.ts counts); without the
    // pages it read one document per player, and before them every participant too.
    readsPerSpectatorOpen: {
      firstScreen: 1 + rounds + 1 + 1,
      allPages: 1 + rounds + 1 + pageCount,
      perPlayerRows: standingsCount.data().count,
    },
    statesDifferingFromReplay: differing.length,
    matchesReplay: differing.length === 0 && states.size === Object.keys(folded).length,
    wallSeconds: round1((Date.now() - started) / 1000),
  };
  printResult(line);
  await organizer.close();
}

/** The score the other way round (a draw becomes a narrow win for side b), within the game's target. */
function swapped(result: MatchUpResult): MatchUpResult {
  if (result.kind !== 'PLAYED' || !result.score) return { kind: 'PLAYED', score: { a: 0, b: 5 } };
  const { a, b } = result.score;
  return { ...result, score: a === b ? { a: Math.max(0, a - 1), b } : { a: b, b: a } };
}

// The flags are read first: --help and a bad flag are answered before any emulator starts.
const { players, rounds, policy, seed } = fieldFlags(USAGE, PresetName.options, {
  players: [1024, 2, 4096],
  rounds: [9, 1, 20],
});
runBench('scripts/bench-scale.ts', () => bench(players, rounds, policy, seed));
