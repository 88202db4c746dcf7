/** Requested byes (docs/pairing.md#requested-byes): what a player may ask for, and what only the organizer may grant. */
import { describe, expect, it } from 'vitest';
import { type ByeRequestContext, ByeRules, planByeRequest } from '../../src/domain/joining/byeRequests.js';
import { refusal } from './refusal.js';

/** A 7-round Swiss after round 2, two half-point byes allowed, none in the last two rounds. */
function context(overrides: Partial<ByeRequestContext> = {}): ByeRequestContext {
  return {
    tournament: { status: 'RUNNING', system: 'SWISS', currentRound: 2, totalRounds: 7 },
    rules: ByeRules.parse({ halfPointByes: 2 }),
    participant: {},
    byEditor: false,
    ...overrides,
  };
}

describe('a player asks for a bye', () => {
  it('gets it in a round not yet paired, kept in round order', () => {
    const first = planByeRequest(context(), { round: 5, points: 'HALF' });
    const both = planByeRequest(context({ participant: { requestedByes: first } }), { round: 3, points: 'ZERO' });
    expect(both).toEqual([
      { round: 3, points: 'ZERO' },
      { round: 5, points: 'HALF' },
    ]);
  });

  it('takes one back, and a second request for a round replaces the first', () => {
    const asked = { requestedByes: [{ round: 4, points: 'HALF' as const }] };
    expect(planByeRequest(context({ participant: asked }), { round: 4, points: 'ZERO' })).toEqual([
      { round: 4, points: 'ZERO' },
    ]);
    expect(planByeRequest(context({ participant: asked }), { round: 4, points: null })).toEqual([]);
    expect(refusal(() => planByeRequest(context(), { round: 4, points: null })).message).toBe(
      'no bye was asked for in round 4',
    );
  });

  it('is refused for a round already paired, past the end, or awarded', () => {
    expect(refusal(() => planByeRequest(context(), { round: 2, points: 'ZERO' })).message).toBe(
      'round 2 is already paired',
    );
    expect(refusal(() => planByeRequest(context(), { round: 8, points: 'ZERO' }))).toEqual({
      code: 'invalid-argument',
      message: 'the tournament has 7 rounds',
    });
    const awarded = context({ participant: { awardedByes: 3 } });
    expect(refusal(() => planByeRequest(awarded, { round: 3, points: 'ZERO' })).message).toBe(
      'round 3 is already an awarded bye',
    );
  });

  it("is held to the organizer's limits: how many half-point byes, and not in the last rounds", () => {
    const two = {
      requestedByes: [
        { round: 3, points: 'HALF' as const },
        { round: 4, points: 'HALF' as const },
      ],
    };
    expect(refusal(() => planByeRequest(context({ participant: two }), { round: 5, points: 'HALF' }))).toEqual({
      code: 'permission-denied',
      message: 'at most 2 half-point byes a player',
    });
    expect(refusal(() => planByeRequest(context(), { round: 6, points: 'HALF' })).message).toBe(
      'no half-point bye in the last 2 rounds',
    );
    // An absence in a last round is no advantage: a zero-point bye is taken there.
    expect(planByeRequest(context(), { round: 7, points: 'ZERO' })).toEqual([{ round: 7, points: 'ZERO' }]);
    const noHalf = context({ rules: ByeRules.parse({}) });
    expect(refusal(() => planByeRequest(noHalf, { round: 3, points: 'HALF' })).message).toBe(
      'this tournament gives no half-point byes on request',
    );
    const noAbsence = context({ rules: ByeRules.parse({ zeroPointByes: false }) });
    expect(refusal(() => planByeRequest(noAbsence, { round: 3, points: 'ZERO' })).code).toBe('permission-denied');
  });

  it('is granted by the organizer past the limits, but never for a round already paired', () => {
    const organizer = context({ byEditor: true, rules: ByeRules.parse({}) });
    expect(planByeRequest(organizer, { round: 7, points: 'HALF' })).toEqual([{ round: 7, points: 'HALF' }]);
    expect(refusal(() => planByeRequest(organizer, { round: 1, points: 'HALF' })).message).toBe(
      'round 1 is already paired',
    );
  });

  it('is for a running or draft Swiss and a player still in', () => {
    const robin = context({ tournament: { status: 'RUNNING', system: 'ROUND_ROBIN', currentRound: 2 } });
    expect(refusal(() => planByeRequest(robin, { round: 3, points: 'ZERO' })).message).toMatch(/for a Swiss/);
    const over = context({ tournament: { status: 'CLOSED', system: 'SWISS', currentRound: 7, totalRounds: 7 } });
    expect(refusal(() => planByeRequest(over, { round: 3, points: 'ZERO' })).message).toBe('this tournament is over');
    const withdrawn = context({ participant: { withdrawn: true } });
    expect(refusal(() => planByeRequest(withdrawn, { round: 3, points: 'ZERO' })).message).toMatch(/withdrawn/);
  });
});
