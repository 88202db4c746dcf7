import type { Firestore, Transaction } from 'firebase-admin/firestore';
import {
  assertEachEntryOnce,
  assertIdsFree,
  requirePlaysEntry,
  assertNoDuplicateEntries,
  checkedInOnEntry,
  DomainError,
  initialParticipantState,
  planDropOut,
  planLateEntryByes,
  planWithdrawal,
  roundEnteredBy,
  standingRows,
  type WithdrawalPlan,
} from '@competition/engine';
import { type Refs, refs } from '../firebase/refs.js';
import type {
  AddParticipantsInput,
  DropOutInput,
  LinkParticipantAccountInput,
  ParticipantDoc,
  RoundDoc,
  StandingDoc,
  TournamentDoc,
} from '@competition/engine/schemas';
import { replayTournament } from './replay.js';
import { newClaimCode } from './claims.js';
import { PlannedWrites } from './plannedWrites.js';
import { type BoundedWriteSettings, boundedWriteSettings, commitInParts } from './boundedWrites.js';
import { toParticipant } from './records.js';
import { planTournamentRoles } from './roles.js';
import { readEditableTournament, readTournament } from './tournamentAccess.js';
import { pagesFollow } from './standingsPages.js';

/**
 * Enters competitors, also into a running tournament (docs/organisation.md): a late entry is paired from the
 * next round on and starts with an empty state. A large entry is written in parts (docs/scale.md#bounded-writes):
 * the states and claim codes first, in commits within the budget, unseen while their participant does not exist;
 * then one transaction, checking again, enters the participants with their standings rows. Refused there, the
 * parts are deleted; interrupted before, the same call again writes them again and finishes.
 */
export async function addParticipants(
  db: Firestore,
  uid: string | undefined,
  input: AddParticipantsInput,
  settings: BoundedWriteSettings = boundedWriteSettings(),
): Promise<{ added: number; enteredRound: number }> {
  const ref = refs(db);
  const ids = input.participants.map((p) => p.participantId);
  assertEachEntryOnce(input.participants);
  const what = `entering these ${ids.length} participants`;
  const check = async (tx: Transaction) => {
    const tournament = await readEditableTournament(tx, ref, uid, input.tournamentId);
    const existing = await tx.getAll(...ids.map((id) => ref.participant(input.tournamentId, id)));
    assertIdsFree(existing.filter((snap) => snap.exists).map((snap) => snap.data()));
    const entered = (await tx.get(ref.participants(input.tournamentId))).docs.map((d) => d.data());
    assertNoDuplicateEntries(entered, input.participants);
    const rounds = await readRoundsMissed(tx, ref, tournament);
    const entries = planEntries(ref, tournament, input.participants, {
      checkedIn: checkedInOnEntry(tournament),
      rounds,
    });
    entries.entry.requireFitsOneTransaction(what, 'enter them in several calls');
    return { tournament, entries };
  };
  // A refused entry writes nothing, and deletes what a run of the same call stopped halfway had written.
  const undo = async (error: unknown): Promise<never> => {
    await undoParts(db, ref, input.tournamentId, ids, settings);
    throw error;
  };
  const { entries } = await db.runTransaction(check).catch(undo);
  await commitInParts(db, entries.parts, settings);
  const added = await db
    .runTransaction(async (tx) => {
      const { entries: last } = await check(tx);
      const accounts = input.participants.flatMap(({ participantId, uid }) => (uid ? [{ participantId, uid }] : []));
      const writeRoles = await planTournamentRoles(tx, ref, input.tournamentId, { accounts });
      last.entry.commitIn(tx);
      writeRoles();
      return { added: ids.length, enteredRound: last.enteredRound };
    })
    .catch(undo);
  await pagesFollow(input.tournamentId);
  return added;
}

/** Deletes the states and claim codes of the listed ids that are not entered: what a stopped run left. */
async function undoParts(
  db: Firestore,
  ref: Refs,
  tournamentId: string,
  ids: readonly string[],
  settings: BoundedWriteSettings,
): Promise<void> {
  const entered = await db.getAll(...ids.map((id) => ref.participant(tournamentId, id)));
  const plan = new PlannedWrites();
  entered.forEach((snap, i) => {
    if (snap.exists) return;
    plan.delete(ref.state(tournamentId, ids[i]!));
    plan.delete(ref.claimCode(tournamentId, ids[i]!));
  });
  await commitInParts(db, plan, { ...settings, maxCommits: Number.POSITIVE_INFINITY });
}

/**
 * The documents of new entries: `parts` (states and claim codes) nobody reads without their participant, and
 * `entry` (participants and standings rows) that makes them count, written last in one transaction.
 */
function planEntries(
  ref: Refs,
  tournament: TournamentDoc,
  entries: ReadonlyArray<Entry & { uid?: string | undefined }>,
  { checkedIn = false, rounds = [] }: { checkedIn?: boolean; rounds?: readonly RoundDoc[] } = {},
): { parts: PlannedWrites; entry: PlannedWrites; enteredRound: number } {
  const { tournamentId } = tournament;
  const enteredRound = roundEnteredBy(tournament);
  const parts = new PlannedWrites();
  const entry = new PlannedWrites();
  for (const { uid: _account, ...fields } of entries) {
    const participant: ParticipantDoc = {
      ...fields,
      enteredRound,
      withdrawn: false,
      ...(checkedIn ? { checkedIn } : {}),
    };
    const state = initialParticipantState(toParticipant(participant), tournament.policy);
    const inputs = {
      states: { [state.participantId]: state },
      participants: new Map([[participant.participantId, participant]]),
    };
    const [row] = standingRows(tournament.policy, [state.participantId], inputs);
    parts.set(ref.state(tournamentId, fields.participantId), state);
    parts.set(ref.claimCode(tournamentId, fields.participantId), {
      participantId: fields.participantId,
      code: newClaimCode(),
    });
    entry.create(ref.participant(tournamentId, fields.participantId), participant);
    entry.set(ref.standing(tournamentId, fields.participantId), row!);
  }
  const ids = entries.map((e) => e.participantId);
  const missed = planLateEntryByes(tournament.byeRules, tournament.system, rounds, ids);
  for (const matchUp of missed.matchUps) entry.create(ref.matchUp(tournamentId, matchUp.matchUpId), matchUp);
  for (const { roundNumber, ...counts } of missed.rounds) {
    const round = rounds.find((r) => r.roundNumber === roundNumber)!;
    entry.set(ref.round(tournamentId, roundNumber), { ...round, ...counts });
  }
  return { parts, entry, enteredRound };
}

/**
 * The rounds a late entry missed, when the organizer counts them as byes (docs/pairing.md#late-entries): read in
 * the entry's transaction, so the byes and the rounds' counts stay together. None otherwise.
 */
export async function readRoundsMissed(tx: Transaction, ref: Refs, tournament: TournamentDoc): Promise<RoundDoc[]> {
  if (tournament.status !== 'RUNNING' || (tournament.byeRules?.lateEntries ?? 'ABSENT') === 'ABSENT') return [];
  return (await tx.get(ref.rounds(tournament.tournamentId))).docs.map((d) => d.data());
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
  rounds: readonly RoundDoc[] = [],
): number {
  const { parts, entry, enteredRound } = planEntries(ref, tournament, entries, { rounds });
  for (const plan of [parts, entry]) plan.requireFitsOneTransaction(what, 'enter them in several calls').commitIn(tx);
  return enteredRound;
}

/** Withdraws a participant, or takes a withdrawal back (the engine decides: domain/joining/withdrawal.ts). */
export async function withdrawParticipant(
  db: Firestore,
  uid: string | undefined,
  tournamentId: string,
  participantId: string,
  withdrawn = true,
): Promise<void> {
  await changeWithdrawal(db, tournamentId, participantId, async (tx, ref) => {
    const tournament = await readEditableTournament(tx, ref, uid, tournamentId);
    return (participant, standing) => planWithdrawal(tournament.policy, participant, standing, withdrawn);
  });
}

/** A player drops their own entry from their phone (the engine decides: `planDropOut` in domain/joining/withdrawal.ts). */
export async function dropOut(
  db: Firestore,
  uid: string | undefined,
  input: DropOutInput,
  now: () => number = Date.now,
): Promise<void> {
  if (!uid) throw new DomainError('unauthenticated', 'sign in first');
  const { tournamentId, participantId } = input;
  await changeWithdrawal(db, tournamentId, participantId, async (tx, ref) => {
    const tournament = await readTournament(tx, ref, tournamentId);
    const role = (await tx.get(ref.role(tournamentId, uid))).data();
    requirePlaysEntry(role, participantId);
    return (participant, standing) => planDropOut(tournament, participant, standing, now());
  });
}

export type Decide = (
  participant: ParticipantDoc,
  standing: StandingDoc | undefined,
) => WithdrawalPlan<ParticipantDoc, StandingDoc>;

/**
 * One participant's withdrawal as `admit` decides it, once it has checked who asks: the participant and its row
 * written in one transaction, then the standings follow (folded again under a drop-out trend).
 */
async function changeWithdrawal(
  db: Firestore,
  tournamentId: string,
  participantId: string,
  admit: (tx: Transaction, ref: Refs) => Promise<Decide>,
): Promise<void> {
  const ref = refs(db);
  const needsReplay = await db.runTransaction(async (tx) => {
    const decide = await admit(tx, ref);
    return (await readWithdrawal(tx, ref, tournamentId, participantId, decide))();
  });
  await standingsFollowWithdrawal(db, tournamentId, needsReplay);
}

/**
 * Reads a participant and its row for a withdrawal inside a transaction that has not yet written, and answers the
 * writes to make (to run after the caller's own reads) and whether the standings must be folded again.
 */
export async function readWithdrawal(
  tx: Transaction,
  ref: Refs,
  tournamentId: string,
  participantId: string,
  decide: Decide,
): Promise<() => boolean> {
  const participant = (await tx.get(ref.participant(tournamentId, participantId))).data();
  if (!participant)
    throw new DomainError('not-found', 'this player is not entered in the tournament (reload the page)');
  const standing = (await tx.get(ref.standing(tournamentId, participantId))).data();
  const plan = decide(participant, standing);
  return () => {
    if (!plan.changed) return false;
    tx.set(ref.participant(tournamentId, participantId), plan.participant);
    if (plan.standing) tx.set(ref.standing(tournamentId, participantId), plan.standing);
    return plan.replay;
  };
}

/** After a withdrawal's transaction: the standings folded again, or only their pages brought up to date. */
export async function standingsFollowWithdrawal(db: Firestore, tournamentId: string, replay: boolean): Promise<void> {
  if (replay) await replayTournament(db, tournamentId);
  else await pagesFollow(tournamentId);
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
