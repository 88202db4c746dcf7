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
  query,
  serverTimestamp,
  setDoc,
  where,
  collectionGroup,
  updateDoc,
  Timestamp,
} from 'firebase/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolvePolicy } from '@competition/engine';
import { paths, TournamentRoleDoc } from '@competition/engine/schemas';
import { triggersOffForTheFile } from '../support/emulator.js';
import { ACCESS_TABLE, type AccessAction } from '../access/accessTable.js';
import {
  ACTORS,
  type Actor,
  UIDS,
  type World,
  buildWorld,
  scorerIn,
  seedDocuments,
  startRulesEnvironment,
  uidOf,
  clientAs,
} from './support.js';

type Operation = 'read' | 'create' | 'update' | 'delete';

const EVERYONE: readonly Actor[] = ACTORS;
const SIGNED_IN: readonly Actor[] = ACTORS.filter((actor) => actor !== 'anonymous');
const EDITORS: readonly Actor[] = ['owner', 'clubAdmin'];
const SCORERS: readonly Actor[] = ['owner', 'clubAdmin', 'scorekeeper', 'player', 'opponent'];
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

const dbAs = (actor: Actor): Firestore => clientAs(env, actor);

/**
 * A score write as a client sends it: the result signed with the writer's role in that game at the server's time,
 * or a cleared result with no signature.
 */
function scoreWrite(
  uid: string | null,
  result: unknown = { kind: 'PLAYED', score: { a: 5, b: 3 } },
  matchUpId = world.ids.matchUpId,
): DocumentData {
  return result === null
    ? { result, scoredBy: null, scoredAt: null }
    : { result, scoredBy: scorerIn(world, uid, matchUpId), scoredAt: serverTimestamp() };
}

// The rules are judged alone: the score trigger stays off for the whole file (switching it back on reloads the
// Functions emulator, seconds per switch), and every case reseeds the data it needs.
triggersOffForTheFile();

beforeAll(async () => {
  env = await startRulesEnvironment();
});

afterAll(async () => {
  await env?.cleanup();
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
    created: () => ({ path: paths.club('c-new'), data: { clubId: 'c-new', name: 'New Club' } }),
    change: () => ({ name: 'Renamed Club' }),
    allowed: { read: SIGNED_IN, create: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'members',
    existing: (w) => paths.clubMember(w.ids.clubId, UIDS.clubMember),
    created: (w, uid) => ({
      path: paths.clubMember(w.ids.clubId, uid ?? 'nobody'),
      data: { uid, clubId: w.ids.clubId, role: 'ADMIN' },
    }),
    change: () => ({ role: 'ADMIN' }),
    allowed: { read: ['clubMember', ...EDITORS], create: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'championships',
    existing: (w) => paths.championship(w.ids.championshipId),
    created: (_w, uid) => ({
      path: paths.championship('ch-new'),
      data: { championshipId: 'ch-new', name: 'Autumn Series', ownerUid: uid ?? 'nobody', clubIds: [], closed: false },
    }),
    change: () => ({ name: 'Renamed Series' }),
    allowed: { read: EVERYONE, create: NOBODY, update: EDITORS, delete: NOBODY },
  },
  {
    collection: 'editors',
    existing: (w) => paths.championshipEditor(w.ids.championshipId, UIDS.clubAdmin),
    created: (w, uid) => ({
      path: paths.championshipEditor(w.ids.championshipId, uid ?? 'nobody'),
      data: { uid, championshipId: w.ids.championshipId },
    }),
    change: () => ({ uid: UIDS.other }),
    allowed: { read: EDITORS, create: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'tournamentKeys',
    existing: (w) => paths.tournamentKey(w.ids.championshipId, w.ids.tournamentKey),
    created: (w) => ({
      path: paths.tournamentKey(w.ids.championshipId, '2025-07-01_summer'),
      data: { tournamentId: 't-new' },
    }),
    change: () => ({ tournamentId: 't-other' }),
    allowed: { read: SIGNED_IN, create: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'tournaments',
    existing: (w) => paths.tournament(t(w)),
    created: (w, uid) => ({
      path: paths.tournament('t-new'),
      data: { ...w.documents[paths.tournament(t(w))], tournamentId: 't-new', ownerUid: uid ?? 'nobody' },
    }),
    change: () => ({ location: 'Hall B' }),
    allowed: { read: EVERYONE, create: NOBODY, update: EDITORS, delete: NOBODY },
  },
  {
    collection: 'roles',
    existing: (w) => paths.role(t(w), UIDS.player),
    created: (w, uid) => ({
      path: paths.role(t(w), uid ?? 'nobody'),
      data: { uid, tournamentId: t(w), editor: true, scorekeeper: false, participantIds: [] },
    }),
    change: () => ({ participantIds: ['p-fourth'] }),
    allowed: { read: ['player', ...EDITORS], create: NOBODY, update: NOBODY, delete: NOBODY },
  },
  {
    collection: 'participants',
    existing: (w) => paths.participant(t(w), w.ids.participantId),
    created: (w) => ({
      path: paths.participant(t(w), 'p-new'),
      data: { participantId: 'p-new', name: 'Late Entry', enteredRound: 2 },
    }),
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
    change: () => ({ status: 'CLOSED' }),
    allowed: { read: EVERYONE, create: NOBODY, update: EDITORS, delete: NOBODY },
  },
  {
    collection: 'matchUps',
    existing: (w) => paths.matchUp(t(w), w.ids.matchUpId),
    created: (w) => ({
      path: paths.matchUp(t(w), 'm-new'),
      data: {
        matchUpId: 'm-new',
        roundNumber: 1,
        order: 3,
        a: 'p-fourth',
        b: null,
        cost: {},
        result: null,
        scoredBy: null,
        scoredAt: null,
      },
    }),
    change: (_w, uid) => scoreWrite(uid),
    allowed: { read: EVERYONE, create: NOBODY, update: SCORERS, delete: NOBODY },
  },
  {
    collection: 'states',
    existing: (w) => paths.state(t(w), w.ids.participantId),
    created: (w) => ({
      path: paths.state(t(w), 'p-new'),
      data: { ...w.documents[paths.state(t(w), w.ids.participantId)], participantId: 'p-new' },
    }),
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
    collection: 'standingsPages',
    existing: (w) => paths.standingsPage(t(w), 1),
    created: (w) => ({
      path: paths.standingsPage(t(w), 2),
      data: { ...w.documents[paths.standingsPage(t(w), 1)], page: 2 },
    }),
    change: () => ({ count: 5 }),
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
];

/**
 * Expects the request to go through or to be refused. A refused write changes nothing, so only a write that went
 * through (or was meant to be refused and was not) costs the next test a reseed: most cells of the matrices are
 * refusals, and reseeding after each made this file the slowest of the suite.
 */
async function judge(request: Promise<unknown>, allowed: boolean, writes: boolean): Promise<void> {
  try {
    if (allowed) await assertSucceeds(request);
    else await assertFails(request);
  } catch (error) {
    if (writes) dirty = true;
    throw error;
  }
  if (writes && allowed) dirty = true;
}

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
      await judge(attempt(operation, actor, c), c.allowed[operation].includes(actor), operation !== 'read');
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
    ['fractional points', { kind: 'PLAYED', score: { a: 2.5, b: 0 } }],
  ])('accept %s', async (_name, result) => {
    await assertSucceeds(updateDoc(matchUp(), scoreWrite(UIDS.player, result)));
  });

  it("take a forfeit from a scorekeeper, never from the game's player (docs/results.md#who-writes-a-result)", async () => {
    const forfeit = { kind: 'FORFEIT_WIN', winner: 'a' };
    await assertFails(updateDoc(matchUp(), scoreWrite(UIDS.player, forfeit)));
    const asKeeper = doc(dbAs('scorekeeper'), paths.matchUp(world.ids.tournamentId, world.ids.matchUpId));
    await assertSucceeds(updateDoc(asKeeper, scoreWrite(UIDS.scorekeeper, forfeit)));
    // Now staff's: the player neither replaces nor clears it.
    await assertFails(updateDoc(matchUp(), scoreWrite(UIDS.player, { kind: 'PLAYED', score: { a: 5, b: 0 } })));
    await assertFails(updateDoc(matchUp(), scoreWrite(UIDS.player, null)));
  });

  it('accept the largest score where the game has no target', async () => {
    await reseed(buildWorld({ policy: resolvePolicy('REDEMPTION', { scoringPolicy: { gameTarget: null } }) }));
    await assertSucceeds(updateDoc(matchUp(), scoreWrite(UIDS.player, { kind: 'PLAYED', score: { a: 10000, b: 0 } })));
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
    await assertFails(updateDoc(matchUp(), { ...scoreWrite(UIDS.player), cost: { rematch: 0 } }));
    await assertFails(updateDoc(matchUp(), { ...scoreWrite(UIDS.player), roundNumber: 2 }));
  });

  it('refuse a score signed with a role the writer does not hold, or unsigned, or with an account id', async () => {
    for (const scoredBy of ['SIDE_B', 'SCOREKEEPER', 'EDITOR', UIDS.player]) {
      await assertFails(updateDoc(matchUp(), { ...scoreWrite(UIDS.player), scoredBy }));
    }
    await assertSucceeds(updateDoc(matchUp(), { ...scoreWrite(UIDS.player), scoredBy: 'SIDE_A' }));
    await assertFails(
      updateDoc(matchUp(), { result: { winner: 'a' }, scoredBy: deleteField(), scoredAt: serverTimestamp() }),
    );
  });

  it('refuse a scoredAt that is not the server time', async () => {
    await assertFails(updateDoc(matchUp(), { ...scoreWrite(UIDS.player), scoredAt: 12 }));
  });

  it('refuse the player of another matchUp, and a player writing into the other matchUp', async () => {
    await assertFails(
      updateDoc(
        doc(dbAs('otherPlayer'), paths.matchUp(world.ids.tournamentId, world.ids.matchUpId)),
        scoreWrite(UIDS.otherPlayer),
      ),
    );
    await assertFails(
      updateDoc(
        doc(dbAs('player'), paths.matchUp(world.ids.tournamentId, world.ids.otherMatchUpId)),
        scoreWrite(UIDS.player, undefined, world.ids.otherMatchUpId),
      ),
    );
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

  it('refuse reopening a round of a closed tournament: the tournament is reopened first, by the callable', async () => {
    await reseed(buildWorld({ roundStatus: 'CLOSED', tournamentStatus: 'CLOSED' }));
    await assertFails(updateDoc(doc(dbAs('owner'), paths.round(world.ids.tournamentId, 1)), { status: 'OPEN' }));
  });
});

// ---------------------------------------------------------------- the shared allow/deny table

/** The rules' answer to each action of the shared table: the client write or read that action is. */
function attemptAction(action: AccessAction, actor: Actor): Promise<unknown> {
  const db = dbAs(actor);
  const uid = uidOf(actor);
  const { tournamentId, championshipId, clubId } = world.ids;
  const score = (matchUpId: string, result: unknown) =>
    updateDoc(doc(db, paths.matchUp(tournamentId, matchUpId)), scoreWrite(uid, result, matchUpId));
  switch (action) {
    case 'edit the tournament':
      return updateDoc(doc(db, paths.tournament(tournamentId)), { location: 'Hall B' });
    case 'read the tournament roles of others':
      return getDocs(collection(db, paths.roles(tournamentId)));
    case 'score the game of player and opponent':
      return score(world.ids.matchUpId, { kind: 'PLAYED', score: { a: 5, b: 3 } });
    case 'score the game of otherPlayer':
      return score(world.ids.otherMatchUpId, { kind: 'PLAYED', score: { a: 5, b: 3 } });
    case 'change the bye of byePlayer':
      return score(world.ids.byeMatchUpId, { kind: 'HALF_BYE' });
    case "read player's deck list before the lists are published":
      return getDoc(doc(db, paths.deckList(tournamentId, world.ids.participantId)));
    case 'edit the championship':
      return updateDoc(doc(db, paths.championship(championshipId)), { name: 'Renamed Series' });
    case 'run the club':
      return getDocs(collection(db, paths.clubMembers(clubId)));
  }
}

describe('the shared allow/deny table (permissions.ts answers the same in permissions.test.ts)', () => {
  describe.each(ACCESS_TABLE)('$action', ({ action, allowed }) => {
    it.each(ACTORS)('as %s', async (actor) => {
      await judge(attemptAction(action, actor), allowed.includes(actor), true);
    });
  });
});

// ---------------------------------------------------------------- edits: only the fields clients may touch

describe('edits', () => {
  afterEach(() => {
    dirty = true;
  });

  const tournamentAs = (actor: Actor) => doc(dbAs(actor), paths.tournament(world.ids.tournamentId));

  it('let editors change the descriptive fields of a tournament', async () => {
    await assertSucceeds(
      updateDoc(tournamentAs('owner'), {
        location: 'Hall C',
        socialUrl: 'https://example.org/spring-open?lang=en#round-2',
        roundDurationMinutes: 45,
        preAlarmMinutes: 5,
      }),
    );
  });

  it("let an editor, and no player, set the bye rules, each field of the engine's shape", async () => {
    const rules = { halfPointByes: 2, halfPointByesClosedLastRounds: 2, zeroPointByes: true, lateEntries: 'HALF_BYES' };
    await assertFails(updateDoc(tournamentAs('player'), { byeRules: rules }));
    await assertFails(updateDoc(tournamentAs('owner'), { byeRules: { ...rules, halfPointByes: 2.5 } }));
    await assertFails(updateDoc(tournamentAs('owner'), { byeRules: { ...rules, halfPointByes: 21 } }));
    await assertFails(updateDoc(tournamentAs('owner'), { byeRules: { ...rules, lateEntries: 'FULL_BYES' } }));
    await assertFails(updateDoc(tournamentAs('owner'), { byeRules: { ...rules, extra: 1 } }));
    await assertFails(updateDoc(tournamentAs('owner'), { byeRules: 'none' }));
    await assertSucceeds(updateDoc(tournamentAs('owner'), { byeRules: rules }));
    await assertSucceeds(updateDoc(tournamentAs('clubAdmin'), { byeRules: { zeroPointByes: false } }));
  });

  it('let an editor, and no player, turn "can I draw?" off and on, as true or false only', async () => {
    await assertFails(updateDoc(tournamentAs('player'), { cutOutlook: false }));
    await assertFails(updateDoc(tournamentAs('owner'), { cutOutlook: 'off' }));
    await assertSucceeds(updateDoc(tournamentAs('owner'), { cutOutlook: false }));
    await assertSucceeds(updateDoc(tournamentAs('clubAdmin'), { cutOutlook: true }));
  });

  it.each([
    ['status', { status: 'CLOSED' }],
    ['ownerUid', { ownerUid: UIDS.clubAdmin }],
    ['the scorekeepers (the setScorekeepers callable names them)', { scorekeeperUids: [UIDS.other] }],
    ['the editors', { editorUids: [UIDS.other] }],
    ['the description (half of the unique key: a callable renames)', { description: 'Renamed' }],
    ['the policy', { 'policy.processingGranularity': 'PER_ROUND' }],
    ['currentRound', { currentRound: 5 }],
    ['a socialUrl that is not http(s)', { socialUrl: 'javascript:alert(1)' }],
    ['a socialUrl the backend cannot read as an address', { socialUrl: 'https://%' }],
    ['a socialUrl with a space', { socialUrl: 'https://example.org/a b' }],
    ['a location that is not text', { location: 42 }],
    ['a negative round duration', { roundDurationMinutes: -5 }],
    ['a fractional pre-alarm', { preAlarmMinutes: 2.5 }],
    ['a pre-alarm longer than the round', { roundDurationMinutes: 40, preAlarmMinutes: 500 }],
    ['a pre-alarm as long as the round', { roundDurationMinutes: 40, preAlarmMinutes: 40 }],
  ])('refuse an editor changing %s of a tournament', async (_name, change) => {
    await assertFails(updateDoc(tournamentAs('clubAdmin'), change));
  });

  it("refuse an editor changing a participant's rating, withdrawal or account (callables do), or a blank name", async () => {
    const ref = doc(dbAs('owner'), paths.participant(world.ids.tournamentId, world.ids.participantId));
    await assertFails(updateDoc(ref, { rating: 2800 }));
    await assertFails(updateDoc(ref, { withdrawn: true }));
    await assertFails(updateDoc(ref, { uid: UIDS.other }));
    await assertFails(updateDoc(ref, { name: '   ' }));
    await assertFails(updateDoc(ref, { team: 'x'.repeat(201) }));
    await assertSucceeds(updateDoc(ref, { name: 'Player One', team: 'Knights', club: 'Chess Club', country: 'NL' }));
  });

  it('let an editor award byes only before round 1 is paired, and only 0 to 3 of them', async () => {
    const ref = () => doc(dbAs('owner'), paths.participant(world.ids.tournamentId, world.ids.participantId));
    // The world's tournament is running: round 1 is paired, so awarded byes are too late.
    await assertFails(updateDoc(ref(), { awardedByes: 2 }));
    await reseed(buildWorld({ tournamentStatus: 'DRAFT' }));
    await assertFails(updateDoc(ref(), { awardedByes: 4 }));
    await assertFails(updateDoc(ref(), { awardedByes: 1.5 }));
    await assertFails(updateDoc(ref(), { awardedByes: '2' }));
    await assertFails(updateDoc(doc(dbAs('player'), ref().path), { awardedByes: 1 }));
    await assertSucceeds(updateDoc(ref(), { awardedByes: 3 }));
    await assertSucceeds(updateDoc(ref(), { awardedByes: deleteField() }));
  });

  it("refuse an editor changing a round's generation record or notes, or giving it an unknown status", async () => {
    const ref = doc(dbAs('owner'), paths.round(world.ids.tournamentId, 1));
    await assertFails(updateDoc(ref, { seed: 7 }));
    await assertFails(updateDoc(ref, { notes: [42] }));
    await assertFails(updateDoc(ref, { status: 'DONE' }));
    await assertSucceeds(updateDoc(ref, { status: 'CLOSED' }));
  });

  it('refuse editors changing pairings directly: players, sides, cost terms, byes, edits, forbidden pairs (callables do)', async () => {
    const matchUp = doc(dbAs('owner'), paths.matchUp(world.ids.tournamentId, world.ids.matchUpId));
    await assertFails(updateDoc(matchUp, { b: 'p-fourth' }));
    await assertFails(updateDoc(matchUp, { a: world.ids.opponentId, b: world.ids.participantId }));
    await assertFails(updateDoc(matchUp, { movesFirst: world.ids.opponentId }));
    await assertFails(updateDoc(matchUp, { cost: { rematches: 0 } }));
    const round = doc(dbAs('clubAdmin'), paths.round(world.ids.tournamentId, 1));
    await assertFails(updateDoc(round, { byes: [world.ids.participantId] }));
    await assertFails(updateDoc(round, { waiting: [world.ids.participantId] }));
    await assertFails(updateDoc(round, { edits: [] }));
    await assertFails(
      updateDoc(tournamentAs('owner'), { forbiddenPairs: [{ a: world.ids.participantId, b: world.ids.opponentId }] }),
    );
  });

  it('refuse every direct write to clubs and their members: the callables keep the roles derived from them', async () => {
    await assertFails(setDoc(doc(dbAs('other'), paths.club('c-forged')), { clubId: 'c-forged', name: 'Forged' }));
    await assertFails(updateDoc(doc(dbAs('owner'), paths.club(world.ids.clubId)), { name: 'Renamed' }));
    await assertFails(deleteDoc(doc(dbAs('owner'), paths.club(world.ids.clubId))));
    const joined = doc(dbAs('other'), paths.clubMember(world.ids.clubId, UIDS.other));
    await assertFails(setDoc(joined, { uid: UIDS.other, clubId: world.ids.clubId, role: 'MEMBER' }));
    await assertFails(deleteDoc(doc(dbAs('clubMember'), paths.clubMember(world.ids.clubId, UIDS.clubMember))));
  });

  it('refuse championships created or linked directly; let editors rename, close and rate one', async () => {
    const ref = doc(dbAs('other'), paths.championship('ch-direct'));
    await assertFails(
      setDoc(ref, { championshipId: 'ch-direct', name: 'Direct', ownerUid: UIDS.other, clubIds: [], closed: false }),
    );
    const owned = doc(dbAs('clubAdmin'), paths.championship(world.ids.championshipId));
    await assertFails(updateDoc(owned, { clubIds: [] }));
    await assertFails(updateDoc(owned, { name: '  ' }));
    await assertFails(updateDoc(owned, { closed: 'yes' }));
    await assertSucceeds(updateDoc(owned, { name: 'Renamed Series', closed: true, rating: 'ELO' }));
  });
});

// ---------------------------------------------------------------- privacy: account ids stay private

describe('the shared round clock', () => {
  afterEach(() => {
    dirty = true;
  });
  const roundRef = (actor: Actor) => doc(dbAs(actor), paths.round(world.ids.tournamentId, 1));
  const start = { clock: { startedAt: serverTimestamp(), pausedAt: null, elapsedMs: 0 } };
  const storedClock = async () => {
    const snapshot = await getDoc(roundRef('owner'));
    return snapshot.get('clock') as { startedAt: Timestamp; pausedAt: Timestamp | null; elapsedMs: number };
  };

  it('let only editors start it, at the server time', async () => {
    for (const actor of ACTORS.filter((a) => !EDITORS.includes(a)))
      await assertFails(updateDoc(roundRef(actor), start));
    await assertFails(
      updateDoc(roundRef('owner'), { clock: { startedAt: Timestamp.fromMillis(0), pausedAt: null, elapsedMs: 0 } }),
    );
    await assertFails(updateDoc(roundRef('owner'), { clock: { ...start.clock, elapsedMs: 60_000 } }));
    await assertFails(updateDoc(roundRef('owner'), { clock: { ...start.clock, by: 'me' } }));
    await assertSucceeds(updateDoc(roundRef('clubAdmin'), start));
    expect((await storedClock()).startedAt).toBeInstanceOf(Timestamp);
  });

  it('let only editors pause and resume it, keeping what ran before the pause', async () => {
    await assertSucceeds(updateDoc(roundRef('owner'), start));
    const running = await storedClock();
    const pause = { clock: { ...running, pausedAt: serverTimestamp() } };
    for (const actor of ['scorekeeper', 'player', 'anonymous', 'other'] as const)
      await assertFails(updateDoc(roundRef(actor), pause));
    await assertFails(updateDoc(roundRef('owner'), { clock: { ...pause.clock, elapsedMs: 5 } }));
    await assertSucceeds(updateDoc(roundRef('owner'), pause));

    const paused = await storedClock();
    const ran = Math.floor(paused.pausedAt!.toMillis()) - Math.floor(paused.startedAt.toMillis());
    const resume = (elapsedMs: number) => ({ clock: { startedAt: serverTimestamp(), pausedAt: null, elapsedMs } });
    await assertFails(updateDoc(roundRef('scorekeeper'), resume(ran)));
    // (A resume with nothing elapsed is a fresh start, which editors may make too.)
    await assertFails(updateDoc(roundRef('owner'), resume(ran + 1)));
    await assertFails(updateDoc(roundRef('owner'), resume(ran + 60_000)));
    await assertSucceeds(updateDoc(roundRef('clubAdmin'), resume(ran)));
    expect(await storedClock()).toMatchObject({ pausedAt: null, elapsedMs: ran });
  });

  it('refuse a clock change together with another field, or on a closed tournament', async () => {
    await assertFails(updateDoc(roundRef('owner'), { ...start, status: 'CLOSED' }));
    await reseed(buildWorld({ tournamentStatus: 'CLOSED' }));
    await assertFails(updateDoc(roundRef('owner'), start));
  });
});

describe('privacy', () => {
  it('keep account ids out of every document a signed-out visitor can read', async () => {
    const visitor = dbAs('anonymous');
    const tournament = paths.tournament(world.ids.tournamentId);
    const read = [
      (await getDoc(doc(visitor, tournament))).data(),
      (await getDoc(doc(visitor, paths.championship(world.ids.championshipId)))).data(),
      ...(
        await Promise.all(
          ['participants', 'rounds', 'matchUps', 'states', 'standings', 'standingsPages'].map((name) =>
            getDocs(collection(visitor, tournament, name)),
          ),
        )
      ).flatMap((snapshot) => snapshot.docs.map((d) => d.data())),
    ];
    const text = JSON.stringify(read);
    // The owner's account is the one the tournament names as its organizer; nobody else's appears.
    const hidden = Object.values(UIDS).filter((uid) => uid !== UIDS.owner);
    expect(hidden.filter((uid) => text.includes(uid))).toEqual([]);
  });

  it("let a signed-in stranger read neither a club's members nor a championship's editors nor a tournament's roles", async () => {
    const stranger = dbAs('other');
    await assertSucceeds(getDoc(doc(stranger, paths.club(world.ids.clubId))));
    await assertFails(getDocs(collection(stranger, paths.clubMembers(world.ids.clubId))));
    await assertFails(getDocs(collection(stranger, paths.championshipEditors(world.ids.championshipId))));
    await assertFails(getDocs(collection(stranger, paths.roles(world.ids.tournamentId))));
  });

  it("let an account find its own clubs, championships and tournaments, and nobody else's", async () => {
    const member = dbAs('clubMember');
    const mine = await getDocs(query(collectionGroup(member, 'members'), where('uid', '==', UIDS.clubMember)));
    expect(mine.docs.map((d) => d.ref.path)).toEqual([paths.clubMember(world.ids.clubId, UIDS.clubMember)]);
    const player = dbAs('player');
    const roles = await getDocs(query(collectionGroup(player, 'roles'), where('uid', '==', UIDS.player)));
    expect(roles.docs.map((d) => TournamentRoleDoc.parse(d.data()).participantIds)).toEqual([
      [world.ids.participantId],
    ]);
    const admin = dbAs('clubAdmin');
    const edited = await getDocs(query(collectionGroup(admin, 'editors'), where('uid', '==', UIDS.clubAdmin)));
    expect(edited.docs.map((d) => d.ref.parent.parent?.id)).toEqual([world.ids.championshipId]);
    await assertFails(getDocs(query(collectionGroup(player, 'roles'), where('uid', '==', UIDS.opponent))));
  });
});

// ---------------------------------------------------------------- queries: public results, private bookkeeping

describe('queries', () => {
  it('let anyone list the public collections of a tournament', async () => {
    for (const name of ['participants', 'rounds', 'matchUps', 'states', 'standings', 'standingsPages']) {
      await assertSucceeds(getDocs(collection(dbAs('anonymous'), paths.tournament(world.ids.tournamentId), name)));
    }
  });

  it('let nobody list the backend bookkeeping', async () => {
    await assertFails(getDocs(collection(dbAs('owner'), paths.appliedMarkers(world.ids.tournamentId))));
  });

  it('let only signed-in users list clubs and championships', async () => {
    await assertFails(getDocs(collection(dbAs('anonymous'), 'clubs')));
    await assertSucceeds(getDocs(collection(dbAs('other'), 'clubs')));
    await assertSucceeds(getDocs(collection(dbAs('other'), 'championships')));
  });
});
