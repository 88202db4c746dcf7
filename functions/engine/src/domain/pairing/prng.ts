/**
 * Seeded randomness. Every random choice of the engine goes through here so that the same request (same seed)
 * always gives the same round; Math.random is never used.
 */

/** A 32-bit finaliser: spreads every input bit over the output, so consecutive seeds give unrelated streams. */
export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A stable 32-bit hash of a string (FNV-1a, then mixed), so a player's noise follows the id, not the input order. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Combines values into one 32-bit hash, order-sensitive. */
export function hashValues(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) h = mix32(h ^ Math.imul((v | 0) + 0x632be5ab, 0x85ebca6b));
  return h;
}

/** Uniform in [0, 1) from a 32-bit hash. */
export function unit(hash: number): number {
  return (hash >>> 0) / 4294967296;
}

/**
 * Noise for an unordered pair: the same for (a, b) and (b, a), different for every seed. It plays the role of
 * OpenGotha's deterministic "scrambling function of player names".
 */
export function pairNoise(seed: number, hashA: number, hashB: number): number {
  const lo = Math.min(hashA >>> 0, hashB >>> 0);
  const hi = Math.max(hashA >>> 0, hashB >>> 0);
  return unit(hashValues(seed, lo, hi));
}

export type Rng = () => number;

/** A counter-based generator: state advances by a constant and each output is the mixed state. */
export function createRng(seed: number): Rng {
  let state = mix32(seed ^ 0x5bd1e995);
  return () => {
    state = (state + 0x9e3779b9) | 0;
    return unit(mix32(state));
  };
}

/** Fisher-Yates with the given generator; returns a new array. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = out[i]!;
    out[i] = out[j]!;
    out[j] = tmp;
  }
  return out;
}
