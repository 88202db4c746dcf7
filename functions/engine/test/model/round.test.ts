import { describe, expect, it } from 'vitest';
import { RoundDoc } from '../../src/model/round.js';

const stored = {
  roundNumber: 2,
  method: 'SWISS',
  seed: 7,
  matchUpCount: 3,
  requestId: 'round-2',
  generatedAt: '2025-06-01T10:00:00.000Z',
};

describe('who generated a round', () => {
  it('is kept as a role', () => {
    expect(RoundDoc.parse({ ...stored, generatedBy: 'EDITOR' }).generatedBy).toBe('EDITOR');
  });

  it('reads a round stored with an account id as UNKNOWN, so the id goes no further', () => {
    const round = RoundDoc.parse({ ...stored, generatedBy: 'xJ3kq9AcTL0bWfYh2v1s8mPz4Re2' });
    expect(round.generatedBy).toBe('UNKNOWN');
    expect(JSON.stringify(round)).not.toContain('xJ3kq9AcTL0bWfYh2v1s8mPz4Re2');
  });
});
