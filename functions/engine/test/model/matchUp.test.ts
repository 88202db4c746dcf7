import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { Timestamp as WebTimestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { MatchUpDoc } from '../../src/model/matchUp.js';

const base = {
  matchUpId: 'm1',
  roundNumber: 1,
  order: 0,
  a: 'p1',
  b: 'p2',
  result: { winner: 'a' },
  scoredBy: 'SIDE_A',
};

describe('MatchUpDoc.scoredAt', () => {
  it("reads the server's timestamp as either SDK returns it, keeping the object", () => {
    for (const scoredAt of [AdminTimestamp.fromMillis(1_700_000_000_000), WebTimestamp.fromMillis(1_700_000_000_000)]) {
      const parsed = MatchUpDoc.parse({ ...base, scoredAt });
      expect(parsed.scoredAt).toBe(scoredAt);
    }
  });

  it('still reads the ISO strings of documents written before, and null', () => {
    expect(MatchUpDoc.parse({ ...base, scoredAt: '2025-06-01T10:00:00.000Z' }).scoredAt).toBe(
      '2025-06-01T10:00:00.000Z',
    );
    expect(MatchUpDoc.parse({ ...base, result: null, scoredBy: null, scoredAt: null }).scoredAt).toBeNull();
  });

  it('refuses a number, or an object that is not a timestamp', () => {
    for (const scoredAt of [12, { seconds: 1, nanoseconds: 0 }, { toMillis: 5 }, true]) {
      expect(MatchUpDoc.safeParse({ ...base, scoredAt }).success, JSON.stringify(scoredAt)).toBe(false);
    }
  });
});

describe('MatchUpDoc.scoredBy', () => {
  it('names the role that scored, never an account', () => {
    for (const scoredBy of ['SIDE_A', 'SIDE_B', 'SCOREKEEPER', 'EDITOR'] as const) {
      expect(MatchUpDoc.parse({ ...base, scoredBy }).scoredBy).toBe(scoredBy);
    }
  });

  it('reads the account id of a result written before roles signed scores as unknown, so the game still counts', () => {
    const parsed = MatchUpDoc.parse({ ...base, scoredBy: 'kJ3uQ0dVb8XnA1' });
    expect(parsed.scoredBy).toBeNull();
    expect(parsed.result).toEqual({ kind: 'PLAYED', winner: 'a' });
  });
});
