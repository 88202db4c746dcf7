import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { assertNoDuplicateEntries, DomainError, planRegistration, planRegistrationDecision } from '@competition/engine';
import type {
  DecideRegistrationInput,
  RegisterInput,
  RegistrationDoc,
  RegistrationOutcome,
  SetJoiningOptionsInput,
  TournamentDoc,
} from '@competition/engine/schemas';
import { type Refs, refs } from '../firebase/refs.js';
import { readRoundsMissed, writeEntries } from './participants.js';
import { planTournamentRoles } from './roles.js';
import { readEditableTournament, readTournament } from './tournamentAccess.js';
import { pagesFollow } from './standingsPages.js';

export type { RegistrationOutcome } from '@competition/engine/schemas';

/**
 * Enters a registration's person as a participant played by its account, in a transaction that has read
 * nothing yet it must: the field (for the duplicate check) and the roles are read here, then everything is
 * written.
 */
async function enterRegistrant(
  tx: Transaction,
  ref: Refs,
  tournament: TournamentDoc,
  registration: RegistrationDoc,
  displayName: string | undefined,
): Promise<() => string> {
  const { tournamentId } = tournament;
  const entered = (await tx.get(ref.participants(tournamentId))).docs.map((d) => d.data());
  const { name, rating, club, country, fideId, title, federation, sex, birthYear, goRank } = registration;
  const entry = {
    name,
    ...(rating !== undefined ? { rating } : {}),
    ...(club ? { club } : {}),
    ...(country ? { country } : {}),
    ...(fideId ? { fideId } : {}),
    ...(title ? { title } : {}),
    ...(federation ? { federation } : {}),
    ...(sex ? { sex } : {}),
    ...(birthYear !== undefined ? { birthYear } : {}),
    ...(goRank ? { goRank } : {}),
  };
  assertNoDuplicateEntries(entered, [entry]);
  const missed = await readRoundsMissed(tx, ref, tournament);
  const participantId = ref.participants(tournamentId).doc().id;
  const writeRoles = await planTournamentRoles(tx, ref, tournamentId, {
    accounts: [{ participantId, uid: registration.uid }],
    ...(displayName ? { displayNames: new Map([[registration.uid, displayName]]) } : {}),
  });
  return () => {
    writeEntries(tx, ref, tournament, [{ participantId, ...entry }], 'entering this registration', missed);
    writeRoles();
    return participantId;
  };
}

/**
 * A signed-in person asks to play (docs/joining.md#self-registration): accepted at once or waiting for the
 * organizer, as the tournament says. The domain decides; one registration per account and tournament.
 * `displayName` is the name on the caller's profile, which the desk shows as whom the entry joined.
 */
export async function register(
  db: Firestore,
  uid: string | undefined,
  input: RegisterInput,
  displayName?: string,
  now: () => Date = () => new Date(),
): Promise<RegistrationOutcome> {
  if (!uid) throw new DomainError('unauthenticated', 'sign in first, then register');
  const ref = refs(db);
  const { tournamentId, ...details } = input;
  const outcome = await db.runTransaction(async (tx): Promise<RegistrationOutcome> => {
    const tournament = await readTournament(tx, ref, tournamentId);
    const [earlier, role] = await Promise.all([
      tx.get(ref.registrations(tournamentId).where('uid', '==', uid).limit(1)),
      tx.get(ref.role(tournamentId, uid)),
    ]);
    const plan = planRegistration({
      uid,
      tournament,
      registrationId: ref.registrations(tournamentId).doc().id,
      details,
      earlier: earlier.docs[0]?.data().status ?? null,
      playsAnEntry: (role.data()?.participantIds.length ?? 0) > 0,
      at: now().toISOString(),
    });
    const registration: RegistrationDoc = plan.registration;
    const { registrationId } = registration;
    if (!plan.accepted) {
      // The duplicate check runs now too, so a second copy of an entered player hears it at once.
      assertNoDuplicateEntries(
        (await tx.get(ref.participants(tournamentId))).docs.map((d) => d.data()),
        [plan.entry],
      );
      tx.create(ref.registration(tournamentId, registrationId), registration);
      return { status: 'PENDING' };
    }
    const enter = await enterRegistrant(tx, ref, tournament, registration, displayName);
    const participantId = enter();
    tx.create(ref.registration(tournamentId, registrationId), { ...registration, status: 'APPROVED', participantId });
    return { status: 'APPROVED', participantId };
  });
  await pagesFollowEntry(tournamentId, outcome);
  return outcome;
}

/** An entered registrant has a standings row now: the spectators' pages follow it, as after any entry. */
async function pagesFollowEntry(tournamentId: string, outcome: { status: string }): Promise<void> {
  if (outcome.status === 'APPROVED') await pagesFollow(tournamentId);
}

/**
 * The organizer approves a waiting registration (its person is entered, played by its account) or declines it.
 * `nameOf` reads the name on the registering account's profile, for the role document the approval writes.
 */
export async function decideOnRegistration(
  db: Firestore,
  uid: string | undefined,
  input: DecideRegistrationInput,
  nameOf: (uid: string) => Promise<string | undefined> = () => Promise.resolve(undefined),
): Promise<RegistrationOutcome | { status: 'REFUSED' }> {
  const ref = refs(db);
  const { tournamentId, registrationId, approve } = input;
  const outcome = await db.runTransaction(async (tx): Promise<RegistrationOutcome | { status: 'REFUSED' }> => {
    const tournament = await readEditableTournament(tx, ref, uid, tournamentId);
    const stored = (await tx.get(ref.registration(tournamentId, registrationId))).data();
    const role = stored && (await tx.get(ref.role(tournamentId, stored.uid))).data();
    const plan = planRegistrationDecision(stored, tournament, approve, (role?.participantIds.length ?? 0) > 0);
    const { registration } = plan;
    if (!plan.approve) {
      tx.set(ref.registration(tournamentId, registrationId), registration);
      return { status: 'REFUSED' };
    }
    const enter = await enterRegistrant(tx, ref, tournament, registration, await nameOf(registration.uid));
    const participantId = enter();
    tx.set(ref.registration(tournamentId, registrationId), { ...registration, status: 'APPROVED', participantId });
    return { status: 'APPROVED', participantId };
  });
  await pagesFollowEntry(tournamentId, outcome);
  return outcome;
}

/** The organizer opens or closes self-registration and check-in. */
export async function setJoiningOptions(
  db: Firestore,
  uid: string | undefined,
  input: SetJoiningOptionsInput,
): Promise<void> {
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    const tournament = await readEditableTournament(tx, ref, uid, input.tournamentId);
    tx.set(ref.tournament(input.tournamentId), { ...tournament, joining: input.joining });
  });
}
