import { describe, expect, it } from 'vitest';
import { presetPolicy, resolvePolicy } from '../../src/domain/policy.js';
import { planWithdrawal } from '../../src/domain/withdrawal.js';

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
