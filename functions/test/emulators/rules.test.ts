/**
 * Emulator Suite tier: firestore.rules evaluated by the real Firestore emulator through
 * @firebase/rules-unit-testing. Run with `npm run test:emulators` (needs Java 21+); `npm test` type-checks it.
 *
 * The matrix: every actor x every collection x read / create / update / delete, each cell a test, then the
 * cases that matter most for scores (non-score fields, closed rounds and tournaments, invalid values).
 */
import { type RulesTestEnvironment, assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  type DocumentData,
  type Firestore,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { paths } from '../../src/model/paths.js';
import { backgroundTriggers } from '../support/emulatorEnv.js';
import { UIDS, type World, buildWorld, modular, seedDocuments, startRulesEnvironment } from './support.js';

const ACTORS = ['anonymous', 'other', 'player', 'otherPlayer', 'scorekeeper', 'clubMember', 'clubAdmin', 'owner'] as const;
type Actor = (typeof ACTORS)[number];
type Operation = 'read' | 'create' | 'update' | 'delete';

const uidOf = (actor: Actor): string | null => (actor === 'anonymous' ? null : UIDS[actor]);

const EVERYONE: readonly Actor[] = ACTORS;
const SIGNED_IN: readonly Actor[] = ACTORS.filter((actor) => actor !== 'anonymous');
const EDITORS: readonly Actor[] = ['clubAdmin', 'owner'];
const SCORERS: readonly Actor[] = ['player', 'scorekeeper', 'clubAdmin', 'owner'];
const NOBODY: readonly Actor[] = [];

let env: RulesTestEnvironment;
let world: World;
/** Set by a write test: the next test reseeds. Reads leave the data as it was. */
let dirty = true;

async function reseed(next: World = buildWorld()): Promise<void> {
  world = next;
  await env.clearFirestore();
  await seedDocuments(env, world.documents);
  dirty = false;
}

function dbAs(actor: Actor): Firestore {
  const uid = uidOf(actor);
  return modular(uid === null ? env.unauthenticatedContext() : env.authenticatedContext(uid));
}

const now = () => new Date().toISOString();

/** A score write as a client sends it: result, scoredBy (the writer), scoredAt. */
function scoreWrite(uid: string | null, result: unknown = { kind: 'PLAYED', score: { a: 5, b: 3 } }): DocumentData {
  return { result, scoredBy: uid, scoredAt: now() };
}

// The rules are judged alone: the score trigger stays off for the whole file (switching it back on reloads the
// Functions emulator, seconds per switch), and every case reseeds the data it needs.
beforeAll(async () => {
  await backgroundTriggers.disable();
  env = await startRulesEnvironment();
});

afterAll(async () => {
  await env?.cleanup();
  await backgroundTriggers.enable();
});

beforeEach(async () => {
  if (dirty) await reseed();
});

// ---------------------------------------------------------------- the matrix

interface CollectionCase {
  collection: string;
  /** The seeded document read, updated and deleted. */
  existing: (w: World) => string;
  /** A new document's path and a well-formed body, as the actor would create it. */
  created: (w: World, uid: string | null) => { path: string; data: DocumentData };
  /** A well-formed change, as the actor would send it. */
  change: (w: World, uid: string | null) => DocumentData;
  allowed: Record<Operation, readonly Actor[]>;
}

const t = (w: World) => w.ids.tournamentId;

const CASES: CollectionCase[] = [
  {
    collection: 'clubs',
    existing: (w) => paths.club(w.ids.clubId),
    created: (_w, uid) => ({ path: paths.club('c-new'), data: { clubId: 'c-new', name: 'New Club', ownerUid: uid ?? 'nobody' } }),
    change: () => ({ name: 'Renamed Club' }),
    allowed: { read: SIGNED_IN, create: SIGNED_IN, update: EDITORS, delete: ['owner'] },
  },
  {
    collection: 'championships',
    existing: (w) => paths.championship(w.ids.championshipId),
    created: (_w, uid) => ({
      path: paths.championship('ch-new'),
      data: { championshipId: 'ch-new', name: 'Autumn Series', ownerUid: uid ?? 'nobody', clubIds: [], closed: false },
    }),
    change: () => ({ name: 'Renamed Series' }),
    allowed: { read: SIGNED_IN, create: SIGNED_IN, update: EDITORS, delete: NOBODY },
  },
  {
    collection: 'tournamentKeys',
    existing: (w) => paths.tournamentKey(w.ids.championshipId, w.ids.tournamentKey),
    created: (w) => ({ path: paths.tournamentKey(w.ids.championshipId, '2025-07-01_summer'), data: { tournamentId: 't-new' } }),
    change: () => ({ tournamentId: 't-other' }),
    allowed: { read: SIGNED_IN, create: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'tournaments',
    existing: (w) => paths.tournament(t(w)),
    created: (w, uid) => ({
      path: paths.tournament('t-new'),
      data: { ...w.documents[paths.tournament(t(w))], tournamentId: 't-new', ownerUid: uid ?? 'nobody', editorUids: [uid ?? 'nobody'] },
    }),
    change: () => ({ location: 'Hall B' }),
    allowed: { read: EVERYONE, create: NOBODY, update: EDITORS, delete: NOBODY },
  },
  {
    collection: 'participants',
    existing: (w) => paths.participant(t(w), w.ids.participantId),
    created: (w) => ({ path: paths.participant(t(w), 'p-new'), data: { participantId: 'p-new', name: 'Late Entry', enteredRound: 2 } }),
    change: () => ({ name: 'Renamed Player' }),
    allowed: { read: EVERYONE, create: NOBODY, update: EDITORS, delete: NOBODY },
  },
  {
    collection: 'rounds',
    existing: (w) => paths.round(t(w), 1),
    created: (w) => ({
      path: paths.round(t(w), 2),
      data: { ...w.documents[paths.round(t(w), 1)], roundNumber: 2, requestId: 'req-round-2' },
    }),
    change: () => ({ notes: ['moved to hall B'] }),
    allowed: { read: EVERYONE, create: NOBODY, update: EDITORS, delete: NOBODY },
  },
  {
    collection: 'matchUps',
    existing: (w) => paths.matchUp(t(w), w.ids.matchUpId),
    created: (w, uid) => ({
      path: paths.matchUp(t(w), 'm-new'),
      data: { matchUpId: 'm-new', roundNumber: 1, order: 2, a: 'p-fourth', b: null, playerUids: uid ? [uid] : [], cost: {}, result: null, scoredBy: null, scoredAt: null },
    }),
    change: (_w, uid) => scoreWrite(uid),
    allowed: { read: EVERYONE, create: NOBODY, update: SCORERS, delete: NOBODY },
  },
  {
    collection: 'states',
    existing: (w) => paths.state(t(w), w.ids.participantId),
    created: (w) => ({ path: paths.state(t(w), 'p-new'), data: { ...w.documents[paths.state(t(w), w.ids.participantId)], participantId: 'p-new' } }),
    change: () => ({ matchPoints: 99 }),
    allowed: { read: EVERYONE, create: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'standings',
    existing: (w) => paths.standing(t(w), w.ids.participantId),
    created: (w) => ({
      path: paths.standing(t(w), 'p-new'),
      data: { ...w.documents[paths.standing(t(w), w.ids.participantId)], participantId: 'p-new' },
    }),
    change: () => ({ matchPoints: 99 }),
    allowed: { read: EVERYONE, create: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'applied',
    existing: (w) => paths.applied(t(w), w.ids.otherMatchUpId),
    created: (w) => ({
      path: paths.applied(t(w), w.ids.matchUpId),
      data: { ...w.documents[paths.applied(t(w), w.ids.otherMatchUpId)], matchUpId: w.ids.matchUpId },
    }),
    change: () => ({ roundNumber: 2 }),
    allowed: { read: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'scoreProblems',
    existing: (w) => paths.scoreProblem(t(w), w.ids.otherMatchUpId),
    created: (w) => ({
      path: paths.scoreProblem(t(w), w.ids.matchUpId),
      data: { ...w.documents[paths.scoreProblem(t(w), w.ids.otherMatchUpId)], matchUpId: w.ids.matchUpId },
    }),
    change: () => ({ message: 'nothing wrong' }),
    allowed: { read: EDITORS, create: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'requests',
    existing: (w) => paths.request(t(w), 'req-round-1'),
    created: (w) => ({ path: paths.request(t(w), 'req-new'), data: { done: true } }),
    change: () => ({ done: false }),
    allowed: { read: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY },
  },
];

function attempt(operation: Operation, actor: Actor, c: CollectionCase): Promise<unknown> {
  const db = dbAs(actor);
  const uid = uidOf(actor);
  switch (operation) {
    case 'read':
      return getDoc(doc(db, c.existing(world)));
    case 'create': {
      const { path, data } = c.created(world, uid);
      return setDoc(doc(db, path), data);
    }
    case 'update':
      return updateDoc(doc(db, c.existing(world)), c.change(world, uid));
    case 'delete':
      return deleteDoc(doc(db, c.existing(world)));
  }
}

describe.each(CASES)('$collection', (c) => {
  describe.each(['read', 'create', 'update', 'delete'] as const)('%s', (operation) => {
    it.each(ACTORS)(`as %s`, async (actor) => {
      if (operation !== 'read') dirty = true;
      const request = attempt(operation, actor, c);
      if (c.allowed[operation].includes(actor)) await assertSucceeds(request);
      else await assertFails(request);
    });
  });
});

// ---------------------------------------------------------------- scores: the cases that matter

describe('score writes', () => {
  afterEach(() => {
    dirty = true;
  });

  const matchUp = () => doc(dbAs('player'), paths.matchUp(world.ids.tournamentId, world.ids.matchUpId));

  it('let a player clear a result (null)', async () => {
    await assertSucceeds(updateDoc(matchUp(), scoreWrite(UIDS.player, null)));
  });

  it.each([
    ['a winner only', { winner: 'a' }],
    ['a draw', { kind: 'PLAYED', score: { a: 4, b: 4 }, winner: 'draw' }],
    ['a forfeit', { kind: 'FORFEIT_WIN', winner: 'a' }],
    ['fractional points', { kind: 'PLAYED', score: { a: 2.5, b: 0 } }],
    ['the largest score', { kind: 'PLAYED', score: { a: 10000, b: 0 } }],
  ])('accept %s', async (_name, result) => {
    await assertSucceeds(updateDoc(matchUp(), scoreWrite(UIDS.player, result)));
  });

  it.each([
    ['an unknown kind', { kind: 'WALKOVER', winner: 'a' }],
    ['a negative score', { kind: 'PLAYED', score: { a: -1, b: 5 } }],
    ['a score above 10000', { kind: 'PLAYED', score: { a: 10001, b: 0 } }],
    ['a score as text', { kind: 'PLAYED', score: { a: '5', b: 3 } }],
    ['a score missing a side', { kind: 'PLAYED', score: { a: 5 } }],
    ['a score with an extra side', { kind: 'PLAYED', score: { a: 5, b: 3, c: 1 } }],
    ['an unknown winner', { winner: 'x' }],
    ['an extra key', { kind: 'PLAYED', score: { a: 5, b: 3 }, note: 'gg' }],
    ['a result that is not a map', 'a won'],
    ['a result that is a list', [5, 3]],
  ])('refuse %s', async (_name, result) => {
    await assertFails(updateDoc(matchUp(), scoreWrite(UIDS.player, result)));
  });

  it('refuse a player changing a non-score field, alone or with a score', async () => {
    await assertFails(updateDoc(matchUp(), { b: 'p-fourth' }));
    await assertFails(updateDoc(matchUp(), { ...scoreWrite(UIDS.player), playerUids: [UIDS.player, UIDS.other] }));
    await assertFails(updateDoc(matchUp(), { ...scoreWrite(UIDS.player), roundNumber: 2 }));
  });

  it('refuse a score signed with another account, or unsigned', async () => {
    await assertFails(updateDoc(matchUp(), scoreWrite(UIDS.opponent)));
    await assertFails(updateDoc(matchUp(), { result: { winner: 'a' }, scoredBy: deleteField(), scoredAt: now() }));
  });

  it('refuse a scoredAt that is not a string', async () => {
    await assertFails(updateDoc(matchUp(), { ...scoreWrite(UIDS.player), scoredAt: 12 }));
  });

  it('refuse the player of another matchUp, and a player writing into the other matchUp', async () => {
    await assertFails(updateDoc(doc(dbAs('otherPlayer'), paths.matchUp(world.ids.tournamentId, world.ids.matchUpId)), scoreWrite(UIDS.otherPlayer)));
    await assertFails(updateDoc(doc(dbAs('player'), paths.matchUp(world.ids.tournamentId, world.ids.otherMatchUpId)), scoreWrite(UIDS.player)));
  });

  it('refuse every writer once the round is closed, editors and scorekeepers included', async () => {
    await reseed(buildWorld({ roundStatus: 'CLOSED' }));
    for (const actor of SCORERS) {
      const ref = doc(dbAs(actor), paths.matchUp(world.ids.tournamentId, world.ids.matchUpId));
      await assertFails(updateDoc(ref, scoreWrite(uidOf(actor))));
    }
  });

  it('refuse every writer unless the tournament is running', async () => {
    for (const status of ['DRAFT', 'CLOSED'] as const) {
      await reseed(buildWorld({ tournamentStatus: status }));
      for (const actor of SCORERS) {
        const ref = doc(dbAs(actor), paths.matchUp(world.ids.tournamentId, world.ids.matchUpId));
        await assertFails(updateDoc(ref, scoreWrite(uidOf(actor))));
      }
    }
  });

  it('let an editor reopen a closed round, after which the player can correct the score', async () => {
    await reseed(buildWorld({ roundStatus: 'CLOSED' }));
    await assertFails(updateDoc(matchUp(), scoreWrite(UIDS.player)));
    await assertSucceeds(updateDoc(doc(dbAs('clubAdmin'), paths.round(world.ids.tournamentId, 1)), { status: 'OPEN' }));
    await assertSucceeds(updateDoc(matchUp(), scoreWrite(UIDS.player)));
  });
});

// ---------------------------------------------------------------- edits: only the fields clients may touch

describe('edits', () => {
  afterEach(() => {
    dirty = true;
  });

  const tournamentAs = (actor: Actor) => doc(dbAs(actor), paths.tournament(world.ids.tournamentId));

  it('let editors change the descriptive fields and the scorekeepers of a tournament', async () => {
    await assertSucceeds(
      updateDoc(tournamentAs('owner'), {
        location: 'Hall C',
        socialUrl: 'https://example.org/spring-open',
        roundDurationMinutes: 45,
        preAlarmMinutes: 5,
        scorekeeperUids: [UIDS.scorekeeper, UIDS.clubMember],
      }),
    );
  });

  it.each([
    ['status', { status: 'CLOSED' }],
    ['editorUids', { editorUids: [UIDS.owner, UIDS.clubAdmin, UIDS.other] }],
    ['ownerUid', { ownerUid: UIDS.clubAdmin }],
    ['the description (half of the unique key: a callable renames)', { description: 'Renamed' }],
    ['the policy', { 'policy.processingGranularity': 'PER_ROUND' }],
    ['currentRound', { currentRound: 5 }],
    ['a socialUrl that is not http(s)', { socialUrl: 'javascript:alert(1)' }],
    ['a negative round duration', { roundDurationMinutes: -5 }],
    ['a fractional pre-alarm', { preAlarmMinutes: 2.5 }],
  ])('refuse an editor changing %s of a tournament', async (_name, change) => {
    await assertFails(updateDoc(tournamentAs('clubAdmin'), change));
  });

  it("refuse an editor changing a participant's rating or withdrawal (callables do)", async () => {
    const ref = doc(dbAs('owner'), paths.participant(world.ids.tournamentId, world.ids.participantId));
    await assertFails(updateDoc(ref, { rating: 2800 }));
    await assertFails(updateDoc(ref, { withdrawn: true }));
    await assertSucceeds(updateDoc(ref, { team: 'Knights', uid: UIDS.player }));
  });

  it("refuse an editor changing a round's generation record or giving it an unknown status", async () => {
    const ref = doc(dbAs('owner'), paths.round(world.ids.tournamentId, 1));
    await assertFails(updateDoc(ref, { seed: 7 }));
    await assertFails(updateDoc(ref, { status: 'DONE' }));
    await assertSucceeds(updateDoc(ref, { status: 'CLOSED' }));
  });

  it('let a club admin manage members but only the owner name admins; ownership never moves', async () => {
    const club = (actor: Actor) => doc(dbAs(actor), paths.club(world.ids.clubId));
    await assertSucceeds(updateDoc(club('clubAdmin'), { memberUids: [UIDS.clubMember, UIDS.other] }));
    await assertFails(updateDoc(club('clubAdmin'), { adminUids: [UIDS.clubAdmin, UIDS.other] }));
    await assertFails(updateDoc(club('clubMember'), { memberUids: [] }));
    await assertSucceeds(updateDoc(club('owner'), { adminUids: [UIDS.clubAdmin, UIDS.other] }));
    await assertFails(updateDoc(club('owner'), { ownerUid: UIDS.other }));
  });

  it('refuse a club created in the name of someone else', async () => {
    const ref = doc(dbAs('other'), paths.club('c-forged'));
    await assertFails(setDoc(ref, { clubId: 'c-forged', name: 'Forged', ownerUid: UIDS.owner }));
  });

  it('refuse a championship created already linked, or with its own editor list; links go through a callable', async () => {
    const ref = doc(dbAs('other'), paths.championship('ch-linked'));
    const base = { championshipId: 'ch-linked', name: 'Linked', ownerUid: UIDS.other };
    await assertFails(setDoc(ref, { ...base, clubIds: [world.ids.clubId] }));
    await assertFails(setDoc(ref, { ...base, editorUids: [UIDS.other] }));
    const owned = doc(dbAs('owner'), paths.championship(world.ids.championshipId));
    await assertFails(updateDoc(owned, { clubIds: [] }));
    await assertFails(updateDoc(owned, { editorUids: [UIDS.owner, UIDS.other] }));
    await assertSucceeds(updateDoc(owned, { closed: true }));
  });
});

// ---------------------------------------------------------------- queries: public results, private bookkeeping

describe('queries', () => {
  it('let anyone list the public collections of a tournament', async () => {
    for (const name of ['participants', 'rounds', 'matchUps', 'states', 'standings']) {
      await assertSucceeds(getDocs(collection(dbAs('anonymous'), paths.tournament(world.ids.tournamentId), name)));
    }
  });

  it('let nobody list the backend bookkeeping', async () => {
    for (const name of ['applied', 'requests']) {
      await assertFails(getDocs(collection(dbAs('owner'), paths.tournament(world.ids.tournamentId), name)));
    }
  });

  it('let only signed-in users list clubs and championships', async () => {
    await assertFails(getDocs(collection(dbAs('anonymous'), 'clubs')));
    await assertSucceeds(getDocs(collection(dbAs('other'), 'clubs')));
    await assertSucceeds(getDocs(collection(dbAs('other'), 'championships')));
  });
});
