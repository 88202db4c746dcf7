import { createRng, shuffled } from '../../src/domain/pairing/prng.js';
import type { MatchUpRecord } from '../../src/domain/matchUps.js';
import type { Participant } from '../../src/domain/participants.js';
import type { MatchUpResult } from '../../src/domain/results.js';

/** The engine's seeded generator, so a failing generated tournament can be reproduced from its seed. */
export const prng = createRng;

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export const shuffle = <T>(random: () => number, items: readonly T[]): T[] => shuffled(items, random);

export function makeParticipants(random: () => number, n: number): Participant[] {
  return Array.from({ length: n }, (_, i) => ({
    participantId: `p${i + 1}`,
    rating: Math.round(1000 + random() * 1200),
  }));
}

export interface ResultMix {
  unplayed?: boolean;
  /** probability of a draw among played games */
  draws?: number;
}

/** A random result for a two-sided matchUp: scores to 5 (wins, timed wins, draws), bare winners, unplayed kinds. */
export function randomResult(random: () => number, mix: ResultMix = {}): MatchUpResult {
  const roll = random();
  if (mix.unplayed && roll < 0.1)
    return pick(random, [
      { kind: 'FORFEIT_WIN' },
      { kind: 'FORFEIT_LOSS', winner: 'b' },
      { kind: 'DOUBLE_FORFEIT' },
    ] as MatchUpResult[]);
  if (roll < 0.2) return { kind: 'PLAYED', winner: pick(random, ['a', 'b', 'draw'] as const) };
  if (random() < (mix.draws ?? 0.15)) {
    const g = Math.floor(random() * 5);
    return { kind: 'PLAYED', score: { a: g, b: g } };
  }
  const winnerPoints = random() < 0.75 ? 5 : 1 + Math.floor(random() * 4);
  const loserPoints = Math.floor(random() * winnerPoints);
  return random() < 0.5
    ? { kind: 'PLAYED', score: { a: winnerPoints, b: loserPoints } }
    : { kind: 'PLAYED', score: { a: loserPoints, b: winnerPoints } };
}

/** Random pairings round by round (byes for odd fields); results filled by `result`. */
export function makeRounds(
  random: () => number,
  participants: readonly Participant[],
  rounds: number,
  result: (random: () => number) => MatchUpResult | null,
): MatchUpRecord[] {
  const matchUps: MatchUpRecord[] = [];
  for (let r = 1; r <= rounds; r++) {
    const ids = shuffle(
      random,
      participants.map((p) => p.participantId),
    );
    let order = 0;
    for (let i = 0; i + 1 < ids.length; i += 2) {
      matchUps.push({
        matchUpId: `r${r}-m${order + 1}`,
        roundNumber: r,
        order,
        a: ids[i]!,
        b: ids[i + 1]!,
        result: result(random),
      });
      order++;
    }
    if (ids.length % 2 === 1) {
      const byeResult: MatchUpResult | null =
        result(random) === null
          ? null
          : { kind: pick(random, ['PAIRING_BYE', 'PAIRING_BYE', 'HALF_BYE', 'ZERO_BYE', 'FULL_BYE'] as const) };
      matchUps.push({ matchUpId: `r${r}-bye`, roundNumber: r, order, a: ids.at(-1)!, b: null, result: byeResult });
    }
  }
  return matchUps;
}
