import type { FieldPlayer } from '../field.js';

/**
 * SoL's "delay compatriots": in the first K rounds, a player's candidates with the same points and the same
 * country move behind the other candidates with those points, so they are tried only if necessary.
 */
export function delayCompatriots(
  player: FieldPlayer,
  candidates: FieldPlayer[],
  roundNumber: number,
  rounds: number,
): FieldPlayer[] {
  if (rounds <= 0 || roundNumber > rounds || player.country === undefined) return candidates;
  const out: FieldPlayer[] = [];
  let k = 0;
  while (k < candidates.length) {
    const score = candidates[k]!.score;
    const block: FieldPlayer[] = [];
    while (k < candidates.length && candidates[k]!.score === score) block.push(candidates[k++]!);
    if (score !== player.score) {
      out.push(...block);
      continue;
    }
    out.push(...block.filter((c) => c.country !== player.country), ...block.filter((c) => c.country === player.country));
  }
  return out;
}
