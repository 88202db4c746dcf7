/** Judge calls (docs/judging.md#judge-calls): what the desk, the phones and the Close button read of the calls. */
import { describe, expect, it } from 'vitest';
import { type JudgeCallView, extensionOf, openJudgeCalls, roundCloseWarning } from '../../src/index.js';

const call = (
  matchUpId: string,
  roundNumber: number,
  status: JudgeCallView['status'],
  extensionMinutes = 0,
): JudgeCallView => ({ matchUpId, roundNumber, status, extensionMinutes });

// The pairings number the tables from 1; the desk passes that numbering in.
const tables: Record<string, number> = { r2m1: 1, r2m2: 2, r2m3: 3, r2m5: 5, r2m10: 10, r1m4: 4 };
const tableOf = (matchUpId: string) => tables[matchUpId]!;

describe('the calls not yet closed', () => {
  it('are those of the round a judge is still wanted at or on the way to', () => {
    const calls = [
      call('r2m1', 2, 'OPEN'),
      call('r2m2', 2, 'TAKEN'),
      call('r2m3', 2, 'CLOSED', 5),
      call('r1m4', 1, 'OPEN'),
    ];
    expect(openJudgeCalls(calls, 2)).toEqual([call('r2m1', 2, 'OPEN'), call('r2m2', 2, 'TAKEN')]);
  });

  it('leave out a call of another round, even one left open when that round closed', () => {
    expect(openJudgeCalls([call('r1m4', 1, 'OPEN'), call('r1m4', 1, 'TAKEN')], 2)).toEqual([]);
    expect(openJudgeCalls([call('r1m4', 1, 'OPEN')], 1)).toEqual([call('r1m4', 1, 'OPEN')]);
  });

  it('are none when every call of the round is closed, or there is no call', () => {
    expect(openJudgeCalls([call('r2m1', 2, 'CLOSED'), call('r2m2', 2, 'CLOSED', 10)], 2)).toEqual([]);
    expect(openJudgeCalls([], 2)).toEqual([]);
  });

  it('keep what else the screen stored on each call, such as when it was made', () => {
    const stored = [
      { ...call('r2m1', 2, 'OPEN'), calledAtMs: 2_000 },
      { ...call('r2m2', 2, 'CLOSED'), calledAtMs: 1_000 },
    ];
    expect(openJudgeCalls(stored, 2)).toEqual([
      { matchUpId: 'r2m1', roundNumber: 2, status: 'OPEN', extensionMinutes: 0, calledAtMs: 2_000 },
    ]);
  });
});

describe("a table's extra minutes", () => {
  it('are the minutes its call gave, which its clock runs past the round', () => {
    const calls = [call('r2m1', 2, 'CLOSED', 5), call('r2m2', 2, 'CLOSED', 12)];
    expect(extensionOf(calls, 'r2m1')).toBe(5);
    expect(extensionOf(calls, 'r2m2')).toBe(12);
  });

  it('are none at a table that never called a judge', () => {
    expect(extensionOf([call('r2m1', 2, 'CLOSED', 5)], 'r2m3')).toBe(0);
    expect(extensionOf([], 'r2m3')).toBe(0);
  });

  it('count while the call is still open or taken, as a judge may give minutes before closing it', () => {
    expect(extensionOf([call('r2m1', 2, 'TAKEN', 3)], 'r2m1')).toBe(3);
    expect(extensionOf([call('r2m1', 2, 'OPEN', 0)], 'r2m1')).toBe(0);
  });

  it('reach the most a table may be given, 60', () => {
    expect(extensionOf([call('r2m1', 2, 'CLOSED', 60)], 'r2m1')).toBe(60);
  });
});

describe("closing a round takes the organizer's confirmation", () => {
  it('naming the one table whose call is still open', () => {
    expect(roundCloseWarning([call('r2m3', 2, 'OPEN')], 2, tableOf)).toBe('A judge call is still open (table 3)');
  });

  it('counting a call a judge has taken but not closed', () => {
    expect(roundCloseWarning([call('r2m2', 2, 'TAKEN')], 2, tableOf)).toBe('A judge call is still open (table 2)');
  });

  it('naming every table with a call still open, by number from the lowest', () => {
    const calls = [call('r2m10', 2, 'OPEN'), call('r2m2', 2, 'TAKEN'), call('r2m5', 2, 'OPEN')];
    // Table 10 comes after table 5, as on the pairings, not as text sorts it.
    expect(roundCloseWarning(calls, 2, tableOf)).toBe('3 judge calls are still open (tables 2, 5, 10)');
  });

  it('leaving out the closed calls and those of another round', () => {
    const calls = [
      call('r2m1', 2, 'CLOSED', 5),
      call('r2m3', 2, 'OPEN'),
      call('r2m5', 2, 'TAKEN'),
      call('r1m4', 1, 'OPEN'),
    ];
    expect(roundCloseWarning(calls, 2, tableOf)).toBe('2 judge calls are still open (tables 3, 5)');
  });
});

describe('closing a round needs no confirmation', () => {
  it('when every call of the round is closed', () => {
    const calls = [call('r2m1', 2, 'CLOSED', 5), call('r2m2', 2, 'CLOSED')];
    expect(roundCloseWarning(calls, 2, tableOf)).toBeNull();
  });

  it('when the only open call is of another round', () => {
    expect(roundCloseWarning([call('r1m4', 1, 'OPEN')], 2, tableOf)).toBeNull();
  });

  it('when nobody called a judge', () => {
    expect(roundCloseWarning([], 2, tableOf)).toBeNull();
  });
});
