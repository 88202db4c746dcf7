/**
 * Emulator Suite tier: what firestore.rules let people do at the judge's desk (docs/judging.md). A player of a game
 * calls a judge to its table while the round is open, and again once the call is closed; staff take and close
 * calls and give extra minutes; nobody else writes one, and a player never gives their own table minutes. A
 * penalty is read by staff and the penalized player only, and written by no client. A deck list is written by its
 * player (and staff) until the deadline and read by them alone until the organizer publishes the lists; a deck
 * check is staff's alone.
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

  it('gets no extra minutes once its round or the tournament is closed, and is still closed by staff', async () => {
    const round = paths.round(t, 1);
    await seed({
      [round]: { ...world.documents[round], status: 'CLOSED' },
      [call]: { ...firstCall(), calledAt: new Date(), extensionMinutes: 3 },
    });
    await assertFails(updateDoc(doc(dbAs('owner'), call), { extensionMinutes: 8 }));
    await assertFails(updateDoc(doc(dbAs('scorekeeper'), call), { extensionMinutes: 0 }));
    await assertSucceeds(updateDoc(doc(dbAs('scorekeeper'), call), { status: 'CLOSED', closedAt: serverTimestamp() }));
    const tournament = paths.tournament(t);
    await seed({
      [tournament]: { ...world.documents[tournament], status: 'CLOSED' },
      [call]: { ...firstCall(), calledAt: new Date(), extensionMinutes: 3 },
    });
    await assertFails(updateDoc(doc(dbAs('owner'), call), { extensionMinutes: 8 }));
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

describe('a deck list', () => {
  const tournament = world.documents[paths.tournament(t)]!;
  const list = paths.deckList(t, world.ids.participantId);
  /** Lists on, round 1 not yet paired (a draft), with the settings given. */
  const beforeRound1 = (deckLists: Record<string, unknown> = {}) => ({
    [paths.tournament(t)]: { ...tournament, status: 'DRAFT', currentRound: 0, deckLists },
  });
  const written = (updatedBy = 'PLAYER', participantId = world.ids.participantId) => ({
    participantId,
    main: '4 Lightning Bolt\n20 Mountain',
    sideboard: '2 Duress',
    updatedAt: serverTimestamp(),
    updatedBy,
  });
  const stored = { ...written(), updatedAt: new Date('2025-06-01T08:00:00Z') };

  it('is written by its player before the deadline, and not for another player', async () => {
    await seed(beforeRound1());
    await assertSucceeds(setDoc(doc(dbAs('player'), list), written()));
    await assertSucceeds(setDoc(doc(dbAs('player'), list), { ...written(), sideboard: '' }));
    await assertFails(setDoc(doc(dbAs('opponent'), list), written()));
    const opponents = paths.deckList(t, world.ids.opponentId);
    await assertFails(setDoc(doc(dbAs('player'), opponents), written('PLAYER', world.ids.opponentId)));
    await assertFails(setDoc(doc(dbAs('player'), list), written('EDITOR')));
    await assertFails(setDoc(doc(dbAs('player'), list), { ...written(), main: '' }));
    await assertFails(setDoc(doc(dbAs('player'), list), { ...written(), main: 'x'.repeat(12_001) }));
    await assertFails(setDoc(doc(dbAs('player'), list), { ...written(), updatedAt: new Date() }));
  });

  it('is refused to the player once round 1 is paired, or from the organizer’s earlier time', async () => {
    await seed({ [paths.tournament(t)]: { ...tournament, deckLists: {} } });
    await assertFails(setDoc(doc(dbAs('player'), list), written()));
    await seed(beforeRound1({ deadlineAt: Date.now() - 60_000 }));
    await assertFails(setDoc(doc(dbAs('player'), list), written()));
    await seed(beforeRound1({ deadlineAt: Date.now() + 3_600_000 }));
    await assertSucceeds(setDoc(doc(dbAs('player'), list), written()));
  });

  it('is refused while the organizer has not turned lists on', async () => {
    await seed({ [paths.tournament(t)]: { ...tournament, status: 'DRAFT', currentRound: 0 } });
    await assertFails(setDoc(doc(dbAs('player'), list), written()));
  });

  it('is entered by staff before the deadline, signed with their role; after it only the callable changes it', async () => {
    await seed(beforeRound1());
    await assertSucceeds(setDoc(doc(dbAs('scorekeeper'), list), written('SCOREKEEPER')));
    await assertFails(setDoc(doc(dbAs('scorekeeper'), list), written('EDITOR')));
    await assertSucceeds(setDoc(doc(dbAs('owner'), list), written('EDITOR')));
    await assertFails(setDoc(doc(dbAs('owner'), paths.deckList(t, 'p-nobody')), written('EDITOR', 'p-nobody')));
    await seed({ [paths.tournament(t)]: { ...tournament, deckLists: {} }, [list]: stored });
    await assertFails(setDoc(doc(dbAs('owner'), list), written('EDITOR')));
    await assertFails(setDoc(doc(dbAs('scorekeeper'), list), written('SCOREKEEPER')));
  });

  it('is read by its player and staff only, until the organizer publishes the lists; then by anyone', async () => {
    await seed({ [paths.tournament(t)]: { ...tournament, deckLists: {} }, [list]: stored });
    for (const actor of ['player', 'owner', 'clubAdmin', 'scorekeeper'] as const)
      await assertSucceeds(getDoc(doc(dbAs(actor), list)));
    for (const actor of ['opponent', 'otherPlayer', 'clubMember', 'other', 'anonymous'] as const)
      await assertFails(getDoc(doc(dbAs(actor), list)));
    await assertSucceeds(getDocs(collection(dbAs('scorekeeper'), paths.deckLists(t))));
    await assertFails(getDocs(collection(dbAs('player'), paths.deckLists(t))));
    await seed({ [paths.tournament(t)]: { ...tournament, deckLists: { published: true } }, [list]: stored });
    await assertSucceeds(getDoc(doc(dbAs('opponent'), list)));
    await assertSucceeds(getDocs(collection(dbAs('anonymous'), paths.deckLists(t))));
  });

  it('has its change log read by staff only and written by no client', async () => {
    const change = paths.deckListChange(t, 'c1');
    const logged = { participantId: world.ids.participantId, by: 'SCOREKEEPER', at: new Date(), changes: [] };
    await seed({ [change]: logged });
    await assertSucceeds(getDoc(doc(dbAs('scorekeeper'), change)));
    await assertSucceeds(getDoc(doc(dbAs('owner'), change)));
    await assertFails(getDoc(doc(dbAs('player'), change)));
    await assertFails(setDoc(doc(dbAs('owner'), paths.deckListChange(t, 'c2')), logged));
  });
});

describe('a deck check', () => {
  const check = paths.deckCheck(t, world.ids.matchUpId);
  const recorded = (by = 'SCOREKEEPER') => ({
    matchUpId: world.ids.matchUpId,
    roundNumber: 1,
    outcome: 'OK',
    note: 'both decks as listed',
    by,
    checkedAt: serverTimestamp(),
  });
  beforeEach(() => seed());

  it('is recorded by staff for a table, signed with their role, and read by staff only', async () => {
    await assertFails(setDoc(doc(dbAs('player'), check), recorded()));
    await assertFails(setDoc(doc(dbAs('scorekeeper'), check), recorded('EDITOR')));
    await assertFails(setDoc(doc(dbAs('scorekeeper'), check), { ...recorded(), outcome: 'MAYBE' }));
    await assertFails(setDoc(doc(dbAs('scorekeeper'), check), { ...recorded(), roundNumber: 2 }));
    await assertFails(
      setDoc(doc(dbAs('owner'), paths.deckCheck(t, world.ids.byeMatchUpId)), {
        ...recorded('EDITOR'),
        matchUpId: world.ids.byeMatchUpId,
      }),
    );
    await assertSucceeds(setDoc(doc(dbAs('scorekeeper'), check), recorded()));
    await assertSucceeds(updateDoc(doc(dbAs('owner'), check), { ...recorded('EDITOR'), outcome: 'PROBLEM' }));
    await assertSucceeds(getDoc(doc(dbAs('scorekeeper'), check)));
    await assertFails(getDoc(doc(dbAs('player'), check)));
    await assertFails(getDoc(doc(dbAs('anonymous'), check)));
  });
});

describe('the deck list settings', () => {
  const tournamentAs = (actor: Actor) => doc(dbAs(actor), paths.tournament(t));
  beforeEach(() => seed());

  it('turn lists on, set a deadline and publish them, for an editor only, each field checked', async () => {
    await assertFails(updateDoc(tournamentAs('scorekeeper'), { deckLists: {} }));
    await assertFails(updateDoc(tournamentAs('player'), { deckLists: { published: true } }));
    await assertFails(updateDoc(tournamentAs('owner'), { deckLists: { published: 'yes' } }));
    await assertFails(updateDoc(tournamentAs('owner'), { deckLists: { deadlineAt: 1.5 } }));
    await assertFails(updateDoc(tournamentAs('owner'), { deckLists: { open: true } }));
    await assertSucceeds(updateDoc(tournamentAs('owner'), { deckLists: { deadlineAt: Date.now(), published: false } }));
    await assertSucceeds(updateDoc(tournamentAs('clubAdmin'), { deckLists: { published: true } }));
  });
});
