/**
 * An undone round paired again re-uses its matchUp ids for other players (docs/processing.md#corrections). After
 * undoLastRound, a withdrawal and a late entry, generateNextRound re-creates r2-bye1 for another player; the score
 * trigger's events of the deleted games and of the new ones arrive late, twice and in any order (the real handler,
 * driven here). The stored states and standings must end as the fold of the tournament as it now stands.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { foldCompetition, type MatchUpResult, prng, shuffle, standingRows } from '@competition/engine';
import { refs } from '../../src/firebase/refs.js';
import { toMatchUpRecord, toParticipant } from '../../src/services/records.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest, fireTrigger, tournamentThroughCallables } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

type Granularity = 'PER_MATCHUP' | 'PER_ROUND';

/** When the events of the undone round's deletions are handled. */
type Delivery =
  /** before the round is paired again: the trigger finds no document */
  | 'deletions-first'
  /** after the new round is paired and scored, mixed with its events: the trigger finds the re-created games */
  | 'deletions-late';

let tournaments = 0;

async function newTournament(granularity: Granularity, players: number) {
  const n = ++tournaments;
  const { tournamentId } = await tournamentThroughCallables({
    club: { name: `Club ${n}` },
    championship: `League ${n}`,
    tournament: {
      description: `Re-used ids ${n}`,
      policy: 'SWISS',
      policyOverrides: { processingGranularity: granularity },
    },
    players,
    ratingStep: 37,
  });
  return tournamentId;
}

const roundIds = async (tournamentId: string, roundNumber: number) =>
  (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', roundNumber).get()).docs.map((d) => d.data());

/** Scores every game of a round as its players' phones do (the bye is the engine's); the events are left pending. */
async function scoreRound(tournamentId: string, roundNumber: number, random: () => number, pending: string[]) {
  for (const m of (await roundIds(tournamentId, roundNumber)).filter((m) => m.b !== null)) {
    const loser = Math.floor(random() * 5);
    const result: MatchUpResult = { kind: 'PLAYED', score: random() < 0.5 ? { a: 5, b: loser } : { a: loser, b: 5 } };
    await call.recordScore({ tournamentId, matchUpId: m.matchUpId, result }, 'owner');
    pending.push(m.matchUpId);
  }
}

/** Delivers the events in a shuffled order, some twice: the handler reads each matchUp as it is now. */
async function deliver(tournamentId: string, ids: readonly string[], random: () => number) {
  const events = shuffle(random, [...ids, ...ids.filter(() => random() < 0.3)]);
  for (const id of events) await fireTrigger(fs.db, tournamentId, id);
}

async function expectFold(tournamentId: string) {
  const ref = refs(fs.db);
  const tournament = (await ref.tournament(tournamentId).get()).data()!;
  const participants = (await ref.participants(tournamentId).get()).docs.map((d) => d.data());
  const matchUps = (await ref.matchUps(tournamentId).get()).docs.map((d) => toMatchUpRecord(d.data()));
  const fold = foldCompetition(tournament.policy, participants.map(toParticipant), matchUps);
  const states = Object.fromEntries((await ref.states(tournamentId).get()).docs.map((d) => [d.id, d.data()]));
  expect(states).toEqual(fold);
  const byId = (x: { participantId: string }, y: { participantId: string }) =>
    x.participantId < y.participantId ? -1 : 1;
  const rows = (await ref.standings(tournamentId).get()).docs.map((d) => d.data()).sort(byId);
  const inputs = { states: fold, participants: new Map(participants.map((p) => [p.participantId, p])) };
  expect(rows).toEqual(standingRows(tournament.policy, Object.keys(fold), inputs).sort(byId));
}

/**
 * Nine players; round 1 scored; round 2 paired (its bye goes to X) and its creation events handled, so the bye's
 * marker names X. `rated`: round 2 is also scored and rated, then its scores are cleared with the events still
 * pending (a queue of score writes). Then: undo, X withdraws, a late entry joins, round 2 is paired again.
 */
async function reusedBye(granularity: Granularity, delivery: Delivery, seed: number, rated: boolean) {
  const random = prng(seed);
  const tournamentId = await newTournament(granularity, 9);
  const pending: string[] = [];
  await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
  await scoreRound(tournamentId, 1, random, pending);
  await deliver(
    tournamentId,
    [...pending.splice(0), ...(await roundIds(tournamentId, 1)).filter((m) => m.b === null).map((m) => m.matchUpId)],
    random,
  );

  await call.generateNextRound({ tournamentId, requestId: 'r2-first' }, 'owner');
  const first = await roundIds(tournamentId, 2);
  const firstBye = first.find((m) => m.matchUpId === 'r2-bye1')!;
  await deliver(
    tournamentId,
    first.map((m) => m.matchUpId),
    random,
  );
  if (rated) {
    await scoreRound(tournamentId, 2, random, pending);
    await deliver(tournamentId, pending.splice(0), random);
    expect(
      (await refs(fs.db).state(tournamentId, firstBye.a).get()).data()!.results.some((r) => r.matchUpId === 'r2-bye1'),
    ).toBe(true);
    for (const m of first.filter((m) => m.b !== null)) {
      await call.recordScore({ tournamentId, matchUpId: m.matchUpId, result: null }, 'owner');
      pending.push(m.matchUpId);
    }
  }
  await call.undoLastRound({ tournamentId }, 'owner');
  pending.push(...first.map((m) => m.matchUpId));
  if (delivery === 'deletions-first') await deliver(tournamentId, pending.splice(0), random);
  await call.withdrawParticipant({ tournamentId, participantId: firstBye.a }, 'owner');
  await call.addParticipants(
    { tournamentId, participants: [{ participantId: 'late', name: 'Late Comer', rating: 1500 }] },
    'owner',
  );

  await call.generateNextRound({ tournamentId, requestId: 'r2-again' }, 'owner');
  const again = await roundIds(tournamentId, 2);
  const newBye = again.find((m) => m.matchUpId === 'r2-bye1')!;
  expect(newBye.a).not.toBe(firstBye.a);
  pending.push(...again.map((m) => m.matchUpId));
  await scoreRound(tournamentId, 2, random, pending);
  await deliver(tournamentId, pending.splice(0), random);

  await expectFold(tournamentId);
  const withdrawn = (await refs(fs.db).state(tournamentId, firstBye.a).get()).data()!;
  expect(withdrawn.results.map((r) => r.roundNumber)).toEqual([1]);
  const byePlayer = (await refs(fs.db).state(tournamentId, newBye.a).get()).data()!;
  expect(byePlayer.results.find((r) => r.matchUpId === 'r2-bye1')).toMatchObject({
    kind: 'PAIRING_BYE',
    outcome: 'WIN',
  });
}

describe('a matchUp id re-used for other players (undo, withdrawal, the round paired again)', () => {
  for (const granularity of ['PER_MATCHUP', 'PER_ROUND'] as const) {
    for (const delivery of ['deletions-first', 'deletions-late'] as const) {
      it(`${granularity}, ${delivery}: the withdrawn player loses the bye, the new bye player gets it, as the fold says`, async () => {
        for (const seed of [3, 17]) await reusedBye(granularity, delivery, seed, false);
      });
    }
    it(`${granularity}: a rated round 2 cleared, undone and paired again while every event is still queued`, async () => {
      for (const seed of [5, 23]) await reusedBye(granularity, 'deletions-late', seed, true);
    });
  }
});
