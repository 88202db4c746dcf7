import type { Transaction } from 'firebase-admin/firestore';
import { type CompetitionPolicy, type ParticipantStates, type RowInputs, rowSources } from '@competition/engine';
import type { Refs } from '../firebase/refs.js';
import type { ParticipantDoc } from '@competition/engine/schemas';

/**
 * Reads (inside the transaction, before any write) what the moved rows are computed from (domain/standings/standings.ts
 * says what): their states, their opponents' states when a tiebreak needs them, and the participant documents for
 * names and withdrawals.
 */
export async function readRowInputs(
  tx: Transaction,
  ref: Refs,
  tournamentId: string,
  policy: CompetitionPolicy,
  moved: readonly string[],
  known: ParticipantStates,
  roundRobin: boolean,
): Promise<RowInputs> {
  const states: ParticipantStates = { ...known };
  const missing = (ids: Iterable<string>) => [...new Set(ids)].filter((id) => !states[id]);
  await readStates(ref, tournamentId, missing(moved), states, tx);
  const sources = rowSources(policy, moved, states);
  // Scores that change as opponents play are read under the transaction's locks; frozen baselines need no lock.
  await readStates(ref, tournamentId, missing(sources.opponents), states, sources.opponentScores ? tx : undefined);
  const snapshots = sources.participants.length
    ? await tx.getAll(...sources.participants.map((id) => ref.participant(tournamentId, id)))
    : [];
  const participants = new Map<string, ParticipantDoc>();
  for (const snap of snapshots) {
    const doc = snap.data();
    if (doc) participants.set(doc.participantId, doc);
  }
  return { states, participants, roundRobin };
}

/** Reads states into `into`, under the transaction's locks when one is given; a missing state is skipped. */
export async function readStates(
  ref: Refs,
  tournamentId: string,
  ids: readonly string[],
  into: ParticipantStates,
  tx?: Transaction,
): Promise<ParticipantStates> {
  if (ids.length === 0) return into;
  const refsToRead = ids.map((id) => ref.state(tournamentId, id));
  const snaps = tx ? await tx.getAll(...refsToRead) : await Promise.all(refsToRead.map((r) => r.get()));
  for (const snap of snaps) {
    const state = snap.data();
    if (state) into[state.participantId] = state;
  }
  return into;
}
