/**
 * One owner of how a tournament is paired: the organizer's method, else the system's, else the policy's; the
 * options checked with the engine's schema when the tournament is created; one validation path into the engine.
 */
import { describe, expect, it } from 'vitest';
import { generateRound, PairingError } from '../../src/domain/pairing/index.js';
import { pairingSettingsFor } from '../../src/domain/rounds/method.js';
import type { PairingRequest } from '../../src/domain/pairing/types.js';
import { presetPolicy } from '../../src/domain/policy/policy.js';
import { freshPlayers, playRound } from './support/fixtures.js';

const refusal = (run: () => unknown): PairingError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PairingError);
    return error as PairingError;
  }
  throw new Error('expected a refusal');
};

describe('pairingSettingsFor: who decides the method', () => {
  it('a STANDARD or PRESSURE tournament with no method named is paired by its policy: DRAW_MATIC', () => {
    for (const preset of ['STANDARD', 'PRESSURE'] as const) {
      expect(pairingSettingsFor({}, presetPolicy(preset))).toEqual({
        system: 'SWISS',
        method: 'DRAW_MATIC',
        options: {},
      });
    }
    expect(pairingSettingsFor({ options: { laneSize: 6 } }, presetPolicy('SWISS'))).toMatchObject({
      method: 'SWISS',
      options: { laneSize: 6 },
    });
  });

  it('the organizer’s method wins over the policy; a round robin or knockout system brings its own method', () => {
    expect(pairingSettingsFor({ method: 'LEVEL_BASED' }, presetPolicy('STANDARD')).method).toBe('LEVEL_BASED');
    expect(pairingSettingsFor({ system: 'KNOCKOUT' }, presetPolicy('STANDARD'))).toMatchObject({
      system: 'KNOCKOUT',
      method: 'KNOCKOUT',
    });
    expect(pairingSettingsFor({ system: 'ROUND_ROBIN' }, presetPolicy('SWISS'))).toMatchObject({
      system: 'ROUND_ROBIN',
      method: 'ROUND_ROBIN',
    });
    expect(pairingSettingsFor({ method: 'CIRCLE' }, presetPolicy('SWISS')).system).toBe('ROUND_ROBIN');
    // SEEDS lays out whichever table the system needs, and the engine is told which.
    expect(pairingSettingsFor({ system: 'KNOCKOUT', method: 'SEEDS' }, presetPolicy('SWISS')).options).toEqual({
      system: 'KNOCKOUT',
    });
  });

  it('refuses a misspelt option, a wrong value and a method that cannot pair the system, naming what is wrong', () => {
    expect(refusal(() => pairingSettingsFor({ options: { lanesize: 3 } }, presetPolicy('STANDARD'))).message).toMatch(
      /lanesize/,
    );
    expect(
      refusal(() => pairingSettingsFor({ options: { weights: { random: -1 } } }, presetPolicy('SWISS'))).message,
    ).toMatch(/weights\.random/);
    expect(
      refusal(() => pairingSettingsFor({ system: 'KNOCKOUT', method: 'DRAW_MATIC' }, presetPolicy('SWISS'))).message,
    ).toMatch(/KNOCKOUT tournament cannot be paired with DRAW_MATIC/);
    expect(
      refusal(() =>
        pairingSettingsFor(
          { system: 'ROUND_ROBIN', method: 'SEEDS', options: { system: 'KNOCKOUT' } },
          presetPolicy('SWISS'),
        ),
      ).code,
    ).toBe('invalid-argument');
  });
});

describe('generateRound: one validation path (the request schema)', () => {
  const base = (extra: Partial<PairingRequest> = {}): PairingRequest => ({
    roundNumber: 1,
    method: 'SWISS',
    seed: 1,
    players: freshPlayers(4),
    ...extra,
  });

  it('names the field at fault', () => {
    const cases: [PairingRequest, RegExp][] = [
      [{ ...base(), method: 'NOPE' as never }, /method/],
      [base({ seed: 1.5 }), /seed/],
      [base({ totalRounds: 0 }), /totalRounds/],
      [base({ roundNumber: 0 }), /roundNumber/],
      [base({ players: [...freshPlayers(2), ...freshPlayers(1)] }), /players\[2\]\.id: player p1 appears twice/],
      [base({ players: freshPlayers(2).map((p) => ({ ...p, rating: Number.NaN })) }), /players\[0\]\.rating/],
      [
        base({ roundNumber: 2, players: playRound(freshPlayers(2), 1, [['p1', 'p9']]) }),
        /opponent: player p1 played unknown opponent p9/,
      ],
      [
        base({ roundNumber: 2, players: playRound(freshPlayers(2), 3, [['p1', 'p2']]) }),
        /round: player p1 has a game in round 3/,
      ],
      [base({ options: { weights: { random: 2_000_000 } } }), /options\.weights\.random/],
      [base({ options: { laneSize: 1 } }), /options\.laneSize/],
      [base({ options: { concavity: 2 } }), /options\.concavity/],
      [base({ options: { acceleration: 'BAKU' } }), /options\.acceleration: Baku acceleration needs totalRounds/],
      [base({ method: 'KNOCKOUT', options: { finals: 3 as never } }), /options\.finals/],
      [base({ method: 'ROUND_ROBIN', options: { cycles: 3 as never } }), /options\.cycles/],
      [base({ options: { lookahaed: true } as never }), /lookahaed/],
    ];
    for (const [request, message] of cases) {
      const error = refusal(() => generateRound(request));
      expect(error.code, String(message)).toBe('invalid-argument');
      expect(error.message).toMatch(message);
    }
  });
});
