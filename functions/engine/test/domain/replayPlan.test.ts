import { describe, expect, it } from 'vitest';
import { writeBytes } from '../../src/domain/common/documentSize.js';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { resolvePolicy } from '../../src/domain/policy/policy.js';
import { type DerivedWrite, type StoredDerived, planReplay } from '../../src/domain/processing/replayPlan.js';
import type { StandingRow } from '../../src/domain/standings/standings.js';
import type { ParticipantState } from '../../src/domain/ratings/state.js';
import { makeParticipants, makeRounds, prng, randomResult } from '../../src/simulation/generate.js';

const policy = resolvePolicy('PRESSURE');
const random = prng(5);
const players = makeParticipants(random, 40);
const played = makeRounds(random, players, 6, (r) => randomResult(r));
const pathOf = (collection: string, id: string) => `tournaments/t/${collection}/${id}`;
const BUDGET = 4000;

const empty = (): StoredDerived => ({ states: new Map(), standings: new Map(), markers: new Map() });

/** The store after the writes: what Firestore holds once the commits land. */
function applied(store: StoredDerived, writes: readonly DerivedWrite[]): StoredDerived {
  const next = {
    states: new Map(store.states),
    standings: new Map(store.standings),
    markers: new Map(store.markers),
  };
  const maps = { states: next.states, standings: next.standings, applied: next.markers } as Record<
    DerivedWrite['collection'],
    Map<string, unknown>
  >;
  for (const w of writes) {
    if (w.data === null) maps[w.collection].delete(w.id);
    else maps[w.collection].set(w.id, structuredClone(w.data));
  }
  return next;
}

const plan = (stored: StoredDerived, matchUps: MatchUpRecord[]) =>
  planReplay({ policy, participants: players, matchUps, stored, commitBytes: BUDGET, pathOf });

const commitBytes = (commit: readonly DerivedWrite[]) =>
  commit.reduce((sum, w) => sum + writeBytes(pathOf(w.collection, w.id), w.data as Record<string, unknown> | null), 0);

const asObject = (states: ReadonlyMap<string, ParticipantState | StandingRow>) => Object.fromEntries(states);

/** Round 1's first game with its winner swapped. */
const first = played.find((m) => m.roundNumber === 1)!;
const fix: MatchUpRecord = { ...first, result: { kind: 'PLAYED', score: { a: 0, b: 5 } } };
const corrected = played.map((m) => (m.matchUpId === fix.matchUpId ? fix : m));

describe('planReplay: the stored documents brought in line with the fold, in bounded commits', () => {
  const start = applied(empty(), plan(empty(), played).commits.flat());

  it('from nothing, writes the fold; from the fold, writes nothing', () => {
    expect(asObject(start.states)).toEqual(foldCompetition(policy, players, played));
    expect(plan(start, played).commits).toEqual([]);
  });

  it('a correction writes only the players it moves, in commits under the budget', () => {
    const before = foldCompetition(policy, players, played);
    const after = foldCompetition(policy, players, corrected);
    const moved = players.filter(
      (p) => JSON.stringify(before[p.participantId]) !== JSON.stringify(after[p.participantId]),
    );
    const correction = plan(start, corrected);
    expect(correction.cone.sort()).toEqual(moved.map((p) => p.participantId).sort());
    expect(correction.cone.length).toBeLessThan(players.length);
    expect(correction.commits.length).toBeGreaterThanOrEqual(3);
    for (const commit of correction.commits) expect(commitBytes(commit)).toBeLessThanOrEqual(BUDGET);
    expect(correction.largestCommitBytes).toBeLessThanOrEqual(BUDGET);
    expect(asObject(applied(start, correction.commits.flat()).states)).toEqual(after);
  });

  it('interrupted after any number of commits, the next plan finishes it and no more', () => {
    const correction = plan(start, corrected);
    for (let done = 1; done < correction.commits.length; done++) {
      const halfway = applied(start, correction.commits.slice(0, done).flat());
      const rest = plan(halfway, corrected);
      expect(rest.commits.flat().length).toBe(correction.commits.slice(done).flat().length);
      const finished = applied(halfway, rest.commits.flat());
      expect(asObject(finished.states)).toEqual(foldCompetition(policy, players, corrected));
      expect(plan(finished, corrected).commits).toEqual([]);
    }
  });

  it('a plan overtaken by another change is superseded: the next plan lands on the latest results', () => {
    const correction = plan(start, corrected);
    const halfway = applied(start, correction.commits.slice(0, 2).flat());
    const late = corrected.map((m) => (m.roundNumber === 6 && m.b !== null ? { ...m, result: null } : m));
    const finished = applied(halfway, plan(halfway, late).commits.flat());
    expect(asObject(finished.states)).toEqual(foldCompetition(policy, players, late));
    expect([...finished.markers.values()].filter((m) => m.roundNumber === 6 && m.b !== null && m.result)).toEqual([]);
  });

  it('forgets the marker of a game no longer stored', () => {
    const gone = corrected.filter((m) => m.roundNumber < 6);
    const finished = applied(start, plan(start, gone).commits.flat());
    expect([...finished.markers.keys()].some((id) => id.startsWith('r6-'))).toBe(false);
    expect(asObject(finished.states)).toEqual(foldCompetition(policy, players, gone));
  });
});
