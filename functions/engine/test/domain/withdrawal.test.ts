import { describe, expect, it } from 'vitest';
import { presetPolicy, resolvePolicy } from '../../src/domain/policy/policy.js';
import { planDropOut, planWithdrawal } from '../../src/domain/joining/withdrawal.js';

const player = { participantId: 'p1', name: 'Ada', withdrawn: false };
const row = { participantId: 'p1', wins: 2, withdrawn: false };

describe('a withdrawal', () => {
  it('flags the participant and his row; without a drop-out trend nobody else moves', () => {
    expect(planWithdrawal(presetPolicy('STANDARD'), player, row, true)).toEqual({
      changed: true,
      participant: { ...player, withdrawn: true },
      standing: { ...row, withdrawn: true },
      replay: false,
    });
  });

  it('under a drop-out trend, the standings are folded again (his opponents’ Buchholz moves)', () => {
    const policy = resolvePolicy('STANDARD', { victoryPolicy: { buchholzDropOut: 'TREND' } });
    expect(planWithdrawal(policy, player, undefined, true)).toMatchObject({ changed: true, replay: true });
  });

  it('asked again, or taken back when never given, changes nothing', () => {
    expect(planWithdrawal(presetPolicy('STANDARD'), { ...player, withdrawn: true }, row, true)).toEqual({
      changed: false,
    });
    expect(planWithdrawal(presetPolicy('STANDARD'), player, row, false)).toEqual({ changed: false });
  });
});

describe('a player dropping out', () => {
  const running = { status: 'RUNNING', policy: presetPolicy('STANDARD') };

  it('is a withdrawal stamped with when it happened', () => {
    expect(planDropOut(running, player, row, 1_700_000_000_000)).toEqual({
      changed: true,
      participant: { ...player, withdrawn: true, droppedAt: 1_700_000_000_000 },
      standing: { ...row, withdrawn: true },
      replay: false,
    });
  });

  it('is refused before round 1, after the end, and a second time, in words', () => {
    expect(() => planDropOut({ ...running, status: 'DRAFT' }, player, row, 1)).toThrow(/has not started/);
    expect(() => planDropOut({ ...running, status: 'CLOSED' }, player, row, 1)).toThrow(/is over/);
    expect(() => planDropOut(running, { ...player, withdrawn: true }, row, 1)).toThrow(/already dropped out/);
  });

  it('taken back by the organizer, forgets when it happened', () => {
    const dropped = { ...player, withdrawn: true, droppedAt: 5 };
    expect(planWithdrawal(presetPolicy('STANDARD'), dropped, row, false)).toMatchObject({
      participant: { participantId: 'p1', name: 'Ada', withdrawn: false },
    });
    const back = planWithdrawal(presetPolicy('STANDARD'), dropped, row, false);
    expect(back.changed && 'droppedAt' in back.participant).toBe(false);
  });
});
