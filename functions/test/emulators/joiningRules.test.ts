/**
 * Emulator Suite tier: what firestore.rules let people do with self-registration and check-in. A registration is
 * read by its author and the tournament's editors only, and written by nobody but the backend; a player checks in
 * only as their own entry, only while the tournament asks for check-in, and never checks out; the organizer ticks
 * anyone.
 */
import { type RulesTestEnvironment, assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { type Firestore, collection, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLOSED_JOINING } from '@competition/engine';
import { paths } from '@competition/engine/schemas';
import { triggersOffForTheFile } from '../support/emulator.js';
import { type Actor, UIDS, buildWorld, seedDocuments, startRulesEnvironment, clientAs } from './support.js';

let env: RulesTestEnvironment;
const world = buildWorld();
const t = world.ids.tournamentId;
const mine = paths.registration(t, 'r-other');
const someoneElses = paths.registration(t, 'r-member');

const registration = (registrationId: string, uid: string) => ({
  registrationId,
  uid,
  tournamentId: t,
  name: 'Walk In',
  status: 'PENDING',
  registeredAt: '2025-06-01T09:00:00.000Z',
});

async function seed(joining = { ...CLOSED_JOINING, registration: 'APPROVAL', checkIn: true }, status = 'RUNNING') {
  await env.clearFirestore();
  await seedDocuments(env, {
    ...world.documents,
    [paths.tournament(t)]: { ...world.documents[paths.tournament(t)], joining, status },
    [mine]: registration('r-other', UIDS.other),
    [someoneElses]: registration('r-member', UIDS.clubMember),
  });
}

const dbAs = (actor: Actor): Firestore => clientAs(env, actor);

const checkIn = (actor: Actor, participantId: string, checkedIn: boolean | string = true) =>
  updateDoc(doc(dbAs(actor), paths.participant(t, participantId)), { checkedIn });

triggersOffForTheFile();

beforeAll(async () => {
  env = await startRulesEnvironment();
});

afterAll(async () => {
  await env?.cleanup();
});

describe('registrations', () => {
  beforeAll(() => seed());

  it('are read by their author and the tournament editors, and by nobody else', async () => {
    await assertSucceeds(getDoc(doc(dbAs('other'), mine)));
    await assertSucceeds(getDoc(doc(dbAs('owner'), mine)));
    await assertSucceeds(getDoc(doc(dbAs('clubAdmin'), mine)));
    for (const actor of ['anonymous', 'player', 'scorekeeper', 'clubMember'] as const)
      await assertFails(getDoc(doc(dbAs(actor), mine)));
    await assertFails(getDoc(doc(dbAs('other'), someoneElses)));
  });

  it('are listed whole by editors; an author lists only their own', async () => {
    const all = await getDocs(collection(dbAs('owner'), paths.registrations(t)));
    expect(all.docs.map((d) => d.id).sort()).toEqual(['r-member', 'r-other']);
    const own = await getDocs(query(collection(dbAs('other'), paths.registrations(t)), where('uid', '==', UIDS.other)));
    expect(own.docs.map((d) => d.id)).toEqual(['r-other']);
    await assertFails(getDocs(collection(dbAs('other'), paths.registrations(t))));
    await assertFails(
      getDocs(query(collection(dbAs('other'), paths.registrations(t)), where('uid', '==', UIDS.clubMember))),
    );
  });

  it('are written by nobody: not their author, not the organizer (the callables do)', async () => {
    await assertFails(setDoc(doc(dbAs('other'), paths.registration(t, 'r-new')), registration('r-new', UIDS.other)));
    await assertFails(updateDoc(doc(dbAs('other'), mine), { status: 'APPROVED' }));
    await assertFails(updateDoc(doc(dbAs('owner'), mine), { status: 'APPROVED' }));
  });
});

describe('check-in', () => {
  beforeEach(() => seed());

  it("lets a player check in as their own entry, and not as anyone else's", async () => {
    await assertSucceeds(checkIn('player', world.ids.participantId));
    await assertFails(checkIn('player', world.ids.opponentId));
    await assertFails(checkIn('other', world.ids.participantId));
    await assertFails(checkIn('scorekeeper', world.ids.participantId));
    await assertFails(checkIn('anonymous', world.ids.participantId));
  });

  it('lets a player neither check out nor change anything else on the way', async () => {
    await assertFails(checkIn('player', world.ids.participantId, false));
    await assertFails(checkIn('player', world.ids.participantId, 'yes'));
    await assertFails(
      updateDoc(doc(dbAs('player'), paths.participant(t, world.ids.participantId)), {
        checkedIn: true,
        name: 'Someone Else',
      }),
    );
  });

  it('lets the organizer tick and untick anyone, with a yes or a no only', async () => {
    await assertSucceeds(checkIn('owner', world.ids.opponentId));
    await assertSucceeds(checkIn('clubAdmin', world.ids.opponentId, false));
    await assertFails(checkIn('owner', world.ids.opponentId, 'yes'));
  });

  it('refuses a player when the tournament does not ask for check-in, or is over', async () => {
    await seed(CLOSED_JOINING);
    await assertFails(checkIn('player', world.ids.participantId));
    await seed(undefined, 'CLOSED');
    await assertFails(checkIn('player', world.ids.participantId));
  });
});
