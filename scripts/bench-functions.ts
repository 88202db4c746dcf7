/**
 * npm run bench:functions [-- --players N] [-- --rounds R]
 *
 * What the memory and timeout of the deployed functions (functions/engine/src/deployment.ts) are set from: peak memory
 * and time of the two heaviest paths at a big event (2,000 players, 8 rounds played), each in a process of its
 * own with firebase-admin and firebase-functions loaded as an instance has them:
 *
 *   - generateNextRound: the tournament's participants and matchUps as the callable reads them, pairing round R+1;
 *   - the score trigger's largest path (a replay): the fold of every matchUp, every state and standings row
 *     built as the documents it writes.
 *
 * In-process, without emulators: Firestore's reads and writes are not in the times (on the emulator they add
 * seconds per thousand documents; see npm run bench:backend), but the documents are, so the memory is what an
 * instance holds. Peak memory is the process's maximum resident set.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '8' },
    job: { type: 'string' },
  },
});
const players = Number(values.players);
const rounds = Number(values.rounds);

interface Measured {
  job: string;
  seconds: number;
  peakMiB: number;
  baselineMiB: number;
  documents: number;
}

async function measure(job: string): Promise<Measured> {
  await import('firebase-admin/firestore');
  await import('firebase-functions/v2/https');
  const baselineMiB = process.resourceUsage().maxRSS / 1024;
  const { generateRound } = await import('@competition/engine');
  const { pairingRequestFor } = await import('@competition/engine');
  const { parsePairingSpec } = await import('@competition/engine');
  const { foldCompetition } = await import('@competition/engine');
  const { standingRows } = await import('@competition/engine');
  const { presetPolicy } = await import('@competition/engine');
  const { lastPairedRound, nextRoundNumber } = await import('@competition/engine');
  const { makeParticipants, makeRounds, prng, randomResult } = await import('@competition/engine');

  const random = prng(2000);
  const policy = presetPolicy('REDEMPTION');
  const participants = makeParticipants(random, players);
  const matchUps = makeRounds(random, participants, rounds, (r) => randomResult(r));
  // As Firestore hands them over: JSON documents, parsed.
  const docs = JSON.parse(JSON.stringify({ participants, matchUps })) as { participants: typeof participants };
  const started = performance.now();
  let documents: number;
  if (job === 'generateNextRound') {
    const spec = parsePairingSpec({ method: 'SWISS', seed: 7 });
    const round = generateRound({
      ...pairingRequestFor({ policy, participants: docs.participants, matchUps }, spec),
      roundNumber: nextRoundNumber(lastPairedRound(matchUps)),
    });
    // The round document and one per matchUp (pairs and byes).
    documents = 1 + round.pairings.length + round.byeCosts.length;
  } else {
    const states = foldCompetition(policy, docs.participants, matchUps);
    const ids = Object.keys(states);
    const rows = standingRows(policy, ids, {
      states,
      participants: new Map(docs.participants.map((p) => [p.participantId, { ...p, name: p.participantId }])),
    });
    // As the documents it writes: a state and a standings row per participant, a marker per matchUp.
    const written = JSON.parse(JSON.stringify({ states, rows, matchUps })) as { rows: unknown[]; matchUps: unknown[] };
    documents = ids.length + written.rows.length + written.matchUps.length;
  }
  const seconds = (performance.now() - started) / 1000;
  return { job, seconds, peakMiB: process.resourceUsage().maxRSS / 1024, baselineMiB, documents };
}

function inChild(job: string): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      ['--job', job, '--players', values.players, '--rounds', values.rounds],
      {
        execArgv: ['--conditions=source', '--import', 'tsx'],
      },
    );
    child.once('message', (m) => resolve(m as Measured));
    child.once('exit', (code) => (code ? reject(new Error(`${job} exited with code ${code}`)) : undefined));
  });
}

if (values.job) {
  process.send!(await measure(values.job));
  process.exit(0);
} else {
  console.log(`${players} players, ${rounds} rounds played (in-process, Firestore I/O not included)`);
  console.log('path                    time      peak memory   (firebase modules alone)   documents');
  for (const job of ['generateNextRound', 'score trigger replay']) {
    const m = await inChild(job);
    console.log(
      `${job.padEnd(22)} ${m.seconds.toFixed(2).padStart(6)} s   ${m.peakMiB.toFixed(0).padStart(6)} MiB   ` +
        `(${m.baselineMiB.toFixed(0)} MiB)                    ${m.documents}`,
    );
  }
}
