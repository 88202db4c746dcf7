/**
 * Emulator Suite tier: roles that must not go stale, asked both ways — a direct client write judged by
 * firestore.rules, and a callable judged by permissions.ts — after the callables change who runs a club, who
 * plays as a participant, and which clubs a championship links. Both sides must give the same answer at once.
 * Also: clubs and championships exist only through callables, and account ids stay out of public documents.
 */
import {
  type Firestore,
  collection,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MatchUpDoc, paths, type RoundDoc } from '@competition/engine/schemas';
import {
  type Account,
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  playerOf,
  seedTournament,
  signUp,
  whyNoEmulators,
} from '../../../testing/stack.js';
import { clientApps, outcome } from './clients.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[roles.test.ts] skipped: ${skipReason}`);

interface Person {
  account: Account;
  db: Firestore;
}

let emulators: Emulators;

const clients = clientApps('roles', () => emulators);

async function person(account: Account): Promise<Person> {
  return { account, db: await clients.firestoreAs(account) };
}

const newAccount = (label: string) =>
  signUp(emulators, `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`);

describe.skipIf(Boolean(skipReason))('roles on the Emulator Suite', () => {
  let seeded: SeededTournament;
  let organizer: Account;
  const play = { kind: 'PLAYED', score: { a: 5, b: 2 } };

  beforeAll(async () => {
    emulators = await discoverEmulators();
    seeded = await seedTournament(emulators, { label: 'roles', players: 4 });
    organizer = seeded.organizer;
  });

  afterAll(async () => {
    await clients.closeAll();
    await closeAdmin();
  });

  /** What an editor can do, asked of the rules (a descriptive edit) and of a callable (an export). */
  async function edits(who: Person): Promise<{ rules: string; callable: string }> {
    const rules = await outcome(
      updateDoc(doc(who.db, paths.tournament(seeded.tournamentId)), { location: `Hall ${Date.now()}` }),
    );
    const callable = await outcome(
      call(emulators, 'exportTournament', { tournamentId: seeded.tournamentId }, who.account),
    );
    return { rules, callable };
  }

  it('a club admin named after the tournament was created edits it at once, and stops the moment they are removed', async () => {
    const admin = await person(await newAccount('late-admin'));
    expect(await edits(admin)).toEqual({ rules: 'permission-denied', callable: 'permission-denied' });

    await call(emulators, 'setClubMember', { clubId: seeded.clubId, uid: admin.account.uid, role: 'ADMIN' }, organizer);
    expect(await edits(admin)).toEqual({ rules: 'accepted', callable: 'accepted' });
    const championship = () =>
      updateDoc(doc(admin.db, paths.championship(seeded.championshipId)), { name: 'Renamed by the admin' });
    expect(await outcome(championship())).toBe('accepted');

    await call(emulators, 'setClubMember', { clubId: seeded.clubId, uid: admin.account.uid, role: null }, organizer);
    expect(await edits(admin)).toEqual({ rules: 'permission-denied', callable: 'permission-denied' });
    expect(await outcome(championship())).toBe('permission-denied');
  });

  it('only the club owner names admins; a member cannot promote anyone', async () => {
    const member = playerOf(seeded, seeded.round1[0]!, 'a').account;
    const candidate = await newAccount('candidate');
    const promote = (by: Account) =>
      call(emulators, 'setClubMember', { clubId: seeded.clubId, uid: candidate.uid, role: 'ADMIN' }, by);
    expect(await outcome(promote(member))).toBe('permission-denied');
    const keep = (by: Account) =>
      call(emulators, 'setClubMember', { clubId: seeded.clubId, uid: organizer.uid, role: 'MEMBER' }, by);
    expect(await outcome(keep(organizer))).toBe('failed-precondition');
  });

  it("a participant re-linked to a new account: the old account can no longer score the participant's game, the new one can", async () => {
    const game: MatchUpDoc = seeded.round1[1]!;
    const previous = playerOf(seeded, game, 'a');
    const oldPhone = await person(previous.account);
    const newPhone = await person(await newAccount('new-phone'));
    // Each phone claims the side it was told it plays: the old one too, from before the re-link.
    const score = (who: Person) =>
      updateDoc(doc(who.db, paths.matchUp(seeded.tournamentId, game.matchUpId)), {
        result: play,
        scoredBy: 'SIDE_A',
        scoredAt: serverTimestamp(),
      });
    const record = (who: Person) =>
      call(
        emulators,
        'recordScore',
        { tournamentId: seeded.tournamentId, matchUpId: game.matchUpId, result: play },
        who.account,
      );

    expect(await outcome(score(newPhone))).toBe('permission-denied');
    await call(
      emulators,
      'linkParticipantAccount',
      { tournamentId: seeded.tournamentId, participantId: previous.participantId, uid: newPhone.account.uid },
      organizer,
    );

    expect(await outcome(score(oldPhone))).toBe('permission-denied');
    expect(await outcome(record(oldPhone))).toBe('permission-denied');
    expect(await outcome(score(newPhone))).toBe('accepted');
    expect(await outcome(record(newPhone))).toBe('accepted');
  });

  it('a second club linked to the championship: its admin edits the championship and creates a tournament in it', async () => {
    const otherAdmin = await person(await newAccount('other-club-admin'));
    const { clubId } = await call<{ clubId: string }>(
      emulators,
      'createClub',
      { name: 'Second Club', adminUids: [otherAdmin.account.uid] },
      organizer,
    );
    const rename = () =>
      updateDoc(doc(otherAdmin.db, paths.championship(seeded.championshipId)), { name: 'Renamed by the second club' });
    const create = () =>
      call(
        emulators,
        'createTournament',
        { championshipId: seeded.championshipId, date: '2025-09-14', description: 'Second club night' },
        otherAdmin.account,
      );
    expect([await outcome(rename()), await outcome(create())]).toEqual(['permission-denied', 'permission-denied']);

    await call(emulators, 'linkClub', { championshipId: seeded.championshipId, clubId }, organizer);
    expect([await outcome(rename()), await outcome(create())]).toEqual(['accepted', 'accepted']);
  });

  it('nobody links a club they do not run, nor into a championship they do not edit', async () => {
    const stranger = await newAccount('stranger');
    const { clubId } = await call<{ clubId: string }>(emulators, 'createClub', { name: 'Stranger Club' }, stranger);
    expect(
      await outcome(call(emulators, 'linkClub', { championshipId: seeded.championshipId, clubId }, stranger)),
    ).toBe('permission-denied');
    expect(
      await outcome(call(emulators, 'linkClub', { championshipId: seeded.championshipId, clubId }, organizer)),
    ).toBe('permission-denied');
  });

  it('clubs: created with a generated id through the callable only, never deleted while linked, left by a member', async () => {
    const stranger = await person(await newAccount('club-squatter'));
    expect(await outcome(setDoc(doc(stranger.db, paths.club('any-id')), { clubId: 'any-id', name: 'Squatted' }))).toBe(
      'permission-denied',
    );
    expect(await outcome(call(emulators, 'deleteClub', { clubId: seeded.clubId }, organizer))).toBe(
      'failed-precondition',
    );
    expect((await adminFirestore().doc(paths.club(seeded.clubId)).get()).exists).toBe(true);

    const { clubId } = await call<{ clubId: string }>(
      emulators,
      'createClub',
      { name: 'Short-lived' },
      stranger.account,
    );
    expect(clubId).not.toBe('any-id');
    await call(emulators, 'deleteClub', { clubId }, stranger.account);
    expect((await adminFirestore().collection(paths.clubMembers(clubId)).get()).size).toBe(0);

    const member = await person(playerOf(seeded, seeded.round1[0]!, 'b').account);
    const own = doc(member.db, paths.clubMember(seeded.clubId, member.account.uid));
    expect((await getDoc(own)).data()).toMatchObject({ role: 'MEMBER' });
    await call(emulators, 'leaveClub', { clubId: seeded.clubId }, member.account);
    expect((await getDoc(own)).exists()).toBe(false);
    expect(await outcome(call(emulators, 'leaveClub', { clubId: seeded.clubId }, organizer))).toBe(
      'failed-precondition',
    );
  });

  it("keeps every player's and club admin's account id out of what a signed-out visitor reads", async () => {
    const visitor = await clients.firestoreAs(null);
    // A game its player scored from their phone, and one the organizer entered.
    const [byPlayer, byOrganizer] = seeded.round1 as [MatchUpDoc, MatchUpDoc];
    const phone = await person(playerOf(seeded, byPlayer, 'b').account);
    await updateDoc(doc(phone.db, paths.matchUp(seeded.tournamentId, byPlayer.matchUpId)), {
      result: play,
      scoredBy: 'SIDE_B',
      scoredAt: serverTimestamp(),
    });
    await call(
      emulators,
      'recordScore',
      { tournamentId: seeded.tournamentId, matchUpId: byOrganizer.matchUpId, result: play },
      organizer,
    );
    // A club admin pairs the next round: the round is public, the admin's account id must not be.
    const clubAdmin = await newAccount('pairing-admin');
    await call(emulators, 'setClubMember', { clubId: seeded.clubId, uid: clubAdmin.uid, role: 'ADMIN' }, organizer);
    const requestId = `admin-round-${clubAdmin.uid.slice(0, 8)}`;
    await call(
      emulators,
      'generateNextRound',
      { tournamentId: seeded.tournamentId, requestId, force: true },
      clubAdmin,
    );
    const tournament = paths.tournament(seeded.tournamentId);
    const rounds = (await getDocs(collection(visitor, tournament, 'rounds'))).docs.map((d) => d.data() as RoundDoc);
    expect(rounds.map((r) => [r.roundNumber, r.generatedBy])).toEqual([
      [1, 'OWNER'],
      [2, 'EDITOR'],
    ]);
    const read = [(await getDoc(doc(visitor, tournament))).data()];
    for (const name of ['participants', 'rounds', 'matchUps', 'states', 'standings']) {
      read.push(...(await getDocs(collection(visitor, tournament, name))).docs.map((d) => d.data()));
    }
    const text = JSON.stringify(read);
    const accounts = [...seeded.participants.map((p) => p.account.uid), clubAdmin.uid];
    expect(accounts.filter((uid) => text.includes(uid))).toEqual([]);
    // The organizer is public as the tournament's owner, but their scores are signed by role.
    const games = (await getDocs(collection(visitor, tournament, 'matchUps'))).docs.map((d) => d.data());
    expect(games.find((m) => m.matchUpId === byPlayer.matchUpId)?.scoredBy).toBe('SIDE_B');
    expect(games.find((m) => m.matchUpId === byOrganizer.matchUpId)?.scoredBy).toBe('EDITOR');
    expect(JSON.stringify(games)).not.toContain(organizer.uid);
    expect(await outcome(getDocs(collection(visitor, paths.roles(seeded.tournamentId))))).toBe('permission-denied');
  });
});
