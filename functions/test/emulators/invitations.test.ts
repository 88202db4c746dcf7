/**
 * Emulator Suite tier: staff invitations through the real callables and firestore.rules. An editor invites a
 * scorekeeper, a club's runner invites a member (its owner an admin); whoever accepts takes the role under the
 * display name they chose; expired, revoked and used-up invitations are refused; only the people who run the
 * tournament or the club read invitations, and nobody writes them but the backend.
 */
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@competition/engine/schemas';
import {
  type Account,
  type Emulators,
  FAKE_API_KEY,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  origin,
  refusal,
  seedTournament,
  signUp,
  whyNoEmulators,
} from '../../../testing/stack.js';
import { clientApps, outcome } from './clients.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[invitations.test.ts] skipped: ${skipReason}`);

let emulators: Emulators;

const clients = clientApps('invitations', () => emulators);
const clientAs = (account: Account | null) => clients.firestoreAs(account);

/** A new account with the display name it chose on its profile (the Auth REST call the SDK's updateProfile makes). */
async function person(label: string, displayName?: string): Promise<Account> {
  const account = await signUp(emulators, `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`);
  if (displayName) {
    const url = `${origin(emulators.auth)}/identitytoolkit.googleapis.com/v1/accounts:update?key=${FAKE_API_KEY}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: account.idToken, displayName, returnSecureToken: false }),
    });
    if (!response.ok) throw new Error(`could not name ${label}: ${response.status} ${await response.text()}`);
  }
  return account;
}

describe.skipIf(Boolean(skipReason))('staff invitations on the Emulator Suite', () => {
  let seeded: SeededTournament;
  let tournamentId: string;
  let clubId: string;

  const invite = (caller: Account, extra: Record<string, unknown> = {}) =>
    call<{ token: string; expiresAt: number }>(
      emulators,
      'createInvitation',
      { kind: 'tournament', tournamentId, role: 'SCOREKEEPER', ...extra },
      caller,
    );
  const accept = (caller: Account, token: string) =>
    call<{ role: string; name: string }>(
      emulators,
      'acceptInvitation',
      { kind: 'tournament', tournamentId, token },
      caller,
    );
  const roleOf = async (uid: string) => (await adminFirestore().doc(paths.role(tournamentId, uid)).get()).data();
  const memberOf = async (uid: string) => (await adminFirestore().doc(paths.clubMember(clubId, uid)).get()).data();

  beforeAll(async () => {
    emulators = await discoverEmulators();
    seeded = await seedTournament(emulators, { label: 'invitations', players: 2 });
    tournamentId = seeded.tournamentId;
    clubId = seeded.clubId;
  });

  afterAll(async () => {
    await clients.closeAll();
    await closeAdmin();
  });

  it('an editor invites a scorekeeper: the taker becomes scorekeeper under the name they chose, not their email', async () => {
    const { token, expiresAt } = await invite(seeded.organizer);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const days = (expiresAt - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const keeper = await person('keeper', 'Grace Scorer');
    const welcome = await accept(keeper, token);
    expect(welcome.role).toBe('SCOREKEEPER');
    expect(welcome.name).toContain('Open');
    const role = await roleOf(keeper.uid);
    expect(role).toMatchObject({ scorekeeper: true, editor: false, displayName: 'Grace Scorer' });
    expect(JSON.stringify(role)).not.toContain(keeper.email);
  });

  it('single-use by default: a second account is refused, the first may open the link again', async () => {
    const { token } = await invite(seeded.organizer);
    const first = await person('first');
    await accept(first, token);
    await accept(first, token);
    const second = await person('second');
    const refused = await refusal(accept(second, token));
    expect(refused.code).toBe('failed-precondition');
    expect(refused.message).toContain('used up');
    expect(await roleOf(second.uid)).toBeUndefined();
  });

  it('a counted invitation takes exactly N people', async () => {
    const { token } = await invite(seeded.organizer, { maxUses: 3 });
    const people = await Promise.all([1, 2, 3, 4].map((i) => person(`counted${i}`)));
    for (const p of people.slice(0, 3)) await accept(p, token);
    expect((await refusal(accept(people[3]!, token))).message).toContain('used up');
    const scorekeepers: boolean[] = [];
    for (const p of people)
      scorekeepers.push(((await roleOf(p.uid)) as { scorekeeper?: boolean } | undefined)?.scorekeeper ?? false);
    expect(scorekeepers).toEqual([true, true, true, false]);
  });

  it('a revoked invitation is refused in words; an expired one too', async () => {
    const { token } = await invite(seeded.organizer, { maxUses: 10 });
    await call(emulators, 'revokeInvitation', { kind: 'tournament', tournamentId, token }, seeded.organizer);
    const late = await person('late');
    const revoked = await refusal(accept(late, token));
    expect(revoked.message).toContain('withdrawn');
    // An invitation whose lifetime is over (written as the backend would have, a week ago).
    const old = 'expiredexpiredexpiredexpiredexpi';
    await adminFirestore()
      .doc(paths.tournamentInvitation(tournamentId, old))
      .set({
        token: old,
        role: 'SCOREKEEPER',
        createdAt: Date.now() - 8 * 86_400_000,
        expiresAt: Date.now() - 86_400_000,
        maxUses: 5,
        acceptedBy: [],
        revoked: false,
      });
    expect((await refusal(accept(late, old))).message).toContain('expired');
    expect((await refusal(accept(late, 'nosuchinvitationnosuchinvitation'))).message).toContain('not valid');
    expect(await roleOf(late.uid)).toBeUndefined();
  });

  it('only an editor invites or revokes; bad input is refused with a clear message', async () => {
    const player = seeded.participants[0]!.account;
    expect((await refusal(invite(player))).code).toBe('permission-denied');
    expect((await refusal(invite(seeded.organizer, { lifetimeDays: 90 }))).message).toContain('at most 30 days');
    const { token } = await invite(seeded.organizer);
    const revoke = call(emulators, 'revokeInvitation', { kind: 'tournament', tournamentId, token }, player);
    expect((await refusal(revoke)).code).toBe('permission-denied');
    const signedOut = call(emulators, 'acceptInvitation', { kind: 'tournament', tournamentId, token });
    expect((await refusal(signedOut)).code).toBe('unauthenticated');
  });

  it('a club runner invites members, only the owner admins; the admin then edits the club tournaments', async () => {
    const member = await call<{ token: string }>(
      emulators,
      'createInvitation',
      { kind: 'club', clubId, role: 'MEMBER' },
      seeded.organizer,
    );
    const ada = await person('ada', 'Ada Member');
    await call(emulators, 'acceptInvitation', { kind: 'club', clubId, token: member.token }, ada);
    expect(await memberOf(ada.uid)).toMatchObject({ role: 'MEMBER', displayName: 'Ada Member' });
    const asMember = call(emulators, 'createInvitation', { kind: 'club', clubId, role: 'MEMBER' }, ada);
    expect((await refusal(asMember)).code).toBe('permission-denied');

    const admin = await call<{ token: string }>(
      emulators,
      'createInvitation',
      { kind: 'club', clubId, role: 'ADMIN' },
      seeded.organizer,
    );
    const bo = await person('bo', 'Bo Admin');
    await call(emulators, 'acceptInvitation', { kind: 'club', clubId, token: admin.token }, bo);
    expect(await memberOf(bo.uid)).toMatchObject({ role: 'ADMIN', displayName: 'Bo Admin' });
    expect((await roleOf(bo.uid))?.editor).toBe(true);
    const byAdmin = call(emulators, 'createInvitation', { kind: 'club', clubId, role: 'ADMIN' }, bo);
    expect((await refusal(byAdmin)).code).toBe('permission-denied');
  });

  it('only the people who run the tournament or the club read invitations; nobody writes them', async () => {
    const { token } = await invite(seeded.organizer);
    const club = await call<{ token: string }>(
      emulators,
      'createInvitation',
      { kind: 'club', clubId, role: 'MEMBER' },
      seeded.organizer,
    );
    const keeper = await person('reader-keeper');
    await accept(keeper, token);
    const organizer = await clientAs(seeded.organizer);
    const player = await clientAs(seeded.participants[0]!.account);
    const scorekeeper = await clientAs(keeper);
    const stranger = await clientAs(await person('stranger'));
    const visitor = await clientAs(null);
    const one = paths.tournamentInvitation(tournamentId, token);
    const clubOne = paths.clubInvitation(clubId, club.token);
    expect(await outcome(getDoc(doc(organizer, one)))).toBe('accepted');
    expect(await outcome(getDoc(doc(organizer, clubOne)))).toBe('accepted');
    expect((await getDocs(collection(organizer, paths.tournamentInvitations(tournamentId)))).size).toBeGreaterThan(0);
    // The player is a member of the club but does not run it.
    for (const db of [player, scorekeeper, stranger, visitor]) {
      expect(await outcome(getDoc(doc(db, one)))).toBe('permission-denied');
      expect(await outcome(getDocs(collection(db, paths.tournamentInvitations(tournamentId))))).toBe(
        'permission-denied',
      );
      expect(await outcome(getDoc(doc(db, clubOne)))).toBe('permission-denied');
      expect(await outcome(getDocs(collection(db, paths.clubInvitations(clubId))))).toBe('permission-denied');
    }
    const forged = {
      token,
      role: 'SCOREKEEPER',
      createdAt: 0,
      expiresAt: 9e12,
      maxUses: 100,
      acceptedBy: [],
      revoked: false,
    };
    for (const db of [organizer, player, stranger, visitor]) {
      expect(await outcome(setDoc(doc(db, one), forged))).toBe('permission-denied');
      expect(await outcome(deleteDoc(doc(db, one)))).toBe('permission-denied');
      expect(await outcome(setDoc(doc(db, clubOne), { ...forged, role: 'ADMIN' }))).toBe('permission-denied');
    }
  });
});
