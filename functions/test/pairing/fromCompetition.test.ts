/** From a competition (policy, participants, matchUps) to the engine's request: what the CLI and callables use. */
import { describe, expect, it } from 'vitest';
import { pairingRequestFor } from '../../src/domain/pairing/fromCompetition.js';
import { parsePairingSpec } from '../../src/domain/pairing/request.js';
import { PairingError } from '../../src/domain/pairing/errors.js';
import { parseScenario } from '../../src/domain/scenario.js';

const scenario = (policy: unknown, pairing: unknown = {}) =>
  parseScenario({
    policy,
    participants: [
      { id: 'a', rating: 1800, country: 'IT', category: 2 },
      { id: 'b', rating: 1600 },
      { id: 'c', rating: 1500, withdrawn: true },
    ],
    rounds: [[{ a: 'a', b: 'b', score: { a: 4, b: 2 } }, { a: 'c', b: null }]],
    pairing,
  });

describe('pairingRequestFor', () => {
  it('scores games on the policy table (seed 002: a timed win is 2, a bye a win), next round number, policy defaults', () => {
    const s = scenario('SWISS');
    const request = pairingRequestFor(s, parsePairingSpec(s.pairing));
    expect(request).toMatchObject({ roundNumber: 2, method: 'SWISS', seed: 1, options: { avoidRepeatOpponents: true } });
    const [a, b, c] = request.players;
    expect(a!.games).toEqual([{ round: 1, opponent: 'b', outcome: 'WIN', matchPoints: 2, pointsFor: 4, pointsAgainst: 2, colour: 'WHITE' }]);
    expect(b!.games[0]).toMatchObject({ outcome: 'LOSS', matchPoints: 0 });
    expect(c).toMatchObject({ withdrawn: true, games: [{ opponent: null, outcome: 'WIN', matchPoints: 3 }] });
    expect(a!.country).toBe('IT');
    expect(a!.category).toBe(2);
    expect(b!.category).toBeUndefined();
  });

  it('the pairing rating follows ratingSource: dynamic form, or the frozen baseline', () => {
    const dynamic = scenario('SWISS');
    const d = pairingRequestFor(dynamic, parsePairingSpec({}));
    expect(d.players[0]!.rating).not.toBe(1800); // 4-2 is below the expected share for the stronger player
    expect(d.players[0]!.baselineRating).toBe(1800);
    const frozen = parseScenario({ policy: 'SWISS', participants: [{ id: 'a', rating: 1800 }, { id: 'b', rating: 1600 }], rounds: [[{ a: 'a', b: 'b', result: 'a' }]], options: { policyOverrides: { pairingPolicy: { ratingSource: 'BASELINE' } } } });
    expect(pairingRequestFor(frozen, parsePairingSpec({})).players[0]!.rating).toBe(1800);
  });

  it('the organizer’s options override the policy’s (DrawMatic lane size, method)', () => {
    const s = scenario('STANDARD', { laneSize: 6, method: 'LEVEL_BASED', seed: 4 });
    const request = pairingRequestFor(s, parsePairingSpec(s.pairing));
    expect(request).toMatchObject({ method: 'LEVEL_BASED', seed: 4, options: { laneSize: 6, sameTeamValue: 100 } });
  });

  it('refuses an unknown option and an unfinished round', () => {
    expect(() => parsePairingSpec({ method: 'SWISS', lanesize: 3 })).toThrowError(PairingError);
    const open = parseScenario({ policy: 'SWISS', participants: [{ id: 'a', rating: 1 }, { id: 'b', rating: 2 }], rounds: [[{ a: 'a', b: 'b' }]] });
    expect(() => pairingRequestFor(open, parsePairingSpec({}))).toThrowError(/round 1 is not complete/);
  });
});
