/** The command-line contract of `npm run --silent pair -- FILE.json`. */
import { describe, expect, it } from 'vitest';
import { runTool } from './cli.js';
import type { PairingRound, PairingStats } from '@competition/engine';

/** What pair.ts prints: the round as the engine made it, and the time spent pairing. */
type Printed = Omit<PairingRound, 'stats'> & { stats: PairingStats & { ms: number }; recommendedRounds?: number };
const printed = (stdout: string) => JSON.parse(stdout) as Printed;

const participants = [
  { id: 'p1', rating: 1800, club: 'A', country: 'IT' },
  { id: 'p2', rating: 1700, club: 'A' },
  { id: 'p3', rating: 1600 },
  { id: 'p4', rating: 1500 },
  { id: 'p5', rating: 1400 },
  { id: 'p6', rating: 1300 },
  { id: 'p7', rating: 1200 },
  { id: 'p8', rating: 1100, withdrawn: true },
];

const round1 = [
  { a: 'p1', b: 'p2', score: { a: 5, b: 3 } },
  { a: 'p3', b: 'p4', score: { a: 4, b: 2 } },
  { a: 'p5', b: 'p6', result: 'draw' },
  { a: 'p7', b: 'p8', result: 'a' },
];

describe('npm run pair -- FILE.json', () => {
  it('prints the next round: pairs with cost terms, byes, stats.ms; the Swiss groups follow the match-point table', () => {
    const run = runTool('pair.ts', {
      policy: 'SWISS',
      participants,
      rounds: [round1],
      pairing: { method: 'SWISS', seed: 1 },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const out = printed(run.stdout);
    expect(out).toMatchObject({ roundNumber: 2, method: 'SWISS', seed: 1, recommendedRounds: 3 });
    expect(typeof out.stats.ms).toBe('number');
    const ids = [...out.pairings.flatMap((p: { a: string; b: string }) => [p.a, p.b]), ...out.byes];
    expect(ids.sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect(out.byes).toHaveLength(1);
    // docs/results.md#match-points: p1 and p7 won (3), p3 a timed win (2), p5 and p6 drew (1.5), p2 and p4 lost (0).
    const pairOf = (id: string) => out.pairings.find((p: { a: string; b: string }) => p.a === id || p.b === id);
    expect(pairOf('p1')?.cost).toMatchObject({ rematches: 0, scoreDifference: 0 });
    for (const p of out.pairings) expect(p.cost.rematches).toBe(0);
  });

  it('gives the same round for the same input', () => {
    const input = { policy: 'SWISS', participants, rounds: [round1], pairing: { method: 'SWISS', seed: 9 } };
    const a = printed(runTool('pair.ts', input).stdout);
    const b = printed(runTool('pair.ts', input).stdout);
    expect(b.pairings).toEqual(a.pairings);
    expect(b.byes).toEqual(a.byes);
  });

  it('takes the method from the policy when the pairing names none (STANDARD: DrawMatic), with its options', () => {
    const run = runTool('pair.ts', {
      policy: 'STANDARD',
      participants,
      rounds: [round1],
      pairing: { seed: 2, laneSize: 2 },
    });
    expect(run.status).toBe(0);
    expect(printed(run.stdout).method).toBe('DRAW_MATIC');
  });

  it('runs the other methods too (knockout round 1 by seeds)', () => {
    const run = runTool('pair.ts', { policy: 'STANDARD', participants, pairing: { method: 'KNOCKOUT', seed: 1 } });
    expect(run.status).toBe(0);
    const out = printed(run.stdout);
    // p8 withdrew before playing, so 7 entrants fill a bracket of 8: seed 1 has the bye. Side a moves first: the
    // higher seed when its number is odd (FIDE's first-round rule), so colours alternate down the bracket.
    expect(out.pairings.map((p: { a: string; b: string }) => `${p.a}-${p.b}`)).toEqual(['p5-p4', 'p7-p2', 'p3-p6']);
    for (const p of out.pairings) expect(p.movesFirst).toBe(p.a);
    expect(out.byes).toEqual(['p1']);
  });

  it('exits non-zero with a clear message when the request cannot be met', () => {
    const tooFew = runTool('pair.ts', {
      policy: 'SWISS',
      participants: [{ id: 'a', rating: 1 }],
      pairing: { method: 'SWISS' },
    });
    expect(tooFew.status).not.toBe(0);
    expect(tooFew.stderr).toMatch(/only 1 active player/);
    const typo = runTool('pair.ts', { policy: 'SWISS', participants, pairing: { method: 'SWISS', sede: 1 } });
    expect(typo.status).not.toBe(0);
    expect(typo.stderr).toMatch(/invalid pairing request/);
    const open = runTool('pair.ts', {
      policy: 'SWISS',
      participants,
      rounds: [[{ a: 'p1', b: 'p2' }]],
      pairing: { method: 'SWISS' },
    });
    expect(open.status).not.toBe(0);
    expect(open.stderr).toMatch(/round 1 is not complete/);
  });
});
