/** The playoff after a Swiss or a round robin: top cut seeded by the standings, finals, best of three. */
import { describe, expect, it } from 'vitest';
import { playoffRound } from '../../src/domain/playoff/bracket.js';
import type { PairingPlayer, PairingRequest, PairingRound } from '../../src/domain/pairing/types.js';
import type { Playoff } from '../../src/domain/playoff/playoff.js';
import { freshPlayers, playGenerated, playRound } from './support/fixtures.js';

const MAIN = 5;
/** The Swiss ranking differs from the rating order, so a cut seeded by rating would be caught. */
const seeding = Array.from({ length: 24 }, (_, k) => `p${((k * 7) % 24) + 1}`);
const rank = (id: string) => seeding.indexOf(id) + 1;

function swissPlayed(): PairingPlayer[] {
  // One main-stage round in which the top seeds all lose: the cut must not read it.
  const pairs: [string, string][] = [];
  for (let k = 0; k < 24; k += 2) pairs.push([seeding[k + 1]!, seeding[k]!]);
  return playRound(freshPlayers(24), MAIN, pairs);
}

const request = (players: PairingPlayer[], roundNumber: number): PairingRequest => ({
  roundNumber,
  method: 'SWISS',
  seed: 3,
  players,
});

const seedPairs = (out: PairingRound) => out.pairings.map((p) => `${rank(p.a)} v ${rank(p.b)}`);
const higherSeedWins = (a: string, b: string) => (rank(a) < rank(b) ? a : b);
const lowerSeedWins = (a: string, b: string) => (rank(a) > rank(b) ? a : b);

describe('top cut seeding', () => {
  const cases: [Playoff['topCut'], string[]][] = [
    [4, ['1 v 4', '2 v 3']],
    [8, ['1 v 8', '4 v 5', '2 v 7', '3 v 6']],
    [16, ['1 v 16', '8 v 9', '4 v 13', '5 v 12', '2 v 15', '7 v 10', '3 v 14', '6 v 11']],
  ];
  for (const [topCut, expected] of cases) {
    it(`top ${topCut}: the standard bracket order by Swiss rank, the higher seed moving first`, () => {
      const out = playoffRound(request(swissPlayed(), MAIN + 1), seeding, MAIN, {
        topCut,
        finals: 1,
        bestOfThree: false,
      });
      expect(seedPairs(out)).toEqual(expected);
      expect(out.pairings.every((p) => p.movesFirst === p.a && p.cost.seedA! < p.cost.seedB!)).toBe(true);
      expect(out.byes).toEqual([]);
      expect(out.method).toBe('KNOCKOUT');
      expect(out.roundNumber).toBe(MAIN + 1);
    });
  }

  it('top 8: the winners meet in the bracket order, upsets included, down to a best-of-three final', () => {
    const playoff: Playoff = { topCut: 8, finals: 2, bestOfThree: true };
    let players = swissPlayed();
    const q = playoffRound(request(players, 6), seeding, MAIN, playoff);
    players = playGenerated(players, q, lowerSeedWins); // 8, 5, 7, 6 go through
    const s = playoffRound(request(players, 7), seeding, MAIN, playoff);
    expect(seedPairs(s)).toEqual(['5 v 8', '6 v 7']);
    players = playGenerated(players, s, higherSeedWins); // 5 and 6 in the final, 8 and 7 for third
    const f1 = playoffRound(request(players, 8), seeding, MAIN, playoff);
    expect(seedPairs(f1)).toEqual(['5 v 6', '7 v 8']);
    players = playGenerated(players, f1, higherSeedWins);
    const f2 = playoffRound(request(players, 9), seeding, MAIN, playoff);
    expect(seedPairs(f2)).toEqual(['5 v 6', '7 v 8']);
    players = playGenerated(players, f2, (a, b) =>
      rank(a) === 5 || rank(b) === 5 ? lowerSeedWins(a, b) : higherSeedWins(a, b),
    );
    // 7 v 8 is decided 2-0; 5 v 6 stands at 1-1 and is played a third time, alone.
    const f3 = playoffRound(request(players, 10), seeding, MAIN, playoff);
    expect(seedPairs(f3)).toEqual(['5 v 6']);
    players = playGenerated(players, f3, higherSeedWins);
    expect(() => playoffRound(request(players, 11), seeding, MAIN, playoff)).toThrow(/complete/);
  });

  it('a cut larger than the field still in it is refused', () => {
    expect(() =>
      playoffRound(request(swissPlayed(), 6), seeding.slice(0, 6), MAIN, { topCut: 8, finals: 1, bestOfThree: false }),
    ).toThrow(/needs 8 players/);
  });
});

describe('finals without a cut', () => {
  it('finals 1: one game for 1st and 2nd, and then the playoff is complete', () => {
    const playoff: Playoff = { topCut: 0, finals: 1, bestOfThree: false };
    let players = swissPlayed();
    const out = playoffRound(request(players, 6), seeding, MAIN, playoff);
    expect(seedPairs(out)).toEqual(['1 v 2']);
    players = playGenerated(players, out);
    expect(() => playoffRound(request(players, 7), seeding, MAIN, playoff)).toThrow(/complete/);
  });

  it('finals 2, best of three: 1 v 2 and 3 v 4 replayed until each has a side with two wins', () => {
    const playoff: Playoff = { topCut: 0, finals: 2, bestOfThree: true };
    let players = swissPlayed();
    const g1 = playoffRound(request(players, 6), seeding, MAIN, playoff);
    expect(seedPairs(g1)).toEqual(['1 v 2', '3 v 4']);
    players = playGenerated(players, g1, higherSeedWins);
    const g2 = playoffRound(request(players, 7), seeding, MAIN, playoff);
    players = playGenerated(players, g2, (a, b) => (rank(a) <= 2 ? lowerSeedWins(a, b) : higherSeedWins(a, b)));
    const g3 = playoffRound(request(players, 8), seeding, MAIN, playoff);
    expect(seedPairs(g3)).toEqual(['1 v 2']);
    players = playGenerated(players, g3, lowerSeedWins);
    expect(() => playoffRound(request(players, 9), seeding, MAIN, playoff)).toThrow(/complete/);
  });
});
