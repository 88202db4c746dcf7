import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import {
  computeStandings,
  makeParticipants,
  makeRounds,
  prng,
  randomResult,
  resolvePolicy,
  RETRY_WINDOW_MS,
  shuffle,
} from '@competition/engine';
import { paths } from '@competition/engine/schemas';
import { refs } from '../../src/firebase/refs.js';
import { recordNotApplied } from '../../src/services/scoreProblems.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { metered } from '../../../testing/meter.js';
import { cleanupFunctionsTest, fireTrigger } from './harness.js';
import { seedTournament } from './seed.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

describe('onMatchUpWritten, the deployed trigger (wrapped by firebase-functions-test)', () => {
  it('a write that does not change the result: the trigger reads the tournament, the matchUp, its marker, its score problem and the status, and writes nothing', async () => {
    const policy = resolvePolicy('PRESSURE');
    const players = [
      { participantId: 'a', rating: 1500 },
      { participantId: 'b', rating: 1500 },
    ];
    await seedTournament(fs.db, {
      tournamentId: 't',
      policy,
      players,
      matchUps: [{ matchUpId: 'm', roundNumber: 1, order: 0, a: 'a', b: 'b', result: null }],
    });
    await refs(fs.db)
      .matchUp('t', 'm')
      .update({ result: { kind: 'PLAYED', score: { a: 5, b: 3 } } });
    await fireTrigger(fs.db, 't', 'm');
    await refs(fs.db).matchUp('t', 'm').update({ scoredAt: FieldValue.serverTimestamp() });
    const { operations } = await metered(() => fireTrigger(fs.db, 't', 'm'));
    const { reads, writes } = operations;
    // the trigger harness reads the matchUp once to build the event; the trigger reads the tournament, the
    // matchUp, its marker, its score problem (none) and the standings' status, and stops there.
    expect(writes).toBe(0);
    expect(reads).toBe(1 + 5);
  });

  it('a full round of 128 matchUps whose scores land concurrently, each event delivered twice, ends identical to the replay tool', async () => {
    const random = prng(2048);
    const policy = resolvePolicy('PRESSURE', {
      victoryPolicy: { tiebreakOrder: ['POINT_DIFFERENTIAL', 'STRENGTH_OF_OPPOSITION'] },
    });
    const players = makeParticipants(random, 256);
    const final = makeRounds(random, players, 1, (r) => randomResult(r, { unplayed: true }));
    expect(final).toHaveLength(128);
    await seedTournament(fs.db, {
      tournamentId: 'big',
      policy,
      players: players.map((p) => ({ participantId: p.participantId, rating: p.rating! })),
      matchUps: final,
    });
    await Promise.all(
      final.map((m) =>
        refs(fs.db)
          .matchUp('big', m.matchUpId)
          .update({ result: m.result, scoredBy: 'EDITOR', scoredAt: FieldValue.serverTimestamp() }),
      ),
    );
    await Promise.all(shuffle(random, [...final, ...final]).map((m) => fireTrigger(fs.db, 'big', m.matchUpId)));
    const stored = Object.fromEntries((await refs(fs.db).states('big').get()).docs.map((d) => [d.id, d.data()]));
    expect(stored).toEqual(computeStandings(policy, players, final).states);
  });
});

describe('a trigger that cannot apply a matchUp tells the organizer (scoreProblems)', () => {
  it('each failed attempt is recorded with the error; an event past the retry window is given up, not thrown; fixed, it goes', async () => {
    const policy = resolvePolicy('PRESSURE');
    await seedTournament(fs.db, {
      tournamentId: 'fails',
      policy,
      players: [{ participantId: 'a', rating: 1500 }],
      matchUps: [],
    });
    // A matchUp naming a participant without a state: every attempt fails the same way, a permanent failure.
    const matchUp = {
      matchUpId: 'm1',
      roundNumber: 1,
      order: 0,
      a: 'a',
      b: 'ghost',
      result: { kind: 'PLAYED' as const, winner: 'a' as const },
    };
    await refs(fs.db)
      .matchUp('fails', 'm1')
      .set({ ...matchUp, movesFirst: 'a', cost: {}, scoredBy: 'EDITOR', scoredAt: 'now' });
    const problem = async () => (await refs(fs.db).scoreProblem('fails', 'm1').get()).data();

    await expect(fireTrigger(fs.db, 'fails', 'm1')).rejects.toThrow(/no competition state for participant ghost/);
    const retrying = await problem();
    expect(retrying).toMatchObject({ matchUpId: 'm1', roundNumber: 1, kind: 'NOT_APPLIED' });
    expect(retrying?.message).toMatch(/\(retrying\): no competition state for participant ghost/);

    // The platform retries for a day; past the retry window the trigger records the give-up and acknowledges.
    const late = new Date(Date.now() - RETRY_WINDOW_MS - 60_000).toISOString();
    await expect(fireTrigger(fs.db, 'fails', 'm1', { time: late })).resolves.toBeUndefined();
    const gaveUp = await problem();
    expect(gaveUp?.kind).toBe('NOT_APPLIED');
    expect(gaveUp?.message).toMatch(
      /gave up after 15 minutes of retries\): no competition state for participant ghost/,
    );

    await refs(fs.db).matchUp('fails', 'm1').delete();
    await fireTrigger(fs.db, 'fails', 'm1');
    expect(await problem()).toBeUndefined();
  });

  it('a failure that ends after its tournament was deleted leaves no problem under the deleted tournament', async () => {
    await fs.db.doc(paths.matchUp('deleted', 'm1')).set({ matchUpId: 'm1', roundNumber: 1 });
    await recordNotApplied(fs.db, 'deleted', 'm1', new Error('the tournament went away'), false);
    expect((await refs(fs.db).scoreProblem('deleted', 'm1').get()).exists).toBe(false);
  });
});
