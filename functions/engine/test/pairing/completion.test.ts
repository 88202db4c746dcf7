/**
 * Schedules that complete (no rematch, docs/pairing.md#swiss): a Swiss as long as a round robin (n players, n - 1
 * rounds, or n when n is odd) is played to the end with no rematch and no refusal, because every round keeps the
 * graph of unplayed pairs decomposable into the rounds left. A sweep over sizes 4 to 16, many seeds and random
 * results, with the length given to the engine and without it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRng } from '../../src/domain/pairing/prng.js';
import type { PairingOptions, WeightedMethod } from '../../src/domain/pairing/types.js';
import { decompose } from '../../src/domain/pairing/weighted/lookahead.js';
import { lookaheadLimits } from '../../src/domain/pairing/weighted/pairWeighted.js';
import { runEvent, type Scoring } from './support/events.js';

function sweep(
  sizes: number[],
  seeds: number,
  method: WeightedMethod,
  scoring: Scoring,
  tellLength: boolean,
  options: PairingOptions = {},
): { events: number; failures: string[] } {
  const failures: string[] = [];
  let events = 0;
  for (const size of sizes) {
    for (let seed = 1; seed <= seeds; seed++) {
      events++;
      const rounds = size % 2 === 0 ? size - 1 : size;
      const { rematches, secondByes, leftOut, refusal } = runEvent({
        size,
        rounds,
        seed,
        scoring,
        request: (roundNumber, players) => ({
          roundNumber,
          ...(tellLength ? { totalRounds: rounds } : {}),
          method,
          seed: seed + roundNumber,
          players,
          options,
        }),
      });
      if (rematches || secondByes || leftOut || refusal)
        failures.push(
          `${method} n=${size} seed=${seed}: ${JSON.stringify({ rematches, secondByes, leftOut, refusal })}`,
        );
    }
  }
  return { events, failures };
}

const sizes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

describe('round-robin-length events complete without a rematch or a refusal (4 to 16 players)', () => {
  afterEach(() => {
    lookaheadLimits.candidates = 4000;
  });

  it('Swiss, chess scoring, 30 seeds per size, the length given to the engine', () => {
    const { events, failures } = sweep(sizes(4, 16), 30, 'SWISS', 'CHESS', true);
    expect(events).toBe(13 * 30);
    expect(failures).toEqual([]);
  });

  it('Swiss, Redemption match points, 30 seeds per size, the length not given (the engine keeps a round robin playable)', () => {
    const { events, failures } = sweep(sizes(4, 16), 30, 'SWISS', 'REDEMPTION', false);
    expect(events).toBe(13 * 30);
    expect(failures).toEqual([]);
  });

  it('DrawMatic, level-based and weighted, 5 seeds per size', () => {
    for (const method of ['DRAW_MATIC', 'LEVEL_BASED', 'WEIGHTED'] as const) {
      const { failures } = sweep(sizes(4, 16), 5, method, 'CHESS', true);
      expect(failures).toEqual([]);
    }
  });

  it('Swiss with FIDE colours (absolute colour conflicts left out until needed), 10 seeds per size', () => {
    const { failures } = sweep(sizes(4, 16), 10, 'SWISS', 'CHESS', true, { colours: 'FIDE' });
    expect(failures).toEqual([]);
  });

  it('the lay-out path alone (no next-best rounds tried) completes every event too', () => {
    lookaheadLimits.candidates = 0;
    const { failures } = sweep(sizes(4, 16), 10, 'SWISS', 'CHESS', true);
    expect(failures).toEqual([]);
  });
});

describe('decompose: the exact search behind the lookahead', () => {
  /** Every set of k disjoint perfect matchings, by plain recursion: the reference answer. */
  function bruteForce(adj: Uint8Array, n: number, k: number): boolean {
    if (k === 0) return true;
    const mate = new Int32Array(n).fill(-1);
    const rec = (): boolean => {
      const v = mate.indexOf(-1);
      if (v === -1) {
        for (let x = 0; x < n; x++) adj[x * n + mate[x]!] = 0;
        const ok = bruteForce(adj, n, k - 1);
        for (let x = 0; x < n; x++) adj[x * n + mate[x]!] = 1;
        return ok;
      }
      for (let u = v + 1; u < n; u++) {
        if (mate[u] !== -1 || !adj[v * n + u]) continue;
        mate[v] = u;
        mate[u] = v;
        if (rec()) return true;
        mate[v] = mate[u] = -1;
      }
      return false;
    };
    return rec();
  }

  it('agrees with brute force on the graphs random rounds leave behind (6 to 10 vertices), and its rounds are real', () => {
    const verdicts = { yes: 0, no: 0 };
    for (let trial = 0; trial < 300; trial++) {
      const rng = createRng(trial);
      const n = 6 + 2 * Math.floor(rng() * 3);
      const adj = new Uint8Array(n * n);
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) adj[a * n + b] = a === b ? 0 : 1;
      for (let played = 1; played < n - 1; played++) {
        if (!randomRound(adj, n, rng)) break;
        const left = n - 1 - played;
        const found = decompose(adj, n, left);
        expect(found).not.toBe('unknown');
        expect(Array.isArray(found), `n=${n} trial ${trial} after ${played} rounds`).toBe(
          bruteForce(adj.slice(), n, left),
        );
        if (!Array.isArray(found)) {
          verdicts.no++;
          break;
        }
        verdicts.yes++;
        const used = new Set<number>();
        for (const round of found) {
          for (let v = 0; v < n; v++) {
            const u = round[v]!;
            expect(adj[v * n + u]).toBe(1);
            expect(round[u]).toBe(v);
            if (v < u) used.add(v * n + u);
          }
        }
        expect(used.size).toBe((left * n) / 2);
      }
    }
    // Both answers occur often enough for the agreement to mean something.
    expect(verdicts.no).toBeGreaterThan(10);
    expect(verdicts.yes).toBeGreaterThan(500);
  });

  it('agrees with brute force on irregular random graphs (8 to 10 vertices, 1 to 4 rounds)', () => {
    const verdicts = { yes: 0, no: 0 };
    for (let trial = 0; trial < 250; trial++) {
      const rng = createRng(10_000 + trial);
      const n = 8 + 2 * Math.floor(rng() * 2);
      const density = 0.45 + 0.45 * rng();
      const adj = new Uint8Array(n * n);
      for (let a = 0; a < n; a++)
        for (let b = a + 1; b < n; b++) if (rng() < density) adj[a * n + b] = adj[b * n + a] = 1;
      const k = 1 + Math.floor(rng() * 4);
      const found = decompose(adj, n, k);
      expect(Array.isArray(found), `trial ${trial}`).toBe(bruteForce(adj.slice(), n, k));
      verdicts[Array.isArray(found) ? 'yes' : 'no']++;
    }
    expect(Math.min(verdicts.yes, verdicts.no)).toBeGreaterThan(40);
  });
});

/** Removes a random perfect matching of the graph (random greedy with restarts); false if none was found. */
function randomRound(adj: Uint8Array, n: number, rng: () => number): boolean {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mate = new Int32Array(n).fill(-1);
    let ok = true;
    for (let v = 0; v < n && ok; v++) {
      if (mate[v] !== -1) continue;
      const options: number[] = [];
      for (let u = 0; u < n; u++) if (u !== v && mate[u] === -1 && adj[v * n + u]) options.push(u);
      if (options.length === 0) ok = false;
      else {
        const u = options[Math.floor(rng() * options.length)]!;
        mate[v] = u;
        mate[u] = v;
      }
    }
    if (!ok) continue;
    for (let v = 0; v < n; v++) adj[v * n + mate[v]!] = 0;
    return true;
  }
  return false;
}
