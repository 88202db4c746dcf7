/**
 * Forbidden pairs (docs/pairing.md#forbidden-pairs): over random fields and histories, every method keeps them
 * apart whenever a round without them exists, and says so in the round's notes when none does. The existence
 * check enumerates every round by brute force, independent of the engine.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateRound, PairingError } from '../../src/domain/pairing/index.js';
import type { PairingPlayer, PairingRequest, PairingRound } from '../../src/domain/pairing/types.js';
import { perfectMatchings } from './support/bruteForce.js';
import { freshPlayers, playRound } from './support/fixtures.js';

type Pair = [number, number];

interface Case {
  n: number;
  /** Earlier rounds, each a list of pairs of player numbers (0-based) drawn at random. */
  history: Pair[][];
  forbidden: Pair[];
}

const arbitraryCase: fc.Arbitrary<Case> = fc.integer({ min: 3, max: 9 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    history: fc
      .array(fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }), { maxLength: 3 })
      .map((orders) => orders.map((order) => chunkPairs(order))),
    forbidden: fc.uniqueArray(
      fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })).filter(([x, y]) => x < y),
      { minLength: 1, maxLength: n, selector: ([x, y]) => `${x}-${y}` },
    ),
  }),
);

function chunkPairs(order: number[]): Pair[] {
  const pairs: Pair[] = [];
  for (let k = 0; k + 1 < order.length; k += 2) pairs.push([order[k]!, order[k + 1]!]);
  return pairs;
}

const id = (k: number) => `p${k + 1}`;

/** The players after the case's history: the first of each pair wins; an odd one out takes the bye. */
function playersOf(c: Case): PairingPlayer[] {
  let players = freshPlayers(c.n);
  c.history.forEach((round, r) => {
    const paired = new Set(round.flat());
    const byes = [...Array(c.n).keys()].filter((k) => !paired.has(k)).map(id);
    players = playRound(
      players,
      r + 1,
      round.map(([x, y]): [string, string] => [id(x), id(y)]),
      byes,
    );
  });
  return players;
}

const key = (x: string, y: string) => [x, y].sort().join('|');

/**
 * Whether some round avoids every forbidden pair (and, with `rematches: false`, every earlier pair), the bye going
 * to one of `byeTakers` in an odd field.
 */
function roundExists(c: Case, rematches: boolean, byeTakers: Set<number>): boolean {
  const banned = new Set(c.forbidden.map(([x, y]) => `${x}-${y}`));
  if (!rematches)
    for (const round of c.history) for (const [x, y] of round) banned.add(`${Math.min(x, y)}-${Math.max(x, y)}`);
  const v = c.n + (c.n % 2);
  for (const mate of perfectMatchings(v)) {
    let ok = true;
    for (let i = 0; i < v && ok; i++) {
      const j = mate[i]!;
      if (j < i) continue;
      if (j === c.n) ok = byeTakers.has(i);
      else if (banned.has(`${i}-${j}`)) ok = false;
    }
    if (ok) return true;
  }
  return false;
}

/** Whether any two players have neither met nor been forbidden. */
function roundExistsWithOnePair(c: Case): boolean {
  const banned = new Set(c.forbidden.map(([x, y]) => `${x}-${y}`));
  for (const round of c.history) for (const [x, y] of round) banned.add(`${Math.min(x, y)}-${Math.max(x, y)}`);
  for (let x = 0; x < c.n; x++) for (let y = x + 1; y < c.n; y++) if (!banned.has(`${x}-${y}`)) return true;
  return false;
}

function forbiddenMet(c: Case, round: PairingRound): string[] {
  const forbidden = new Set(c.forbidden.map(([x, y]) => key(id(x), id(y))));
  return round.pairings.map((p) => key(p.a, p.b)).filter((k) => forbidden.has(k));
}

function request(c: Case, method: PairingRequest['method'], options: PairingRequest['options'] = {}): PairingRequest {
  return {
    roundNumber: c.history.length + 1,
    method,
    seed: 7,
    players: playersOf(c),
    options,
    forbiddenPairs: c.forbidden.map(([x, y]): [string, string] => [id(x), id(y)]),
  };
}

const everyone = (c: Case) => new Set([...Array(c.n).keys()]);

/** Players with the fewest byes so far: SoL's methods give the bye only to them. */
function fewestByes(c: Case): Set<number> {
  const byes = new Array<number>(c.n).fill(0);
  for (const round of c.history) {
    const paired = new Set(round.flat());
    for (let k = 0; k < c.n; k++) if (!paired.has(k)) byes[k]!++;
  }
  const least = Math.min(...byes);
  return new Set([...Array(c.n).keys()].filter((k) => byes[k] === least));
}

const RUNS = { numRuns: 150, seed: 2026 };

describe('forbidden pairs', () => {
  for (const method of ['SWISS', 'DRAW_MATIC', 'LEVEL_BASED', 'WEIGHTED'] as const) {
    it(`${method} keeps them apart whenever any round does, and names them when none does`, () => {
      let apart = 0;
      let together = 0;
      fc.assert(
        fc.property(arbitraryCase, (c) => {
          const round = generateRound(request(c, method));
          const met = forbiddenMet(c, round);
          if (roundExists(c, true, everyone(c))) {
            apart++;
            expect(met).toEqual([]);
            expect(round.notes.join(' ')).not.toContain('forbidden');
          } else {
            together++;
            expect(met.length).toBeGreaterThan(0);
            expect(round.forbiddenPairsMet?.map(([x, y]) => key(x, y)).sort()).toEqual(met.sort());
            expect(round.notes.join(' ')).toMatch(/forbidden pairs? meets?: no pairing of this round keeps them apart/);
          }
        }),
        RUNS,
      );
      // Both branches were exercised: the property is not vacuous on either side.
      expect(apart).toBeGreaterThan(10);
      expect(together).toBeGreaterThan(0);
    });
  }

  for (const method of ['SERIAL', 'DAZED', 'STAGGERED'] as const) {
    it(`${method} never pairs them, and refuses only when no round avoids both them and rematches`, () => {
      let paired = 0;
      let refused = 0;
      fc.assert(
        fc.property(arbitraryCase, (c) => {
          const possible = roundExists(c, false, fewestByes(c));
          let round: PairingRound | null = null;
          try {
            round = generateRound(request(c, method));
          } catch (error) {
            expect(error).toBeInstanceOf(PairingError);
            expect((error as Error).message).toContain('or a forbidden pair');
          }
          expect(round !== null).toBe(possible);
          if (round) {
            paired++;
            expect(forbiddenMet(c, round)).toEqual([]);
          } else refused++;
        }),
        RUNS,
      );
      expect(paired).toBeGreaterThan(10);
      expect(refused).toBeGreaterThan(0);
    });
  }

  it('ALL never pairs them (a player may sit out instead)', () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        let round: PairingRound;
        try {
          round = generateRound(request(c, 'ALL'));
        } catch (error) {
          // Nothing left to pair: every pair has met or is forbidden.
          expect((error as Error).message).toContain('every possible match has been played');
          expect(roundExistsWithOnePair(c)).toBe(false);
          return;
        }
        expect(forbiddenMet(c, round)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('ALL with allRounds keeps them apart in every round it lays out, fresh field included', () => {
    const c: Case = {
      n: 6,
      history: [],
      forbidden: [
        [0, 5],
        [1, 2],
      ],
    };
    const round = generateRound(request(c, 'ALL', { allRounds: true }));
    const rounds = [round, ...(round.laterRounds ?? []).map((r) => ({ ...round, pairings: r.pairings }))];
    expect(rounds.length).toBeGreaterThan(1);
    for (const r of rounds) expect(forbiddenMet(c, r)).toEqual([]);
  });

  it('a round robin plays its schedule (it must meet everyone), and the round names a forbidden pair that meets', () => {
    // Berger round 1 of 4 players is 1 v 4, 2 v 3. A knockout re-seeds instead (knockoutForbidden.test.ts).
    const c: Case = { n: 4, history: [], forbidden: [[0, 3]] };
    const round = generateRound(request(c, 'ROUND_ROBIN', { table: 'BERGER' }));
    expect(forbiddenMet(c, round)).toEqual(['p1|p4']);
    expect(round.forbiddenPairsMet).toEqual([['p1', 'p4']]);
    expect(round.notes).toContain(
      'a forbidden pair meets: a round robin meets everyone, and its schedule sets who meets in this round',
    );
  });

  it('refuses a forbidden pair naming an unknown player or one player twice', () => {
    const players = freshPlayers(4);
    const base = { roundNumber: 1, method: 'SWISS' as const, seed: 1, players };
    expect(() => generateRound({ ...base, forbiddenPairs: [['p1', 'p9']] })).toThrow(/unknown p9/);
    expect(() => generateRound({ ...base, forbiddenPairs: [['p2', 'p2']] })).toThrow(/names p2 twice/);
  });
});
