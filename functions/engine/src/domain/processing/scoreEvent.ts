import {
  countedMatchUp,
  disputeProblem,
  isRoundApplied,
  isRoundComplete,
  type JudgedMatchUp,
  judgeMatchUp,
  type MatchUpRecord,
  problemOfResult,
  roundRating,
  sameProblem,
  type ScoreProblem,
  sidesOf,
  type StoredMatchUp,
} from '../results/index.js';
import {
  applyRoundChange,
  formerPlayers,
  isUpToDate,
  type MatchUpChange,
  participantsOf,
  reconcileMatchUp,
  type RoundRecords,
  roundsOf,
  staleMarkers,
  targetOf,
} from './change.js';
import { writeBytes } from '../common/index.js';
import type { CompetitionPolicy } from '../policy/index.js';
import type { DerivedCollection } from './replayPlan.js';
import {
  foldsWholeTournament,
  type RowInputs,
  rowsMovedBy,
  type StandingRow,
  standingRows,
} from '../standings/index.js';
import type { ParticipantState, ParticipantStates } from '../ratings/index.js';

/**
 * The score event (docs/architecture.md#use-cases; docs/processing.md): what the score trigger does for one write
 * of a matchUp, decided here from what the trigger read, in one vocabulary. The trigger reads, asks
 * `decideScoreEvent`, reads what the answer asks for and asks again, and writes the answer's writes in the same
 * transaction. Duplicated and reordered events converge because every decision starts from the matchUp's current
 * document and the marker of what was applied, never from the event's payload.
 */

/**
 * What one score event did.
 * - IGNORED: the tournament is gone.
 * - UNCHANGED: the state already reflected the matchUp's current result (a duplicate or stale event).
 * - MARKED: PER_ROUND, the round is still open: the result is noted, nothing is rated yet.
 * - APPLIED: the participants concerned (and the rows their change moves) were updated.
 * - REPLAYED: exactness needed the fold of the whole tournament, and this event brought the standings up to date.
 * - DEFERRED: the standings are being brought up to date (the runner, services/replay.ts); the runner at work takes
 *   this result in, or the next event or retry does if it stopped.
 */
export type ScoreOutcome = 'IGNORED' | 'UNCHANGED' | 'MARKED' | 'APPLIED' | 'REPLAYED' | 'DEFERRED';

/**
 * Which decision is asked: the event of one matchUp, or (PER_ROUND) rating its round once no game of it is open,
 * in a transaction of its own after the matchUp's, so that the last result to land rates the round whatever came
 * before it. `after` is what the matchUp's event did; the round's rating keeps it unless it rates the round.
 */
export type ScoreEvent =
  { kind: 'MATCHUP'; matchUpId: string } | { kind: 'ROUND'; roundNumber: number; after: ScoreOutcome };

/** A round as read: its matchUps as stored, the markers naming it, and the rating its document shows (if any). */
export interface ReadRound {
  roundNumber: number;
  matchUps: readonly StoredMatchUp[];
  markers: readonly MatchUpRecord[];
  /** The round's document: undefined when there is none (nothing to tell the organizer's views then). */
  stored: { rating?: 'RATED' | 'WAITING' | undefined } | undefined;
}

/** What the trigger has read so far. The first reads are always there; the others once an answer asked for them. */
export interface ScoreReads {
  event: ScoreEvent;
  policy: CompetitionPolicy;
  confirmScores: boolean | undefined;
  /** The standings are being brought up to date: the states are the runner's alone until it is done. */
  replayPending: boolean;
  /** MATCHUP: the matchUp as stored now (undefined once deleted), its applied marker, the problem shown for it. */
  matchUp?: StoredMatchUp | undefined;
  applied?: MatchUpRecord | undefined;
  problem?: ScoreProblem | undefined;
  /** Asked for with READ_ROUND. */
  round?: ReadRound | undefined;
  /** Every state read so far (asked for with READ_STATES); a state asked for is there or the read failed. */
  states?: ParticipantStates | undefined;
  /** Asked for with READ_ROWS: what the moved standings rows are computed from. */
  rows?: RowInputs | undefined;
  /** The most one commit carries, and a write's path to count its bytes: a round too large is left to the runner. */
  commitBytes: number;
  pathOf: (collection: DerivedCollection, id: string) => string;
}

/** The problem shown for the matchUp: set, cleared (`show` null), or left as it is (undefined). */
export type ProblemWrite =
  { matchUpId: string; show: { roundNumber: number; problem: ScoreProblem } | null } | undefined;

/** Everything one event writes, in its transaction after every read. */
export interface ScoreWrites {
  states: ParticipantState[];
  rows: StandingRow[];
  /** Applied markers to set, and the ids of the markers to delete (games their round no longer holds). */
  markers: MatchUpRecord[];
  forgetMarkers: string[];
  /** The rating the round's document is to show, when it shows another. */
  roundRating?: { roundNumber: number; rating: 'RATED' | 'WAITING' } | undefined;
  /** Ask the runner to bring the standings up to date (and run it after the commit). */
  askReplay: boolean;
  problem: ProblemWrite;
}

/**
 * The answer: read more (the states of these participants, a whole round, the inputs of the moved rows), or write.
 * A WRITE whose `rateRound` is set leaves a round that may now be complete: the trigger asks again for it
 * (ScoreEvent ROUND) once no game of it is open.
 */
export type ScoreDecision =
  | { next: 'READ_STATES'; participantIds: string[] }
  | { next: 'READ_ROUND'; roundNumber: number }
  | { next: 'READ_ROWS'; moved: string[]; known: ParticipantStates }
  | { next: 'WRITE'; outcome: ScoreOutcome; writes: ScoreWrites; rateRound?: number | undefined };

const NO_WRITES: ScoreWrites = {
  states: [],
  rows: [],
  markers: [],
  forgetMarkers: [],
  askReplay: false,
  problem: undefined,
};

const perRound = (policy: CompetitionPolicy) => policy.processingGranularity === 'PER_ROUND';

export function decideScoreEvent(reads: ScoreReads): ScoreDecision {
  return reads.event.kind === 'MATCHUP' ? matchUpEvent(reads, reads.event.matchUpId) : roundEvent(reads, reads.event);
}

/** After the runner's run: the standings are up to date (REPLAYED), or the runner at work will take this in. */
export function caughtUpOutcome(runDone: boolean): ScoreOutcome {
  return runDone ? 'REPLAYED' : 'DEFERRED';
}

function matchUpEvent(reads: ScoreReads, matchUpId: string): ScoreDecision {
  const { policy } = reads;
  const judged = reads.matchUp ? judgeMatchUp(countedMatchUp(reads.matchUp, reads.confirmScores), policy) : undefined;
  const problem = problemWrite(reads, matchUpId, judged);
  if (reads.replayPending) return write('DEFERRED', { askReplay: true, problem });
  // The marker names the game as it was applied (round, place, players): an id re-used for others is another game.
  const change: MatchUpChange = {
    ...(reads.applied ? { applied: reads.applied } : {}),
    ...(judged ? { current: judged.record } : {}),
  };
  const target = targetOf(change);
  // Up to date, and (PER_ROUND) no result whose round might still wait to be rated: the states are not even read.
  if (!target || (isUpToDate(change) && !(perRound(policy) && target.result !== null)))
    return write('UNCHANGED', { problem });
  const own = participantsOf(change);
  const unread = unreadStates(reads, own);
  if (unread.length > 0) return { next: 'READ_STATES', participantIds: unread };
  const states = reads.states ?? {};
  const ownStates = own.flatMap((id) => states[id] ?? []);
  const waitingRound =
    perRound(policy) && target.result !== null && !isRoundApplied(ownStates, target.roundNumber)
      ? target.roundNumber
      : undefined;
  if (isUpToDate(change)) return write('UNCHANGED', { problem }, waitingRound);
  let round: (RoundRecords & { read: ReadRound }) | undefined;
  if (perRound(policy)) {
    // The result is only noted until the round is rated, in the round it is in now or, for a re-used id, was in.
    if (!roundsOf(change).some((r) => isRoundApplied(ownStates, r)))
      return write('MARKED', { markers: [target], problem }, waitingRound);
    const read = reads.round;
    if (read?.roundNumber !== target.roundNumber) return { next: 'READ_ROUND', roundNumber: target.roundNumber };
    round = { ...judgedRound(reads, read), read };
    const others = unreadStates(reads, [...round.matchUps, ...round.markers].flatMap(sidesOf));
    if (others.length > 0) return { next: 'READ_STATES', participantIds: others };
  }
  const outcome = reconcileMatchUp(policy, change, states, round);
  if (outcome.status === 'REPLAY' || (outcome.status === 'APPLIED' && foldsWholeTournament(policy)))
    return write('DEFERRED', { askReplay: true, problem });
  const changed = outcome.status === 'APPLIED' ? outcome.states : {};
  const rows = changedRows(reads, states, changed);
  if (rows.next === 'READ_ROWS') return rows;
  return write(outcome.status === 'APPLIED' ? 'APPLIED' : 'UNCHANGED', {
    states: Object.values(changed),
    rows: rows.rows,
    markers: [target],
    forgetMarkers: round
      ? staleMarkers(round.read.roundNumber, round.matchUps, round.markers, matchUpId).map((m) => m.matchUpId)
      : [],
    roundRating: round && ratingWrite(round.read, round.matchUps),
    problem,
  });
}

/**
 * Rating a PER_ROUND round, from reads inside the transaction that writes: every matchUp of the round and the
 * states of its players. Any number of events may ask; the first to commit rates the round and the others find it
 * rated. A round too large for one commit (a thousand boards) is rated by the runner, in commits under the budget.
 */
function roundEvent(reads: ScoreReads, event: Extract<ScoreEvent, { kind: 'ROUND' }>): ScoreDecision {
  const { policy } = reads;
  const { roundNumber, after } = event;
  if (reads.replayPending) return write(after, {});
  const read = reads.round;
  if (read?.roundNumber !== roundNumber) return { next: 'READ_ROUND', roundNumber };
  const { matchUps, markers } = judgedRound(reads, read);
  if (!isRoundComplete(matchUps)) return write(after, {});
  const unread = unreadStates(reads, [...matchUps, ...markers].flatMap(sidesOf));
  if (unread.length > 0) return { next: 'READ_STATES', participantIds: unread };
  const states = reads.states ?? {};
  const change = applyRoundChange(policy, roundNumber, matchUps, states, formerPlayers(roundNumber, matchUps, markers));
  const changed = change.status === 'APPLIED' ? change.states : {};
  const whole = change.status === 'APPLIED' && foldsWholeTournament(policy);
  if (change.status === 'REPLAY' || whole || roundBytes(reads, changed, matchUps) > reads.commitBytes)
    return write('DEFERRED', { askReplay: true });
  const rows = changedRows(reads, states, changed);
  if (rows.next === 'READ_ROWS') return rows;
  return write(change.status === 'APPLIED' ? 'APPLIED' : after, {
    states: Object.values(changed),
    rows: rows.rows,
    markers: [...matchUps],
    forgetMarkers: staleMarkers(roundNumber, matchUps, markers).map((m) => m.matchUpId),
    roundRating: ratingWrite(read, matchUps),
  });
}

function write(outcome: ScoreOutcome, writes: Partial<ScoreWrites>, rateRound?: number): ScoreDecision {
  return { next: 'WRITE', outcome, writes: { ...NO_WRITES, ...writes }, rateRound };
}

function unreadStates(reads: ScoreReads, ids: readonly string[]): string[] {
  return [...new Set(ids)].filter((id) => !reads.states?.[id]);
}

/** The round's matchUps as the engine counts them, and the markers of what it was last applied with. */
function judgedRound(reads: ScoreReads, read: ReadRound): RoundRecords & { matchUps: MatchUpRecord[] } {
  return {
    matchUps: read.matchUps.map((m) => judgeMatchUp(countedMatchUp(m, reads.confirmScores), reads.policy).record),
    markers: read.markers,
  };
}

/** The standings rows the changed states move, once their inputs are read (READ_ROWS). */
function changedRows(
  reads: ScoreReads,
  before: ParticipantStates,
  changed: ParticipantStates,
): { next: 'READ_ROWS'; moved: string[]; known: ParticipantStates } | { next: 'ROWS'; rows: StandingRow[] } {
  const after = Object.values(changed);
  if (after.length === 0) return { next: 'ROWS', rows: [] };
  const moved = rowsMovedBy(
    reads.policy,
    after.flatMap((s) => before[s.participantId] ?? []),
    after,
  );
  if (!reads.rows) return { next: 'READ_ROWS', moved, known: { ...before, ...changed } };
  return { next: 'ROWS', rows: standingRows(reads.policy, moved, reads.rows) };
}

/** What the organizer's views say of a PER_ROUND round, written when its document says otherwise. */
function ratingWrite(read: ReadRound, matchUps: readonly MatchUpRecord[]): ScoreWrites['roundRating'] {
  const rating = roundRating(matchUps);
  return read.stored && read.stored.rating !== rating ? { roundNumber: read.roundNumber, rating } : undefined;
}

/** What rating the round writes at least: the changed states, their rows about as large, and a marker per game. */
function roundBytes(reads: ScoreReads, changed: ParticipantStates, matchUps: readonly MatchUpRecord[]): number {
  const stateBytes = Object.values(changed).reduce(
    (sum, s) => sum + writeBytes(reads.pathOf('states', s.participantId), s),
    0,
  );
  const markerBytes = matchUps.reduce((sum, m) => sum + writeBytes(reads.pathOf('applied', m.matchUpId), m), 0);
  return 2 * stateBytes + markerBytes;
}

/**
 * The organizer is told of a refused result or of the players' dispute, and a problem no longer true (an earlier
 * failure, a settled dispute) is cleared: on every event that goes through, whatever it did to the states.
 */
function problemWrite(reads: ScoreReads, matchUpId: string, judged: JudgedMatchUp | undefined): ProblemWrite {
  const dispute = reads.matchUp ? disputeProblem(reads.matchUp, reads.confirmScores) : undefined;
  const wanted = dispute ?? problemOfResult(judged);
  if (sameProblem(reads.problem, wanted)) return undefined;
  if (!wanted || !judged) return { matchUpId, show: null };
  return { matchUpId, show: { roundNumber: judged.record.roundNumber, problem: wanted } };
}
