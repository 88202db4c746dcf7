/** "Can I draw?" (docs/playoff.md#can-i-draw): checked against every outcome of the round on small fields. */
import { describe, expect, it } from 'vitest';
import { type CutChance, type CutOutlookInput, cutOutlook } from '../../src/domain/playoff/cutOutlook.js';
import { outlookBeforeGame } from '../../src/domain/playoff/cutOutlookNow.js';
import { prng, shuffle } from '../../src/simulation/generate.js';
import { bruteForceChance } from '../../../../testing/cutOracle.js';

const TABLE = { win: 3, draw: 1, loss: 0 };

describe('the last Swiss round: exact over every outcome of the other games', () => {
  it('agrees with every outcome enumerated, for each player and each result, on 300 small fields', () => {
    let answers = 0;
    const seen = new Set<CutChance>();
    for (let seed = 1; seed <= 300; seed++) {
      const random = prng(seed);
      const n = 4 + (seed % 6);
      const ids = Array.from({ length: n }, (_, i) => `p${i + 1}`);
      const matchPoints = Object.fromEntries(ids.map((id) => [id, [0, 1, 3, 4, 6, 7, 9][Math.floor(random() * 7)]!]));
      const order = shuffle(random, ids);
      const games = [];
      for (let i = 0; i + 1 < order.length; i += 2) games.push({ a: order[i]!, b: order[i + 1]! });
      if (order.length % 2 === 1) games.push({ a: order.at(-1)!, b: null });
      const input: CutOutlookInput = { matchPoints, games, table: TABLE, cut: 2 + (seed % 3), roundsAfter: 0 };
      for (const player of ids) {
        const outlook = cutOutlook(input, player);
        for (const result of ['WIN', 'DRAW', 'LOSS'] as const) {
          expect([seed, player, result, outlook[result]]).toEqual([
            seed,
            player,
            result,
            bruteForceChance(input, player, result),
          ]);
          seen.add(outlook[result]);
          answers++;
        }
      }
    }
    expect(answers).toBeGreaterThan(5000);
    expect([...seen].sort()).toEqual(['CERTAIN', 'OUT', 'OUTRIGHT', 'TIEBREAKS']);
  });
});

describe('before the last Swiss round', () => {
  it('says certain or out only when no later round can change it, possible otherwise', () => {
    // Eight players, a top 2, two rounds after this one: the leader on 12 is 12 clear of the two on 0.
    const matchPoints = { a: 12, b: 9, c: 9, d: 6, e: 3, f: 3, g: 0, h: 0 };
    const games = [
      { a: 'a', b: 'b' },
      { a: 'c', b: 'd' },
      { a: 'e', b: 'f' },
      { a: 'g', b: 'h' },
    ];
    const input: CutOutlookInput = { matchPoints, games, table: TABLE, cut: 2, roundsAfter: 2 };
    // g on 0 can still reach 9 with three wins, level with b and c if they lose out; a draw or a loss cannot.
    expect(cutOutlook(input, 'g')).toEqual({ WIN: 'POSSIBLE', DRAW: 'OUT', LOSS: 'OUT' });
    expect(cutOutlook(input, 'a').WIN).toBe('POSSIBLE');
    expect(cutOutlook({ ...input, roundsAfter: 1, cut: 7 }, 'a')).toEqual({
      WIN: 'CERTAIN',
      DRAW: 'CERTAIN',
      LOSS: 'CERTAIN',
    });
  });
});

describe("the phone's answer, from the stored standings rows and the round's games", () => {
  const playoff = { topCut: 4 as const, finals: 1 as const, bestOfThree: false };
  /** Six players before the last of 3 rounds, each row counting two results. */
  const points: Record<string, number> = { p1: 6, p2: 6, p3: 4, p4: 3, p5: 3, p6: 0 };
  const row = (id: string, results = 2) => ({
    participantId: id,
    matchPoints: points[id]!,
    withdrawn: false,
    wins: results,
    draws: 0,
    losses: 0,
  });
  const earlier = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].flatMap((id) => [
    { roundNumber: 1, a: id, b: null, result: {} },
    { roundNumber: 2, a: id, b: null, result: {} },
  ]);
  const round3 = (scored: boolean) => [
    { roundNumber: 3, a: 'p1', b: 'p2', result: null },
    { roundNumber: 3, a: 'p3', b: 'p4', result: null },
    { roundNumber: 3, a: 'p5', b: 'p6', result: scored ? {} : null },
  ];
  const input = (rows = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => row(id)), scored = false) => ({
    system: 'SWISS' as const,
    playoff,
    totalRounds: 3,
    roundNumber: 3,
    table: TABLE,
    rows,
    matchUps: [...earlier, ...round3(scored)],
  });

  it('answers before the game, from the rows and the open games', () => {
    // p3 on 4 with p1 and p2 on 6 and p5 at most 6: a win (7) is in for certain, a loss (4) leaves p4 (6) and p5 (6)
    // above if p5 wins, with p1 and p2: out of the top 4 then, in otherwise.
    expect(outlookBeforeGame(input(), 'p3')).toEqual({ WIN: 'CERTAIN', DRAW: 'CERTAIN', LOSS: 'OUTRIGHT' });
  });

  it("takes a game of the round already scored as settled: p5's win (3 more) is in the rows", () => {
    const rows = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => row(id, id === 'p5' || id === 'p6' ? 3 : 2));
    rows[4]!.matchPoints = 6;
    // p4 wins: p1, p2, p4 (6) and p5 (6) all above p3's 4.
    expect(outlookBeforeGame(input(rows, true), 'p3')).toEqual({ WIN: 'CERTAIN', DRAW: 'CERTAIN', LOSS: 'OUT' });
  });

  it('says the standings are catching up while a row lags the results', () => {
    const rows = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => row(id));
    expect(outlookBeforeGame(input(rows, true), 'p3')).toBe('UPDATING');
  });

  it('says nothing once the game is played, without a cut, or after the Swiss', () => {
    expect(outlookBeforeGame(input(), 'p5')).not.toBeNull();
    expect(outlookBeforeGame({ ...input(), matchUps: [...earlier, ...round3(true)] }, 'p5')).toBeNull();
    expect(outlookBeforeGame({ ...input(), playoff: null }, 'p3')).toBeNull();
    expect(outlookBeforeGame({ ...input(), roundNumber: 4 }, 'p3')).toBeNull();
  });
});
