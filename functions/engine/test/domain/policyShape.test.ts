import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/common/errors.js';
import { BoundedObject } from '../../src/domain/common/limits.js';
import { PRESET_POLICIES, resolvePolicy } from '../../src/domain/policy/policy.js';
import { parseScenario } from '../../src/domain/exchange/scenario.js';
import { CreateTournamentInput } from '../../src/model/requests.js';
import { PairingSettings } from '../../src/model/tournament.js';

/** { x: { x: ... { x: 1 } } }, `levels` objects deep. */
function nested(levels: number): Record<string, unknown> {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { x: value };
  return value as Record<string, unknown>;
}

const TOO_DEEP = 'is nested deeper than 8 levels';
const request = { championshipId: 'c1', date: '2031-05-01', description: 'Club night' };

describe('policy objects nested absurdly deep are refused, not a crash', () => {
  it.each([9, 3000, 100_000])('CreateTournamentInput refuses policyOverrides %i levels deep', (levels) => {
    const parsed = CreateTournamentInput.safeParse({ ...request, policyOverrides: { ratingPolicy: nested(levels) } });
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['policyOverrides'], TOO_DEEP]]);
  });
  it('CreateTournamentInput refuses a whole policy 3000 levels deep', () => {
    const parsed = CreateTournamentInput.safeParse({ ...request, policy: { competition: nested(3000) } });
    expect(parsed.success).toBe(false);
    // A union: the message sits among the reasons neither a preset name nor a bounded object matched.
    expect(JSON.stringify(parsed.error?.issues)).toContain(TOO_DEEP);
  });
  it('resolvePolicy (scenarios, imports, callables) refuses it as an invalid argument', () => {
    for (const [policy, overrides, what] of [
      ['SWISS', { ratingPolicy: nested(3000) }, 'policy overrides'],
      ['SWISS', { x: nested(3000) }, 'policy overrides'],
      [{ competition: nested(3000) }, undefined, 'policy'],
    ] as const) {
      const attempt = () => resolvePolicy(policy, overrides);
      expect(attempt).toThrow(DomainError);
      expect(attempt).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
      expect(attempt).toThrow(`invalid competition policy: ${what} ${TOO_DEEP}`);
    }
  });
  it('a command-line scenario with such overrides gets the same message', () => {
    const participants = [{ id: 'p1', rating: 1500 }];
    const scenario = { policy: 'SWISS', participants, options: { policyOverrides: nested(3000) } };
    expect(() => parseScenario(scenario)).toThrow(`policy overrides ${TOO_DEEP}`);
  });
  it('an object with too many entries is refused too', () => {
    const wide = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, i]));
    expect(BoundedObject.safeParse(wide).error?.issues[0]?.message).toBe('has more than 500 entries');
    expect(() => resolvePolicy('SWISS', wide)).toThrow('policy overrides has more than 500 entries');
  });
  it('pairing options stored on a tournament are bounded the same way', () => {
    const parsed = PairingSettings.safeParse({ method: 'SWISS', options: { weights: nested(3000) } });
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['options'], TOO_DEEP]]);
  });
  it('real policies and overrides, 8 levels and under, still pass', () => {
    for (const preset of Object.values(PRESET_POLICIES)) {
      expect(BoundedObject.safeParse(structuredClone(preset)).success).toBe(true);
      expect(BoundedObject.safeParse({ competition: structuredClone(preset) }).success).toBe(true);
    }
    expect(BoundedObject.safeParse(nested(8)).success).toBe(true);
    const overrides = {
      scoringPolicy: { playPastTarget: 'WIN_BY_TWO' },
      victoryPolicy: { tiebreakOrder: ['BUCHHOLZ'] },
    };
    const input = CreateTournamentInput.parse({ ...request, policy: 'REDEMPTION', policyOverrides: overrides });
    expect(input.policyOverrides).toEqual(overrides);
    expect(resolvePolicy('REDEMPTION', overrides).scoringPolicy.playPastTarget).toBe('WIN_BY_TWO');
  });
});
