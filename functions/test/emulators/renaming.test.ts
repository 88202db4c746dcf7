/**
 * Emulator Suite tier: a renamed account's name reaches the documents that show it to others, through the real
 * refreshDisplayName callable (docs/joining.md#renaming). A scorekeeper who joined by invitation and a player who
 * claimed an entry rename themselves on their Auth profile; their roles and club memberships then carry the new
 * name. The name comes from the caller's own profile only, so no account renames another's copies.
 */
import { doc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_JOINING } from '@competition/engine';
import { paths } from '@competition/engine/schemas';
import { copyDisplayName } from '../../src/services/displayNames.js';
import {
  type Account,
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  nameAccount,
  refusal,
  seedTournament,
  signUp,
  whyNoEmulators,
} from '../../../testing/stack.js';
import { clientApps, outcome } from './clients.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[renaming.test.ts] skipped: ${skipReason}`);

let emulators: Emulators;
const clients = clientApps('renaming', () => emulators);

interface Renamed {
  displayName: string | null;
  updated: number;
}

describe.skipIf(Boolean(skipReason))('renaming an account on the Emulator Suite', () => {
  let seeded: SeededTournament;
  let tournamentId: string;
  let secondId: string;
  let clubId: string;
  let keeper: Account;

  const person = async (label: string, displayName?: string) => {
    const account = await signUp(emulators, `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`);
    if (displayName) await nameAccount(emulators, account, displayName);
    return account;
  };
  const refresh = (caller: Account, data: unknown = {}) => call<Renamed>(emulators, 'refreshDisplayName', data, caller);
  const roleIn = async (t: string, uid: string) => (await adminFirestore().doc(paths.role(t, uid)).get()).data();
  const memberOf = async (uid: string) => (await adminFirestore().doc(paths.clubMember(clubId, uid)).get()).data();
  const acceptScorekeeping = async (t: string, account: Account) => {
    const { token } = await call<{ token: string }>(
      emulators,
      'createInvitation',
      { kind: 'tournament', tournamentId: t, role: 'SCOREKEEPER' },
      seeded.organizer,
    );
    await call(emulators, 'acceptInvitation', { kind: 'tournament', tournamentId: t, token }, account);
  };

  beforeAll(async () => {
    emulators = await discoverEmulators();
    seeded = await seedTournament(emulators, { label: 'renaming', players: 2 });
    ({ tournamentId, clubId } = seeded);
    ({ tournamentId: secondId } = await call<{ tournamentId: string }>(
      emulators,
      'createTournament',
      {
        championshipId: seeded.championshipId,
        date: '2025-06-08',
        description: 'Second open',
        policy: 'REDEMPTION',
        pairing: { method: 'SWISS', options: {} },
        totalRounds: 3,
      },
      seeded.organizer,
    ));
    // p2 enters without an account: a player claims it below. On a loaded machine the Functions emulator can take
    // longer than a call's timeout to start a function's worker; unlinking is idempotent, so a second try is safe.
    const unlink = () =>
      call(emulators, 'linkParticipantAccount', { tournamentId, participantId: 'p2', uid: null }, seeded.organizer);
    await unlink().catch(unlink);
    keeper = await person('keeper', 'Grace Scorer');
    await acceptScorekeeping(tournamentId, keeper);
    await acceptScorekeeping(secondId, keeper);
    const { token } = await call<{ token: string }>(
      emulators,
      'createInvitation',
      { kind: 'club', clubId, role: 'MEMBER' },
      seeded.organizer,
    );
    await call(emulators, 'acceptInvitation', { kind: 'club', clubId, token }, keeper);
  });

  afterAll(async () => {
    await clients.closeAll();
    await closeAdmin();
  });

  it('a scorekeeper who joined by invitation renames: both tournaments and the club show the new name', async () => {
    expect(await roleIn(tournamentId, keeper.uid)).toMatchObject({ scorekeeper: true, displayName: 'Grace Scorer' });
    await nameAccount(emulators, keeper, 'Grace Hopper');
    // The profile alone does not reach the copies: that is what the callable is for.
    expect((await roleIn(tournamentId, keeper.uid))?.displayName).toBe('Grace Scorer');

    expect(await refresh(keeper)).toEqual({ displayName: 'Grace Hopper', updated: 3 });
    expect(await roleIn(tournamentId, keeper.uid)).toMatchObject({ scorekeeper: true, displayName: 'Grace Hopper' });
    expect(await roleIn(secondId, keeper.uid)).toMatchObject({ scorekeeper: true, displayName: 'Grace Hopper' });
    expect(await memberOf(keeper.uid)).toMatchObject({ role: 'MEMBER', displayName: 'Grace Hopper' });
    // Again: nothing left to change.
    expect(await refresh(keeper)).toEqual({ displayName: 'Grace Hopper', updated: 0 });
  });

  it('a player who claimed an entry by code renames: the desk says the new name, the entry keeps its own', async () => {
    const player = await person('claimer', 'Old Nick');
    const code = (await adminFirestore().doc(paths.claimCode(tournamentId, 'p2')).get()).data()?.code as string;
    await call(emulators, 'claimEntry', { tournamentId, code }, player);
    expect(await roleIn(tournamentId, player.uid)).toMatchObject({ participantIds: ['p2'], displayName: 'Old Nick' });

    await nameAccount(emulators, player, 'New Nick');
    expect(await refresh(player)).toEqual({ displayName: 'New Nick', updated: 1 });
    expect(await roleIn(tournamentId, player.uid)).toMatchObject({ participantIds: ['p2'], displayName: 'New Nick' });
    expect((await adminFirestore().doc(paths.participant(tournamentId, 'p2')).get()).data()?.name).toBe('Player 2');
  });

  it("nobody renames someone else's copies: the name is the caller's own profile, never the request's", async () => {
    const mallory = await person('mallory', 'Mallory');
    const sent = await refusal(refresh(mallory, { displayName: 'Grace Hopper', uid: keeper.uid }));
    expect(sent.code).toBe('invalid-argument');
    // An account with no role renames nothing, and the scorekeeper's copies keep the scorekeeper's name.
    expect(await refresh(mallory)).toEqual({ displayName: 'Mallory', updated: 0 });
    expect((await roleIn(tournamentId, keeper.uid))?.displayName).toBe('Grace Hopper');
    expect((await memberOf(keeper.uid))?.displayName).toBe('Grace Hopper');
    expect((await refusal(call(emulators, 'refreshDisplayName', {}))).code).toBe('unauthenticated');
    // Nor may the account write a name onto its own role past the callable.
    const own = await clients.firestoreAs(keeper);
    const write = updateDoc(doc(own, paths.role(tournamentId, keeper.uid)), { displayName: 'Someone Else' });
    expect(await outcome(write)).toBe('permission-denied');
    expect((await roleIn(tournamentId, keeper.uid))?.displayName).toBe('Grace Hopper');
  });

  it('a self-registered player, entered at once or approved, joins under the name on their profile', async () => {
    const setJoining = (registration: string) =>
      call(
        emulators,
        'setJoiningOptions',
        { tournamentId: secondId, joining: { ...CLOSED_JOINING, registration } },
        seeded.organizer,
      );
    await setJoining('OPEN');
    const walkIn = await person('walk-in', 'Wally Walk');
    await call(emulators, 'register', { tournamentId: secondId, name: 'Walter Walk' }, walkIn);
    expect(await roleIn(secondId, walkIn.uid)).toMatchObject({ displayName: 'Wally Walk' });

    await setJoining('APPROVAL');
    const waiting = await person('waiting', 'Pat Pending');
    await call(emulators, 'register', { tournamentId: secondId, name: 'Patricia Pending' }, waiting);
    const registrations = await adminFirestore()
      .collection(paths.registrations(secondId))
      .where('uid', '==', waiting.uid)
      .get();
    const registrationId = registrations.docs[0]!.id;
    await call(
      emulators,
      'decideRegistration',
      { tournamentId: secondId, registrationId, approve: true },
      seeded.organizer,
    );
    const role = await roleIn(secondId, waiting.uid);
    expect(role).toMatchObject({ displayName: 'Pat Pending' });
    expect(role?.participantIds).toHaveLength(1);
  });

  it('rewrites the copies page by page: a page of one document still reaches every copy', async () => {
    const db = adminFirestore();
    expect(await copyDisplayName(db, keeper.uid, 'Paged Grace', 1)).toBe(3);
    expect((await roleIn(tournamentId, keeper.uid))?.displayName).toBe('Paged Grace');
    expect((await roleIn(secondId, keeper.uid))?.displayName).toBe('Paged Grace');
    expect((await memberOf(keeper.uid))?.displayName).toBe('Paged Grace');
    // The organizer's roles and the player's stay as they were.
    expect((await roleIn(tournamentId, seeded.participants[0]!.account.uid))?.displayName).toBeUndefined();
  });
});
