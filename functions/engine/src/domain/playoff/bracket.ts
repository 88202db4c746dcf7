import type { Playoff } from './playoff.js';
import {
  knockoutRound,
  PairingError,
  type PairingPlayer,
  type PairingRequest,
  type PairingRound,
  parsePairingRequest,
} from '../pairing/index.js';

const STAGE_NAMES: Record<number, string> = { 4: 'top 4', 8: 'top 8', 16: 'top 16' };

/**
 * One round of the playoff after a Swiss or a round robin (docs/playoff.md). `seeding` is the main stage's
 * ranking; `mainRounds` its number of rounds, so round mainRounds + k is the playoff's round k. A top cut is the
 * knockout's bracket over the top players, seeded by their rank (1 v 8, 4 v 5, 2 v 7, 3 v 6); without a cut, the
 * finals pair 1st v 2nd (and 3rd v 4th). Only playoff games count here: the main stage's results only seed it.
 * Side a, who moves first, is the higher seed; the cost terms name both seeds. The cut's first round is re-seeded
 * around the forbidden pairs among its players as a knockout's first round is; the finals alone stay the first
 * places of the standings, and a forbidden pair that meets is named in the notes.
 */
export function playoffRound(
  input: PairingRequest,
  seeding: readonly string[],
  mainRounds: number,
  playoff: Playoff,
): PairingRound {
  const request = parsePairingRequest(input);
  const round = request.roundNumber - mainRounds;
  if (round < 1) throw new PairingError('failed-precondition', `round ${request.roundNumber} is not in the playoff`);
  const size = playoff.topCut || 2 * playoff.finals;
  const entrants = seeding.slice(0, size);
  if (entrants.length < size)
    throw new PairingError(
      'failed-precondition',
      `the playoff needs ${size} players still in the tournament; the standings have ${entrants.length}`,
    );
  const forbidden = (request.forbiddenPairs ?? []).filter(([x, y]) => entrants.includes(x) && entrants.includes(y));
  const byId = new Map(request.players.map((p) => [p.id, p]));
  const players = entrants.map((id, k): PairingPlayer => {
    const player = byId.get(id);
    if (!player) throw new PairingError('failed-precondition', `the seeded player ${id} is not in the field`);
    return {
      ...player,
      seed: k + 1,
      games: player.games
        .filter((g) => g.round > mainRounds && (g.opponent === null || entrants.includes(g.opponent)))
        .map((g) => ({ ...g, round: g.round - mainRounds })),
      unscored: (player.unscored ?? [])
        .filter((u) => u.round > mainRounds)
        .map((u) => ({ ...u, round: u.round - mainRounds })),
    };
  });
  const scheduled =
    playoff.topCut === 0
      ? finalsOnly(players, round, playoff)
      : knockoutRound({
          roundNumber: round,
          method: 'KNOCKOUT',
          seed: request.seed,
          players,
          points: request.points,
          options: { finals: playoff.finals, finalKind: playoff.bestOfThree ? 'BEST_OF_THREE' : 'SINGLE' },
          ...(forbidden.length > 0 ? { forbiddenPairs: forbidden } : {}),
        });
  const seedOf = (id: string) => entrants.indexOf(id) + 1;
  const pairings = scheduled.pairs.map(([x, y]) => {
    const [a, b] = seedOf(x.id) <= seedOf(y.id) ? [x, y] : [y, x];
    return { a: a.id, b: b.id, movesFirst: a.id, cost: { seedA: seedOf(a.id), seedB: seedOf(b.id) } };
  });
  const stage = playoff.topCut === 0 ? 'the finals' : `the ${STAGE_NAMES[playoff.topCut]}`;
  const met = forbiddenMet(pairings, forbidden);
  return {
    roundNumber: request.roundNumber,
    method: 'KNOCKOUT',
    seed: request.seed,
    pairings,
    byes: scheduled.byes.map((p) => p.id),
    byeCosts: scheduled.byes.map((p) => ({ id: p.id, cost: { seed: seedOf(p.id) } })),
    notes: [
      `Round ${round} of ${stage}, seeded by the standings after round ${mainRounds}`,
      ...(scheduled.notes ?? []),
      ...(met.length > 0 ? [forbiddenNote(met.length, playoff, round)] : []),
    ],
    ...(met.length > 0 ? { forbiddenPairsMet: met } : {}),
    stats: {},
  };
}

function forbiddenMet(
  pairings: readonly { a: string; b: string }[],
  forbidden: readonly (readonly [string, string])[],
): [string, string][] {
  const banned = new Set(forbidden.map(([x, y]) => [x, y].sort().join('|')));
  return pairings.filter(({ a, b }) => banned.has([a, b].sort().join('|'))).map(({ a, b }) => [a, b]);
}

/** Why a forbidden pair meets in a playoff round: nothing the seeding may change keeps it apart. */
function forbiddenNote(count: number, playoff: Playoff, round: number): string {
  const meets = count === 1 ? 'a forbidden pair meets' : `${count} forbidden pairs meet`;
  if (playoff.topCut === 0) return `${meets}: the finals are played by the first places of the standings`;
  if (round === 1) return `${meets}: no re-seeding of the cut's first round keeps them apart`;
  return `${meets}: the bracket sets who meets in this round`;
}

/** The finals alone: 1st v 2nd and, with finals = 2, 3rd v 4th; best of three repeats a pair until two wins. */
function finalsOnly(
  players: readonly PairingPlayer[],
  round: number,
  playoff: Playoff,
): { pairs: [PairingPlayer, PairingPlayer][]; byes: PairingPlayer[]; notes?: string[] } {
  const series: [PairingPlayer, PairingPlayer][] = [];
  for (let k = 0; k + 1 < players.length && k < 2 * playoff.finals; k += 2) series.push([players[k]!, players[k + 1]!]);
  if (!playoff.bestOfThree && round > 1)
    throw new PairingError('out-of-range', 'the finals are complete: each is a single game, already paired');
  const pairs = series.filter(([a, b]) => {
    if (a.withdrawn || b.withdrawn) return false;
    const wins = (p: PairingPlayer, other: string) =>
      p.games.filter((g) => g.opponent === other && g.outcome === 'WIN').length;
    return wins(a, b.id) < 2 && wins(b, a.id) < 2;
  });
  if (pairs.length === 0) throw new PairingError('out-of-range', 'the finals are complete: every final has a winner');
  return { pairs, byes: [] };
}
