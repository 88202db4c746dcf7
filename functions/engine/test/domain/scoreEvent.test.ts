import { describe, expect, it } from 'vitest';
import { roundRating } from '../../src/domain/results/acceptance.js';
import { staleMarkers } from '../../src/domain/processing/change.js';
import type { StoredMatchUp } from '../../src/domain/results/confirmation.js';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { type CompetitionPolicy, presetPolicy } from '../../src/domain/policy/policy.js';
import type { MatchUpResult } from '../../src/domain/results/results.js';
import {
  type ScoreDecision,
  type ScoreEvent,
  type ScoreReads,
  decideScoreEvent,
} from '../../src/domain/processing/scoreEvent.js';

const people = ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ participantId: id, rating: 1500 + 40 * i }));
const win: MatchUpResult = { kind: 'PLAYED', score: { a: 5, b: 1 } };
const loss: MatchUpResult = { kind: 'PLAYED', score: { a: 2, b: 5 } };
const game = (matchUpId: string, roundNumber: number, a: string, b: string | null, result: MatchUpResult | null) =>
  ({ matchUpId, roundNumber, order: Number(matchUpId.slice(-1)), a, b, result }) satisfies MatchUpRecord;
const stored = (m: MatchUpRecord, fields: Partial<StoredMatchUp> = {}): StoredMatchUp => ({
  ...m,
  scoredBy: null,
  ...fields,
});

const perMatchUp = presetPolicy('PRESSURE');
const perRound = presetPolicy('SWISS');

/** The documents as a Firestore would hold them: the games now, and the games the states were folded from. */
interface World {
  policy: CompetitionPolicy;
  /** Every game as stored now (the matchUp of the event among them, unless it was deleted). */
  now: StoredMatchUp[];
  /** The markers: the games as last applied. */
  applied: MatchUpRecord[];
  /** The games whose fold the stored states are (the markers unless given: an open round is not rated yet). */
  folded?: MatchUpRecord[];
  pending?: boolean;
  confirmScores?: boolean;
  roundRatings?: Record<number, 'RATED' | 'WAITING'>;
  commitBytes?: number;
}

/**
 * Plays the trigger's part: answers each read the decision asks for from `world`, until it writes. Returns the reads
 * asked for, in order, and the final decision.
 */
function decide(world: World, event: ScoreEvent) {
  const states = foldCompetition(world.policy, people, world.folded ?? world.applied);
  const matchUpId = event.kind === 'MATCHUP' ? event.matchUpId : undefined;
  const reads: ScoreReads = {
    event,
    policy: world.policy,
    confirmScores: world.confirmScores,
    replayPending: world.pending ?? false,
    matchUp: world.now.find((m) => m.matchUpId === matchUpId),
    applied: world.applied.find((m) => m.matchUpId === matchUpId),
    commitBytes: world.commitBytes ?? 1024 * 1024,
    pathOf: (collection, id) => `tournaments/t/${collection}/${id}`,
  };
  const asked: string[] = [];
  for (;;) {
    const decision: ScoreDecision = decideScoreEvent(reads);
    if (decision.next === 'WRITE') return { asked, ...decision };
    if (asked.length > 6) throw new Error(`no end to the reads: ${asked.join(', ')}`);
    if (decision.next === 'READ_STATES') {
      asked.push(`states ${decision.participantIds.join(' ')}`);
      reads.states = { ...reads.states, ...Object.fromEntries(decision.participantIds.map((id) => [id, states[id]!])) };
    }
    if (decision.next === 'READ_ROUND') {
      const n = decision.roundNumber;
      asked.push(`round ${n}`);
      const rating = world.roundRatings?.[n];
      reads.round = {
        roundNumber: n,
        matchUps: world.now.filter((m) => m.roundNumber === n),
        markers: world.applied.filter((m) => m.roundNumber === n),
        stored: rating ? { rating } : undefined,
      };
    }
    if (decision.next === 'READ_ROWS') {
      asked.push(`rows ${decision.moved.join(' ')}`);
      reads.rows = { states: { ...states, ...decision.known }, participants: new Map() };
    }
  }
}

const changedIds = (d: { writes: { states: { participantId: string }[] } }) =>
  d.writes.states.map((s) => s.participantId).sort();

describe('a score event, PER_MATCHUP', () => {
  const m1 = game('r1-m1', 1, 'a', 'b', win);
  const event: ScoreEvent = { kind: 'MATCHUP', matchUpId: 'r1-m1' };

  it('a result already applied reads no state and writes nothing', () => {
    const d = decide({ policy: perMatchUp, now: [stored(m1)], applied: [m1] }, event);
    expect(d.asked).toEqual([]);
    expect(d).toMatchObject({ outcome: 'UNCHANGED', writes: { states: [], rows: [], markers: [], askReplay: false } });
  });

  it('a new result reads its two players and their rows, then writes both states, the rows and the marker', () => {
    const d = decide({ policy: perMatchUp, now: [stored(m1)], applied: [] }, event);
    expect(d.asked).toEqual(['states a b', 'rows a b']);
    expect(d.outcome).toBe('APPLIED');
    expect(changedIds(d)).toEqual(['a', 'b']);
    expect(d.writes.rows.map((r) => r.participantId).sort()).toEqual(['a', 'b']);
    expect(d.writes.markers).toEqual([m1]);
    expect(d.rateRound).toBeUndefined();
  });

  it('a corrected result is applied over the old one; the same event twice finds it applied', () => {
    const corrected = { ...m1, result: loss };
    const first = decide({ policy: perMatchUp, now: [stored(corrected)], applied: [m1] }, event);
    expect(first.outcome).toBe('APPLIED');
    const again = decide({ policy: perMatchUp, now: [stored(corrected)], applied: [corrected] }, event);
    expect(again).toMatchObject({ asked: [], outcome: 'UNCHANGED' });
  });

  it('a correction behind a later rated game of a player asks for the replay, and writes no state', () => {
    const m2 = game('r2-m1', 2, 'a', 'c', win);
    const d = decide(
      { policy: perMatchUp, now: [stored({ ...m1, result: loss }), stored(m2)], applied: [m1, m2] },
      event,
    );
    expect(d).toMatchObject({ outcome: 'DEFERRED', writes: { askReplay: true, states: [], markers: [] } });
  });

  it('while the standings are being brought up to date, the event is left to the runner: no read, a new ask', () => {
    const d = decide({ policy: perMatchUp, now: [stored(m1)], applied: [], pending: true }, event);
    expect(d).toMatchObject({ asked: [], outcome: 'DEFERRED', writes: { askReplay: true, states: [] } });
  });

  it('no game under the id, now or before, is nothing to do', () => {
    expect(decide({ policy: perMatchUp, now: [], applied: [] }, event)).toMatchObject({
      asked: [],
      outcome: 'UNCHANGED',
    });
  });

  it('a deleted matchUp takes its result out of its players’ states', () => {
    const d = decide({ policy: perMatchUp, now: [], applied: [m1] }, event);
    expect(d.outcome).toBe('APPLIED');
    expect(d.writes.states.every((s) => s.results.length === 0)).toBe(true);
    expect(changedIds(d)).toEqual(['a', 'b']);
  });

  it('a result the engine refuses counts as none and is shown to the organizer, once', () => {
    const refused = stored({ ...m1, result: { kind: 'PLAYED', score: { a: -3, b: 1 } } });
    const d = decide({ policy: perMatchUp, now: [refused], applied: [] }, event);
    expect(d.outcome).toBe('UNCHANGED');
    expect(d.writes.problem).toMatchObject({ matchUpId: 'r1-m1', show: { problem: { kind: 'REFUSED_RESULT' } } });
    const fixed = decide({ policy: perMatchUp, now: [stored(m1)], applied: [] }, event);
    expect(fixed.writes.problem).toBeUndefined();
  });

  it('under confirmation, a player’s report the opponent has not confirmed is no result yet', () => {
    const reported = stored(m1, { scoredBy: 'SIDE_A', reports: { a: win, b: null } });
    const d = decide({ policy: perMatchUp, now: [reported], applied: [], confirmScores: true }, event);
    expect(d).toMatchObject({ outcome: 'UNCHANGED', writes: { states: [] } });
    const confirmed = stored(m1, { scoredBy: 'SIDE_B', reports: { a: win, b: win } });
    expect(decide({ policy: perMatchUp, now: [confirmed], applied: [], confirmScores: true }, event).outcome).toBe(
      'APPLIED',
    );
  });
});

describe('a score event, PER_ROUND', () => {
  const m1 = game('r1-m1', 1, 'a', 'b', win);
  const m2 = game('r1-m2', 1, 'c', 'd', loss);
  const bye = game('r1-bye3', 1, 'e', null, { kind: 'PAIRING_BYE' });
  const open = [m1, { ...m2, result: null }, bye];
  const rated = [m1, m2, bye];
  const event: ScoreEvent = { kind: 'MATCHUP', matchUpId: 'r1-m1' };

  it('the first result of an open round is only noted, and the round may be rated once it is through', () => {
    const d = decide({ policy: perRound, now: open.map((m) => stored(m)), applied: [] }, event);
    expect(d).toMatchObject({ asked: ['states a b'], outcome: 'MARKED', rateRound: 1, writes: { states: [] } });
    expect(d.writes.markers).toEqual([m1]);
  });

  it('the same result again reads the states: its round may still wait to be rated by this event', () => {
    const d = decide({ policy: perRound, now: open.map((m) => stored(m)), applied: [m1], folded: open }, event);
    expect(d).toMatchObject({ asked: ['states a b'], outcome: 'UNCHANGED', rateRound: 1, writes: { markers: [] } });
  });

  it('the same result again in a rated round does nothing and waits for nothing', () => {
    const d = decide({ policy: perRound, now: rated.map((m) => stored(m)), applied: rated }, event);
    expect(d).toMatchObject({ outcome: 'UNCHANGED', rateRound: undefined, writes: { states: [] } });
  });

  it('a correction in a rated round reads and re-rates the whole round', () => {
    const corrected = { ...m1, result: loss };
    const d = decide(
      {
        policy: perRound,
        now: [corrected, m2, bye].map((m) => stored(m)),
        applied: rated,
        roundRatings: { 1: 'RATED' },
      },
      event,
    );
    expect(d.asked).toEqual(['states a b', 'round 1', 'states c d e', expect.stringMatching(/^rows /)]);
    expect(d.outcome).toBe('APPLIED');
    expect(d.writes.markers).toEqual([corrected]);
    expect(d.writes.roundRating).toBeUndefined();
  });

  it('a result cleared in a rated round un-rates it, and the round’s document says it waits again', () => {
    const cleared = { ...m1, result: null };
    const d = decide(
      { policy: perRound, now: [cleared, m2, bye].map((m) => stored(m)), applied: rated, roundRatings: { 1: 'RATED' } },
      event,
    );
    expect(d.outcome).toBe('APPLIED');
    expect(d.writes.roundRating).toEqual({ roundNumber: 1, rating: 'WAITING' });
  });

  it('a result cleared in an open round is noted, with nothing to wait for; cleared again, no state is read', () => {
    const cleared = { ...m1, result: null };
    const now = [cleared, { ...m2, result: null }, bye].map((m) => stored(m));
    expect(decide({ policy: perRound, now, applied: [m1], folded: open }, event)).toMatchObject({
      outcome: 'MARKED',
      rateRound: undefined,
    });
    expect(decide({ policy: perRound, now, applied: [cleared] }, event)).toMatchObject({
      asked: [],
      outcome: 'UNCHANGED',
    });
  });

  it('an id re-used in another round is reconciled with that round when the old round is rated for its players', () => {
    // r1-m1 (a v b, rated) is now a game of round 2 between c and e: a and b must lose it, whatever round 2 holds.
    const reused = { ...game('r2-m1', 2, 'c', 'e', win), matchUpId: 'r1-m1' };
    const d = decide({ policy: perRound, now: [reused, m2, bye].map((m) => stored(m)), applied: rated }, event);
    expect(d.asked.slice(0, 2)).toEqual(['states c e a b', 'round 2']);
  });

  describe('rating the round once no game of it is open', () => {
    const round: ScoreEvent = { kind: 'ROUND', roundNumber: 1, after: 'MARKED' };

    it('an open round is left as it is, and the event keeps what it did', () => {
      const d = decide({ policy: perRound, now: open.map((m) => stored(m)), applied: [m1], folded: open }, round);
      expect(d).toMatchObject({ asked: ['round 1'], outcome: 'MARKED', writes: { states: [], markers: [] } });
    });

    it('a complete round is rated: every player’s state, a marker per game, the document says RATED', () => {
      const d = decide(
        {
          policy: perRound,
          now: rated.map((m) => stored(m)),
          applied: [m1],
          folded: open,
          roundRatings: { 1: 'WAITING' },
        },
        round,
      );
      expect(d.outcome).toBe('APPLIED');
      expect(changedIds(d)).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(d.writes.markers).toEqual(rated);
      expect(d.writes.roundRating).toEqual({ roundNumber: 1, rating: 'RATED' });
    });

    it('a round rated already is found rated', () => {
      const d = decide({ policy: perRound, now: rated.map((m) => stored(m)), applied: rated }, round);
      expect(d).toMatchObject({ outcome: 'MARKED', writes: { states: [], askReplay: false } });
    });

    it('a round too large for one commit is left to the runner', () => {
      const d = decide({ policy: perRound, now: rated.map((m) => stored(m)), applied: [], commitBytes: 100 }, round);
      expect(d).toMatchObject({ outcome: 'DEFERRED', writes: { askReplay: true, states: [], markers: [] } });
    });

    it('while the standings are being brought up to date, nothing is read', () => {
      const d = decide({ policy: perRound, now: rated.map((m) => stored(m)), applied: [], pending: true }, round);
      expect(d).toMatchObject({ asked: [], outcome: 'MARKED', writes: { askReplay: false, states: [] } });
    });
  });
});

describe('what a round change leaves for the views and the markers', () => {
  const m1 = game('r1-m1', 1, 'a', 'b', win);
  const m2 = game('r1-m2', 1, 'c', 'd', null);

  it('a PER_ROUND round is WAITING until every matchUp has a result, then RATED', () => {
    expect(roundRating([m1, m2])).toBe('WAITING');
    expect(roundRating([m1, { ...m2, result: loss }])).toBe('RATED');
  });

  it('stale markers: games gone from the round under an id it no longer holds, bar the writer’s own', () => {
    const gone = game('r1-m3', 1, 'e', null, { kind: 'PAIRING_BYE' });
    // r1-m2 is held again by other players: its own event rewrites its marker, so it is not deleted here.
    const reused = { ...m2, a: 'e', b: 'a' };
    const markers = [m1, m2, gone];
    expect(staleMarkers(1, [m1, reused], markers).map((m) => m.matchUpId)).toEqual(['r1-m3']);
    expect(staleMarkers(1, [m1, reused], markers, 'r1-m3')).toEqual([]);
    expect(staleMarkers(2, [m1, reused], markers)).toEqual([]);
  });
});
