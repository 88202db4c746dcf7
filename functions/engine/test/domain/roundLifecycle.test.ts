import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/common/errors.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { presetPolicy } from '../../src/domain/policy/policy.js';
import {
  type LifecycleTournament,
  type NextRoundInput,
  planClose,
  planNextRound,
  planReopen,
  planUndo,
  roundEnteredBy,
} from '../../src/domain/rounds/roundLifecycle.js';

const policy = presetPolicy('SWISS');
const draft: LifecycleTournament = {
  system: 'ROUND_ROBIN',
  status: 'DRAFT',
  currentRound: 0,
  policy,
  pairing: { method: 'ROUND_ROBIN' },
};
const players = ['p1', 'p2', 'p3', 'p4'].map((participantId, i) => ({ participantId, rating: 1500 + 10 * i }));
const request = { requestId: 'req-1', seed: 7, author: 'OWNER' as const, at: '2026-11-21T10:00:00.000Z' };

function generate(input: Partial<NextRoundInput>) {
  return planNextRound({ tournament: draft, rounds: [], participants: players, matchUps: [], request, ...input });
}

const won = (m: MatchUpRecord): MatchUpRecord => ({ ...m, result: { kind: 'PLAYED', winner: 'a' } });

describe('the round life cycle', () => {
  it('the first round of a draft is round 1: nothing closes and the tournament starts running', () => {
    const plan = generate({});
    if (plan.repeated) throw new Error('a first request is not a retry');
    expect(plan.round).toMatchObject({ roundNumber: 1, status: 'OPEN', requestId: 'req-1', generatedBy: 'OWNER' });
    expect(plan.matchUps.map((m) => m.roundNumber)).toEqual([1, 1]);
    expect(plan.closes).toBeNull();
    expect(plan.tournament).toEqual({ currentRound: 1, status: 'RUNNING' });
    expect(plan.answer).toMatchObject({ roundNumber: 1, matchUps: 2, repeated: false });
  });

  it('the next round is numbered after the current one, which closes as it opens', () => {
    const first = generate({});
    if (first.repeated) throw new Error('a first request is not a retry');
    const running = { ...draft, status: 'RUNNING' as const, currentRound: 1 };
    const second = generate({
      tournament: running,
      rounds: [first.round],
      matchUps: first.matchUps.map(won),
      request: { ...request, requestId: 'req-2' },
    });
    if (second.repeated) throw new Error('a new request is not a retry');
    expect(second.round.roundNumber).toBe(2);
    expect(second.closes).toBe(1);
    expect(second.tournament).toEqual({ currentRound: 2, status: 'RUNNING' });
  });

  it('a retried request answers the round it made and plans no write', () => {
    const first = generate({});
    if (first.repeated) throw new Error('a first request is not a retry');
    const retry = generate({ tournament: { ...draft, status: 'RUNNING', currentRound: 1 }, rounds: [first.round] });
    expect(retry).toEqual({ repeated: true, answer: { ...first.answer, repeated: true } });
  });

  it('a game without a result that counts refuses the next round unless forced', () => {
    const first = generate({});
    if (first.repeated) throw new Error('a first request is not a retry');
    const running = { ...draft, status: 'RUNNING' as const, currentRound: 1 };
    const next = { tournament: running, rounds: [first.round], matchUps: first.matchUps };
    expect(() => generate({ ...next, request: { ...request, requestId: 'req-2' } })).toThrow(DomainError);
    const forced = generate({ ...next, request: { ...request, requestId: 'req-2', force: true } });
    expect(forced.answer.roundNumber).toBe(2);
  });

  it('undoing the only round makes the tournament a draft again; undoing a later one reopens the one before', () => {
    expect(planUndo({ currentRound: 1, policy }, [])).toEqual({
      roundNumber: 1,
      removes: [],
      reopens: null,
      tournament: { currentRound: 0, status: 'DRAFT' },
    });
    const open: MatchUpRecord = { matchUpId: 'r3-m1', roundNumber: 3, order: 0, a: 'p1', b: 'p2', result: null };
    expect(planUndo({ currentRound: 3, policy }, [open])).toEqual({
      roundNumber: 3,
      removes: ['r3-m1'],
      reopens: 2,
      tournament: { currentRound: 2, status: 'RUNNING' },
    });
  });

  it('closing closes the current round; reopening opens it again, or makes a draft of a tournament never paired', () => {
    expect(planClose({ currentRound: 2 }, [], (id) => id, false)).toEqual({
      round: { roundNumber: 2, status: 'CLOSED' },
      status: 'CLOSED',
    });
    expect(planReopen({ currentRound: 2, status: 'CLOSED' })).toEqual({
      round: { roundNumber: 2, status: 'OPEN' },
      status: 'RUNNING',
    });
    expect(planReopen({ currentRound: 0, status: 'CLOSED' })).toEqual({ round: null, status: 'DRAFT' });
  });

  it("a top cut's first round keeps the tournament's forbidden pairs apart, and its notes say which seeds moved", () => {
    // A round robin of 4 with a top 4: rounds 1 to 3 are the table, round 4 the semi-finals.
    let tournament: LifecycleTournament = { ...draft, pairing: { method: 'ROUND_ROBIN', options: { topCut: 4 } } };
    let rounds: NextRoundInput['rounds'] = [];
    let matchUps: MatchUpRecord[] = [];
    for (let n = 1; n <= 3; n++) {
      const plan = generate({ tournament, rounds, matchUps, request: { ...request, requestId: `req-${n}` } });
      if (plan.repeated) throw new Error('a new request is not a retry');
      rounds = [...rounds, plan.round];
      matchUps = [...matchUps, ...plan.matchUps.map(won)];
      tournament = { ...tournament, status: 'RUNNING', currentRound: n };
    }
    const cut = (forbiddenPairs: { a: string; b: string }[]) => {
      const plan = generate({
        tournament: { ...tournament, forbiddenPairs },
        rounds,
        matchUps,
        request: { ...request, requestId: 'req-cut' },
      });
      if (plan.repeated) throw new Error('a new request is not a retry');
      return plan;
    };
    const seeding = cut([]).round.playoff!.seeding!;
    const seedsOf = (plan: ReturnType<typeof cut>) =>
      plan.matchUps.map((m) => `${seeding.indexOf(m.a) + 1} v ${seeding.indexOf(m.b!) + 1}`);
    expect(seedsOf(cut([]))).toEqual(['1 v 4', '2 v 3']);
    const apart = cut([{ a: seeding[3]!, b: seeding[0]! }]);
    expect(seedsOf(apart)).toEqual(['1 v 3', '2 v 4']);
    expect(apart.round.notes.join(' ')).toContain('re-seeded so that forbidden pairs do not meet: seeds 1 v 3, 2 v 4');
    expect(apart.round.forbiddenPairsMet).toBeUndefined();
  });

  it('a late entry plays from the next round of a running tournament, and from round 1 of a draft', () => {
    expect(roundEnteredBy({ status: 'RUNNING', currentRound: 3 })).toBe(4);
    expect(roundEnteredBy({ status: 'DRAFT', currentRound: 0 })).toBe(1);
  });
});
