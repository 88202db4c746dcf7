import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  buildLeaderboard,
  foldCompetition,
  makeParticipants,
  makeRounds,
  type MatchUpRecord,
  type MatchUpResult,
  type PresetName,
  prng,
  randomResult,
  resolvePolicy,
  shuffle,
} from '@competition/engine';
import { refs } from '../../src/firebase/refs.js';
import { applyMatchUpScore, type ScoreOutcome } from '../../src/services/applyScore.js';
import { toParticipant } from '../../src/services/records.js';
import { replaySettings } from '../../src/services/replay.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { metered } from '../../../testing/meter.js';
import { waitFor } from '../../../testing/wait.js';
import { participantDoc, seedTournament } from './seed.js';

const fs = useEmulatorFirestore({ triggers: false });

async function writeScore(tournamentId: string, matchUpId: string, result: MatchUpResult | null) {
  await refs(fs.db)
    .matchUp(tournamentId, matchUpId)
    .update({ result, scoredBy: result ? 'EDITOR' : null, scoredAt: result ? FieldValue.serverTimestamp() : null });
}

async function storedStates(tournamentId: string) {
  const snap = await refs(fs.db).states(tournamentId).get();
  return Object.fromEntries(snap.docs.map((d) => [d.id, d.data()]));
}

/** Tiebreaks computed within a tied group: the leaderboard view adds them, a stored row of one participant cannot. */
const GROUP_ONLY: readonly string[] = ['HEAD_TO_HEAD', 'HEAD_TO_HEAD_PRESSURE', 'DIRECT_ENCOUNTER'];
/** The presets whose standings fold the whole tournament on every score. */
const WHOLE_FOLD: readonly PresetName[] = ['CHESS', 'GO'];
const byId = <T extends { participantId: string }>(rows: T[]) =>
  [...rows].sort((x, y) => (x.participantId < y.participantId ? -1 : 1));

/**
 * The stored states and standings rows are what the replay tool computes from the final results: the full fold
 * and its leaderboard (rank and group tiebreaks aside), with each participant's name. Nothing of the incremental
 * path (standings.ts) computes the expectation.
 */
async function expectMatchesFold(
  tournamentId: string,
  presetPolicy: ReturnType<typeof resolvePolicy>,
  players: ReturnType<typeof makeParticipants>,
  final: MatchUpRecord[],
) {
  const fold = foldCompetition(presetPolicy, players, final);
  expect(await storedStates(tournamentId)).toEqual(fold);
  const rows = (await refs(fs.db).standings(tournamentId).get()).docs.map((d) => d.data());
  const expected = buildLeaderboard(presetPolicy, fold).map(({ rank: _rank, tiebreaks, ...row }) => ({
    ...row,
    tiebreaks: Object.fromEntries(Object.entries(tiebreaks).filter(([tiebreak]) => !GROUP_ONLY.includes(tiebreak))),
    name: participantDoc({ participantId: row.participantId }).name,
  }));
  expect(byId(rows)).toEqual(byId(expected));
}

/** A result the preset's scoring takes: a best of three's games won (2-0, 2-1, 1-1) instead of a game to 5's points. */
function resultFor(random: () => number, policy: ReturnType<typeof resolvePolicy>): MatchUpResult {
  const result = randomResult(random, { unplayed: true });
  if (policy.scoringPolicy.gameTarget !== 2 || !result.score) return result;
  const { a, b } = result.score;
  const other = Math.floor(random() * 2);
  return { kind: 'PLAYED', score: a > b ? { a: 2, b: other } : a < b ? { a: other, b: 2 } : { a: other, b: other } };
}

/**
 * The handler with production's commit budget: the emulator test runner lowers it, and a whole round of these
 * small tournaments would then be rated by the runner in many commits (correctionInCommits.test.ts) instead of
 * the incremental path these tests are about.
 */
const apply = (tournamentId: string, matchUpId: string) =>
  applyMatchUpScore(fs.db, tournamentId, matchUpId, new Date(), { ...replaySettings(), commitBytes: 1024 * 1024 });

describe('the score trigger service against a Firestore server', () => {
  for (const [preset, granularity] of [
    ['PRESSURE', 'PER_MATCHUP'],
    ['SWISS', 'PER_MATCHUP'],
    ['SWISS', 'PER_ROUND'],
    ['STANDARD', 'PER_ROUND'],
    ['REDEMPTION', 'PER_MATCHUP'],
    ['CHESS', 'PER_ROUND'],
    ['TCG', 'PER_MATCHUP'],
    ['GO', 'PER_ROUND'],
  ] as Array<[PresetName, 'PER_MATCHUP' | 'PER_ROUND']>) {
    it(`${preset} ${granularity}: duplicated, reordered and corrected score events end at the replay of the final results`, async () => {
      const random = prng(preset.length * 97 + granularity.length);
      const policy = resolvePolicy(preset, { processingGranularity: granularity });
      const players = makeParticipants(random, 9);
      const final = makeRounds(random, players, 3, (r) => resultFor(r, policy));
      const tournamentId = `t-${preset}-${granularity}`;
      await seedTournament(fs.db, {
        tournamentId,
        policy,
        players: players.map((p) => ({ participantId: p.participantId, rating: p.rating! })),
        matchUps: final,
      });
      const outcomes: ScoreOutcome[] = [];
      const events: string[] = [];
      // A wrong score first for some, then the right one; events delivered late, twice, out of order.
      for (const m of shuffle(random, final)) {
        if (random() < 0.4 && m.b !== null) {
          await writeScore(tournamentId, m.matchUpId, resultFor(random, policy));
          events.push(m.matchUpId);
        }
        await writeScore(tournamentId, m.matchUpId, m.result);
        events.push(m.matchUpId);
        if (random() < 0.3) events.push(m.matchUpId);
        while (events.length > 0 && random() < 0.5)
          outcomes.push(await apply(tournamentId, events.splice(Math.floor(random() * events.length), 1)[0]!));
      }
      for (const id of shuffle(random, events)) outcomes.push(await apply(tournamentId, id));
      await expectMatchesFold(tournamentId, policy, players, final);
      expect(outcomes).toContain('UNCHANGED');
      // Chess's Article 16 tiebreaks and Go's McMahon scores fold the whole tournament on every score: the event
      // marks it for the fold (docs/standings-updates.md#what-a-score-moves) instead of applying the game itself.
      expect(outcomes).toContain(WHOLE_FOLD.includes(preset) ? 'MARKED' : 'APPLIED');
    });
  }

  it('a correction in round 1 after round 3 is replayed exactly', async () => {
    const random = prng(42);
    const policy = resolvePolicy('PRESSURE');
    const players = makeParticipants(random, 8);
    const final = makeRounds(random, players, 3, (r) => randomResult(r));
    const tournamentId = 't-correction';
    await seedTournament(fs.db, {
      tournamentId,
      policy,
      players: players.map((p) => ({ participantId: p.participantId, rating: p.rating! })),
      matchUps: final,
    });
    for (const m of final) {
      await writeScore(tournamentId, m.matchUpId, m.result);
      expect(await applyMatchUpScore(fs.db, tournamentId, m.matchUpId)).toBe('APPLIED');
    }
    const first = final[0]!;
    const corrected: MatchUpRecord = {
      ...first,
      result: { kind: 'PLAYED', score: { a: first.result?.score?.b ?? 0, b: 5 } },
    };
    await writeScore(tournamentId, first.matchUpId, corrected.result);
    expect(await applyMatchUpScore(fs.db, tournamentId, first.matchUpId)).toBe('REPLAYED');
    await expectMatchesFold(tournamentId, policy, players, [corrected, ...final.slice(1)]);
  });

  it('PER_MATCHUP: a score write costs a constant number of document operations, whatever the field size and round', async () => {
    const costs: Array<{ players: number; round: number; reads: number; writes: number }> = [];
    for (const n of [8, 32]) {
      const random = prng(n);
      const policy = resolvePolicy('PRESSURE', { victoryPolicy: { tiebreakOrder: ['POINT_DIFFERENTIAL'] } });
      const players = makeParticipants(random, n);
      const final = makeRounds(random, players, 3, (r) => randomResult(r));
      const tournamentId = `t-cost-${n}`;
      await seedTournament(fs.db, {
        tournamentId,
        policy,
        players: players.map((p) => ({ participantId: p.participantId, rating: p.rating! })),
        matchUps: final,
      });
      for (const m of final) {
        await writeScore(tournamentId, m.matchUpId, m.result);
        const { operations } = await metered(() => applyMatchUpScore(fs.db, tournamentId, m.matchUpId));
        const { reads, writes } = operations;
        costs.push({ players: n, round: m.roundNumber, reads, writes });
      }
    }
    const distinct = new Set(costs.map((c) => `${c.reads}/${c.writes}`));
    // tournament + matchUp + marker + score problem + standings status + two states + two participants; two states
    // + two rows + marker.
    expect([...distinct]).toEqual(['9/5']);
  });

  it('PER_ROUND: nothing is rated until the last matchUp of the round has a result', async () => {
    const policy = resolvePolicy('STANDARD');
    const players = ['a', 'b', 'c', 'd'].map((id) => ({ participantId: id, rating: 1500 }));
    const round: MatchUpRecord[] = [
      { matchUpId: 'm1', roundNumber: 1, order: 0, a: 'a', b: 'b', result: { kind: 'PLAYED', score: { a: 5, b: 1 } } },
      { matchUpId: 'm2', roundNumber: 1, order: 1, a: 'c', b: 'd', result: { kind: 'PLAYED', score: { a: 2, b: 5 } } },
    ];
    await seedTournament(fs.db, { tournamentId: 'pr', policy, players, matchUps: round });
    await writeScore('pr', 'm1', round[0]!.result);
    expect(await applyMatchUpScore(fs.db, 'pr', 'm1')).toBe('MARKED');
    expect((await storedStates('pr')).a!.wins).toBe(0);
    await writeScore('pr', 'm2', round[1]!.result);
    expect(await applyMatchUpScore(fs.db, 'pr', 'm2')).toBe('APPLIED');
    expect((await storedStates('pr')).a!.wins).toBe(1);
    await writeScore('pr', 'm1', null);
    expect(await applyMatchUpScore(fs.db, 'pr', 'm1')).toBe('APPLIED');
    expect(await storedStates('pr')).toEqual(
      foldCompetition(
        policy,
        players.map((p) => toParticipant(participantDoc(p))),
        [{ ...round[0]!, result: null }, round[1]!],
      ),
    );
  });

  it('a full round of 64 matchUps scored concurrently ends identical to the replay', async () => {
    const random = prng(128);
    const policy = resolvePolicy('PRESSURE', { victoryPolicy: { tiebreakOrder: ['POINT_DIFFERENTIAL'] } });
    const players = makeParticipants(random, 128);
    const final = makeRounds(random, players, 1, (r) => randomResult(r));
    const tournamentId = 't-concurrent';
    await seedTournament(fs.db, {
      tournamentId,
      policy,
      players: players.map((p) => ({ participantId: p.participantId, rating: p.rating! })),
      matchUps: final,
    });
    await Promise.all(final.map((m) => writeScore(tournamentId, m.matchUpId, m.result)));
    const outcomes = await Promise.all(
      final.flatMap((m) => [
        applyMatchUpScore(fs.db, tournamentId, m.matchUpId),
        applyMatchUpScore(fs.db, tournamentId, m.matchUpId),
      ]),
    );
    expect(outcomes.filter((o) => o === 'APPLIED')).toHaveLength(64);
    await expectMatchesFold(tournamentId, policy, players, final);
  });
});

describe('PER_ROUND: the event that lands last rates the round, whatever ran before it', () => {
  /** Holds every aggregation query (the open-matchUp count) until released: events "in flight". */
  function holdCounts() {
    const proto = Object.getPrototypeOf(fs.db.collection('x').count()) as {
      get: (...args: unknown[]) => Promise<unknown>;
    };
    const original = proto.get;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    // The count is taken at once and its answer delivered late: what a slow event sees is already stale.
    proto.get = async function (this: unknown, ...args: unknown[]) {
      const answer = await original.apply(this, args);
      held++;
      await released;
      return answer;
    };
    return {
      held: () => held,
      release: () => {
        release();
        proto.get = original;
      },
    };
  }

  it('two result events count the open matchUps at once, the first answer stale: the round is rated', async () => {
    const policy = resolvePolicy('STANDARD');
    const players = ['a', 'b', 'c', 'd'].map((id) => ({ participantId: id, rating: 1500 }));
    const round: MatchUpRecord[] = [
      { matchUpId: 'm1', roundNumber: 1, order: 0, a: 'a', b: 'b', result: { kind: 'PLAYED', score: { a: 5, b: 1 } } },
      { matchUpId: 'm2', roundNumber: 1, order: 1, a: 'c', b: 'd', result: { kind: 'PLAYED', score: { a: 2, b: 5 } } },
    ];
    await seedTournament(fs.db, { tournamentId: 'late', policy, players, matchUps: round });
    const hold = holdCounts();
    // Each result lands, then its event runs and counts the round's open matchUps; the answers are held back, so
    // the first event's count (m2 still open) is stale by the time both are delivered.
    const events: Promise<ScoreOutcome>[] = [];
    for (const [i, m] of round.entries()) {
      await writeScore('late', m.matchUpId, m.result);
      events.push(applyMatchUpScore(fs.db, 'late', m.matchUpId));
      await waitFor(`the count of event ${i + 1} held`, hold.held, (held) => held === i + 1);
    }
    // The precondition of the race: both counts were in flight together, neither event had finished.
    expect(hold.held()).toBe(round.length);
    hold.release();
    expect(await Promise.all(events)).toEqual(['MARKED', 'APPLIED']);
    // Each result event delivered once more changes nothing.
    for (const m of round) expect(await applyMatchUpScore(fs.db, 'late', m.matchUpId)).toBe('UNCHANGED');
    const expected = foldCompetition(
      policy,
      players.map((p) => toParticipant(participantDoc(p))),
      round,
    );
    expect((await storedStates('late')).a!.roundsPlayed).toBe(1);
    expect(await storedStates('late')).toEqual(expected);
    // The organizer's views can tell a rated round from one still waiting for results.
    expect((await refs(fs.db).round('late', 1).get()).data()?.rating).toBe('RATED');
  });
});
