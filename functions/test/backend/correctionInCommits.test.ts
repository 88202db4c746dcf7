/**
 * A correction that reaches back past later games, through the deployed trigger on the Functions emulator, with
 * the commit budget lowered (STANDINGS_COMMIT_BYTES, set by the emulator test runner) so that one correction takes
 * many commits. What a user sees: the status document says the standings are being brought up to date, then every
 * stored state equals the replay tool's fold of the final results, whatever events came duplicated or between.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  foldCompetition,
  makeParticipants,
  makeRounds,
  type MatchUpRecord,
  type MatchUpResult,
  type ParticipantStates,
  prng,
  randomResult,
  resolvePolicy,
} from '@competition/engine';
import { refs } from '../../src/firebase/refs.js';
import type { StandingsStatusDoc } from '@competition/engine/schemas';
import { applyMatchUpScore } from '../../src/services/applyScore.js';
import { replaySettings } from '../../src/services/replay.js';
import { backgroundTriggers } from '../../../testing/emulatorEnv.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { sleep, waitFor } from '../../../testing/wait.js';
import { seedTournament } from './seed.js';

const fs = useEmulatorFirestore({ triggers: true });
const policy = resolvePolicy('PRESSURE');
const PLAYERS = 24;
const ROUNDS = 5;
const SETTLE_MS = 45_000;

const budget = replaySettings().commitBytes;

async function writeScore(tournamentId: string, matchUpId: string, result: MatchUpResult | null) {
  await refs(fs.db)
    .matchUp(tournamentId, matchUpId)
    .update({ result, scoredBy: result ? 'EDITOR' : null, scoredAt: result ? FieldValue.serverTimestamp() : null });
}

async function storedStates(tournamentId: string): Promise<ParticipantStates> {
  const snap = await refs(fs.db).states(tournamentId).get();
  return Object.fromEntries(snap.docs.map((d) => [d.id, d.data()]));
}

async function status(tournamentId: string): Promise<StandingsStatusDoc | undefined> {
  return (await refs(fs.db).standingsStatus(tournamentId).get()).data();
}

/** Waits until nothing is pending and every stored state is the fold of `final` (the replay tool's definition). */
async function expectSettledOn(
  tournamentId: string,
  players: ReturnType<typeof makeParticipants>,
  final: MatchUpRecord[],
) {
  const fold = foldCompetition(policy, players, final);
  await waitFor(
    `the states of ${tournamentId} to equal the fold`,
    async () => ({ states: await storedStates(tournamentId), status: await status(tournamentId) }),
    (seen) => !seen.status?.pending && JSON.stringify(seen.states) === JSON.stringify(sortedById(fold)),
    SETTLE_MS,
  );
  expect(await storedStates(tournamentId)).toEqual(fold);
}

const sortedById = (states: ParticipantStates) =>
  Object.fromEntries(Object.entries(states).sort(([a], [b]) => (a < b ? -1 : 1)));

/** A tournament with five rounds played, all results written at once, as the trigger settles them. */
async function playedTournament(tournamentId: string, seed: number) {
  const random = prng(seed);
  const players = makeParticipants(random, PLAYERS);
  const final = makeRounds(random, players, ROUNDS, (r) => randomResult(r));
  await seedTournament(fs.db, {
    tournamentId,
    policy,
    players: players.map((p) => ({ participantId: p.participantId, rating: p.rating! })),
    matchUps: final,
  });
  await Promise.all(final.map((m) => writeScore(tournamentId, m.matchUpId, m.result)));
  await expectSettledOn(tournamentId, players, final);
  return { players, final };
}

/** Round 1's first game, its winner swapped: every later rated game of both players started from another rating. */
function corrected(final: MatchUpRecord[]): MatchUpRecord {
  const first = final.find((m) => m.roundNumber === 1 && m.b !== null)!;
  const score = first.result?.kind === 'PLAYED' && first.result.score ? first.result.score : { a: 5, b: 2 };
  return {
    ...first,
    result: { kind: 'PLAYED', score: { a: score.b, b: score.a === score.b ? score.a + 1 : score.a } },
  };
}

const replace = (final: MatchUpRecord[], ...changed: MatchUpRecord[]) =>
  final.map((m) => changed.find((c) => c.matchUpId === m.matchUpId) ?? m);

describe('a correction that reaches back past later games, in bounded commits', () => {
  it('is applied in many commits under the budget, says so while it runs, and touches only the cone', async () => {
    const { players, final } = await playedTournament('t-cone', 7);
    const fix = corrected(final);
    const after = replace(final, fix);
    const before = foldCompetition(policy, players, final);
    const wanted = foldCompetition(policy, players, after);
    const moved = players.filter(
      (p) => JSON.stringify(before[p.participantId]) !== JSON.stringify(wanted[p.participantId]),
    ).length;
    expect(moved).toBeGreaterThan(2);
    expect(moved).toBeLessThan(PLAYERS);

    const seen: boolean[] = [];
    const stop = refs(fs.db)
      .standingsStatus('t-cone')
      .onSnapshot((snap) => seen.push(snap.data()?.pending ?? false));
    await writeScore('t-cone', fix.matchUpId, fix.result);
    await expectSettledOn('t-cone', players, after);
    stop();

    expect(seen).toContain(true);
    const last = await status('t-cone');
    expect(last?.cone).toBe(moved);
    expect(last?.commits).toBeGreaterThan(3);
    expect(last?.largestCommitBytes).toBeLessThanOrEqual(budget);
  });

  it('converges exactly with the correction duplicated and other results corrected in between', async () => {
    const { players, final } = await playedTournament('t-interleaved', 11);
    const fix = corrected(final);
    const lateGames = final.filter((m) => m.roundNumber >= 3 && m.b !== null).slice(0, 4);
    const lateFixes = lateGames.map((m, i): MatchUpRecord => ({
      ...m,
      result: { kind: 'PLAYED', score: { a: i % 2 === 0 ? 5 : 1, b: i % 2 === 0 ? 0 : 5 } },
    }));
    await writeScore('t-interleaved', fix.matchUpId, fix.result);
    await sleep(50);
    await Promise.all([
      writeScore('t-interleaved', fix.matchUpId, fix.result),
      ...lateFixes.map((m) => writeScore('t-interleaved', m.matchUpId, m.result)),
    ]);
    await writeScore('t-interleaved', fix.matchUpId, fix.result);
    await expectSettledOn('t-interleaved', players, replace(final, fix, ...lateFixes));
  });

  it('interrupted halfway, leaves the standings marked as being updated, and the next event completes it', async () => {
    const { players, final } = await playedTournament('t-interrupted', 23);
    const fix = corrected(final);
    const after = replace(final, fix);
    const wanted = foldCompetition(policy, players, after);
    const before = foldCompetition(policy, players, final);

    // The invocation that takes the correction stops after two commits and never releases its lease, as a crash
    // would: the background trigger is off for its write, so that this invocation is the only one.
    await backgroundTriggers.disable();
    try {
      await writeScore('t-interrupted', fix.matchUpId, fix.result);
      const settings = { ...replaySettings(), maxCommits: 2, leaseMs: 600_000 };
      expect(await applyMatchUpScore(fs.db, 't-interrupted', fix.matchUpId, new Date(), settings)).toBe('DEFERRED');
    } finally {
      await backgroundTriggers.enable();
    }
    const halfway = await storedStates('t-interrupted');
    const ids = players.map((p) => p.participantId);
    const isNew = (id: string) => JSON.stringify(halfway[id]) === JSON.stringify(wanted[id]);
    const changes = ids.filter((id) => JSON.stringify(before[id]) !== JSON.stringify(wanted[id]));
    // A real mix: some moved players already in their corrected state, some not yet.
    expect(changes.filter(isNew).length).toBeGreaterThan(0);
    expect(changes.filter((id) => !isNew(id)).length).toBeGreaterThan(0);
    expect((await status('t-interrupted'))?.pending).toBe(true);

    // Nothing else moves it while the lease holds, not even the same result saved again; once the lease has lapsed
    // (moved into the past here, rather than waited for), the next event takes over and finishes.
    await writeScore('t-interrupted', fix.matchUpId, fix.result);
    await sleep(2000);
    expect((await status('t-interrupted'))?.pending).toBe(true);
    expect(await storedStates('t-interrupted')).toEqual(halfway);
    const { runner } = (await status('t-interrupted'))!;
    await refs(fs.db)
      .standingsStatus('t-interrupted')
      .update({ runner: { ...runner!, until: new Date(Date.now() - 1000).toISOString() } });
    await writeScore('t-interrupted', fix.matchUpId, fix.result);
    await expectSettledOn('t-interrupted', players, after);
  });
});

describe('a PER_ROUND round too large for one commit', () => {
  it('is rated in many commits once its last result lands, and equals the fold', async () => {
    const perRound = resolvePolicy('STANDARD');
    const random = prng(31);
    const players = makeParticipants(random, PLAYERS);
    const round = makeRounds(random, players, 1, (r) => randomResult(r));
    await seedTournament(fs.db, {
      tournamentId: 't-big-round',
      policy: perRound,
      players: players.map((p) => ({ participantId: p.participantId, rating: p.rating! })),
      matchUps: round,
    });
    await Promise.all(round.map((m) => writeScore('t-big-round', m.matchUpId, m.result)));
    const fold = foldCompetition(perRound, players, round);
    expect(Object.values(fold).some((s) => s.wins > 0)).toBe(true);
    await waitFor(
      'the round to be rated',
      async () => ({ states: await storedStates('t-big-round'), status: await status('t-big-round') }),
      (seen) => !seen.status?.pending && JSON.stringify(seen.states) === JSON.stringify(sortedById(fold)),
      SETTLE_MS,
    );
    const last = await status('t-big-round');
    expect(last?.commits).toBeGreaterThan(1);
    expect(last?.largestCommitBytes).toBeLessThanOrEqual(budget);
  });
});
