/**
 * Emulator Suite tier: self-registration and check-in through the real callables and firestore.rules. A tournament
 * takes no registration until the organizer opens it; a registration waits for approval or is accepted at once;
 * the same account never registers twice, and the same person is never entered twice; a chess player's FIDE
 * details reach the entry; with check-in on, round 1 pairs only those who checked in, and a late check-in is
 * paired from round 2.
 */
import { randomUUID } from 'node:crypto';
import { doc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_JOINING, type JoiningOptions } from '@competition/engine';
import { type MatchUpDoc, paths, type RegistrationDoc, type StandingsPageDoc } from '@competition/engine/schemas';
import {
  type Account,
  type Emulators,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  refusal,
  signUp,
  waitFor,
  whyNoEmulators,
} from '../../../testing/stack.js';
import { clientApps } from './clients.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[registrations.test.ts] skipped: ${skipReason}`);

let emulators: Emulators;
let organizer: Account;
let championshipId: string;
let day = 0;

const newAccount = (label: string) => signUp(emulators, `${label}-${randomUUID().slice(0, 8)}@example.com`);

const clients = clientApps('reg', () => emulators);
const clientAs = (account: Account | null) => clients.firestoreAs(account);

/** A draft Swiss of `players` entries (Player 1 rated 1800, then 50 less each), with the joining options given. */
async function draftTournament(players: number, joining?: Partial<JoiningOptions>): Promise<string> {
  day += 1;
  const { tournamentId } = await call<{ tournamentId: string }>(
    emulators,
    'createTournament',
    {
      championshipId,
      date: `2025-07-${String(day).padStart(2, '0')}`,
      description: `Open day ${day}`,
      policy: 'REDEMPTION',
      pairing: { method: 'SWISS', options: {} },
      totalRounds: 3,
    },
    organizer,
  );
  if (players > 0)
    await call(
      emulators,
      'addParticipants',
      {
        tournamentId,
        participants: Array.from({ length: players }, (_, i) => ({
          participantId: `p${i + 1}`,
          name: `Player ${i + 1}`,
          rating: 1800 - 50 * i,
        })),
      },
      organizer,
    );
  if (joining) await setJoining(tournamentId, joining);
  return tournamentId;
}

const setJoining = (tournamentId: string, joining: Partial<JoiningOptions>) =>
  call(emulators, 'setJoiningOptions', { tournamentId, joining: { ...CLOSED_JOINING, ...joining } }, organizer);

const register = (tournamentId: string, account: Account, details: Record<string, unknown> = {}) =>
  call<{ status: string; participantId?: string }>(
    emulators,
    'register',
    { tournamentId, name: 'Walk In', ...details },
    account,
  );

const admin = () => adminFirestore();
const roleOf = async (tournamentId: string, uid: string) =>
  (await admin().doc(paths.role(tournamentId, uid)).get()).data();
const registrationsOf = async (tournamentId: string) =>
  (await admin().collection(paths.registrations(tournamentId)).get()).docs.map((d) => d.data() as RegistrationDoc);
const participant = async (tournamentId: string, participantId: string) =>
  (await admin().doc(paths.participant(tournamentId, participantId)).get()).data();

/** The names on the spectators' first standings page, once it is built. */
const namesOnPage = async (tournamentId: string) =>
  ((await admin().doc(paths.standingsPage(tournamentId, 1)).get()).data() as StandingsPageDoc | undefined)?.rows
    .map((row) => row.name)
    .sort() ?? [];

async function roundOf(tournamentId: string, roundNumber: number): Promise<MatchUpDoc[]> {
  const snap = await admin().collection(paths.matchUps(tournamentId)).where('roundNumber', '==', roundNumber).get();
  return snap.docs.map((d) => d.data() as MatchUpDoc);
}

const pairedIn = (matchUps: MatchUpDoc[]) =>
  matchUps.flatMap((m) => (m.b === null ? [m.a] : [m.a, m.b])).sort((x, y) => x.localeCompare(y));

describe.skipIf(Boolean(skipReason))('self-registration and check-in on the Emulator Suite', () => {
  beforeAll(async () => {
    emulators = await discoverEmulators();
    organizer = await newAccount('reg-organizer');
    ({ championshipId } = await call<{ championshipId: string }>(
      emulators,
      'createChampionship',
      { name: `Registrations ${randomUUID().slice(0, 8)}`, clubIds: [] },
      organizer,
    ));
  });

  afterAll(async () => {
    await clients.closeAll();
    await closeAdmin();
  });

  it('refuses a registration while the organizer has not opened it, and lets only editors open it', async () => {
    const tournamentId = await draftTournament(2);
    const person = await newAccount('reg-closed');
    const closed = await refusal(register(tournamentId, person));
    expect(closed.code).toBe('failed-precondition');
    expect(closed.message).toContain('does not take registrations');
    const opening = await refusal(
      call(emulators, 'setJoiningOptions', { tournamentId, joining: { registration: 'OPEN' } }, person),
    );
    expect(opening.code).toBe('permission-denied');
    expect(await registrationsOf(tournamentId)).toEqual([]);
  });

  it('with approval: the registration waits, is approved, and its account plays the new entry', async () => {
    const tournamentId = await draftTournament(2, {
      registration: 'APPROVAL',
      asks: { rating: true, club: true, country: false, chess: false },
    });
    const person = await newAccount('reg-approval');
    const missing = await refusal(register(tournamentId, person));
    expect(missing.code).toBe('invalid-argument');
    expect(missing.message).toContain('rating');
    expect(await register(tournamentId, person, { name: 'Walk In', rating: 1650, club: 'Rooks' })).toEqual({
      status: 'PENDING',
    });
    expect(await roleOf(tournamentId, person.uid)).toBeUndefined();
    const twice = await refusal(register(tournamentId, person, { name: 'Other Name', rating: 1500 }));
    expect(twice.code).toBe('already-exists');
    expect(twice.message).toContain('already registered');
    const [pending] = await registrationsOf(tournamentId);
    expect(pending).toMatchObject({ status: 'PENDING', name: 'Walk In', rating: 1650, club: 'Rooks' });

    const stranger = await newAccount('reg-stranger');
    const notEditor = await refusal(
      call(
        emulators,
        'decideRegistration',
        { tournamentId, registrationId: pending!.registrationId, approve: true },
        stranger,
      ),
    );
    expect(notEditor.code).toBe('permission-denied');
    const approved = await call<{ status: string; participantId: string }>(
      emulators,
      'decideRegistration',
      { tournamentId, registrationId: pending!.registrationId, approve: true },
      organizer,
    );
    expect(approved.status).toBe('APPROVED');
    expect(await participant(tournamentId, approved.participantId)).toMatchObject({
      name: 'Walk In',
      rating: 1650,
      club: 'Rooks',
      enteredRound: 1,
    });
    expect((await roleOf(tournamentId, person.uid))?.participantIds).toEqual([approved.participantId]);
    const again = await refusal(
      call(
        emulators,
        'decideRegistration',
        { tournamentId, registrationId: pending!.registrationId, approve: true },
        organizer,
      ),
    );
    expect(again.code).toBe('failed-precondition');
    expect((await refusal(register(tournamentId, person))).code).toBe('already-exists');
  });

  it('a chess registration: the FIDE details are checked, kept while it waits, and carried by the entry', async () => {
    const tournamentId = await draftTournament(2, {
      registration: 'APPROVAL',
      asks: { ...CLOSED_JOINING.asks, chess: true },
    });
    const person = await newAccount('reg-chess');
    const chess = { fideId: '1503014', title: 'WGM', federation: 'NOR', sex: 'w', birthYear: 1995 };
    const bad = await refusal(register(tournamentId, person, { ...chess, federation: 'Norway' }));
    expect(bad.code).toBe('invalid-argument');
    expect(bad.message).toContain('federation');
    expect(await register(tournamentId, person, { name: 'Chess Player', ...chess })).toEqual({ status: 'PENDING' });
    const [pending] = await registrationsOf(tournamentId);
    expect(pending).toMatchObject({ name: 'Chess Player', ...chess });
    const approved = await call<{ status: string; participantId: string }>(
      emulators,
      'decideRegistration',
      { tournamentId, registrationId: pending!.registrationId, approve: true },
      organizer,
    );
    expect(await participant(tournamentId, approved.participantId)).toMatchObject({ name: 'Chess Player', ...chess });
  });

  it('a Go registration: the rank is checked, kept short while it waits, and carried by the entry', async () => {
    const tournamentId = await draftTournament(2, {
      registration: 'APPROVAL',
      asks: { ...CLOSED_JOINING.asks, go: true },
    });
    const person = await newAccount('reg-go');
    const bad = await refusal(register(tournamentId, person, { goRank: '10 dan' }));
    expect(bad.code).toBe('invalid-argument');
    expect(bad.message).toContain('must be a Go rank: 30k to 1k, 1d to 9d or 1p to 9p');
    expect(await register(tournamentId, person, { name: 'Go Player', goRank: '3 kyu' })).toEqual({ status: 'PENDING' });
    const [pending] = await registrationsOf(tournamentId);
    expect(pending).toMatchObject({ name: 'Go Player', goRank: '3k' });
    const approved = await call<{ status: string; participantId: string }>(
      emulators,
      'decideRegistration',
      { tournamentId, registrationId: pending!.registrationId, approve: true },
      organizer,
    );
    expect(await participant(tournamentId, approved.participantId)).toMatchObject({ name: 'Go Player', goRank: '3k' });
  });

  it('declined: no entry is made, and the same account cannot register again', async () => {
    const tournamentId = await draftTournament(2, { registration: 'APPROVAL' });
    const person = await newAccount('reg-declined');
    await register(tournamentId, person);
    const [pending] = await registrationsOf(tournamentId);
    await call(
      emulators,
      'decideRegistration',
      { tournamentId, registrationId: pending!.registrationId, approve: false },
      organizer,
    );
    expect((await admin().collection(paths.participants(tournamentId)).get()).size).toBe(2);
    const again = await refusal(register(tournamentId, person));
    expect(again.code).toBe('already-exists');
    expect(again.message).toContain('declined');
  });

  it('open: accepted at once; the same person (name and rating) as an entry is refused', async () => {
    const tournamentId = await draftTournament(2, {
      registration: 'OPEN',
      asks: { rating: true, club: false, country: false, chess: false },
    });
    const person = await newAccount('reg-open');
    const accepted = await register(tournamentId, person, { name: 'Quick Entry', rating: 1500, club: 'not asked' });
    expect(accepted.status).toBe('APPROVED');
    const entry = await participant(tournamentId, accepted.participantId!);
    expect(entry).toMatchObject({ name: 'Quick Entry', rating: 1500 });
    expect(entry).not.toHaveProperty('club');
    expect((await roleOf(tournamentId, person.uid))?.participantIds).toEqual([accepted.participantId]);
    expect((await refusal(register(tournamentId, person, { name: 'Second Try', rating: 1400 }))).code).toBe(
      'already-exists',
    );

    const copy = await newAccount('reg-copy');
    const duplicate = await refusal(register(tournamentId, copy, { name: 'player 1', rating: 1800 }));
    expect(duplicate.code).toBe('already-exists');
    expect(duplicate.message).toContain('already entered');
    expect(await roleOf(tournamentId, copy.uid)).toBeUndefined();
    const blank = await refusal(register(tournamentId, copy, { name: '   ', rating: 1400 }));
    expect(blank.code).toBe('invalid-argument');
  });

  it("an entered registration reaches the spectators' pages, accepted at once or approved", async () => {
    const tournamentId = await draftTournament(2, { registration: 'OPEN' });
    // The entries' own rebuild has run: what follows must ask for another.
    await waitFor(
      'the entries on the page',
      () => namesOnPage(tournamentId),
      (n) => n.length === 2,
    );
    await register(tournamentId, await newAccount('reg-pages-open'), { name: 'Quick Entry' });
    await waitFor(
      'the registrant on the page',
      () => namesOnPage(tournamentId),
      (n) => n.includes('Quick Entry'),
    );

    await setJoining(tournamentId, { registration: 'APPROVAL' });
    await register(tournamentId, await newAccount('reg-pages-approval'), { name: 'Walk In' });
    const pending = (await registrationsOf(tournamentId)).find((r) => r.status === 'PENDING')!;
    await call(
      emulators,
      'decideRegistration',
      { tournamentId, registrationId: pending.registrationId, approve: true },
      organizer,
    );
    await waitFor(
      'the approved entry on the page',
      () => namesOnPage(tournamentId),
      (n) => n.includes('Walk In'),
    );
    expect(await namesOnPage(tournamentId)).toEqual(['Player 1', 'Player 2', 'Quick Entry', 'Walk In']);
  });

  it('check-in: round 1 pairs only those checked in; a late check-in is paired from round 2', async () => {
    const tournamentId = await draftTournament(0, { registration: 'OPEN', checkIn: true });
    const players = await Promise.all([1, 2, 3, 4].map((i) => newAccount(`reg-checkin-${i}`)));
    const ids: string[] = [];
    for (const [i, player] of players.entries())
      ids.push((await register(tournamentId, player, { name: `Check ${i + 1}` })).participantId!);
    // Three check in from their phones; the fourth is late.
    for (const i of [0, 1, 2])
      await updateDoc(doc(await clientAs(players[i]!), paths.participant(tournamentId, ids[i]!)), { checkedIn: true });
    await call(emulators, 'generateNextRound', { tournamentId, requestId: `r1-${tournamentId}` }, organizer);
    const round1 = await roundOf(tournamentId, 1);
    expect(pairedIn(round1)).toEqual([ids[0]!, ids[1]!, ids[2]!].sort((x, y) => x.localeCompare(y)));
    expect(round1.filter((m) => m.b === null)).toHaveLength(1);

    await updateDoc(doc(await clientAs(players[3]!), paths.participant(tournamentId, ids[3]!)), { checkedIn: true });
    for (const m of round1.filter((m) => m.b !== null))
      await call(
        emulators,
        'recordScore',
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
        organizer,
      );
    await call(emulators, 'generateNextRound', { tournamentId, requestId: `r2-${tournamentId}` }, organizer);
    expect(pairedIn(await roundOf(tournamentId, 2))).toEqual([...ids].sort((x, y) => x.localeCompare(y)));
  });

  it('check-in: a late entry the organizer adds at the desk is checked in, and paired in the next round', async () => {
    const tournamentId = await draftTournament(4, { checkIn: true });
    for (const id of ['p1', 'p2', 'p3', 'p4'])
      await admin().doc(paths.participant(tournamentId, id)).update({ checkedIn: true });
    await call(emulators, 'generateNextRound', { tournamentId, requestId: `r1-${tournamentId}` }, organizer);
    const round1 = await roundOf(tournamentId, 1);
    await call(
      emulators,
      'addParticipants',
      { tournamentId, participants: [{ participantId: 'late', name: 'Chloé Late', rating: 1500 }] },
      organizer,
    );
    expect(await participant(tournamentId, 'late')).toMatchObject({ enteredRound: 2, checkedIn: true });
    for (const m of round1)
      await call(
        emulators,
        'recordScore',
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
        organizer,
      );
    await call(emulators, 'generateNextRound', { tournamentId, requestId: `r2-${tournamentId}` }, organizer);
    expect(pairedIn(await roundOf(tournamentId, 2))).toEqual(['late', 'p1', 'p2', 'p3', 'p4']);
  });

  it('late registration: refused once the tournament runs unless the organizer takes late entries', async () => {
    const tournamentId = await draftTournament(2, { registration: 'OPEN' });
    await call(emulators, 'generateNextRound', { tournamentId, requestId: `r1-${tournamentId}` }, organizer);
    const late = await newAccount('reg-late');
    const refused = await refusal(register(tournamentId, late));
    expect(refused.code).toBe('failed-precondition');
    expect(refused.message).toContain('has started');
    await setJoining(tournamentId, { registration: 'OPEN', lateRegistration: true });
    const accepted = await register(tournamentId, late);
    expect(await participant(tournamentId, accepted.participantId!)).toMatchObject({ enteredRound: 2 });
  });
});
