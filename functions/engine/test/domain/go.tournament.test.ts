/**
 * A Go tournament through the Tournament API (docs/go.md): the policy's McMahon settings and the entries' ranks reach
 * the MCMAHON pairing, so one place holds the settings the pairing and the standings read.
 */
import { describe, expect, it } from 'vitest';
import { pairingRequestFor, Tournament } from '../../src/index.js';

/** Four players, bar 1d, floor 20k: 1k (MMS 29), 3k (27), 6k (24), 7k (23); handicaps on, correction 1. */
const scenario = (mcMahon: object) => ({
  policy: 'CHESS',
  options: {
    policyOverrides: {
      pairingPolicy: { method: 'MCMAHON', colours: 'BALANCE', mcMahon },
      scoringPolicy: { gameTarget: null },
    },
  },
  participants: [
    { id: 'h1', rating: 1900, goRank: '1 kyu' },
    { id: 'h2', rating: 1700, goRank: '3k' },
    { id: 'h3', rating: 1400, goRank: '6k' },
    { id: 'h4', rating: 1300, goRank: '7 kyu' },
  ],
});

describe('a Go tournament from a scenario', () => {
  it("pairs a handicap game from the entries' ranks and the policy's McMahon settings", () => {
    const tournament = Tournament.fromScenario(
      scenario({ bar: '1d', floor: '20k', handicap: { correction: 1 }, komi: 6.5 }),
    );
    expect(tournament.participants.map((p) => p.goRank)).toEqual(['1k', '3k', '6k', '7k']);
    const round = tournament.pairRound({ seed: 3 });
    const byPair = new Map(round.pairings.map((p) => [[p.a, p.b].sort().join('-'), p]));
    // 1k v 3k: MMS 29 and 27, two apart, less the correction: one stone, komi 0.5, the 3k on Black (moves first).
    expect(byPair.get('h1-h2')).toMatchObject({ a: 'h2', cost: { handicap: 1, komi: 0.5 } });
    // 6k v 7k: one apart, nothing left after the correction: an even game on the policy's komi.
    expect(byPair.get('h3-h4')?.cost).toMatchObject({ handicap: 0, komi: 6.5 });
  });

  it('plays even games when the settings have no handicap', () => {
    const round = Tournament.fromScenario(scenario({ bar: '1d', floor: '20k' })).pairRound({ seed: 3 });
    for (const pair of round.pairings) expect(pair.cost).toMatchObject({ handicap: 0, komi: 7.5 });
  });

  it("tells the next round's pairing each earlier game's handicap, so the colour balance counts even games only", () => {
    const tournament = Tournament.fromScenario(
      scenario({ bar: '1d', floor: '20k', handicap: { correction: 1 }, komi: 6.5 }),
    );
    const round = tournament.pairRound({ seed: 3 });
    for (const { a, b } of round.pairings) tournament.recordResult({ round: 1, a, b }, { winner: 'a' });
    const { policy, participants, matchUps } = tournament;
    const request = pairingRequestFor({ policy, participants, matchUps }, { seed: 1 });
    const game = (id: string) => request.players.find((p) => p.id === id)!.games[0]!;
    // 3k (Black, moved first) v 1k: one stone; 7k v 6k: even.
    expect([game('h1').handicap, game('h2').handicap, game('h2').colour]).toEqual([1, 1, 'WHITE']);
    expect([game('h3').handicap, game('h4').handicap]).toEqual([0, 0]);
  });
});
