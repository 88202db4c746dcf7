/**
 * Random tournaments for the tests, the demo and the benchmarks: the one home of every random result, all drawn
 * from the engine's seeded generator so that a failing case is reproduced from its seed.
 * - randomResult: any result a matchUp can hold (scores, bare winners, unplayed kinds), for property tests.
 * - simulatedScore: a game to 5 whose winner follows the players' ratings, the same for every engine that
 *   pairs the same two players in the same round of the same event (simulated events, demo data, benchmarks).
 */
import { createRng, hashString, hashValues, shuffled, unit } from '../domain/pairing/index.js';
import type { MatchUpRecord, MatchUpResult, Winner } from '../domain/results/index.js';
import { expectedScore, type Participant } from '../domain/ratings/index.js';

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

/** Who won a game: side a, side b, or neither. */

/**
 * A played game to 5 with the given winner: mostly to 5, sometimes a timed win below it (the clock stopped the
 * game and the leader takes it); a draw is level, 0-0 included (no point played).
 */
export function gameScore(random: () => number, winner: Winner): MatchUpResult {
  if (winner === 'draw') {
    const level = Math.floor(random() * 5);
    return { kind: 'PLAYED', score: { a: level, b: level } };
  }
  const winnerPoints = random() < 0.8 ? 5 : 1 + Math.floor(random() * 4);
  const loserPoints = Math.floor(random() * winnerPoints);
  return {
    kind: 'PLAYED',
    score: winner === 'a' ? { a: winnerPoints, b: loserPoints } : { a: loserPoints, b: winnerPoints },
  };
}

export interface ResultMix {
  unplayed?: boolean;
  /** probability of a draw among played games */
  draws?: number;
}

const UNPLAYED: MatchUpResult[] = [
  { kind: 'FORFEIT_WIN' },
  { kind: 'FORFEIT_LOSS', winner: 'b' },
  { kind: 'DOUBLE_FORFEIT' },
];

/** A random result for a two-sided matchUp: scores to 5 (wins, timed wins, draws), bare winners, unplayed kinds. */
export function randomResult(random: () => number, mix: ResultMix = {}): MatchUpResult {
  const roll = random();
  if (mix.unplayed && roll < 0.1) return pick(random, UNPLAYED);
  if (roll < 0.2) return { kind: 'PLAYED', winner: pick(random, ['a', 'b', 'draw'] as const) };
  const winner: Winner = random() < (mix.draws ?? 0.15) ? 'draw' : random() < 0.5 ? 'a' : 'b';
  return gameScore(random, winner);
}

/** A player of a simulated event: an id and the rating his results follow. */
export interface SimPlayer {
  id: string;
  rating: number;
}

/**
 * The winner of a simulated game: Elo expectation, with draws more likely between close ratings (about 30% at equal
 * strength). It depends only on the event seed, the round and the two players, so different engines that pair
 * the same two players in the same round face the same "luck".
 */
export function simulatedWinner(seed: number, round: number, a: SimPlayer, b: SimPlayer): Winner {
  const expected = expectedScore(a.rating, b.rating, 400);
  const draw = 0.3 * (1 - Math.abs(2 * expected - 1));
  const [lo, hi] = a.id < b.id ? [a, b] : [b, a];
  let u = unit(hashValues(seed, round, hashString(lo.id), hashString(hi.id)));
  if (lo !== a) u = 1 - u;
  if (u < expected - draw / 2) return 'a';
  if (u < expected + draw / 2) return 'draw';
  return 'b';
}

/** A simulated game's score: the simulated winner, its points drawn from a stream of the same four values. */
export function simulatedScore(seed: number, round: number, a: SimPlayer, b: SimPlayer): MatchUpResult {
  const random = createRng(hashValues(seed, round, hashString(a.id), hashString(b.id), 0x5c0e));
  return gameScore(random, simulatedWinner(seed, round, a, b));
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
