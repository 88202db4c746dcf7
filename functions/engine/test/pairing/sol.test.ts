/**
 * SoL's deterministic methods (docs/pairing.md#sol-methods): ALL, SERIAL, DAZED, STAGGERED, delay top players,
 * delay compatriots (docs/pairing.md#delays).
 */
import { describe, expect, it } from 'vitest';
import { generateRound, PairingError } from '../../src/domain/pairing/index.js';
import type { PairingPlayer, PairingRequest } from '../../src/domain/pairing/types.js';
import { assertValidRound, freshPlayers, pairsOf, playGenerated, playRound } from './support/fixtures.js';

const request = (
  method: PairingRequest['method'],
  players: PairingPlayer[],
  roundNumber = 1,
  options: PairingRequest['options'] = {},
): PairingRequest => ({
  roundNumber,
  method,
  seed: 1,
  players,
  options,
});

describe('SERIAL (ranking order)', () => {
  it('pairs each player with the next in the ranking: 1-2, 3-4 ...', () => {
    const out = generateRound(request('SERIAL', freshPlayers(8)));
    expect(pairsOf(out)).toEqual(['p1-p2', 'p3-p4', 'p5-p6', 'p7-p8']);
    expect(out.pairings[0]!.cost).toMatchObject({ rankA: 1, rankB: 2 });
  });

  it('takes the next candidate when the planned pair already played, backtracking if needed', () => {
    let players = playRound(freshPlayers(4), 1, [
      ['p1', 'p2'],
      ['p3', 'p4'],
    ]);
    players = playRound(players, 2, [
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
    const out = generateRound(request('SERIAL', players, 3));
    expect(pairsOf(out).sort()).toEqual(['p1-p4', 'p2-p3']);
  });

  it('gives the bye to the lowest-ranked player who has not had one', () => {
    let players = freshPlayers(5);
    const first = generateRound(request('SERIAL', players));
    expect(first.byes).toEqual(['p5']);
    players = playGenerated(players, first);
    const second = generateRound(request('SERIAL', players, 2));
    expect(second.byes).toHaveLength(1);
    expect(second.byes[0]).not.toBe('p5');
    assertValidRound(players, second);
  });

  it('pairs a 5,000-player field in one pass (the search keeps its own stack)', () => {
    const players = playGenerated(freshPlayers(5000), generateRound(request('SERIAL', freshPlayers(5000))));
    const out = generateRound(request('DAZED', players, 2));
    assertValidRound(players, out);
    expect(out.pairings).toHaveLength(2500);
  });

  it('refuses, suggesting ALL, when no rematch-free round exists', () => {
    let players = freshPlayers(4);
    players = playRound(players, 1, [
      ['p1', 'p2'],
      ['p3', 'p4'],
    ]);
    players = playRound(players, 2, [
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
    players = playRound(players, 3, [
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    expect(() => generateRound(request('SERIAL', players, 4))).toThrowError(/switch to ALL/);
    expect(() => generateRound(request('SERIAL', players, 4))).toThrowError(PairingError);
  });
});

describe('DAZED and STAGGERED (cross ranking order)', () => {
  it('DAZED pairs the first with the middle of the group: 1-5, 2-6, 3-7, 4-8', () => {
    expect(pairsOf(generateRound(request('DAZED', freshPlayers(8))))).toEqual(['p1-p5', 'p2-p6', 'p3-p7', 'p4-p8']);
  });

  it('an odd group borrows the first player of the next group', () => {
    // After round 1: winners p1 p2 p3 (1 point), p4 drew p5 (0.5 each), losers p6 p7 p8.
    let players = freshPlayers(8);
    players = playRound(players, 1, [
      ['p1', 'p8'],
      ['p2', 'p7'],
      ['p3', 'p6'],
      ['p4', 'p5', 'draw'],
    ]);
    const out = generateRound(request('DAZED', players, 2));
    // Group {p1 p2 p3} + borrowed p4 (first of the half-point group): 1-3 (middle), 2-4.
    expect(pairsOf(out)).toContain('p1-p3');
    expect(pairsOf(out)).toContain('p2-p4');
    assertValidRound(players, out);
  });

  it('STAGGERED equals DAZED up to 50 players in a group', () => {
    const players = freshPlayers(50);
    expect(pairsOf(generateRound(request('STAGGERED', players)))).toEqual(
      pairsOf(generateRound(request('DAZED', players))),
    );
  });

  it('STAGGERED caps the offset at 25 beyond 50: first with 26th, second with 27th ...', () => {
    const players = freshPlayers(120);
    const staggered = pairsOf(generateRound(request('STAGGERED', players)));
    expect(staggered).toContain('p1-p26');
    expect(staggered).toContain('p2-p27');
    expect(staggered).toContain('p25-p50');
    expect(staggered).toContain('p51-p76');
    const dazed = pairsOf(generateRound(request('DAZED', players)));
    expect(dazed).toContain('p1-p61');
  });
});

describe('delay top players and delay compatriots', () => {
  // Round 1 winners p1 p3 p5 p7, with p7 winning by the widest margin (net score).
  const round1 = () => {
    const players = freshPlayers(8);
    const games = new Map<string, [number, number]>([
      ['p1', [5, 4]],
      ['p3', [5, 3]],
      ['p5', [5, 2]],
      ['p7', [5, 0]],
    ]);
    return players.map((p) => {
      const k = Number(p.id.slice(1));
      const winner = k % 2 === 1 ? p.id : `p${k - 1}`;
      const loser = k % 2 === 1 ? `p${k + 1}` : p.id;
      const [w, l] = games.get(winner)!;
      const won = p.id === winner;
      return {
        ...p,
        games: [
          {
            round: 1,
            opponent: won ? loser : winner,
            outcome: won ? ('WIN' as const) : ('LOSS' as const),
            matchPoints: won ? 1 : 0,
            pointsFor: won ? w : l,
            pointsAgainst: won ? l : w,
          },
        ],
      };
    });
  };

  it('with delay 1 (SoL default) the rating ranks above the net score in round 2', () => {
    const out = generateRound(request('SERIAL', round1(), 2, { delayTopPlayers: 1 }));
    expect(pairsOf(out).slice(0, 2)).toEqual(['p1-p3', 'p5-p7']);
  });

  it('with delay 0 the net score decides from round 2', () => {
    const out = generateRound(request('SERIAL', round1(), 2, { delayTopPlayers: 0 }));
    expect(pairsOf(out).slice(0, 2)).toEqual(['p5-p7', 'p1-p3']);
  });

  it("delay compatriots: the top three share a country, so the first meets the fourth (SoL's example)", () => {
    const players = freshPlayers(10, (k) => ({ country: k < 3 ? 'IT' : `X${k}` }));
    const out = generateRound(request('SERIAL', players, 1, { delayCompatriots: 1 }));
    expect(pairsOf(out)).toEqual(['p1-p4', 'p2-p5', 'p3-p6', 'p7-p8', 'p9-p10']);
    expect(pairsOf(generateRound(request('SERIAL', players, 1, { delayCompatriots: 0 }))).slice(0, 1)).toEqual([
      'p1-p2',
    ]);
  });
});

describe('ALL (all possible matches)', () => {
  it('pairs only players who have not met, as many as possible', () => {
    let players = freshPlayers(6);
    players = playRound(players, 1, [
      ['p1', 'p2'],
      ['p3', 'p4'],
      ['p5', 'p6'],
    ]);
    const out = generateRound(request('ALL', players, 2));
    expect(out.pairings).toHaveLength(3);
    for (const p of pairsOf(out)) expect(['p1-p2', 'p3-p4', 'p5-p6']).not.toContain(p);
  });

  it('can lay out every round at once: a fresh field of 6 gets 5 full rounds with all 15 matches', () => {
    const out = generateRound(request('ALL', freshPlayers(6), 1, { allRounds: true }));
    const rounds = [out.pairings, ...out.laterRounds!.map((r) => r.pairings)];
    expect(rounds).toHaveLength(5);
    const all = rounds.flatMap((r) => r.map((p) => [p.a, p.b].sort().join('-')));
    expect(new Set(all).size).toBe(15);
    for (const r of rounds) expect(r).toHaveLength(3);
  });

  it('may leave players out (incomplete rounds) and lists them', () => {
    let players = freshPlayers(4);
    players = playRound(players, 1, [
      ['p1', 'p2'],
      ['p3', 'p4'],
    ]);
    players = playRound(players, 2, [
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
    players = playRound(players, 3, [['p1', 'p4']], []);
    const out = generateRound(request('ALL', players, 4));
    expect(pairsOf(out)).toEqual(['p2-p3']);
    expect(out.unpaired!.sort()).toEqual(['p1', 'p4']);
  });

  it('every remaining match, laid out after some rounds, appears exactly once', () => {
    let players = freshPlayers(7);
    players = playRound(
      players,
      1,
      [
        ['p1', 'p2'],
        ['p3', 'p4'],
        ['p5', 'p6'],
      ],
      ['p7'],
    );
    const out = generateRound(request('ALL', players, 2, { allRounds: true }));
    const all = [out.pairings, ...out.laterRounds!.map((r) => r.pairings)].flatMap((r) =>
      r.map((p) => [p.a, p.b].sort().join('-')),
    );
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(21 - 3);
  });
});
