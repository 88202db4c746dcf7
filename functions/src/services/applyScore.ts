import type { Firestore, Transaction } from 'firebase-admin/firestore';
import {
  caughtUpOutcome,
  decideScoreEvent,
  isRoundRobin,
  type ParticipantStates,
  type ReadRound,
  type ScoreDecision,
  type ScoreEvent,
  type ScoreOutcome,
  type ScoreReads,
  type ScoreWrites,
} from '@competition/engine';
import { refs, type Refs } from '../firebase/refs.js';
import { paths, type StandingsStatusDoc, type TournamentDoc } from '@competition/engine/schemas';
import { toMatchUpRecord } from './records.js';
import { bringStandingsUpToDate, replaySettings, type ReplaySettings, requestReplay } from './replay.js';
import { readRowInputs, readStates } from './standings.js';

export type { ScoreOutcome } from '@competition/engine';

/**
 * What the score trigger does for one matchUp (the engine decides: domain/processing/scoreEvent.ts). In a transaction it
 * reads the matchUp's *current* document, whatever the event carried, asks the engine, reads what it asks for,
 * and writes its answer; it never writes the matchUp itself. A PER_ROUND round the answer leaves waiting is asked
 * for again in a second transaction once no game of it is open, and a replay asked for is run after the commit.
 */
export async function applyMatchUpScore(
  db: Firestore,
  tournamentId: string,
  matchUpId: string,
  now = new Date(),
  settings: ReplaySettings = replaySettings(),
): Promise<ScoreOutcome> {
  const ref = refs(db);
  const tournament = (await ref.tournament(tournamentId).get()).data();
  if (!tournament) return 'IGNORED';
  const run = (event: ScoreEvent) =>
    db.runTransaction((tx) => inTransaction(tx, ref, tournament, event, now, settings.commitBytes));
  const done = await run({ kind: 'MATCHUP', matchUpId });
  if (done.writes.askReplay) return caughtUp(db, tournamentId, settings);
  const roundNumber = done.rateRound;
  if (roundNumber === undefined || (await countOpen(ref, tournamentId, roundNumber)) > 0) return done.outcome;
  const rated = await run({ kind: 'ROUND', roundNumber, after: done.outcome });
  return rated.writes.askReplay ? caughtUp(db, tournamentId, settings) : rated.outcome;
}

/** Runs (or leaves to the runner at work) bringing the standings up to date, once it has been asked for. */
async function caughtUp(db: Firestore, tournamentId: string, settings: ReplaySettings): Promise<ScoreOutcome> {
  const run = await bringStandingsUpToDate(db, tournamentId, settings);
  return caughtUpOutcome(run.status === 'DONE');
}

/** An aggregation query: one read per thousand matchUps; only a filter, the decision is taken in a transaction. */
async function countOpen(ref: Refs, tournamentId: string, roundNumber: number): Promise<number> {
  const snapshot = await ref
    .matchUps(tournamentId)
    .where('roundNumber', '==', roundNumber)
    .where('result', '==', null)
    .count()
    .get();
  return snapshot.data().count;
}

/** The most reads one event can ask for: its states, its round, the rest of the round's states, the rows. */
const MOST_ASKS = 4;

type Written = Extract<ScoreDecision, { next: 'WRITE' }>;

/** Read, ask the engine, read what it asks for, ask again; then write its answer (every read before any write). */
async function inTransaction(
  tx: Transaction,
  ref: Refs,
  tournament: TournamentDoc,
  event: ScoreEvent,
  now: Date,
  commitBytes: number,
): Promise<Written> {
  const { tournamentId, policy } = tournament;
  const first = await firstReads(tx, ref, tournamentId, event);
  const reads: ScoreReads = {
    ...first.reads,
    event,
    policy,
    confirmScores: tournament.confirmScores,
    commitBytes,
    pathOf: (collection, id) => `${paths.tournament(tournamentId)}/${collection}/${id}`,
  };
  for (let asked = 0; asked <= MOST_ASKS; asked++) {
    const decision = decideScoreEvent(reads);
    if (decision.next === 'WRITE') {
      writeAnswer(tx, ref, tournamentId, decision.writes, first.status, now);
      return decision;
    }
    if (decision.next === 'READ_STATES')
      reads.states = await readStatesOrFail(tx, ref, tournamentId, decision.participantIds, reads.states);
    if (decision.next === 'READ_ROUND') reads.round = await readRound(tx, ref, tournamentId, decision.roundNumber);
    if (decision.next === 'READ_ROWS')
      reads.rows = await readRowInputs(
        tx,
        ref,
        tournamentId,
        policy,
        decision.moved,
        decision.known,
        isRoundRobin(tournament),
      );
  }
  throw new Error(`the score event of tournament ${tournamentId} asked for more than ${MOST_ASKS} reads`);
}

/** What every event reads first: the standings' status and, for a matchUp, the matchUp, its marker, its problem. */
async function firstReads(
  tx: Transaction,
  ref: Refs,
  tournamentId: string,
  event: ScoreEvent,
): Promise<{
  status: StandingsStatusDoc | undefined;
  reads: Pick<ScoreReads, 'replayPending' | 'matchUp' | 'applied' | 'problem'>;
}> {
  if (event.kind === 'ROUND') {
    const status = (await tx.get(ref.standingsStatus(tournamentId))).data();
    return { status, reads: { replayPending: status?.pending === true } };
  }
  const { matchUpId } = event;
  const [matchUp, applied, problem, status] = await Promise.all([
    tx.get(ref.matchUp(tournamentId, matchUpId)),
    tx.get(ref.applied(tournamentId, matchUpId)),
    tx.get(ref.scoreProblem(tournamentId, matchUpId)),
    tx.get(ref.standingsStatus(tournamentId)),
  ]);
  const marker = applied.data();
  return {
    status: status.data(),
    reads: {
      replayPending: status.data()?.pending === true,
      matchUp: matchUp.data(),
      applied: marker && toMatchUpRecord(marker),
      problem: problem.data(),
    },
  };
}

/** The whole round, as it stands and as it was applied, and whether its document exists (under the transaction). */
async function readRound(tx: Transaction, ref: Refs, tournamentId: string, roundNumber: number): Promise<ReadRound> {
  const [matchUps, markers, doc] = await Promise.all([
    tx.get(ref.matchUps(tournamentId).where('roundNumber', '==', roundNumber)),
    tx.get(ref.appliedMarkers(tournamentId).where('roundNumber', '==', roundNumber)),
    tx.get(ref.round(tournamentId, roundNumber)),
  ]);
  return {
    roundNumber,
    matchUps: matchUps.docs.map((d) => d.data()),
    markers: markers.docs.map((d) => toMatchUpRecord(d.data())),
    stored: doc.data(),
  };
}

/** A participant of a matchUp without a state is a broken tournament, not a result to decide on. */
async function readStatesOrFail(
  tx: Transaction,
  ref: Refs,
  tournamentId: string,
  ids: readonly string[],
  known: ParticipantStates | undefined,
): Promise<ParticipantStates> {
  const states = await readStates(ref, tournamentId, ids, { ...known }, tx);
  const missing = ids.find((id) => !states[id]);
  if (missing) throw new Error(`no competition state for participant ${missing} of tournament ${tournamentId}`);
  return states;
}

function writeAnswer(
  tx: Transaction,
  ref: Refs,
  tournamentId: string,
  writes: ScoreWrites,
  status: StandingsStatusDoc | undefined,
  now: Date,
): void {
  for (const state of writes.states) tx.set(ref.state(tournamentId, state.participantId), state);
  for (const row of writes.rows) tx.set(ref.standing(tournamentId, row.participantId), row);
  for (const id of writes.forgetMarkers) tx.delete(ref.applied(tournamentId, id));
  for (const marker of writes.markers) tx.set(ref.applied(tournamentId, marker.matchUpId), marker);
  if (writes.roundRating)
    tx.update(ref.round(tournamentId, writes.roundRating.roundNumber), { rating: writes.roundRating.rating });
  if (writes.askReplay) requestReplay(tx, ref, tournamentId, status, now);
  if (!writes.problem) return;
  const { matchUpId, show } = writes.problem;
  if (!show) tx.delete(ref.scoreProblem(tournamentId, matchUpId));
  else
    tx.set(ref.scoreProblem(tournamentId, matchUpId), {
      matchUpId,
      roundNumber: show.roundNumber,
      ...show.problem,
      at: now.toISOString(),
    });
}
