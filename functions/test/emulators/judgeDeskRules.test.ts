/**
 * Emulator Suite tier: what firestore.rules let people do at the judge's desk (docs/judging.md). A player of a game
 * calls a judge to its table while the round is open, and again once the call is closed; staff take and close
 * calls and give extra minutes; nobody else writes one, and a player never gives their own table minutes. A
 * penalty is read by staff and the penalized player only, and written by no client.
 */
import { type RulesTestEnvironment, assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  type Firestore,
  collection,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { paths } from '@competition/engine/schemas';
import { triggersOffForTheFile } from '../support/emulator.js';
import { type Actor, buildWorld, clientAs, seedDocuments, startRulesEnvironment } from './support.js';

let env: RulesTestEnvironment;
const world = buildWorld();
const t = world.ids.tournamentId;
const call = paths.judgeCall(t, world.ids.matchUpId);

const dbAs = (actor: Actor): Firestore => clientAs(env, actor);

/** A first call, as the phone of side `calledBy` writes it. */
const firstCall = (calledBy = 'SIDE_A') => ({
  matchUpId: world.ids.matchUpId,
  roundNumber: 1,
  status: 'OPEN',
  calledBy,
  calledAt: serverTimestamp(),
  calls: 1,
  extensionMinutes: 0,
});

async function seed(extra: Record<string, Record<string, unknown>> = {}) {
  await env.clearFirestore();
  await seedDocuments(env, { ...world.documents, ...extra });
}

triggersOffForTheFile();

beforeAll(async () => {
  env = await startRulesEnvironment();
});

afterAll(async () => {
  await env?.cleanup();
});

describe('a judge call', () => {
  beforeEach(() => seed());

  it('is made by a player of the game, as their own side, and read by anyone', async () => {
    await assertFails(setDoc(doc(dbAs('player'), call), firstCall('SIDE_B')));
    await assertFails(setDoc(doc(dbAs('otherPlayer'), call), firstCall('SIDE_A')));
    await assertFails(setDoc(doc(dbAs('player'), call), { ...firstCall(), extensionMinutes: 5 }));
    await assertFails(setDoc(doc(dbAs('player'), call), { ...firstCall(), status: 'CLOSED' }));
    await assertSucceeds(setDoc(doc(dbAs('player'), call), firstCall()));
    await assertSucceeds(getDoc(doc(dbAs('anonymous'), call)));
  });

  it('is not made for a bye, nor in a closed round', async () => {
    await assertFails(
      setDoc(doc(dbAs('byePlayer'), paths.judgeCall(t, world.ids.byeMatchUpId)), {
        ...firstCall(),
        matchUpId: world.ids.byeMatchUpId,
      }),
    );
    await seed({ [paths.round(t, 1)]: { ...world.documents[paths.round(t, 1)], status: 'CLOSED' } });
    await assertFails(setDoc(doc(dbAs('player'), call), firstCall()));
  });

  it('is taken, closed and given extra minutes by staff only', async () => {
    await assertSucceeds(setDoc(doc(dbAs('opponent'), call), firstCall('SIDE_B')));
    await assertFails(updateDoc(doc(dbAs('player'), call), { extensionMinutes: 5 }));
    await assertFails(updateDoc(doc(dbAs('otherPlayer'), call), { status: 'TAKEN', takenAt: serverTimestamp() }));
    await assertSucceeds(updateDoc(doc(dbAs('scorekeeper'), call), { status: 'TAKEN', takenAt: serverTimestamp() }));
    await assertFails(updateDoc(doc(dbAs('owner'), call), { extensionMinutes: 61 }));
    await assertFails(updateDoc(doc(dbAs('owner'), call), { extensionMinutes: 2.5 }));
    await assertSucceeds(
      updateDoc(doc(dbAs('owner'), call), { status: 'CLOSED', closedAt: serverTimestamp(), extensionMinutes: 5 }),
    );
  });

  it('is made again by a player once closed, keeping the minutes given', async () => {
    await assertSucceeds(setDoc(doc(dbAs('player'), call), firstCall()));
    await assertFails(updateDoc(doc(dbAs('player'), call), { status: 'OPEN', calledAt: serverTimestamp(), calls: 2 }));
    await assertSucceeds(
      updateDoc(doc(dbAs('owner'), call), { status: 'CLOSED', closedAt: serverTimestamp(), extensionMinutes: 5 }),
    );
    await assertFails(
      updateDoc(doc(dbAs('player'), call), {
        status: 'OPEN',
        calledAt: serverTimestamp(),
        calls: 2,
        extensionMinutes: 9,
      }),
    );
    await assertSucceeds(
      updateDoc(doc(dbAs('player'), call), { status: 'OPEN', calledAt: serverTimestamp(), calls: 2 }),
    );
  });
});

describe('a penalty', () => {
  const penalty = paths.penalty(t, 'pen-1');
  const stored = {
    penaltyId: 'pen-1',
    participantId: world.ids.participantId,
    roundNumber: 1,
    matchUpId: world.ids.matchUpId,
    infraction: 'Slow play',
    penalty: 'WARNING',
    note: '',
    by: 'SCOREKEEPER',
    at: '2025-06-01T10:00:00.000Z',
  };
  beforeAll(() => seed({ [penalty]: stored }));

  it('is read by staff and the penalized player, and by nobody else', async () => {
    await assertSucceeds(getDoc(doc(dbAs('owner'), penalty)));
    await assertSucceeds(getDoc(doc(dbAs('scorekeeper'), penalty)));
    await assertSucceeds(getDoc(doc(dbAs('player'), penalty)));
    const own = query(
      collection(dbAs('player'), paths.penalties(t)),
      where('participantId', '==', world.ids.participantId),
    );
    await assertSucceeds(getDocs(own));
    await assertFails(getDoc(doc(dbAs('opponent'), penalty)));
    await assertFails(getDoc(doc(dbAs('anonymous'), penalty)));
    await assertFails(getDocs(collection(dbAs('player'), paths.penalties(t))));
  });

  it('is written by no client: the recordPenalty callable writes it', async () => {
    await assertFails(setDoc(doc(dbAs('owner'), paths.penalty(t, 'pen-2')), { ...stored, penaltyId: 'pen-2' }));
    await assertFails(updateDoc(doc(dbAs('owner'), penalty), { penalty: 'MATCH_LOSS' }));
  });
});

describe('a table check-in', () => {
  const checkIn = paths.tableCheckIn(t, world.ids.matchUpId);
  const tournament = world.documents[paths.tournament(t)]!;
  const on = { [paths.tournament(t)]: { ...tournament, tableCheckIn: { graceMinutes: 10, absentees: 'DROPPED' } } };
  const first = (side: 'a' | 'b') => ({ matchUpId: world.ids.matchUpId, roundNumber: 1, [side]: serverTimestamp() });

  it('is each player marking their own side, once, while the tournament asks for it', async () => {
    await seed(on);
    await assertFails(setDoc(doc(dbAs('player'), checkIn), first('b')));
    await assertFails(setDoc(doc(dbAs('otherPlayer'), checkIn), first('a')));
    await assertSucceeds(setDoc(doc(dbAs('player'), checkIn), first('a')));
    await assertFails(updateDoc(doc(dbAs('player'), checkIn), { a: serverTimestamp() }));
    await assertFails(updateDoc(doc(dbAs('player'), checkIn), { b: serverTimestamp() }));
    await assertSucceeds(updateDoc(doc(dbAs('opponent'), checkIn), { b: serverTimestamp() }));
    await assertSucceeds(getDoc(doc(dbAs('anonymous'), checkIn)));
  });

  it('is refused while the tournament does not ask for it', async () => {
    await seed();
    await assertFails(setDoc(doc(dbAs('player'), checkIn), first('a')));
  });
});

describe('the judge desk settings', () => {
  const tournamentAs = (actor: Actor) => doc(dbAs(actor), paths.tournament(t));
  beforeEach(() => seed());

  it('turn table check-in on for an editor only, each field checked', async () => {
    await assertFails(updateDoc(tournamentAs('player'), { tableCheckIn: { graceMinutes: 10 } }));
    await assertFails(updateDoc(tournamentAs('owner'), { tableCheckIn: { graceMinutes: 61 } }));
    await assertFails(updateDoc(tournamentAs('owner'), { tableCheckIn: { graceMinutes: 10, absentees: 'GONE' } }));
    await assertSucceeds(updateDoc(tournamentAs('owner'), { tableCheckIn: { graceMinutes: 0, absentees: 'KEPT' } }));
  });
});
