import { describe, expect, it } from 'vitest';
import { firstMover } from '../../src/domain/results/sides.js';

describe('who moves first', () => {
  it('is the player the matchUp names', () => {
    expect(firstMover({ a: 'p1', b: 'p2', movesFirst: 'p2' })).toBe('p2');
  });
  it('is side a when the matchUp names nobody (stored before the name was kept, or imported without it)', () => {
    expect(firstMover({ a: 'p1', b: 'p2', movesFirst: null })).toBe('p1');
    expect(firstMover({ a: 'p1', b: 'p2' })).toBe('p1');
  });
  it('is nobody in a bye', () => {
    expect(firstMover({ a: 'p1', b: null, movesFirst: null })).toBeNull();
  });
});
