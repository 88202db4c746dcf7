import { PairingError } from '../errors.js';
import type { FieldPlayer } from '../field.js';
import type { PairingGame, PairingRequest } from '../types.js';
import { positionsOf, type ScheduledRound } from './roundRobin.js';
import { seededEntrants } from './seeding.js';

/**
 * Standard seeded bracket positions for a bracket of `size` (a power of two): seed s and size + 1 - s meet in the
 * first round, and seeds 1 and 2 can only meet in the final. [1, 2] -> [1, 4, 2, 3] -> [1, 8, 4, 5, 2, 7, 3, 6].
 */
export function bracketOrder(size: number): number[] {
  let order = [1];
  for (let m = 2; m <= size; m *= 2) order = order.flatMap((s) => [s, m + 1 - s]);
  return order;
}

export function bracketRounds(players: number): number {
  return Math.max(1, Math.ceil(Math.log2(players)));
}

/**
 * One round of a knockout. Entrants fill a bracket of the next power of two in seed order, so the byes of round 1
 * go to the top seeds. Each later round is read from the results: in every block of the bracket the one player
 * still unbeaten meets the one from the neighbouring block. The final (and, with finals = 2, the match for third
 * place between the semi-final losers) may be best of three: it is replayed until one side has two wins.
 * finals = 0 ends the bracket after the semi-finals (SoL: no final is generated).
 */
export function knockoutRound(request: PairingRequest): ScheduledRound {
  const { entrants, withdrawn } = seededEntrants(request);
  if (entrants.length < 2)
    throw new PairingError('failed-precondition', `a knockout needs at least 2 players, got ${entrants.length}`);
  const finals = request.options?.finals ?? 1;
  const bestOfThree = request.options?.finalKind === 'BEST_OF_THREE';
  const size = 2 ** bracketRounds(entrants.length);
  const total = Math.log2(size);
  const positions = positionsOf(entrants);
  const standard: (FieldPlayer | null)[] = bracketOrder(size).map((s) => entrants[s - 1] ?? null);
  const { slots, notes } = asPlayed(
    apartForbidden(standard, request.forbiddenPairs ?? [], positions),
    gamesOf(request),
  );
  const round = request.roundNumber;
  const lastBracketRound = finals === 0 ? total - 1 : total;
  if (round < total || (round === total && !bestOfThree)) {
    if (round > lastBracketRound)
      throw new PairingError('out-of-range', 'the knockout has no final (finals = 0): it ends after the semi-finals');
    return {
      ...bracketRound(request, slots, round, withdrawn, finals === 2 && round === total),
      positions,
      ...(round === 1 ? { notes } : {}),
    };
  }
  if (finals === 0)
    throw new PairingError('out-of-range', 'the knockout has no final (finals = 0): it ends after the semi-finals');
  if (!bestOfThree)
    throw new PairingError(
      'out-of-range',
      `the knockout of ${entrants.length} players has ${total} rounds; it is complete`,
    );
  return { ...finalSeries(request, slots, round, total, withdrawn, finals === 2), positions };
}

type Slots = (FieldPlayer | null)[];

/**
 * Re-seeds the first round so that no forbidden pair (docs/pairing.md#forbidden-pairs) meets in it whenever some
 * re-seeding avoids them all, as an arbiter would by hand: the top seeds keep their places (so the byes stay with
 * them and seeds 1 and 2 can still only meet in the final), and the lower seeds move between their games as
 * little as needed. Each game keeps its standard opponent when allowed; the others get one by augmenting paths
 * (a perfect matching of the allowed games, found whenever one exists), the nearest seed tried first.
 */
function apartForbidden(
  standard: Slots,
  forbidden: readonly (readonly [string, string])[],
  positions: ReadonlyMap<string, number>,
): { slots: Slots; notes: string[] } {
  const slots = [...standard];
  if (forbidden.length === 0) return { slots, notes: [] };
  const banned = new Set(forbidden.map(([x, y]) => [x, y].sort().join('|')));
  const allowed = (x: FieldPlayer, y: FieldPlayer) => !banned.has([x.id, y.id].sort().join('|'));
  const games = [...Array(slots.length / 2).keys()]
    .map((b) => 2 * b)
    .filter((k) => slots[k] !== null && slots[k + 1] !== null);
  if (games.every((k) => allowed(slots[k]!, slots[k + 1]!))) return { slots, notes: [] };
  const seed = (p: FieldPlayer) => positions.get(p.id)!;
  const lower = games.map((k) => slots[k + 1]!);
  // The lower seed each game has: an index into `lower`, or undefined while it has none.
  const of = new Map<number, number>();
  const at = new Map<number, number>();
  games.forEach((k, g) => {
    if (!allowed(slots[k]!, lower[g]!)) return;
    of.set(g, g);
    at.set(g, g);
  });
  const augment = (g: number, seen: Set<number>): boolean => {
    const nearest = [...lower.keys()].sort(
      (x, y) => Math.abs(seed(lower[x]!) - seed(lower[g]!)) - Math.abs(seed(lower[y]!) - seed(lower[g]!)) || x - y,
    );
    for (const l of nearest) {
      if (seen.has(l) || !allowed(slots[games[g]!]!, lower[l]!)) continue;
      seen.add(l);
      const holder = at.get(l);
      if (holder === undefined || augment(holder, seen)) {
        of.set(g, l);
        at.set(l, g);
        return true;
      }
    }
    return false;
  };
  for (const g of games.keys()) if (!of.has(g)) augment(g, new Set());
  // Games no re-seeding can save take the lower seeds left over, in seed order: their forbidden pair meets.
  const left = [...lower.keys()].filter((l) => !at.has(l));
  for (const g of games.keys()) if (!of.has(g)) of.set(g, left.shift()!);
  const moved: string[] = [];
  games.forEach((k, g) => {
    slots[k + 1] = lower[of.get(g)!]!;
    if (of.get(g) !== g) moved.push(`${seed(slots[k]!)} v ${seed(slots[k + 1]!)}`);
  });
  const notes = moved.length
    ? [`the first round was re-seeded so that forbidden pairs do not meet: seeds ${moved.join(', ')}`]
    : [];
  return { slots, notes };
}

/**
 * The bracket as its first round was played: each top seed's first opponent beside him. Later rounds follow the
 * games, so a forbidden pair set or lifted after the first round never reshapes a bracket under way.
 */
function asPlayed(
  { slots, notes }: { slots: Slots; notes: string[] },
  games: GamesOf,
): { slots: Slots; notes: string[] } {
  const out = [...slots];
  for (let k = 0; k < out.length; k += 2) {
    const top = out[k];
    const opponent = top ? games(top).find((g) => g.round === 1)?.opponent : undefined;
    if (!opponent || out[k + 1]?.id === opponent) continue;
    const j = out.findIndex((p) => p?.id === opponent);
    if (j % 2 === 1) [out[k + 1], out[j]] = [out[j]!, out[k + 1]!];
  }
  return { slots: out, notes };
}

/** Unbeaten before `round`: no lost (or drawn) game in the bracket rounds before it, and not withdrawn. */
function alive(player: FieldPlayer | null, round: number, withdrawn: Set<string>, games: GamesOf): boolean {
  if (player === null || withdrawn.has(player.id)) return false;
  for (const g of games(player)) {
    if (g.round >= round) continue;
    if (g.outcome === 'DRAW')
      throw new PairingError(
        'failed-precondition',
        `knockout game of ${player.id} in round ${g.round} is a draw; a knockout needs a winner`,
      );
    if (g.outcome === 'LOSS') return false;
  }
  return true;
}

function bracketRound(
  request: PairingRequest,
  slots: (FieldPlayer | null)[],
  round: number,
  withdrawn: Set<string>,
  thirdPlace: boolean,
): Omit<ScheduledRound, 'positions'> {
  const games = gamesOf(request);
  const survivors = survivorsAt(slots, round, withdrawn, games);
  const pairs: [FieldPlayer, FieldPlayer][] = [];
  const byes: FieldPlayer[] = [];
  for (let k = 0; k < survivors.length; k += 2) {
    const a = survivors[k] ?? null;
    const b = survivors[k + 1] ?? null;
    if (a && b) pairs.push([a, b]);
    else if (a) byes.push(a);
    else if (b) byes.push(b);
  }
  if (thirdPlace) {
    const losers = semiFinalLosers(slots, round, survivors, withdrawn, games);
    if (losers) pairs.push(losers);
  }
  return { pairs, byes };
}

/** The one unbeaten player of each block of 2^(round-1) slots (null when the block has none). */
function survivorsAt(
  slots: (FieldPlayer | null)[],
  round: number,
  withdrawn: Set<string>,
  games: GamesOf,
): (FieldPlayer | null)[] {
  const block = 2 ** (round - 1);
  const out: (FieldPlayer | null)[] = [];
  for (let start = 0; start < slots.length; start += block) {
    const left = slots.slice(start, start + block).filter((p) => alive(p, round, withdrawn, games));
    if (left.length > 1) {
      throw new PairingError(
        'failed-precondition',
        `round ${round - 1} of the knockout is not complete: ${left.map((p) => p!.id).join(' and ')} are both still in`,
      );
    }
    out.push(left[0] ?? null);
  }
  return out;
}

/** The two players beaten in the semi-finals (round total - 1), for the match for third place. */
function semiFinalLosers(
  slots: (FieldPlayer | null)[],
  finalRound: number,
  finalists: readonly (FieldPlayer | null)[],
  withdrawn: Set<string>,
  games: GamesOf,
): [FieldPlayer, FieldPlayer] | null {
  if (finalRound < 2) return null;
  const semis = survivorsAt(slots, finalRound - 1, withdrawn, games);
  const losers = semis.filter((p): p is FieldPlayer => p !== null && !finalists.includes(p) && !withdrawn.has(p.id));
  return losers.length === 2 ? [losers[0]!, losers[1]!] : null;
}

/** Best of three: the final (and third place) repeat until a side has two wins. */
function finalSeries(
  request: PairingRequest,
  slots: (FieldPlayer | null)[],
  round: number,
  total: number,
  withdrawn: Set<string>,
  thirdPlace: boolean,
): Omit<ScheduledRound, 'positions'> {
  const games = gamesOf(request);
  const survivors = survivorsAt(slots, total, withdrawn, games);
  const finalists = survivors.filter((p): p is FieldPlayer => p !== null);
  const pairs: [FieldPlayer, FieldPlayer][] = [];
  const series: [FieldPlayer, FieldPlayer][] = [];
  if (finalists.length === 2) series.push([finalists[0]!, finalists[1]!]);
  if (thirdPlace) {
    const losers = semiFinalLosers(slots, total, survivors, withdrawn, games);
    if (losers) series.push(losers);
  }
  for (const [a, b] of series) {
    if (withdrawn.has(a.id) || withdrawn.has(b.id)) continue;
    let winsA = 0;
    let winsB = 0;
    for (const g of games(a)) {
      if (g.round < total || g.round >= round || g.opponent !== b.id) continue;
      if (g.outcome === 'WIN') winsA++;
      else if (g.outcome === 'LOSS') winsB++;
    }
    if (winsA < 2 && winsB < 2) pairs.push([a, b]);
  }
  if (pairs.length === 0) throw new PairingError('out-of-range', 'the knockout is complete: every final has a winner');
  return { pairs, byes: [] };
}

type GamesOf = (p: FieldPlayer) => readonly PairingGame[];

function gamesOf(request: PairingRequest): GamesOf {
  const byId = new Map(request.players.map((p) => [p.id, p.games]));
  return (p) => byId.get(p.id) ?? [];
}
