/**
 * Direct encounter as FIDE's C.07 Article 6 defines it (docs/tiebreaks.md#direct-encounter): the games among the
 * tied players decide, and the players still tied after it are compared again on their own games, until nothing
 * more comes apart. Unlike the product's HEAD_TO_HEAD, it also ranks a group whose players have not all met, when
 * one of them is ahead whatever the missing games would have given.
 */
import type { ParticipantState } from '../ratings/index.js';
import { STANDARD_POINTS } from './c07.js';
import { splitBy } from './groups.js';

interface Encounters {
  id: string;
  /** Standard points against the others of the group, a pair that met more than once counting its average. */
  points: number;
  /** The most the player could have with a win in each game he has not played against the others. */
  most: number;
  metAll: boolean;
}

/**
 * The games that count: those played over the board; in a round robin (pairings set in advance) a forfeit too,
 * as a game against its scheduled opponent. A bye has nobody in the group.
 */
function encounters(group: readonly ParticipantState[], roundRobin: boolean): Encounters[] {
  const ids = new Set(group.map((s) => s.participantId));
  return group.map((state) => {
    const byOpponent = new Map<string, number[]>();
    for (const r of state.results) {
      const opponent = r.opponentParticipantId;
      if (opponent === null || opponent === state.participantId || !ids.has(opponent)) continue;
      if (!r.played && !roundRobin) continue;
      byOpponent.set(opponent, [...(byOpponent.get(opponent) ?? []), STANDARD_POINTS[r.outcome]]);
    }
    const points = [...byOpponent.values()].reduce((sum, p) => sum + p.reduce((a, b) => a + b, 0) / p.length, 0);
    const missing = ids.size - 1 - byOpponent.size;
    return { id: state.participantId, points, most: points + missing, metAll: missing === 0 };
  });
}

/**
 * The group in tiers, best first. When all have met, their points order them. Otherwise a player goes ahead of the
 * rest only with more points than any of them could reach, the next likewise, and the first who cannot leaves the
 * rest tied. A tier that is smaller than the group is compared again on its own games.
 */
function tiers(group: readonly ParticipantState[], roundRobin: boolean): string[][] {
  if (group.length < 2) return [group.map((s) => s.participantId)];
  const scored = encounters(group, roundRobin);
  let split: Encounters[][];
  if (scored.every((e) => e.metAll)) split = splitBy(scored, (e) => e.points);
  else {
    const sorted = [...scored].sort((x, y) => y.points - x.points || y.most - x.most);
    split = [];
    let i = 0;
    for (; i < sorted.length - 1; i++) {
      const rest = sorted.slice(i + 1);
      if (!rest.every((e) => sorted[i]!.points > e.most)) break;
      split.push([sorted[i]!]);
    }
    split.push(sorted.slice(i));
  }
  if (split.length === 1) return [split[0]!.map((e) => e.id)];
  const byId = new Map(group.map((s) => [s.participantId, s]));
  return split.flatMap((tier) =>
    tier.length > 1
      ? tiers(
          tier.map((e) => byId.get(e.id)!),
          roundRobin,
        )
      : [[tier[0]!.id]],
  );
}

/** A player's direct encounter value inside the tied group: minus his place in it (1, 2, 2, 4 ...), higher first. */
export function directEncounter(
  state: ParticipantState,
  group: readonly ParticipantState[],
  roundRobin: boolean,
): number {
  let place = 1;
  for (const tier of tiers(group, roundRobin)) {
    if (tier.includes(state.participantId)) return -place;
    place += tier.length;
  }
  return 0;
}
