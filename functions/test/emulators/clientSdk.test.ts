/**
 * Emulator Suite tier, mobile/Node client: the stock modular client SDK (firebase/app, auth, firestore,
 * functions) in Node, against the Auth, Functions and Firestore emulators, on a tournament seeded through the
 * real callables (stack.ts). What a player's or organizer's app does, and what it must be refused:
 *
 * - a player signs in, writes the score of their own matchUp with `updateDoc` (firestore.rules judge it), and
 *   their standings row, derived by the deployed trigger, arrives through `onSnapshot`;
 * - a signed-in stranger writing the same matchUp gets permission-denied, and nothing changes;
 * - the organizer's `generateNextRound` is refused while round 1 is open, and makes round 2 once it is scored;
 *   round 1 is then closed to corrections.
 *
 * Runs only inside `firebase emulators:exec` (it says why and skips otherwise).
 */
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import {
  type DocumentData,
  type Firestore,
  type Unsubscribe,
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  onSnapshot,
  query,
  serverTimestamp,
  terminate,
  updateDoc,
  where,
} from 'firebase/firestore';
import { type Functions, connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scorerOf } from '@competition/engine';
import { type MatchUpDoc, paths, type TournamentRoleDoc } from '@competition/engine/schemas';
import {
  type Account,
  type Emulators,
  type RowNumbers,
  type SeededTournament,
  FAKE_API_KEY,
  REGION,
  closeAdmin,
  discoverEmulators,
  origin,
  playerOf,
  readMatchUp,
  readRow,
  rowNumbers,
  seedTournament,
  waitFor,
  whyNoEmulators,
} from '../../../testing/stack.js';
import { WAIT_MS } from '../../../testing/wait.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[clientSdk.test.ts] skipped: ${skipReason}`);

interface Client {
  app: FirebaseApp;
  db: Firestore;
  functions: Functions;
  uid: string;
}

const clients: Client[] = [];
let emulators: Emulators;
let seeded: SeededTournament;

/** One app per person, as each person runs their own phone: separate auth state, separate Firestore cache. */
async function clientFor(
  name: string,
  signIn: (auth: ReturnType<typeof getAuth>) => Promise<{ user: { uid: string } }>,
): Promise<Client> {
  const app = initializeApp(
    { projectId: emulators.projectId, apiKey: FAKE_API_KEY },
    `${name}-${Math.random().toString(36).slice(2, 8)}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, origin(emulators.auth), { disableWarnings: true });
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulators.firestore.host, emulators.firestore.port);
  const functions = getFunctions(app, REGION);
  connectFunctionsEmulator(functions, emulators.functions.host, emulators.functions.port);
  const { user } = await signIn(auth);
  const client = { app, db, functions, uid: user.uid };
  clients.push(client);
  return client;
}

const signInAs = (account: Account) => (auth: ReturnType<typeof getAuth>) =>
  signInWithEmailAndPassword(auth, account.email, account.password);

/** Every snapshot of one document, kept as it arrives, so a test can wait for the one it expects. */
function watch(
  db: Firestore,
  path: string,
): { seen: (DocumentData | undefined)[]; stop: Unsubscribe; errors: Error[] } {
  const seen: (DocumentData | undefined)[] = [];
  const errors: Error[] = [];
  const stop = onSnapshot(
    doc(db, path),
    (snapshot) => seen.push(snapshot.data()),
    (error) => errors.push(error),
  );
  return { seen, stop, errors };
}

/** The error code a rejected client-SDK promise carries ('permission-denied', 'functions/failed-precondition'...). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? `no code: ${String(error)}`;
  }
  return 'accepted';
}

const played = (a: number, b: number) => ({ kind: 'PLAYED', score: { a, b } }) as const;

/**
 * A score as the phone app writes it: straight into the matchUp, through the rules, signed with the role the
 * writer's own role document gives them in this game (none for a stranger, whom the rules then refuse).
 */
async function writeScore(
  client: Client,
  tournamentId: string,
  matchUpId: string,
  result: ReturnType<typeof played>,
): Promise<void> {
  const matchUp = doc(client.db, paths.matchUp(tournamentId, matchUpId));
  const [sides, role] = await Promise.all([
    getDoc(matchUp),
    getDoc(doc(client.db, paths.role(tournamentId, client.uid))).catch(() => undefined),
  ]);
  const scoredBy = scorerOf(role?.data() as TournamentRoleDoc | undefined, sides.data() as MatchUpDoc);
  await updateDoc(matchUp, { result, scoredBy, scoredAt: serverTimestamp() });
}

describe.skipIf(Boolean(skipReason))('the Node client SDK on the Emulator Suite', () => {
  let game: MatchUpDoc; // round 1, board 1
  let other: MatchUpDoc; // round 1, board 2
  let player: Client; // side a of `game`
  let playerId: string;
  let opponentId: string;

  beforeAll(async () => {
    emulators = await discoverEmulators();
    seeded = await seedTournament(emulators, { label: 'node', players: 4 });
    [game, other] = seeded.round1 as [MatchUpDoc, MatchUpDoc];
    const a = playerOf(seeded, game, 'a');
    playerId = a.participantId;
    opponentId = playerOf(seeded, game, 'b').participantId;
    player = await clientFor('player', signInAs(a.account));
    expect(player.uid).toBe(a.account.uid);
  });

  afterAll(async () => {
    for (const client of clients) {
      await terminate(client.db);
      await deleteApp(client.app);
    }
    await closeAdmin();
  });

  it('a player writes their own score with updateDoc and their standings row arrives through onSnapshot', async () => {
    const row = watch(player.db, paths.standing(seeded.tournamentId, playerId));
    try {
      // The row addParticipants wrote: nothing played yet.
      await waitFor(
        'the first snapshot of the row',
        () => row.seen.length,
        (n) => n > 0,
        WAIT_MS,
      );
      expect(rowNumbers(row.seen[0])).toEqual({
        matchPoints: 0,
        wins: 0,
        losses: 0,
        draws: 0,
        pointsWon: 0,
        pointsLost: 0,
      });

      await writeScore(player, seeded.tournamentId, game.matchUpId, played(5, 3));

      // 5-3 reaches the target of 5: a win, 3 match points under REDEMPTION.
      const expected: RowNumbers = { matchPoints: 3, wins: 1, losses: 0, draws: 0, pointsWon: 5, pointsLost: 3 };
      // Waits for the first snapshot that counts a game (the trigger writes the row once), then compares it.
      const last = await waitFor(
        `the standings row of ${playerId} to count a game`,
        () => rowNumbers(row.seen.at(-1)),
        (numbers) => (numbers?.wins ?? 0) + (numbers?.losses ?? 0) + (numbers?.draws ?? 0) > 0,
        WAIT_MS,
        20,
      );
      expect(last).toEqual(expected);
      expect(row.errors).toEqual([]);
      // The loser's row moved with it (the trigger applied the whole result, not half of it).
      expect(await readRow(seeded.tournamentId, opponentId)).toEqual({
        matchPoints: 0,
        wins: 0,
        losses: 1,
        draws: 0,
        pointsWon: 3,
        pointsLost: 5,
      });
    } finally {
      row.stop();
    }
  });

  it('a signed-in stranger writing the same matchUp gets permission-denied, and nothing changes', async () => {
    const stranger = await clientFor('stranger', (auth) =>
      createUserWithEmailAndPassword(
        auth,
        `stranger-${Math.random().toString(36).slice(2, 8)}@example.com`,
        'a-test-password',
      ),
    );
    expect(seeded.participants.map((p) => p.account.uid)).not.toContain(stranger.uid);
    const before = await readRow(seeded.tournamentId, playerId);

    const code = await refusal(writeScore(stranger, seeded.tournamentId, game.matchUpId, played(0, 5)));
    expect(code).toBe('permission-denied');

    const matchUp = await readMatchUp(seeded.tournamentId, game.matchUpId);
    expect(matchUp?.result).toEqual(played(5, 3));
    expect(matchUp?.scoredBy).toBe('SIDE_A');
    expect(JSON.stringify(matchUp)).not.toContain(player.uid);
    expect(await readRow(seeded.tournamentId, playerId)).toEqual(before);
    // The stranger may read the public results, though: the refusal is about writing.
    expect((await getDoc(doc(stranger.db, paths.standing(seeded.tournamentId, playerId)))).data()?.matchPoints).toBe(3);
    // Nor may they run the tournament.
    const generate = httpsCallable(stranger.functions, 'generateNextRound');
    expect(await refusal(generate({ tournamentId: seeded.tournamentId, requestId: 'stranger-round' }))).toBe(
      'functions/permission-denied',
    );
  });

  it('the organizer generates round 2 with httpsCallable once round 1 is scored, and round 1 closes', async () => {
    const organizer = await clientFor('organizer', signInAs(seeded.organizer));
    const generate = httpsCallable<
      { tournamentId: string; requestId: string },
      { roundNumber: number; matchUps: number; repeated: boolean }
    >(organizer.functions, 'generateNextRound');
    const requestId = `round-2-${Math.random().toString(36).slice(2, 8)}`;

    // Board 2 has no result yet: the next round must wait.
    expect(await refusal(generate({ tournamentId: seeded.tournamentId, requestId: `${requestId}-early` }))).toBe(
      'functions/failed-precondition',
    );

    // Board 2's player scores it from their own phone.
    const otherPlayer = await clientFor('other-player', signInAs(playerOf(seeded, other, 'a').account));
    await writeScore(otherPlayer, seeded.tournamentId, other.matchUpId, played(5, 1));

    // The organizer's app lists round 2's matchUps as they appear.
    const round2: MatchUpDoc[][] = [];
    const stop = onSnapshot(
      query(collection(organizer.db, paths.matchUps(seeded.tournamentId)), where('roundNumber', '==', 2)),
      (snapshot) => round2.push(snapshot.docs.map((d) => d.data() as MatchUpDoc)),
    );
    try {
      const { data } = await generate({ tournamentId: seeded.tournamentId, requestId });
      expect(data).toMatchObject({ roundNumber: 2, matchUps: 2, repeated: false });
      const listed = await waitFor(
        "round 2 in the organizer's listener",
        () => round2.at(-1) ?? [],
        (m) => m.length === 2,
        WAIT_MS,
        20,
      );
      // Swiss, avoiding repeats: round 2 pairs winners with winners and nobody meets their round-1 opponent.
      const firstOpponents = new Set(seeded.round1.map((m) => [m.a, m.b].sort().join('|')));
      for (const matchUp of listed) {
        expect(matchUp.result).toBeNull();
        expect(firstOpponents.has([matchUp.a, matchUp.b].sort().join('|'))).toBe(false);
      }
    } finally {
      stop();
    }

    const tournament = (await getDoc(doc(organizer.db, paths.tournament(seeded.tournamentId)))).data();
    expect(tournament).toMatchObject({ status: 'RUNNING', currentRound: 2 });
    expect((await getDoc(doc(organizer.db, paths.round(seeded.tournamentId, 1)))).data()?.status).toBe('CLOSED');

    // A retried click (same requestId) returns the same round instead of pairing round 3.
    expect((await generate({ tournamentId: seeded.tournamentId, requestId })).data).toMatchObject({
      roundNumber: 2,
      repeated: true,
    });

    // Round 1 is closed: its player can no longer change the score.
    const code = await refusal(writeScore(player, seeded.tournamentId, game.matchUpId, played(3, 5)));
    expect(code).toBe('permission-denied');
    expect((await readMatchUp(seeded.tournamentId, game.matchUpId))?.result).toEqual(played(5, 3));
  });
});
