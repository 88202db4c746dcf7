/**
 * Refused results (docs/processing.md#refused-results) on the Emulator Suite, with the deployed trigger: a result
 * the engine refuses (stored past the rules, here with firebase-admin) is recorded in
 * tournaments/{t}/scoreProblems/{matchUpId} with the matchUp and the reason, and the record goes once the matchUp is
 * fixed: a good result, a cleared result, the matchUp deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchUpResult } from '@competition/engine';
import { paths, ScoreProblemDoc } from '@competition/engine/schemas';
import {
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  seedTournament,
  waitFor,
} from '../../../testing/stack.js';

let emulators: Emulators;
let seeded: SeededTournament;

beforeAll(async () => {
  emulators = await discoverEmulators();
  seeded = await seedTournament(emulators, { label: 'problems', players: 4 });
});

afterAll(() => closeAdmin());

const REFUSED: MatchUpResult = { kind: 'FORFEIT_WIN', winner: 'b' };

async function problemOf(matchUpId: string): Promise<ScoreProblemDoc | undefined> {
  const snapshot = await adminFirestore().doc(paths.scoreProblem(seeded.tournamentId, matchUpId)).get();
  return ScoreProblemDoc.optional().parse(snapshot.data());
}

/** Stores a refused result as a client could, past recordScore's check, and waits for the trigger to record it. */
async function storeRefused(matchUpId: string) {
  await adminFirestore()
    .doc(paths.matchUp(seeded.tournamentId, matchUpId))
    .update({ result: REFUSED, scoredBy: 'EDITOR', scoredAt: new Date().toISOString() });
  const problem = await waitFor(
    `a score problem for ${matchUpId}`,
    () => problemOf(matchUpId),
    (p) => p !== undefined,
  );
  expect(problem).toMatchObject({ matchUpId, roundNumber: 1, kind: 'REFUSED_RESULT' });
  expect(problem?.message).toContain('kind FORFEIT_WIN requires winner "a", got "b"');
}

const gone = (matchUpId: string) =>
  waitFor(
    `the score problem of ${matchUpId} to go`,
    () => problemOf(matchUpId),
    (p) => p === undefined,
  );

describe('a result the engine refuses is shown to the organizer until the matchUp is fixed', () => {
  it('recorded with the matchUp and the reason; gone after a good result, a cleared result, and the matchUp deleted', async () => {
    const { tournamentId, organizer } = seeded;
    const matchUpId = seeded.round1.find((m) => m.b !== null)!.matchUpId;

    await storeRefused(matchUpId);
    await call(
      emulators,
      'recordScore',
      { tournamentId, matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 3 } } },
      organizer,
    );
    await gone(matchUpId);

    await storeRefused(matchUpId);
    await call(emulators, 'recordScore', { tournamentId, matchUpId, result: null }, organizer);
    await gone(matchUpId);

    // A refused result does not hold the round: it can be undone, and the deleted matchUp has no problem left.
    await storeRefused(matchUpId);
    await call(emulators, 'undoLastRound', { tournamentId }, organizer);
    await gone(matchUpId);
  });
});
