/** Confirmation by the opponent and the history of a result (docs/results.md), in the organizer's words. */
import { describe, expect, it } from 'vitest';
import {
  type ScoreFields,
  agreedReport,
  confirmation,
  enteredBy,
  reportWrite,
} from '../../src/domain/results/confirmation.js';
import { disputeProblem } from '../../src/domain/results/problems.js';
import { resultChange } from '../../src/domain/results/resultHistory.js';
import type { MatchUpResult } from '../../src/domain/results/results.js';

const played = (a: number, b: number): MatchUpResult => ({ kind: 'PLAYED', score: { a, b } });
const none: ScoreFields = { result: null, scoredBy: null };

describe('which result counts when the tournament asks for the opponent’s confirmation', () => {
  it('one player’s report waits for the opponent; nothing counts yet', () => {
    const afterA = { ...none, ...reportWrite(none, 'a', played(5, 3)) };
    expect(afterA.result).toBeNull();
    expect(confirmation(afterA, true)).toEqual({ counts: null, state: 'WAITING' });
  });

  it('the opponent reporting the same score confirms it: it counts, signed by the confirming side', () => {
    const afterA = { ...none, ...reportWrite(none, 'a', played(5, 3)) };
    const afterB = { ...afterA, ...reportWrite(afterA, 'b', { score: { a: 5, b: 3 }, kind: 'PLAYED' }) };
    expect(afterB.result).toEqual(played(5, 3));
    expect(afterB.scoredBy).toBe('SIDE_B');
    expect(confirmation(afterB, true)).toEqual({ counts: played(5, 3), state: 'CONFIRMED' });
  });

  it('a different report is a dispute: nothing counts, and the organizer is told both reports', () => {
    const afterA = { ...none, ...reportWrite(none, 'a', played(5, 3)) };
    const afterB = { ...afterA, ...reportWrite(afterA, 'b', played(3, 5)) };
    expect(afterB.result).toBeNull();
    expect(confirmation(afterB, true)).toEqual({ counts: null, state: 'DISPUTED' });
    expect(disputeProblem(afterB, true)?.message).toMatch(/first player reported 5-3, the second 3-5/);
    expect(disputeProblem(afterB, false)).toBeUndefined();
  });

  it('a player changing a confirmed report takes the result out again', () => {
    const a = { ...none, ...reportWrite(none, 'a', played(5, 3)) };
    const both = { ...a, ...reportWrite(a, 'b', played(5, 3)) };
    const changed = { ...both, ...reportWrite(both, 'a', played(5, 4)) };
    expect(changed.result).toBeNull();
    expect(confirmation(changed, true).state).toBe('DISPUTED');
  });

  it('a dispute is settled by one player agreeing, or by a scorekeeper’s or an editor’s result', () => {
    const a = { ...none, ...reportWrite(none, 'a', played(5, 3)) };
    const disputed = { ...a, ...reportWrite(a, 'b', played(3, 5)) };
    const agreed = { ...disputed, ...reportWrite(disputed, 'a', played(3, 5)) };
    expect(confirmation(agreed, true)).toEqual({ counts: played(3, 5), state: 'CONFIRMED' });
    for (const official of ['EDITOR', 'SCOREKEEPER'] as const) {
      const settled = { ...disputed, result: played(4, 5), scoredBy: official };
      expect(confirmation(settled, true)).toEqual({ counts: played(4, 5), state: 'ENTERED' });
      expect(disputeProblem(settled, true)).toBeUndefined();
      // A player's later report is kept beside it, and does not move the settled result.
      const reported = reportWrite(settled, 'b', played(0, 5));
      expect(reported).toMatchObject({ result: played(4, 5), scoredBy: official, reports: { b: played(0, 5) } });
    }
  });

  it('a player’s result stored before the option was turned on keeps counting; one signed by a player without agreement does not', () => {
    expect(confirmation({ result: played(5, 3), scoredBy: 'SIDE_A' }, true)).toEqual({
      counts: played(5, 3),
      state: 'ENTERED',
    });
    const forged = { result: played(5, 0), scoredBy: 'SIDE_A' as const, reports: { a: played(5, 0), b: played(0, 5) } };
    expect(confirmation(forged, true)).toEqual({ counts: null, state: 'DISPUTED' });
  });

  it('a result a scorekeeper or an editor entered is theirs to clear, not a player’s', () => {
    expect(enteredBy({ result: played(5, 3), scoredBy: 'EDITOR' })).toBe('EDITOR');
    expect(enteredBy({ result: played(5, 3), scoredBy: 'SCOREKEEPER' })).toBe('SCOREKEEPER');
    expect(enteredBy({ result: played(5, 3), scoredBy: null })).toBe('EDITOR');
    expect(enteredBy({ result: played(5, 3), scoredBy: 'SIDE_B' })).toBeNull();
    expect(enteredBy(none)).toBeNull();
  });

  it('without the option every stored result counts as written, reports or not', () => {
    const forged = { result: played(5, 0), scoredBy: 'SIDE_A' as const, reports: { a: played(5, 0), b: played(0, 5) } };
    expect(confirmation(forged, false)).toEqual({ counts: played(5, 0), state: 'ENTERED' });
    expect(agreedReport({ a: played(1, 5) })).toBeNull();
  });
});

describe('the history of a result', () => {
  it('the loser flipping 5-3 to 3-5 is one change, old and new, by his side', () => {
    const change = resultChange(
      { result: played(5, 3), scoredBy: 'SIDE_A' },
      { result: played(3, 5), scoredBy: 'SIDE_B' },
    );
    expect(change).toEqual({ changes: [{ field: 'result', before: played(5, 3), after: played(3, 5) }], by: 'SIDE_B' });
  });

  it('a report is signed by its own side, with the result it confirmed; a clear carries no role', () => {
    const before = { result: null, scoredBy: null, reports: { a: played(5, 3) } };
    const after = { result: played(5, 3), scoredBy: 'SIDE_B' as const, reports: { a: played(5, 3), b: played(5, 3) } };
    expect(resultChange(before, after)).toEqual({
      changes: [
        { field: 'result', before: null, after: played(5, 3) },
        { field: 'reportB', before: null, after: played(5, 3) },
      ],
      by: 'SIDE_B',
    });
    expect(resultChange({ result: played(5, 3), scoredBy: 'EDITOR' }, { result: null, scoredBy: null })?.by).toBeNull();
  });

  it('a write that changes neither the result nor a report is no change', () => {
    expect(
      resultChange({ result: played(5, 3), scoredBy: 'SIDE_A' }, { result: played(5, 3), scoredBy: 'SIDE_B' }),
    ).toBeNull();
    expect(resultChange(undefined, { result: null, scoredBy: null })).toBeNull();
  });
});
