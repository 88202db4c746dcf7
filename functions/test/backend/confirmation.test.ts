/**
 * Confirmation by the opponent and the history of a result through the real score trigger (firebase-functions-test)
 * on the Firestore emulator, with the deployed trigger off for the file so events can be duplicated and reordered
 * on purpose (docs/results.md#confirmation-by-the-opponent, docs/results.md#who-changed-a-result).
 */
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { type MatchUpRecord, type MatchUpResult, reportWrite, resolvePolicy } from '@competition/engine';
import { paths } from '@competition/engine/schemas';
import { refs } from '../../src/firebase/refs.js';
import { replayTournament } from '../../src/services/replay.js';
import * as functions from '../../src/index.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest } from './harness.js';
import { seedTournament } from './seed.js';
import functionsTest from 'firebase-functions-test';

const fs = useEmulatorFirestore({ triggers: false });
const testEnv = functionsTest();
afterAll(() => {
  testEnv.cleanup();
  cleanupFunctionsTest();
});
const trigger = testEnv.wrap(functions.onMatchUpWritten) as unknown as (event: object) => Promise<unknown>;

const played = (a: number, b: number): MatchUpResult => ({ kind: 'PLAYED', score: { a, b } });
const players = ['p1', 'p2', 'p3', 'p4'].map((id) => ({ participantId: id, rating: 1500 }));
const round1: MatchUpRecord[] = [
  { matchUpId: 'm1', roundNumber: 1, order: 0, a: 'p1', b: 'p2', result: null },
  { matchUpId: 'm2', roundNumber: 1, order: 1, a: 'p3', b: 'p4', result: null },
];

async function seedConfirming(tournamentId: string, granularity: 'PER_MATCHUP' | 'PER_ROUND') {
  const policy = resolvePolicy('REDEMPTION', { processingGranularity: granularity });
  await seedTournament(fs.db, { tournamentId, policy, players, matchUps: round1 });
  await refs(fs.db).tournament(tournamentId).update({ confirmScores: true });
}

/**
 * A player's report written as the phone writes it (the rules' reportWrite, here past the rules), and the event it
 * makes: its id, and the document before and after.
 */
async function report(tournamentId: string, matchUpId: string, side: 'a' | 'b', result: MatchUpResult) {
  const ref = fs.db.doc(paths.matchUp(tournamentId, matchUpId));
  const before = await ref.get();
  const stored = (await refs(fs.db).matchUp(tournamentId, matchUpId).get()).data()!;
  const write = reportWrite(stored, side, result);
  await ref.update({ ...write, scoredAt: write.result === null ? null : new Date().toISOString() });
  return { before, after: await ref.get() };
}

let eventCount = 0;
function fire(tournamentId: string, matchUpId: string, event: { before: DocumentSnapshot; after: DocumentSnapshot }) {
  const id = `event-${++eventCount}`;
  const send = () =>
    trigger({ id, params: { tournamentId, matchUpId }, data: { before: event.before, after: event.after } });
  return { id, send };
}

async function row(tournamentId: string, participantId: string) {
  return (await refs(fs.db).standing(tournamentId, participantId).get()).data()!;
}

async function problem(tournamentId: string, matchUpId: string) {
  return (await refs(fs.db).scoreProblem(tournamentId, matchUpId).get()).data();
}

async function history(tournamentId: string) {
  return (await refs(fs.db).resultChanges(tournamentId).get()).docs.map((d) => d.data());
}

describe('confirmation by the opponent, through the score trigger', () => {
  it('a report waits; the confirmation counts once, however often its event comes, and each change is kept once', async () => {
    const t = 'confirmed';
    await seedConfirming(t, 'PER_MATCHUP');
    const first = fire(t, 'm1', await report(t, 'm1', 'a', played(5, 3)));
    await first.send();
    expect((await row(t, 'p1')).wins).toBe(0);

    const second = fire(t, 'm1', await report(t, 'm1', 'b', played(5, 3)));
    await second.send();
    await second.send();
    await first.send();
    await second.send();
    expect(await row(t, 'p1')).toMatchObject({ wins: 1, matchPoints: 3, pointsWon: 5, pointsLost: 3 });
    expect(await row(t, 'p2')).toMatchObject({ losses: 1, matchPoints: 0 });

    const kept = await history(t);
    expect(kept).toHaveLength(2);
    expect(kept.map((h) => h.by).sort()).toEqual(['SIDE_A', 'SIDE_B']);
    expect(kept.find((h) => h.by === 'SIDE_B')!.changes).toEqual([
      { field: 'result', before: null, after: played(5, 3) },
      { field: 'reportB', before: null, after: played(5, 3) },
    ]);
  });

  it('a replay of the standings counts what the trigger counts: a player’s unconfirmed result stays out', async () => {
    const t = 'replayed';
    await seedConfirming(t, 'PER_MATCHUP');
    // A player's result stored past the rules with his own report alone: the opponent has not confirmed it.
    const ref = fs.db.doc(paths.matchUp(t, 'm1'));
    const before = await ref.get();
    await ref.update({
      result: played(5, 3),
      scoredBy: 'SIDE_A',
      reports: { a: played(5, 3) },
      scoredAt: new Date().toISOString(),
    });
    await fire(t, 'm1', { before, after: await ref.get() }).send();
    expect((await row(t, 'p1')).wins).toBe(0);

    // A rating corrected before the player's first game replays the whole tournament from the stored results.
    await call.correctRating({ tournamentId: t, participantId: 'p3', rating: 1600 }, 'owner');
    expect((await refs(fs.db).state(t, 'p3').get()).data()).toMatchObject({ baselineRating: 1600 });
    expect(await row(t, 'p1')).toMatchObject({ wins: 0, matchPoints: 0 });
    expect(await row(t, 'p2')).toMatchObject({ losses: 0 });
    // Nor is the unconfirmed game rated: p1's rating may still be corrected.
    await call.correctRating({ tournamentId: t, participantId: 'p1', rating: 1550 }, 'owner');
    expect((await refs(fs.db).participant(t, 'p1').get()).data()!.rating).toBe(1550);
  });

  it('a dispute does not count and is shown to the organizer until an editor settles it', async () => {
    const t = 'disputed';
    await seedConfirming(t, 'PER_MATCHUP');
    await fire(t, 'm1', await report(t, 'm1', 'a', played(5, 3))).send();
    await fire(t, 'm1', await report(t, 'm1', 'b', played(3, 5))).send();
    expect((await row(t, 'p1')).wins + (await row(t, 'p2')).wins).toBe(0);
    expect(await problem(t, 'm1')).toMatchObject({ kind: 'DISPUTED', roundNumber: 1 });
    expect((await problem(t, 'm1'))!.message).toContain('the first player reported 5-3, the second 3-5');

    const ref = fs.db.doc(paths.matchUp(t, 'm1'));
    const before = await ref.get();
    await call.recordScore({ tournamentId: t, matchUpId: 'm1', result: played(5, 4) }, 'owner');
    await fire(t, 'm1', { before, after: await ref.get() }).send();
    expect(await row(t, 'p1')).toMatchObject({ wins: 1, pointsWon: 5, pointsLost: 4 });
    expect(await problem(t, 'm1')).toBeUndefined();
    expect((await history(t)).find((h) => h.by === 'EDITOR')!.changes).toEqual([
      { field: 'result', before: null, after: played(5, 4) },
    ]);
  });

  it('bringing the standings up to date counts a result as the trigger does: a report not confirmed is none', async () => {
    const t = 'replayed';
    await seedConfirming(t, 'PER_MATCHUP');
    const ref = fs.db.doc(paths.matchUp(t, 'm1'));
    const before = await ref.get();
    // A player's result stored beside his own report, which the opponent has not confirmed: it counts as none.
    await ref.update({ result: played(5, 3), scoredBy: 'SIDE_A', reports: { a: played(5, 3), b: null } });
    await fire(t, 'm1', { before, after: await ref.get() }).send();
    expect((await row(t, 'p1')).wins).toBe(0);
    // A withdrawal under a drop-out trend or a corrected set-up folds every result again: the same one must count.
    await replayTournament(fs.db, t);
    expect((await row(t, 'p1')).wins).toBe(0);
    expect((await refs(fs.db).state(t, 'p1').get()).data()!.results).toEqual([]);
  });

  it('PER_ROUND: the round is not rated, nor closable, while a result waits for confirmation', async () => {
    const t = 'per-round';
    await seedConfirming(t, 'PER_ROUND');
    await call.recordScore({ tournamentId: t, matchUpId: 'm2', result: played(5, 1) }, 'owner');
    await fire(t, 'm2', {
      before: await fs.db.doc(paths.matchUp(t, 'm2')).get(),
      after: await fs.db.doc(paths.matchUp(t, 'm2')).get(),
    }).send();
    await fire(t, 'm1', await report(t, 'm1', 'a', played(5, 2))).send();
    expect((await refs(fs.db).round(t, 1).get()).data()!.rating).not.toBe('RATED');
    expect((await row(t, 'p3')).wins).toBe(0);
    await expect(call.closeTournament({ tournamentId: t }, 'owner')).rejects.toMatchObject({
      code: 'failed-precondition',
    });

    await fire(t, 'm1', await report(t, 'm1', 'b', played(5, 2))).send();
    expect((await refs(fs.db).round(t, 1).get()).data()!.rating).toBe('RATED');
    expect((await row(t, 'p1')).wins).toBe(1);
    expect((await row(t, 'p3')).wins).toBe(1);
  });

  it('a score of a tournament that no longer exists (deleted, or an import not finished) leaves no history', async () => {
    const t = 'deleted-meanwhile';
    await seedConfirming(t, 'PER_MATCHUP');
    const written = fire(t, 'm1', await report(t, 'm1', 'a', played(5, 3)));
    // The tournament is deleted before the write's event arrives, as a refused import deletes what it wrote.
    await fs.db.recursiveDelete(fs.db.doc(paths.tournament(t)));
    await written.send();
    expect((await fs.db.doc(paths.tournament(t)).listCollections()).map((c) => c.id)).toEqual([]);
  });
});
