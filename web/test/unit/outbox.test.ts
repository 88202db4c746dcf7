/** What became of a score this device sent, judged from the matchUp as the device sees it (lib/outbox.ts). */
import { describe, expect, it } from 'vitest';
import type { MatchUp } from '../../src/data/shapes';
import { type SentScore, deliveryOf } from '../../src/lib/outbox';

const sent: SentScore = {
  tournamentId: 't1',
  matchUpId: 'm1',
  result: { kind: 'PLAYED', score: { a: 5, b: 3 } },
  writtenAt: 0,
};

const game = (result: MatchUp['result'], sync: MatchUp['sync']): MatchUp => ({
  matchUpId: 'm1',
  roundNumber: 1,
  order: 0,
  a: 'p1',
  b: 'p2',
  movesFirst: 'p1',
  cost: {},
  result,
  scoredBy: result ? 'EDITOR' : null,
  sync,
});

describe('a score sent from this phone', () => {
  it('waits while the write is queued, even though the phone already shows it', () => {
    expect(deliveryOf(sent, game({ kind: 'PLAYED', score: { a: 5, b: 3 } }, 'pending'))).toBe('waiting');
  });

  it('waits while only the cached copy is known: it may be older than the write', () => {
    expect(deliveryOf(sent, game({ kind: 'PLAYED', score: { a: 2, b: 5 } }, 'cache'))).toBe('waiting');
    expect(deliveryOf(sent, undefined)).toBe('waiting');
  });

  it("arrived when the server's copy carries the same result, the default kind included", () => {
    expect(deliveryOf(sent, game({ kind: 'PLAYED', score: { a: 5, b: 3 } }, 'server'))).toBe('arrived');
    expect(deliveryOf({ ...sent, result: { score: { a: 5, b: 3 } } }, game(sent.result as never, 'server'))).toBe(
      'arrived',
    );
  });

  it("refused when the server's copy carries another result, or none", () => {
    expect(deliveryOf(sent, game({ kind: 'PLAYED', score: { a: 2, b: 5 } }, 'server'))).toBe('refused');
    expect(deliveryOf(sent, game({ kind: 'FORFEIT_WIN' }, 'server'))).toBe('refused');
    expect(deliveryOf(sent, game(null, 'server'))).toBe('refused');
  });

  it("a cleared result arrives when the server's copy has none", () => {
    expect(deliveryOf({ ...sent, result: null }, game(null, 'server'))).toBe('arrived');
    expect(deliveryOf({ ...sent, result: null }, game({ kind: 'PLAYED', score: { a: 1, b: 5 } }, 'server'))).toBe(
      'refused',
    );
  });
});

describe("a player's report under confirmation, sent from this phone", () => {
  const report: SentScore = { ...sent, side: 'a' };

  it("arrived when the server's copy holds that side's report, though no result counts yet", () => {
    const reported = { ...game(null, 'server'), reports: { a: { kind: 'PLAYED', score: { a: 5, b: 3 } } } } as MatchUp;
    expect(deliveryOf(report, reported)).toBe('arrived');
  });

  it("waits while the server's copy has no report of that side; refused when it holds another", () => {
    expect(deliveryOf(report, game(null, 'pending'))).toBe('waiting');
    const other = { ...game(null, 'server'), reports: { a: { kind: 'PLAYED', score: { a: 1, b: 5 } } } } as MatchUp;
    expect(deliveryOf(report, other)).toBe('refused');
  });
});
