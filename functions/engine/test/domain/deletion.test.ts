import { describe, expect, it } from 'vitest';
import { deletionRefusal, missingStateProblems } from '../../src/domain/organisation/deletion.js';

describe('which tournaments may be deleted', () => {
  it('a draft, whole or not', () => {
    expect(deletionRefusal('t1', 'DRAFT', [])).toBeNull();
    expect(deletionRefusal('t1', 'DRAFT', ['participant(s) p1 have no competition state'])).toBeNull();
  });
  it('a running or closed one only when it is broken', () => {
    expect(deletionRefusal('t1', 'RUNNING', ['it has 4 matchUp(s) but no competition states'])).toBeNull();
    expect(deletionRefusal('t1', 'CLOSED', ['matchUps r1-m1 do not match their schema'])).toBeNull();
    expect(deletionRefusal('Spring Open', 'RUNNING', [])).toBe(
      '“Spring Open” has started: its rounds hold results people played for, so it stays (close it instead). ' +
        'Only a tournament with no round yet, or a broken one, can be deleted',
    );
    expect(deletionRefusal('Spring Open', 'CLOSED', [])).toMatch(/^“Spring Open” is closed: /);
  });
});

describe('a tournament without competition states is broken', () => {
  it('matchUps and no states at all (what a half-done import left)', () => {
    expect(missingStateProblems([], new Set(), 3)).toEqual(['it has 3 matchUp(s) but no competition states']);
  });
  it('a participant without a state', () => {
    expect(missingStateProblems(['p1', 'p2', 'p3'], new Set(['p1']), 0)).toEqual([
      'participant(s) p2, p3 have no competition state',
    ]);
  });
  it('nothing when every participant has a state', () => {
    expect(missingStateProblems(['p1', 'p2'], new Set(['p1', 'p2']), 1)).toEqual([]);
    expect(missingStateProblems([], new Set(), 0)).toEqual([]);
  });
});
