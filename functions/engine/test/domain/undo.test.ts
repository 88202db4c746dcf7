import { describe, expect, it } from 'vitest';
import type { ReportedMatchUp } from '../../src/domain/results/acceptance.js';
import { DomainError } from '../../src/domain/common/errors.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { presetPolicy } from '../../src/domain/policy/policy.js';
import { assertUndoable } from '../../src/domain/rounds/undo.js';

const policy = presetPolicy('SWISS');
const round2: MatchUpRecord[] = [
  { matchUpId: 'r2-m1', roundNumber: 2, order: 0, a: 'a', b: 'b', result: null },
  { matchUpId: 'r2-m2', roundNumber: 2, order: 1, a: 'c', b: 'd', result: null },
  { matchUpId: 'r2-bye1', roundNumber: 2, order: 2, a: 'e', b: null, result: { kind: 'PAIRING_BYE' } },
];

/** The refusal thrown, or undefined when the round may be undone. */
function refusal(roundNumber: number, matchUps: readonly ReportedMatchUp[]): DomainError | undefined {
  try {
    assertUndoable(roundNumber, matchUps, policy);
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

describe('undoing the last round (assertUndoable)', () => {
  it('a player’s report waiting for the opponent holds the round: undoing would delete it', () => {
    const reported = round2.map((m) =>
      m.matchUpId === 'r2-m1'
        ? { ...m, reports: { a: null, b: { kind: 'PLAYED' as const, winner: 'b' as const } } }
        : m,
    );
    expect(refusal(2, reported)).toMatchObject({
      code: 'failed-precondition',
      message: 'round 2 already has 1 score(s) (table 1); clear them before undoing the round',
    });
  });

  it('a round whose only results are its automatic byes may be undone', () => {
    expect(refusal(2, round2)).toBeUndefined();
  });

  it('before the first round there is nothing to undo', () => {
    expect(refusal(0, [])).toMatchObject({ code: 'failed-precondition', message: 'there is no round to undo' });
  });

  it('a score holds the round, and the refusal names it', () => {
    const scored = round2.map((m) =>
      m.matchUpId === 'r2-m2' ? { ...m, result: { kind: 'PLAYED' as const, winner: 'a' as const } } : m,
    );
    expect(refusal(2, scored)).toMatchObject({
      code: 'failed-precondition',
      message: 'round 2 already has 1 score(s) (table 2); clear them before undoing the round',
    });
  });

  it('a stored result the engine refuses counts as none: it does not hold the round', () => {
    // Game points beyond the target of 5: the rules may let it through, the engine counts no result.
    const refused = round2.map((m) =>
      m.matchUpId === 'r2-m1' ? { ...m, result: { kind: 'PLAYED' as const, score: { a: 9, b: 0 } } } : m,
    );
    expect(refusal(2, refused)).toBeUndefined();
  });
});
