/**
 * Emulator Suite tier, with the deployed score trigger and firestore.rules: confirmation by the opponent and the
 * history of a result as phones write them (the stock modular client SDK in Node, one app per person), on a
 * tournament seeded through the real callables (docs/results.md#confirmation-by-the-opponent,
 * docs/results.md#who-changed-a-result).
 *
 * - Without confirmation, the loser flipping 5-3 to 3-5 is kept with the role of each writer, for the organizer
 *   only; no client writes the history, not even the organizer.
 * - With it, a player writes only their own report, and a result only when the opponent's report agrees; the
 *   confirmed result reaches the standings; a dispute does not and is a score problem until the organizer
 *   settles it; a settled result stays when a player reports again.
 */
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MatchUpResult, type ReportSide, reportWrite } from '@competition/engine';
import { type MatchUpDoc, paths, type ResultChangeDoc } from '@competition/engine/schemas';
import {
  type Account,
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  playerOf,
  readRow,
  seedTournament,
  waitFor,
  whyNoEmulators,
} from '../../../testing/stack.js';
import { clientApps, outcome } from './clients.js';

const skipReason = whyNoEmulators();
if (skipReason) console.warn(`[confirmation.test.ts] skipped: ${skipReason}`);

let emulators: Emulators;
let seeded: SeededTournament;

interface Phone {
  db: Firestore;
}

const clients = clientApps('phone', () => emulators);

async function phoneOf(account: Account): Promise<Phone> {
  return { db: await clients.firestoreAs(account) };
}

const played = (a: number, b: number): MatchUpResult => ({ kind: 'PLAYED', score: { a, b } });

const matchUpRef = (phone: Phone, matchUpId: string) => doc(phone.db, paths.matchUp(seeded.tournamentId, matchUpId));

/** A report as the dashboard writes it (web/src/data/writes.ts writeReport). */
async function report(phone: Phone, matchUpId: string, side: ReportSide, result: MatchUpResult | null) {
  const stored = (await getDoc(matchUpRef(phone, matchUpId))).data() as MatchUpDoc;
  const next = reportWrite(stored, side, result);
  const entered = next.result === stored.result && next.scoredBy === stored.scoredBy && next.scoredBy !== null;
  const counted = entered
    ? {}
    : { result: next.result, scoredBy: next.scoredBy, scoredAt: next.result === null ? null : serverTimestamp() };
  return updateDoc(matchUpRef(phone, matchUpId), { [`reports.${side}`]: result, ...counted });
}

async function problemOf(matchUpId: string) {
  return (await adminFirestore().doc(paths.scoreProblem(seeded.tournamentId, matchUpId)).get()).data();
}

const inOrder = (entries: ResultChangeDoc[]) => entries.sort((x, y) => x.at.localeCompare(y.at));

async function historyOf(phone: Phone, matchUpId: string): Promise<ResultChangeDoc[]> {
  const snapshot = await getDocs(
    query(collection(phone.db, paths.resultChanges(seeded.tournamentId)), where('matchUpId', '==', matchUpId)),
  );
  return inOrder(snapshot.docs.map((d) => d.data() as ResultChangeDoc));
}

/**
 * The history as stored, where who may read it is not the question. The Firestore emulator now and then breaks a
 * client's listen stream ("Received message larger than max") and the client waits a minute before it reconnects.
 */
async function storedHistoryOf(matchUpId: string): Promise<ResultChangeDoc[]> {
  const snapshot = await adminFirestore()
    .collection(paths.resultChanges(seeded.tournamentId))
    .where('matchUpId', '==', matchUpId)
    .get();
  return inOrder(snapshot.docs.map((d) => d.data() as ResultChangeDoc));
}

describe.skipIf(Boolean(skipReason))('confirmation by the opponent and who changed a result, from phones', () => {
  let organizer: Phone;
  let games: MatchUpDoc[];
  const players = new Map<string, Phone>();
  const phoneFor = (game: MatchUpDoc, side: 'a' | 'b') => players.get(`${game.matchUpId}-${side}`)!;

  beforeAll(async () => {
    emulators = await discoverEmulators();
    seeded = await seedTournament(emulators, { label: 'confirm', players: 6 });
    games = seeded.round1.filter((m) => m.b !== null);
    expect(games).toHaveLength(3);
    organizer = await phoneOf(seeded.organizer);
    for (const game of games)
      for (const side of ['a', 'b'] as const)
        players.set(`${game.matchUpId}-${side}`, await phoneOf(playerOf(seeded, game, side).account));
  });

  afterAll(async () => {
    await clients.closeAll();
    await closeAdmin();
  });

  it('without confirmation, the loser flipping 5-3 to 3-5 is kept for the organizer, by side', async () => {
    const game = games[0]!;
    const sign = (phone: Phone, result: MatchUpResult, scoredBy: 'SIDE_A' | 'SIDE_B') =>
      updateDoc(matchUpRef(phone, game.matchUpId), { result, scoredBy, scoredAt: serverTimestamp() });
    await sign(phoneFor(game, 'a'), played(5, 3), 'SIDE_A');
    await sign(phoneFor(game, 'b'), played(3, 5), 'SIDE_B');
    const kept = await waitFor(
      'two changes in the history',
      () => historyOf(organizer, game.matchUpId),
      (h) => h.length === 2,
    );
    expect(kept.map(({ changes, by }) => ({ changes, by }))).toEqual([
      { changes: [{ field: 'result', before: null, after: played(5, 3) }], by: 'SIDE_A' },
      { changes: [{ field: 'result', before: played(5, 3), after: played(3, 5) }], by: 'SIDE_B' },
    ]);

    // The history is the organizer's to read, and nobody's to write.
    expect(await outcome(historyOf(phoneFor(game, 'a'), game.matchUpId))).toBe('permission-denied');
    const forged = { matchUpId: game.matchUpId, roundNumber: 1, changes: [], by: null, at: '2026-01-01T00:00:00Z' };
    const forgedPath = paths.resultChange(seeded.tournamentId, 'forged');
    expect(await outcome(setDoc(doc(organizer.db, forgedPath), forged))).toBe('permission-denied');
    expect(await outcome(setDoc(doc(phoneFor(game, 'b').db, forgedPath), forged))).toBe('permission-denied');
    const [first] = await getDocs(
      query(
        collection(organizer.db, paths.resultChanges(seeded.tournamentId)),
        where('matchUpId', '==', game.matchUpId),
      ),
    ).then((s) => s.docs);
    expect(await outcome(updateDoc(first!.ref, { by: 'EDITOR' }))).toBe('permission-denied');
  });

  it('with confirmation, a player writes only their own report, and the result only once both agree', async () => {
    const tournament = doc(organizer.db, paths.tournament(seeded.tournamentId));
    const game = games[1]!;
    const a = phoneFor(game, 'a');
    const b = phoneFor(game, 'b');
    expect(await outcome(updateDoc(doc(a.db, paths.tournament(seeded.tournamentId)), { confirmScores: true }))).toBe(
      'permission-denied',
    );
    expect(await outcome(updateDoc(tournament, { confirmScores: true }))).toBe('accepted');

    const direct = { result: played(5, 3), scoredBy: 'SIDE_A', scoredAt: serverTimestamp() };
    expect(await outcome(updateDoc(matchUpRef(a, game.matchUpId), direct)), 'a result without reports').toBe(
      'permission-denied',
    );
    expect(
      await outcome(updateDoc(matchUpRef(a, game.matchUpId), { 'reports.b': played(5, 3) })),
      "the opponent's report",
    ).toBe('permission-denied');
    expect(
      await outcome(updateDoc(matchUpRef(a, game.matchUpId), { 'reports.a': played(5, 3), ...direct })),
      'a result the opponent has not reported',
    ).toBe('permission-denied');
    expect(
      await outcome(updateDoc(matchUpRef(a, game.matchUpId), { 'reports.a': played(6, 3) })),
      'a report the engine refuses',
    ).toBe('permission-denied');

    expect(await outcome(report(a, game.matchUpId, 'a', played(5, 3)))).toBe('accepted');
    const winner = playerOf(seeded, game, 'a').participantId;
    await waitFor(
      'the first report in the history',
      () => historyOf(organizer, game.matchUpId),
      (h) => h.length === 1,
    );
    expect((await readRow(seeded.tournamentId, winner))?.wins).toBe(0);

    expect(await outcome(report(b, game.matchUpId, 'b', played(5, 3)))).toBe('accepted');
    const row = await waitFor(
      'the confirmed win in the standings',
      () => readRow(seeded.tournamentId, winner),
      (r) => r?.wins === 1,
    );
    expect(row).toMatchObject({ wins: 1, matchPoints: 3, pointsWon: 5, pointsLost: 3 });
  });

  it('a dispute does not count, is a score problem until the organizer settles it, and the settled result stays', async () => {
    const game = games[2]!;
    const a = phoneFor(game, 'a');
    const b = phoneFor(game, 'b');
    const sideA = playerOf(seeded, game, 'a').participantId;
    const sideB = playerOf(seeded, game, 'b').participantId;
    expect(await outcome(report(a, game.matchUpId, 'a', played(5, 1)))).toBe('accepted');
    expect(await outcome(report(b, game.matchUpId, 'b', played(1, 5)))).toBe('accepted');
    const problem = await waitFor(
      'the dispute on the desk',
      () => problemOf(game.matchUpId),
      (p) => p?.kind === 'DISPUTED',
    );
    expect(problem?.message).toContain('the first player reported 5-1, the second 1-5');
    expect((await readRow(seeded.tournamentId, sideA))?.wins).toBe(0);
    expect((await readRow(seeded.tournamentId, sideB))?.wins).toBe(0);

    await call(
      emulators,
      'recordScore',
      { tournamentId: seeded.tournamentId, matchUpId: game.matchUpId, result: played(5, 2) },
      seeded.organizer,
    );
    await waitFor(
      'the dispute to be settled',
      () => problemOf(game.matchUpId),
      (p) => p === undefined,
    );
    await waitFor(
      'the settled result in the standings',
      () => readRow(seeded.tournamentId, sideA),
      (r) => r?.wins === 1 && r.pointsLost === 2,
    );

    // A player reporting again is kept beside the settled result, which stays; taking it over is refused.
    expect(await outcome(report(b, game.matchUpId, 'b', played(2, 5)))).toBe('accepted');
    const stored = (await adminFirestore().doc(paths.matchUp(seeded.tournamentId, game.matchUpId)).get()).data();
    expect(stored).toMatchObject({ result: played(5, 2), scoredBy: 'EDITOR' });
    expect(
      await outcome(
        updateDoc(matchUpRef(b, game.matchUpId), {
          'reports.b': played(2, 5),
          result: null,
          scoredBy: null,
          scoredAt: null,
        }),
      ),
    ).toBe('permission-denied');
    const kept = await waitFor(
      'the settled game’s history',
      () => storedHistoryOf(game.matchUpId),
      (h) => h.length === 4,
    );
    // Each entry carries its event's time; the emulator stamps delivery, so two close writes may swap places.
    expect(kept.map((h) => h.by).sort()).toEqual(['EDITOR', 'SIDE_A', 'SIDE_B', 'SIDE_B']);
    expect(kept.find((h) => h.by === 'EDITOR')?.changes).toEqual([
      { field: 'result', before: null, after: played(5, 2) },
    ]);
  });
});
