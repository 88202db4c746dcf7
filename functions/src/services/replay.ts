import { randomUUID } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import {
  type DerivedWrite,
  isRoundRobin,
  judgeMatchUp,
  type MatchUpRecord,
  type ParticipantState,
  planReplay,
  type ReplayPlan,
  type StandingRow,
} from '@competition/engine';
import { refs, type Refs } from '../firebase/refs.js';
import { paths, type StandingsStatusDoc } from '@competition/engine/schemas';
import { toCountedRecord, toMatchUpRecord, toParticipant } from './records.js';
import { pagesFollow } from './standingsPages.js';

/** How a run of bringing the standings up to date is bounded. */
export interface ReplaySettings {
  /** The most one commit carries: well inside the emulator's 4 MiB and production's 10 MiB. */
  commitBytes: number;
  /** How long a runner's lease holds without a commit: past it, the next event or retry takes over. */
  leaseMs: number;
  /** The most commits one run makes before it stops where it is, lease kept, as a crash or timeout would. */
  maxCommits: number;
}

const DEFAULT_COMMIT_BYTES = 1024 * 1024;
const DEFAULT_LEASE_MS = 60_000;

/** STANDINGS_COMMIT_BYTES lowers the budget (the emulator tests do, so that one correction takes many commits). */
export function replaySettings(env: NodeJS.ProcessEnv = process.env): ReplaySettings {
  const bytes = Number(env.STANDINGS_COMMIT_BYTES);
  return {
    commitBytes: Number.isFinite(bytes) && bytes > 0 ? bytes : DEFAULT_COMMIT_BYTES,
    leaseMs: DEFAULT_LEASE_MS,
    maxCommits: Number.POSITIVE_INFINITY,
  };
}

/**
 * Asks for the standings to be brought up to date, inside the caller's transaction, after its reads (`status` is
 * what it read): from now on the score trigger leaves the states to the runner, and a runner at work goes round
 * once more to take in whatever changed.
 */
export function requestReplay(
  tx: Transaction,
  ref: Refs,
  tournamentId: string,
  status: StandingsStatusDoc | undefined,
  now = new Date(),
): void {
  tx.set(ref.standingsStatus(tournamentId), {
    ...(status ?? { runner: null }),
    pending: true,
    requested: (status?.requested ?? 0) + 1,
    updatedAt: now.toISOString(),
  });
}

/**
 * DONE: the stored documents equal the fold of the latest results (or nothing was pending).
 * BUSY: another runner holds the lease; it goes round again for whatever this caller asked.
 * STOPPED: the commit allowance ran out halfway; the lease is kept until it lapses, as after a crash.
 */
export type ReplayRun = { status: 'DONE'; plan?: ReplayPlan; commits: number } | { status: 'BUSY' | 'STOPPED' };

/**
 * Brings the stored states, standings rows and markers in line with the fold of every result, in commits under
 * the byte budget, holding a lease so that one runner writes at a time. Each pass plans from what is stored then
 * (domain/processing/replayPlan.ts): an interrupted run is completed by the next, and a pass whose results changed meanwhile
 * (`requested` moved on) is followed by another, so the documents converge whatever events come in between.
 */
export async function bringStandingsUpToDate(
  db: Firestore,
  tournamentId: string,
  settings: ReplaySettings = replaySettings(),
): Promise<ReplayRun> {
  const ref = refs(db);
  const statusRef = ref.standingsStatus(tournamentId);
  const runnerId = randomUUID();
  const lease = () => ({ id: runnerId, until: new Date(Date.now() + settings.leaseMs).toISOString() });
  let commits = 0;
  for (;;) {
    const generation = await db.runTransaction(async (tx) => {
      const status = (await tx.get(statusRef)).data();
      if (!status?.pending) return 'DONE' as const;
      const held = status.runner && status.runner.id !== runnerId && Date.parse(status.runner.until) > Date.now();
      if (held) return 'BUSY' as const;
      tx.set(statusRef, { ...status, runner: lease(), updatedAt: new Date().toISOString() });
      return status.requested;
    });
    if (generation === 'DONE') return { status: 'DONE', commits };
    if (generation === 'BUSY') return { status: 'BUSY' };
    const plan = await readAndPlan(db, ref, tournamentId, settings.commitBytes);
    for (const commit of plan?.commits ?? []) {
      if (commits >= settings.maxCommits) return { status: 'STOPPED' };
      const held = await db.runTransaction(async (tx) => {
        const status = (await tx.get(statusRef)).data();
        if (status?.runner?.id !== runnerId) return false;
        for (const write of commit) writeDerived(tx, ref, tournamentId, write);
        tx.set(statusRef, { ...status, runner: lease(), updatedAt: new Date().toISOString() });
        return true;
      });
      if (!held) return { status: 'BUSY' };
      commits++;
      // The pages follow the correction as it goes: one ask per commit, not one function run per row.
      await pagesFollow(tournamentId);
    }
    const finished = await db.runTransaction(async (tx) => {
      const status = (await tx.get(statusRef)).data();
      if (status?.runner?.id !== runnerId) return 'BUSY' as const;
      if (status.requested !== generation) return 'AGAIN' as const;
      tx.set(statusRef, {
        pending: false,
        requested: status.requested,
        runner: null,
        cone: plan?.cone.length ?? 0,
        commits,
        largestCommitBytes: plan?.largestCommitBytes ?? 0,
        updatedAt: new Date().toISOString(),
      });
      return 'DONE' as const;
    });
    if (finished === 'BUSY') return { status: 'BUSY' };
    if (finished === 'DONE') return { status: 'DONE', commits, ...(plan ? { plan } : {}) };
  }
}

/** Reads every result and every derived document (no transaction: while pending, only the lease holder writes). */
async function readAndPlan(
  db: Firestore,
  ref: Refs,
  tournamentId: string,
  commitBytes: number,
): Promise<ReplayPlan | undefined> {
  const tournament = (await ref.tournament(tournamentId).get()).data();
  if (!tournament) return undefined;
  const { policy } = tournament;
  const [participants, matchUps, states, standings, markers] = await Promise.all([
    ref.participants(tournamentId).get(),
    ref.matchUps(tournamentId).get(),
    ref.states(tournamentId).get(),
    ref.standings(tournamentId).get(),
    ref.appliedMarkers(tournamentId).get(),
  ]);
  const byId = <T>(docs: { id: string; data(): T }[]) => new Map(docs.map((d) => [d.id, d.data()]));
  return planReplay({
    policy,
    participants: participants.docs.map((d) => toParticipant(d.data())),
    matchUps: matchUps.docs.map(
      (d) => judgeMatchUp(toCountedRecord(d.data(), tournament.confirmScores), policy).record,
    ),
    stored: {
      states: byId<ParticipantState>(states.docs),
      standings: byId<StandingRow>(standings.docs),
      markers: byId<MatchUpRecord>(markers.docs.map((d) => ({ id: d.id, data: () => toMatchUpRecord(d.data()) }))),
    },
    commitBytes,
    pathOf: (collection, id) => `${paths.tournament(tournamentId)}/${collection}/${id}`,
    roundRobin: isRoundRobin(tournament),
  });
}

function writeDerived(tx: Transaction, ref: Refs, tournamentId: string, write: DerivedWrite): void {
  const { collection, id, data } = write;
  if (collection === 'states') {
    if (data) tx.set(ref.state(tournamentId, id), data as ParticipantState);
    else tx.delete(ref.state(tournamentId, id));
  } else if (collection === 'standings') {
    if (data) tx.set(ref.standing(tournamentId, id), data as StandingRow);
    else tx.delete(ref.standing(tournamentId, id));
  } else if (data) tx.set(ref.applied(tournamentId, id), data as MatchUpRecord);
  else tx.delete(ref.applied(tournamentId, id));
}

/**
 * Brings every state, standings row and marker in line with the fold of all results, in bounded commits
 * (bringStandingsUpToDate). Used by a withdrawal under a drop-out trend, a correction of the set-up, and the tools.
 */
export async function replayTournament(db: Firestore, tournamentId: string): Promise<void> {
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    const status = (await tx.get(ref.standingsStatus(tournamentId))).data();
    requestReplay(tx, ref, tournamentId, status);
  });
  await bringStandingsUpToDate(db, tournamentId);
}
