import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { assertNoDuplicateEntries } from '@competition/engine/domain/duplicates';
import { DomainError } from '@competition/engine/domain/errors';
import { standingRows } from '@competition/engine/domain/standings';
import { initialParticipantState } from '@competition/engine/domain/state';
import { roundEnteredBy } from '@competition/engine/domain/roundLifecycle';
import { type Refs, refs } from '../firebase/refs.js';
import type { ParticipantDoc } from '@competition/engine/model/participant';
import type { TournamentDoc } from '@competition/engine/model/tournament';
import type { AddParticipantsInput, LinkParticipantAccountInput } from '@competition/engine/model/requests';
import { replayTournament } from './applyScore.js';
import { writeClaimCodes } from './claims.js';
import { PlannedWrites } from './plannedWrites.js';
import { toParticipant } from './records.js';
import { planTournamentRoles } from './roles.js';
import { readEditableTournament } from './tournamentAccess.js';

/**
 * Enters competitors, also into a running tournament (docs/organisation.md): a late entry is paired from the
 * next round on and starts with an empty state.
 */
export async function addParticipants(
  db: Firestore,
  uid: string | undefined,
  input: AddParticipantsInput,
): Promise<{ added: number; enteredRound: number }> {
  const ref = refs(db);
  const ids = input.participants.map((p) => p.participantId);
  const duplicate = input.participants.find((p, i) => ids.indexOf(p.participantId) !== i);
  if (duplicate) throw new DomainError('invalid-argument', `${duplicate.name} is in the list twice`);
  return db.runTransaction(async (tx) => {
    const tournament = await readEditableTournament(tx, ref, uid, input.tournamentId);
    const existing = await tx.getAll(...ids.map((id) => ref.participant(input.tournamentId, id)));
    const taken = existing.find((snap) => snap.exists);
    if (taken) throw new DomainError('already-exists', `${taken.data()?.name ?? 'a participant'} is already entered`);
    const entered = (await tx.get(ref.participants(input.tournamentId))).docs.map((d) => d.data());
    assertNoDuplicateEntries(entered, input.participants);
    const accounts = input.participants.flatMap(({ participantId, uid }) => (uid ? [{ participantId, uid }] : []));
    const writeRoles = await planTournamentRoles(tx, ref, input.tournamentId, { accounts });
    const enteredRound = writeEntries(
      tx,
      ref,
      tournament,
      input.participants,
      `entering these ${ids.length} participants`,
    );
    writeRoles();
    return { added: ids.length, enteredRound };
  });
}

type Entry = Omit<ParticipantDoc, 'enteredRound' | 'withdrawn'>;

/**
 * Writes new entries (with their state, standings row and claim code) in a transaction that has done its reads:
 * a late entry, into a running tournament, is paired from the next round. Answers the round they enter.
 */
export function writeEntries(
  tx: Transaction,
  ref: Refs,
  tournament: TournamentDoc,
  entries: ReadonlyArray<Entry & { uid?: string | undefined }>,
  what: string,
): number {
  const { tournamentId } = tournament;
  const enteredRound = roundEnteredBy(tournament);
  const plan = new PlannedWrites();
  for (const { uid: _account, ...entry } of entries) {
    const participant: ParticipantDoc = { ...entry, enteredRound, withdrawn: false };
    const state = initialParticipantState(toParticipant(participant), tournament.policy);
    const inputs = {
      states: { [state.participantId]: state },
      participants: new Map([[participant.participantId, participant]]),
    };
    const [row] = standingRows(tournament.policy, [state.participantId], inputs);
    plan.create(ref.participant(tournamentId, entry.participantId), participant);
    plan.set(ref.state(tournamentId, entry.participantId), state);
    plan.set(ref.standing(tournamentId, entry.participantId), row!);
  }
  plan.requireFitsOneTransaction(what, 'enter them in several calls').commitIn(tx);
  writeClaimCodes(
    tx,
    ref,
    tournamentId,
    entries.map((e) => e.participantId),
  );
  return enteredRound;
}

/**
 * A withdrawn player keeps his results and is not paired again; a withdrawal taken back (an organizer's mistake)
 * pairs him again from the next round (docs/organisation.md#withdrawals).
 */
export async function withdrawParticipant(
  db: Firestore,
  uid: string | undefined,
  tournamentId: string,
  participantId: string,
  withdrawn = true,
): Promise<void> {
  const ref = refs(db);
  const needsReplay = await db.runTransaction(async (tx) => {
    const tournament = await readEditableTournament(tx, ref, uid, tournamentId);
    const participant = (await tx.get(ref.participant(tournamentId, participantId))).data();
    if (!participant)
      throw new DomainError('not-found', 'this player is not entered in the tournament (reload the page)');
    if (participant.withdrawn === withdrawn) return false;
    const standing = (await tx.get(ref.standing(tournamentId, participantId))).data();
    tx.set(ref.participant(tournamentId, participantId), { ...participant, withdrawn });
    if (standing) tx.set(ref.standing(tournamentId, participantId), { ...standing, withdrawn });
    // A drop-out trend moves the Buchholz of everyone he met: recompute the rows from the fold.
    return tournament.policy.victoryPolicy.buchholzDropOut !== 'NONE';
  });
  if (needsReplay) await replayTournament(db, tournamentId);
}

/**
 * Links a participant to the account that plays as them (or to none): from then on only that account, among the
 * players, may write the participant's scores. An account it replaces loses that right at once.
 */
export async function linkParticipantAccount(
  db: Firestore,
  uid: string | undefined,
  input: LinkParticipantAccountInput,
): Promise<void> {
  const ref = refs(db);
  const { tournamentId, participantId } = input;
  await db.runTransaction(async (tx) => {
    await readEditableTournament(tx, ref, uid, tournamentId);
    if (!(await tx.get(ref.participant(tournamentId, participantId))).exists) {
      throw new DomainError('not-found', 'this player is not entered in the tournament (reload the page)');
    }
    (await planTournamentRoles(tx, ref, tournamentId, { accounts: [{ participantId, uid: input.uid }] }))();
  });
}
