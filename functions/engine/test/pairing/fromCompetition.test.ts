/** From a competition (policy, participants, matchUps) to the engine's request: what the CLI and callables use. */
import { describe, expect, it } from 'vitest';
import { pairingRequestFor } from '../../src/domain/rounds/fromCompetition.js';
import { generateRound } from '../../src/domain/pairing/index.js';
import { parsePairingSpec } from '../../src/domain/pairing/request.js';
import { PairingError } from '../../src/domain/pairing/errors.js';
import { parseScenario } from '../../src/domain/exchange/scenario.js';

const scenario = (policy: unknown, pairing: unknown = {}) =>
  parseScenario({
    policy,
    participants: [
      { id: 'a', rating: 1800, country: 'IT', category: 2 },
      { id: 'b', rating: 1600 },
      { id: 'c', rating: 1500, withdrawn: true },
    ],
    rounds: [
      [
        { a: 'a', b: 'b', score: { a: 4, b: 2 } },
        { a: 'c', b: null },
      ],
    ],
    pairing,
  });

describe('pairingRequestFor', () => {
  it('scores games on the policy table (a timed win is 2, a bye a win), next round number, policy defaults', () => {
    const s = scenario('SWISS');
    const request = pairingRequestFor(s, parsePairingSpec(s.pairing));
    expect(request).toMatchObject({
      roundNumber: 2,
      method: 'SWISS',
      seed: 1,
      options: { avoidRepeatOpponents: true },
    });
    const [a, b, c] = request.players;
    expect(a!.games).toEqual([
      { round: 1, opponent: 'b', outcome: 'WIN', matchPoints: 2, pointsFor: 4, pointsAgainst: 2, colour: 'WHITE' },
    ]);
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
    const frozen = parseScenario({
      policy: 'SWISS',
      participants: [
        { id: 'a', rating: 1800 },
        { id: 'b', rating: 1600 },
      ],
      rounds: [[{ a: 'a', b: 'b', result: 'a' }]],
      options: { policyOverrides: { pairingPolicy: { ratingSource: 'BASELINE' } } },
    });
    expect(pairingRequestFor(frozen, parsePairingSpec({})).players[0]!.rating).toBe(1800);
  });

  it('the organizer’s options override the policy’s (DrawMatic lane size, method)', () => {
    const s = scenario('STANDARD', { laneSize: 6, method: 'LEVEL_BASED', seed: 4 });
    const request = pairingRequestFor(s, parsePairingSpec(s.pairing));
    expect(request).toMatchObject({ method: 'LEVEL_BASED', seed: 4, options: { laneSize: 6, sameTeamValue: 100 } });
  });

  it('refuses an unknown option and an unfinished round, naming its open matchUps and why a stored result does not count', () => {
    expect(() => parsePairingSpec({ method: 'SWISS', lanesize: 3 })).toThrowError(PairingError);
    const open = parseScenario({
      policy: 'SWISS',
      participants: [
        { id: 'a', rating: 1 },
        { id: 'b', rating: 2 },
      ],
      rounds: [[{ a: 'a', b: 'b' }]],
    });
    expect(() => pairingRequestFor(open, parsePairingSpec({}))).toThrowError(
      /round 1 is not complete: 1 game has no result that counts \(round 1, table 1\); enter them, or pair anyway/,
    );
    // A result written past the rules (firebase-admin) that the engine refuses: the round is open, and says why.
    const refused = {
      ...open,
      matchUps: [{ ...open.matchUps[0]!, result: { kind: 'FORFEIT_WIN' as const, winner: 'b' as const } }],
    };
    expect(() => pairingRequestFor(refused, parsePairingSpec({}))).toThrowError(
      /round 1, table 1 \(its result is refused: kind FORFEIT_WIN requires winner "a", got "b"\)/,
    );
    expect(pairingRequestFor(refused, parsePairingSpec({}), { force: true }).players.map((p) => p.games)).toEqual([
      [],
      [],
    ]);
  });
});

describe('forced rounds: every pairing already made counts as met, scored or not', () => {
  /** Pairs `rounds` rounds in a row with force, leaving each one unscored, after a scored round 1. */
  function forceRounds(players: number, rounds: number, seed: number) {
    const participants = Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}`, rating: 1500 + 40 * i }));
    const ids = participants.map((p) => p.id);
    const round1 = ids
      .slice(0, players - (players % 2))
      .flatMap((id, i) => (i % 2 === 0 ? [{ a: id, b: ids[i + 1]!, score: { a: 5, b: i % 5 } }] : []));
    const byes1 = players % 2 === 1 ? [{ a: ids.at(-1)!, b: null }] : [];
    const competition = parseScenario({ policy: 'SWISS', participants, rounds: [[...round1, ...byes1]] });
    const matchUps = [...competition.matchUps];
    for (let r = 2; r <= rounds + 1; r++) {
      const request = pairingRequestFor(
        { ...competition, matchUps },
        parsePairingSpec({ method: 'SWISS', seed: seed + r }),
        { force: true },
      );
      expect(request.roundNumber).toBe(r);
      const round = generateRound(request);
      round.pairings.forEach((p, k) =>
        matchUps.push({ matchUpId: `r${r}-m${k + 1}`, roundNumber: r, order: k, a: p.a, b: p.b, result: null }),
      );
      round.byes.forEach((id, k) =>
        matchUps.push({
          matchUpId: `r${r}-bye${k + 1}`,
          roundNumber: r,
          order: round.pairings.length + k,
          a: id,
          b: null,
          result: null,
        }),
      );
    }
    return matchUps;
  }

  for (const seed of [1, 7, 42]) {
    it(`seed ${seed}: three forced rounds after a scored round 1 repeat no pair (6, 8 and 10 players)`, () => {
      for (const players of [6, 8, 10]) {
        const matchUps = forceRounds(players, 3, seed);
        const met = new Set<string>();
        for (let r = 1; r <= 4; r++) {
          const pairs = matchUps
            .filter((m) => m.roundNumber === r && m.b !== null)
            .map((m) => [m.a, m.b!].sort().join('-'));
          expect(pairs).toHaveLength(players / 2);
          // Four rounds fit in a round robin of six or more, and the engine keeps the rest of it playable.
          expect(
            pairs.filter((p) => met.has(p)),
            `round ${r} of ${players}`,
          ).toEqual([]);
          for (const p of pairs) met.add(p);
        }
        expect(met.size).toBe((players / 2) * 4);
      }
    });
  }

  it('an odd field: an unscored bye still counts against a second bye while others have had none', () => {
    const matchUps = forceRounds(7, 3, 3);
    const byes = matchUps.filter((m) => m.b === null).map((m) => m.a);
    expect(byes).toHaveLength(4);
    expect(new Set(byes).size).toBe(4);
  });
});
