/**
 * "Can I draw?" by brute force (docs/playoff.md#can-i-draw), the tests' oracle: every outcome of the other games of
 * the last Swiss round enumerated, the final match points of everyone counted in each. Exponential in the games, so
 * for small fields only; the engine's answer adds up the extremes game by game instead.
 */
type Result = 'WIN' | 'DRAW' | 'LOSS';
export type OracleChance = 'CERTAIN' | 'OUTRIGHT' | 'TIEBREAKS' | 'OUT';

export interface OracleRound {
  /** Everyone still in the event, with their match points before the round's open games. */
  matchPoints: Readonly<Record<string, number>>;
  /** The round's games still to be played (a bye, b null, counts as a win). */
  games: ReadonlyArray<{ a: string; b: string | null }>;
  table: { win: number; draw: number; loss: number };
  cut: number;
}

export function bruteForceChance(round: OracleRound, player: string, result: Result): OracleChance {
  const { table } = round;
  const own = round.games.find(({ a, b }) => a === player || b === player)!;
  const mine = own.b === null ? table.win : { WIN: table.win, DRAW: table.draw, LOSS: table.loss }[result];
  const theirs = { WIN: table.loss, DRAW: table.draw, LOSS: table.win }[result];
  const others = round.games.filter((g) => g !== own && g.b !== null) as Array<{ a: string; b: string }>;
  const outcomes = [
    [table.win, table.loss],
    [table.draw, table.draw],
    [table.loss, table.win],
  ];
  let all = true;
  let some = false;
  let onTiebreaks = false;
  for (let code = 0; code < 3 ** others.length; code++) {
    const points: Record<string, number> = { ...round.matchPoints };
    const add = (id: string, gained: number) => {
      if (id in points) points[id] = points[id]! + gained;
    };
    add(player, mine);
    if (own.b !== null) add(own.a === player ? own.b : own.a, theirs);
    for (const g of round.games) if (g.b === null && g.a !== player) add(g.a, table.win);
    others.forEach((g, i) => {
      const [x, y] = outcomes[Math.floor(code / 3 ** i) % 3]!;
      add(g.a, x!);
      add(g.b, y!);
    });
    const rest = Object.keys(points).filter((id) => id !== player);
    const atOrAbove = rest.filter((id) => points[id]! >= points[player]!).length;
    const above = rest.filter((id) => points[id]! > points[player]!).length;
    if (atOrAbove < round.cut) some = true;
    else all = false;
    if (above < round.cut) onTiebreaks = true;
  }
  if (all) return 'CERTAIN';
  if (some) return 'OUTRIGHT';
  return onTiebreaks ? 'TIEBREAKS' : 'OUT';
}
