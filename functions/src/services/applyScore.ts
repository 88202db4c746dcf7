import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { ChangeOutcome } from '../domain/change.js';
import { applyResultChange } from '../domain/change.js';
import { foldCompetition } from '../domain/fold.js';
import type { MatchUpRecord } from '../domain/matchUps.js';
import { sidesOf } from '../domain/matchUps.js';
import { resolveResult } from '../domain/results.js';
import type { ParticipantStates } from '../domain/state.js';
import type { Refs } from '../firebase/refs.js';
import { refs } from '../firebase/refs.js';
import type { ParticipantDoc } from '../model/participant.js';
import type { TournamentDoc } from '../model/tournament.js';
import { sameResult, toMatchUpRecord, toParticipant } from './records.js';
import { readRowInputs, readStates, rowsMovedBy, standingRows } from './standings.js';

/**
 * UNCHANGED: the state already reflected the matchUp's current result (a duplicate or stale event).
 * MARKED: PER_ROUND, the round is still open: the result is noted, nothing is rated yet.
 * APPLIED: the participants concerned (and the rows their change moves) were updated.
 * REPLAYED: exactness needed the full fold of the tournament.
 */
export type ScoreOutcome = 'UNCHANGED' | 'MARKED' | 'APPLIED' | 'REPLAYED' | 'IGNORED';

/**
 * What the score trigger does for one matchUp. It reads the matchUp's *current* document inside a transaction,
 * whatever the event carried, so duplicated and reordered events converge on the latest result; it never writes
 * the matchUp itself.
 */
export async function applyMatchUpScore(db: Firestore, tournamentId: string, matchUpId: string, roundNumberHint?: number): Promise<ScoreOutcome> {
  const ref = refs(db);
  const tournament = (await ref.tournament(tournamentId).get()).data();
  if (!tournament) return 'IGNORED';
  const perRound = tournament.policy.processingGranularity === 'PER_ROUND';
  const openInRound = perRound ? await countOpen(ref, tournamentId, roundNumberHint ?? (await roundOf(ref, tournamentId, matchUpId))) : 0;
  const outcome = await db.runTransaction((tx) => applyInTransaction(tx, ref, tournament, matchUpId, openInRound));
  if (outcome !== 'REPLAY') return outcome;
  await replayTournament(db, tournamentId);
  return 'REPLAYED';
}

async function roundOf(ref: Refs, tournamentId: string, matchUpId: string): Promise<number> {
  const [matchUp, applied] = await Promise.all([ref.matchUp(tournamentId, matchUpId).get(), ref.applied(tournamentId, matchUpId).get()]);
  return matchUp.data()?.roundNumber ?? applied.data()?.roundNumber ?? 0;
}

/** An aggregation query: one read per thousand matchUps, however many there are. */
async function countOpen(ref: Refs, tournamentId: string, roundNumber: number): Promise<number> {
  const snapshot = await ref.matchUps(tournamentId).where('roundNumber', '==', roundNumber).where('result', '==', null).count().get();
  return snapshot.data().count;
}

async function applyInTransaction(
  tx: Transaction,
  ref: Refs,
  tournament: TournamentDoc,
  matchUpId: string,
  openInRound: number,
): Promise<ScoreOutcome | 'REPLAY'> {
  const { tournamentId, policy } = tournament;
  const current = (await tx.get(ref.matchUp(tournamentId, matchUpId))).data();
  const applied = (await tx.get(ref.applied(tournamentId, matchUpId))).data();
  // A deleted matchUp (an undone round) has no result any more; the marker remembers who played it.
  const record: MatchUpRecord | undefined = current ? toMatchUpRecord(current) : applied ? { ...toMatchUpRecord(applied), result: null } : undefined;
  if (!record) return 'UNCHANGED';
  if (!isValidResult(record, policy)) record.result = null;
  if (applied && sameResult(applied.result, record.result)) return 'UNCHANGED';
  const own = requireStates(await readStates(ref, tournamentId, sidesOf(record), {}, tx), sidesOf(record), tournamentId);
  if (policy.processingGranularity === 'PER_ROUND' && openInRound > 0 && !roundApplied(own, record)) {
    tx.set(ref.applied(tournamentId, matchUpId), toMatchUpRecord(record));
    return 'MARKED';
  }
  let states = own;
  let roundMatchUps: MatchUpRecord[] | undefined;
  if (policy.processingGranularity === 'PER_ROUND') {
    const round = await tx.get(ref.matchUps(tournamentId).where('roundNumber', '==', record.roundNumber));
    roundMatchUps = round.docs.map((d) => toMatchUpRecord(d.data()));
    const ids = [...new Set(roundMatchUps.flatMap(sidesOf))];
    states = requireStates(await readStates(ref, tournamentId, ids.filter((id) => !own[id]), { ...own }, tx), ids, tournamentId);
  }
  const change: ChangeOutcome = applyResultChange(policy, record, states, roundMatchUps);
  if (change.status === 'REPLAY') return 'REPLAY';
  if (change.status === 'APPLIED') await writeChangedStates(tx, ref, tournament, states, change.states);
  tx.set(ref.applied(tournamentId, matchUpId), toMatchUpRecord(record));
  return change.status === 'APPLIED' ? 'APPLIED' : 'UNCHANGED';
}

/**
 * A result the rules let through but the engine refuses (say, a forfeit win whose winner is the other side)
 * counts as no result: retrying it would fail forever, and the callables refuse it before it is stored.
 */
function isValidResult(record: MatchUpRecord, policy: TournamentDoc['policy']): boolean {
  if (record.result === null) return true;
  try {
    resolveResult(record.result, record.b !== null, policy.scoringPolicy);
    return true;
  } catch {
    return false;
  }
}

function roundApplied(states: ParticipantStates, record: MatchUpRecord): boolean {
  return Object.values(states).some((s) => s.results.some((r) => r.roundNumber === record.roundNumber));
}

function requireStates(states: ParticipantStates, ids: readonly string[], tournamentId: string): ParticipantStates {
  const missing = ids.find((id) => !states[id]);
  if (missing) throw new Error(`no competition state for participant ${missing} of tournament ${tournamentId}`);
  return states;
}

async function writeChangedStates(tx: Transaction, ref: Refs, tournament: TournamentDoc, before: ParticipantStates, changed: ParticipantStates) {
  const { tournamentId, policy } = tournament;
  const after = Object.values(changed);
  const moved = rowsMovedBy(policy, after.flatMap((s) => before[s.participantId] ?? []), after);
  const inputs = await readRowInputs(tx, ref, tournamentId, policy, moved, { ...before, ...changed });
  for (const state of after) tx.set(ref.state(tournamentId, state.participantId), state);
  for (const row of standingRows(policy, moved, inputs, tournament.currentRound)) tx.set(ref.standing(tournamentId, row.participantId), row);
}

/**
 * The full fold of a tournament, written in one transaction: every state, every standings row, every marker.
 * Used when a correction reaches back past later rated games, by import, and by a withdrawal under a drop-out trend.
 */
export async function replayTournament(db: Firestore, tournamentId: string): Promise<void> {
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    const tournament = (await tx.get(ref.tournament(tournamentId))).data();
    if (!tournament) return;
    const [participantSnap, matchUpSnap] = await Promise.all([tx.get(ref.participants(tournamentId)), tx.get(ref.matchUps(tournamentId))]);
    const participants = participantSnap.docs.map((d) => d.data());
    const matchUps = matchUpSnap.docs.map((d) => toMatchUpRecord(d.data()));
    writeFold(tx, ref, tournament, participants, matchUps);
  });
}

function writeFold(tx: Transaction, ref: Refs, tournament: TournamentDoc, participants: ParticipantDoc[], matchUps: MatchUpRecord[]): void {
  const { tournamentId, policy } = tournament;
  const states = foldCompetition(policy, participants.map(toParticipant), matchUps);
  const ids = Object.keys(states);
  const rows = standingRows(policy, ids, { states, participants: new Map(participants.map((p) => [p.participantId, p])) }, tournament.currentRound);
  for (const id of ids) tx.set(ref.state(tournamentId, id), states[id]!);
  for (const row of rows) tx.set(ref.standing(tournamentId, row.participantId), row);
  for (const m of matchUps) tx.set(ref.applied(tournamentId, m.matchUpId), m);
}
