import type { PairingGame, PairingPlayer, PairingRound } from '../../../src/domain/pairing/types.js';

/** p1..pn, p1 strongest (ratings 2000, 1990, ...), no games yet. */
export function freshPlayers(n: number, extra: (k: number) => Partial<PairingPlayer> = () => ({})): PairingPlayer[] {
  return Array.from({ length: n }, (_, k) => ({ id: `p${k + 1}`, rating: 2000 - 10 * k, games: [], ...extra(k) }));
}

/** Adds a round of results: each pair [winner, loser] (or with 'draw'), byes win. */
export function playRound(
  players: PairingPlayer[],
  round: number,
  results: ([string, string] | [string, string, 'draw'])[],
  byes: string[] = [],
): PairingPlayer[] {
  const add = new Map<string, PairingGame[]>();
  const push = (id: string, g: PairingGame) => add.set(id, [...(add.get(id) ?? []), g]);
  for (const [a, b, draw] of results) {
    const pa = draw ? 0.5 : 1;
    push(a, {
      round,
      opponent: b,
      outcome: draw ? 'DRAW' : 'WIN',
      matchPoints: pa,
      pointsFor: draw ? 2 : 5,
      pointsAgainst: draw ? 2 : 3,
    });
    push(b, {
      round,
      opponent: a,
      outcome: draw ? 'DRAW' : 'LOSS',
      matchPoints: 1 - pa,
      pointsFor: draw ? 2 : 3,
      pointsAgainst: draw ? 2 : 5,
    });
  }
  for (const id of byes) push(id, { round, opponent: null, outcome: 'WIN', matchPoints: 1 });
  return players.map((p) => ({ ...p, games: [...p.games, ...(add.get(p.id) ?? [])] }));
}

/** Plays a generated round (side a had white): the first listed side wins unless `winner` says otherwise. */
export function playGenerated(
  players: PairingPlayer[],
  out: PairingRound,
  winner: (a: string, b: string) => string = (a) => a,
): PairingPlayer[] {
  const played = playRound(
    players,
    out.roundNumber,
    out.pairings.map((p): [string, string] => (winner(p.a, p.b) === p.a ? [p.a, p.b] : [p.b, p.a])),
    out.byes,
  );
  const colour = new Map(
    out.pairings.flatMap(
      (p) =>
        [
          [p.a, 'WHITE'],
          [p.b, 'BLACK'],
        ] as const,
    ),
  );
  return played.map((p) => ({
    ...p,
    games: p.games.map((g) =>
      g.round === out.roundNumber && colour.has(p.id) ? { ...g, colour: colour.get(p.id)! } : g,
    ),
  }));
}

/** For brackets: the better seed (lower number) wins. */
export const topSeedWins = (a: string, b: string): string => (byNumber(a, b) < 0 ? a : b);

export function pairsOf(out: PairingRound): string[] {
  return out.pairings.map((p) => [p.a, p.b].sort(byNumber).join('-'));
}

export function byNumber(x: string, y: string): number {
  return Number(x.replace(/\D/g, '')) - Number(y.replace(/\D/g, ''));
}

/** Every active player exactly once (paired or bye). */
export function assertValidRound(players: PairingPlayer[], out: PairingRound): void {
  const seen = new Set<string>();
  for (const id of [...out.pairings.flatMap((p) => [p.a, p.b]), ...out.byes, ...(out.unpaired ?? [])]) {
    if (seen.has(id)) throw new Error(`${id} appears twice`);
    seen.add(id);
  }
  for (const p of players) {
    if (p.withdrawn && seen.has(p.id)) throw new Error(`withdrawn ${p.id} was paired`);
    if (!p.withdrawn && !seen.has(p.id)) throw new Error(`${p.id} left out`);
  }
}
