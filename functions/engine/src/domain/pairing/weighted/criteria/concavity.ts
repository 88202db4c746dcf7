/**
 * OpenGotha's concavity function f(x) = (1 - x)(1 + kx) for x in [0, 1] (x is a gap over its largest possible
 * value). Benefits follow f, so the cost 1 - f(x) = (1 - k)x + kx^2 grows faster than the gap: two pairs one step
 * apart beat one pair two steps apart and one pair level, which a linear cost cannot tell apart.
 */
export function concavity(x: number, k: number): number {
  const clamped = x < 0 ? 0 : x > 1 ? 1 : x;
  return (1 - clamped) * (1 + k * clamped);
}

/** The integer cost `weight * (1 - f(x))`. */
export function concaveCost(weight: number, x: number, k: number): number {
  return Math.round(weight * (1 - concavity(x, k)));
}
