import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { JudgedMatchUp } from '@competition/engine/domain/acceptance';
import { isRoundComplete, judgeMatchUp, roundRating } from '@competition/engine/domain/acceptance';
import type { ChangeOutcome, MatchUpChange } from '@competition/engine/domain/change';
import {
  applyRoundChange,
  formerPlayers,
  participantsOf,
  reconcileMatchUp,
  staleMarkers,
  targetOf,
} from '@competition/engine/domain/change';
import { writeBytes } from '@competition/engine/domain/documentSize';
import { foldCompetition } from '@competition/engine/domain/fold';
import type { MatchUpRecord } from '@competition/engine/domain/matchUps';
import { sidesOf } from '@competition/engine/domain/matchUps';
import type { ScoreProblem } from '@competition/engine/domain/problems';
import { disputeProblem, problemOfResult, sameProblem } from '@competition/engine/domain/problems';
import { needsStates, scoreStep } from '@competition/engine/domain/scoreStep';
import { rowsMovedBy, standingRows } from '@competition/engine/domain/standings';
import type { ParticipantStates } from '@competition/engine/domain/state';
import type { Refs } from '../firebase/refs.js';
import { refs } from '../firebase/refs.js';
import type { ParticipantDoc } from '@competition/engine/model/participant';
import type { RoundDoc } from '@competition/engine/model/round';
import type { AppliedDoc } from '@competition/engine/model/derived';
import type { ScoreProblemDoc } from '@competition/engine/model/scoreProblem';
import type { TournamentDoc } from '@competition/engine/model/tournament';
import { paths } from '@competition/engine/model/paths';
import type { DocumentWriter } from './plannedWrites.js';
import { toCountedRecord, toMatchUpRecord, toParticipant } from './records.js';
import type { ReplaySettings } from './replay.js';
import { bringStandingsUpToDate, replaySettings, requestReplay } from './replay.js';
import { readRowInputs, readStates } from './standings.js';

/**
 * UNCHANGED: the state already reflected the matchUp's current result (a duplicate or stale event).
 * MARKED: PER_ROUND, the round is still open: the result is noted, nothing is rated yet.
 * APPLIED: the participants concerned (and the rows their change moves) were updated.
 * REPLAYED: exactness needed the fold of the whole tournament, and this event brought the standings up to date.
 * DEFERRED: the standings are being brought up to date (services/replay.ts); the runner at work takes this result
 *   in, or the next event or retry does if it stopped.
 */
export type ScoreOutcome = 'UNCHANGED' | 'MARKED' | 'APPLIED' | 'REPLAYED' | 'DEFERRED' | 'IGNORED';

interface Step {
  outcome: ScoreOutcome | 'REPLAY';
  /** PER_ROUND: this matchUp has a result and its round is not rated yet; the round may now be complete. */
  waitingRound?: number;
}

/**
 * What the score trigger does for one matchUp. It reads the matchUp's *current* document inside a transaction,
 * whatever the event carried, so duplicated and reordered events converge on the latest result; it never writes
 * the matchUp itself. In PER_ROUND, every event whose matchUp has a result in a round not yet rated then asks
 * whether the round is complete, after its own transaction: so the event of the last result to land, whatever
 * came before it, rates the round.
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
  const step = await db.runTransaction((tx) => applyInTransaction(tx, ref, tournament, matchUpId, now));
  if (step.outcome === 'REPLAY' || step.outcome === 'DEFERRED') return caughtUp(db, tournamentId, settings);
  if (step.waitingRound === undefined || (await countOpen(ref, tournamentId, step.waitingRound)) > 0)
    return step.outcome;
  const completed = await db.runTransaction((tx) =>
    rateRoundIfComplete(tx, ref, tournament, step.waitingRound!, settings.commitBytes),
  );
  if (completed === 'REPLAY') return caughtUp(db, tournamentId, settings);
  return completed === 'APPLIED' ? 'APPLIED' : step.outcome;
}

/** Runs (or leaves to the runner at work) bringing the standings up to date, once it has been asked for. */
async function caughtUp(
  db: Firestore,
  tournamentId: string,
  settings: ReplaySettings,
): Promise<'REPLAYED' | 'DEFERRED'> {
  const run = await bringStandingsUpToDate(db, tournamentId, settings);
  return run.status === 'DONE' ? 'REPLAYED' : 'DEFERRED';
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

async function applyInTransaction(
  tx: Transaction,
  ref: Refs,
  tournament: TournamentDoc,
  matchUpId: string,
  now: Date,
): Promise<Step> {
  const { tournamentId, policy } = tournament;
  const [currentSnap, appliedSnap, problemSnap, statusSnap] = await Promise.all([
    tx.get(ref.matchUp(tournamentId, matchUpId)),
    tx.get(ref.applied(tournamentId, matchUpId)),
    tx.get(ref.scoreProblem(tournamentId, matchUpId)),
    tx.get(ref.standingsStatus(tournamentId)),
  ]);
  const current = currentSnap.data();
  const judged = current ? judgeMatchUp(toCountedRecord(current, tournament.confirmScores), policy) : undefined;
  const status = statusSnap.data();
  // While the standings are being brought up to date, the states are the runner's alone: it is told to look again.
  const step: Step = status?.pending
    ? { outcome: 'DEFERRED' }
    : await bringInLine(tx, ref, tournament, matchUpId, judged, appliedSnap.data());
  if (step.outcome === 'DEFERRED' || step.outcome === 'REPLAY') requestReplay(tx, ref, tournamentId, status, now);
  // This event went through: the organizer is told of a refused result, and an earlier failure is cleared. Last,
  // because a transaction reads everything before it writes anything.
  const wanted = current ? disputeProblem(current, tournament.confirmScores) : undefined;
  settleProblem(tx, ref.scoreProblem(tournamentId, matchUpId), problemSnap.data(), judged, now, wanted);
  return step;
}

/** Brings the state in line with the matchUp's current result, from the marker of what was applied before. */
async function bringInLine(
  tx: Transaction,
  ref: Refs,
  tournament: TournamentDoc,
  matchUpId: string,
  judged: JudgedMatchUp | undefined,
  applied: AppliedDoc | undefined,
): Promise<Step> {
  const { tournamentId, policy } = tournament;
  // The marker names the game as it was applied (round, place, players): an id re-used for others is another game.
  const change: MatchUpChange = {
    ...(applied ? { applied: toMatchUpRecord(applied) } : {}),
    ...(judged ? { current: judged.record } : {}),
  };
  const record = targetOf(change);
  if (!record || !needsStates(policy, change)) return { outcome: 'UNCHANGED' };
  const ids = participantsOf(change);
  const own = requireStates(await readStates(ref, tournamentId, ids, {}, tx), ids, tournamentId);
  const step = scoreStep(policy, change, own);
  if (step.action === 'NOTHING') return { outcome: 'UNCHANGED', waitingRound: step.waitingRound };
  if (step.action === 'MARK') {
    tx.set(ref.applied(tournamentId, matchUpId), record);
    return { outcome: 'MARKED', waitingRound: step.waitingRound };
  }
  let states = own;
  let round: ReadRound | undefined;
  if (step.roundNumber !== undefined) {
    round = await readRound(tx, ref, tournament, step.roundNumber, own);
    states = round.states;
  }
  const outcome: ChangeOutcome = reconcileMatchUp(policy, change, states, round);
  if (outcome.status === 'REPLAY') return { outcome: 'REPLAY' };
  if (outcome.status === 'APPLIED') await writeChangedStates(tx, ref, tournament, states, outcome.states);
  if (round) {
    markRoundRating(tx, ref, tournamentId, round);
    forgetGoneGames(tx, ref, tournamentId, round, matchUpId);
  }
  tx.set(ref.applied(tournamentId, matchUpId), record);
  return { outcome: outcome.status === 'APPLIED' ? 'APPLIED' : 'UNCHANGED' };
}

function settleProblem(
  tx: Transaction,
  problemRef: ReturnType<Refs['scoreProblem']>,
  stored: ScoreProblemDoc | undefined,
  judged: JudgedMatchUp | undefined,
  now: Date,
  dispute: ScoreProblem | undefined,
): void {
  const wanted = dispute ?? problemOfResult(judged);
  if (sameProblem(stored, wanted)) return;
  if (!wanted || !judged) tx.delete(problemRef);
  else
    tx.set(problemRef, {
      matchUpId: judged.record.matchUpId,
      roundNumber: judged.record.roundNumber,
      ...wanted,
      at: now.toISOString(),
    });
}

interface ReadRound {
  roundNumber: number;
  states: ParticipantStates;
  /** The round's matchUps as the engine counts them, and the markers of what it was last applied with. */
  matchUps: MatchUpRecord[];
  markers: MatchUpRecord[];
  doc: RoundDoc | undefined;
}

/** The whole round, as it stands and as it was applied, and the states of everyone either names (under the transaction). */
async function readRound(
  tx: Transaction,
  ref: Refs,
  tournament: TournamentDoc,
  roundNumber: number,
  known: ParticipantStates,
): Promise<ReadRound> {
  const { tournamentId, policy } = tournament;
  const [round, applied, doc] = await Promise.all([
    tx.get(ref.matchUps(tournamentId).where('roundNumber', '==', roundNumber)),
    tx.get(ref.appliedMarkers(tournamentId).where('roundNumber', '==', roundNumber)),
    tx.get(ref.round(tournamentId, roundNumber)),
  ]);
  const matchUps = round.docs.map(
    (d) => judgeMatchUp(toCountedRecord(d.data(), tournament.confirmScores), policy).record,
  );
  const markers = applied.docs.map((d) => toMatchUpRecord(d.data()));
  const ids = [...new Set([...matchUps, ...markers].flatMap(sidesOf))];
  const states = requireStates(
    await readStates(
      ref,
      tournamentId,
      ids.filter((id) => !known[id]),
      { ...known },
      tx,
    ),
    ids,
    tournamentId,
  );
  return { roundNumber, states, matchUps, markers, doc: doc.data() };
}

/**
 * The decision to rate a PER_ROUND round, from reads inside the transaction that writes: every matchUp of the
 * round and the states of its players. Any number of events may ask; the first to commit rates the round and
 * the others find it rated.
 */
async function rateRoundIfComplete(
  tx: Transaction,
  ref: Refs,
  tournament: TournamentDoc,
  roundNumber: number,
  commitBytes: number,
): Promise<ChangeOutcome['status']> {
  const { tournamentId, policy } = tournament;
  const status = (await tx.get(ref.standingsStatus(tournamentId))).data();
  if (status?.pending) return 'UNCHANGED';
  const round = await readRound(tx, ref, tournament, roundNumber, {});
  if (!isRoundComplete(round.matchUps)) return 'UNCHANGED';
  const change = applyRoundChange(
    policy,
    roundNumber,
    round.matchUps,
    round.states,
    formerPlayers(roundNumber, round.matchUps, round.markers),
  );
  // A round too large for one commit (a thousand boards) is rated by the runner, in commits under the budget.
  if (change.status === 'REPLAY' || roundBytes(tournamentId, round, change) > commitBytes) {
    requestReplay(tx, ref, tournamentId, status);
    return 'REPLAY';
  }
  if (change.status === 'APPLIED') await writeChangedStates(tx, ref, tournament, round.states, change.states);
  markRoundRating(tx, ref, tournamentId, round);
  forgetGoneGames(tx, ref, tournamentId, round);
  for (const m of round.matchUps) tx.set(ref.applied(tournamentId, m.matchUpId), m);
  return change.status;
}

/** What rating the round writes at least: the changed states, their rows about as large, and a marker per game. */
function roundBytes(tournamentId: string, round: ReadRound, change: ChangeOutcome): number {
  const states = change.status === 'APPLIED' ? Object.values(change.states) : [];
  const stateBytes = states.reduce((sum, s) => sum + writeBytes(paths.state(tournamentId, s.participantId), s), 0);
  const markerBytes = round.matchUps.reduce(
    (sum, m) => sum + writeBytes(paths.applied(tournamentId, m.matchUpId), m),
    0,
  );
  return 2 * stateBytes + markerBytes;
}

/** After a round change, the markers of games the round no longer holds go: their players were just taken out of it. */
function forgetGoneGames(tx: Transaction, ref: Refs, tournamentId: string, round: ReadRound, except?: string): void {
  for (const gone of staleMarkers(round.roundNumber, round.matchUps, round.markers, except))
    tx.delete(ref.applied(tournamentId, gone.matchUpId));
}

/** Tells the organizer's views whether a PER_ROUND round is rated or still waiting for results. */
function markRoundRating(tx: Transaction, ref: Refs, tournamentId: string, round: ReadRound): void {
  const rating = roundRating(round.matchUps);
  if (round.doc && round.doc.rating !== rating)
    tx.set(ref.round(tournamentId, round.doc.roundNumber), { ...round.doc, rating });
}

function requireStates(states: ParticipantStates, ids: readonly string[], tournamentId: string): ParticipantStates {
  const missing = ids.find((id) => !states[id]);
  if (missing) throw new Error(`no competition state for participant ${missing} of tournament ${tournamentId}`);
  return states;
}

async function writeChangedStates(
  tx: Transaction,
  ref: Refs,
  tournament: TournamentDoc,
  before: ParticipantStates,
  changed: ParticipantStates,
) {
  const { tournamentId, policy } = tournament;
  const after = Object.values(changed);
  const moved = rowsMovedBy(
    policy,
    after.flatMap((s) => before[s.participantId] ?? []),
    after,
  );
  const inputs = await readRowInputs(tx, ref, tournamentId, policy, moved, { ...before, ...changed });
  for (const state of after) tx.set(ref.state(tournamentId, state.participantId), state);
  for (const row of standingRows(policy, moved, inputs)) tx.set(ref.standing(tournamentId, row.participantId), row);
}

/**
 * Brings every state, standings row and marker in line with the fold of all results, in bounded commits
 * (services/replay.ts). Used by a withdrawal under a drop-out trend and by the tools.
 */
export async function replayTournament(db: Firestore, tournamentId: string): Promise<void> {
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    const status = (await tx.get(ref.standingsStatus(tournamentId))).data();
    requestReplay(tx, ref, tournamentId, status);
  });
  await bringStandingsUpToDate(db, tournamentId);
}

/** Writes the fold of these participants and (judged) matchUps: every state, standings row and marker. */
export function writeFold(
  tx: DocumentWriter,
  ref: Refs,
  tournament: Pick<TournamentDoc, 'tournamentId' | 'policy' | 'currentRound'>,
  participants: ParticipantDoc[],
  matchUps: MatchUpRecord[],
): void {
  const { tournamentId, policy } = tournament;
  const states = foldCompetition(policy, participants.map(toParticipant), matchUps);
  const ids = Object.keys(states);
  const rows = standingRows(policy, ids, {
    states,
    participants: new Map(participants.map((p) => [p.participantId, p])),
  });
  for (const id of ids) tx.set(ref.state(tournamentId, id), states[id]!);
  for (const row of rows) tx.set(ref.standing(tournamentId, row.participantId), row);
  for (const m of matchUps) tx.set(ref.applied(tournamentId, m.matchUpId), m);
}
