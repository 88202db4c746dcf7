import { PairingError } from '../errors.js';
import type { FieldPlayer } from '../field.js';
import type { PairingRequest } from '../types.js';
import { seededEntrants } from './seeding.js';

export interface ScheduledRound {
  pairs: [FieldPlayer, FieldPlayer][];
  byes: FieldPlayer[];
  /** Table number or seed of each entrant (1 = top), to explain the pairs. */
  positions: Map<string, number>;
  /** What the schedule did that the organizer should know (a knockout re-seeded around a forbidden pair). */
  notes?: string[];
}

export function positionsOf(entrants: readonly FieldPlayer[]): Map<string, number> {
  return new Map(entrants.map((p, k) => [p.id, k + 1]));
}

/**
 * Round robin. Players take table numbers in seed order; an odd field gets a phantom, whose opponent has the bye.
 * BERGER (SoL's "seeds"): in round r, numbers i and j meet when i + j = r + 1 modulo n - 1, and the one left
 * meets n; round 1 is 1 v n, 2 v n-1 ... CIRCLE: number 1 stays, the others turn one place per round. A
 * withdrawn player keeps the number, and the opponent gets a bye.
 */
export function roundRobinRound(request: PairingRequest, table: 'BERGER' | 'CIRCLE'): ScheduledRound {
  const { entrants, withdrawn } = seededEntrants(request);
  if (entrants.length < 2)
    throw new PairingError('failed-precondition', `a round robin needs at least 2 players, got ${entrants.length}`);
  const cycles = request.options?.cycles ?? 1;
  const slots: (FieldPlayer | null)[] = entrants.length % 2 === 0 ? entrants.slice() : [...entrants, null];
  const n = slots.length;
  const perCycle = n - 1;
  if (request.roundNumber > perCycle * cycles) {
    throw new PairingError(
      'out-of-range',
      `a round robin of ${entrants.length} players has ${perCycle * cycles} rounds; round ${request.roundNumber} does not exist`,
    );
  }
  const r = ((request.roundNumber - 1) % perCycle) + 1;
  const swap = request.roundNumber > perCycle;
  const numbered = table === 'BERGER' ? bergerRound(n, r) : circleRound(n, r);
  const pairs: [FieldPlayer, FieldPlayer][] = [];
  const byes: FieldPlayer[] = [];
  for (const [x, y] of numbered) {
    const a = slots[x - 1] ?? null;
    const b = slots[y - 1] ?? null;
    const aIn = a !== null && !withdrawn.has(a.id);
    const bIn = b !== null && !withdrawn.has(b.id);
    if (aIn && bIn) pairs.push(swap ? [b, a] : [a, b]);
    else if (aIn) byes.push(a);
    else if (bIn) byes.push(b);
  }
  return { pairs, byes, positions: positionsOf(entrants) };
}

/**
 * Table numbers 1..n (n even) of Berger round r, white first, as in the FIDE Berger tables: n plays white in the
 * even rounds; of two other numbers i < j, i has white when j - i is odd, j when it is even (round 1 of six:
 * 1-6, 2-5, 3-4; round 2: 6-4, 5-3, 1-2).
 */
export function bergerRound(n: number, r: number): [number, number][] {
  const m = n - 1;
  const target = (r + 1) % m;
  const out: [number, number][] = [];
  for (let i = 1; i <= m; i++) {
    if ((2 * i) % m === target) {
      out.push(r % 2 === 1 ? [i, n] : [n, i]);
      continue;
    }
    for (let j = i + 1; j <= m; j++) if ((i + j) % m === target) out.push((j - i) % 2 === 1 ? [i, j] : [j, i]);
  }
  return out.sort((x, y) => Math.min(...x) - Math.min(...y));
}

/**
 * Table numbers 1..n (n even) of circle round r: 1 fixed, the others rotated r - 1 places; white first. Number 1
 * has white in the odd rounds; on the other boards the colours alternate board by board, so a player moving one
 * seat a round alternates too (but at the turn of the ring).
 */
export function circleRound(n: number, r: number): [number, number][] {
  const ring = Array.from({ length: n - 1 }, (_, k) => k + 2);
  const shift = (r - 1) % (n - 1);
  const rotated = [...ring.slice(n - 1 - shift), ...ring.slice(0, n - 1 - shift)];
  const seats = [1, ...rotated];
  const out: [number, number][] = [];
  for (let k = 0; k < n / 2; k++) {
    const firstWhite = k === 0 ? r % 2 === 1 : k % 2 === 1;
    out.push(firstWhite ? [seats[k]!, seats[n - 1 - k]!] : [seats[n - 1 - k]!, seats[k]!]);
  }
  return out;
}
