/**
 * "Can I draw?" (docs/playoff.md#can-i-draw): before a Swiss round is played, what a win, a draw or a loss in it
 * does to a player's place in the top cut, on match points alone. In the last Swiss round the answer is exact over
 * every outcome of the other games; before it, CERTAIN and OUT stay certain (they hold however the later rounds are
 * paired) and the rest is said as POSSIBLE.
 */
import type { MatchPointTable } from '../policy/index.js';

/**
 * CERTAIN: in the cut whatever else happens. OUTRIGHT: in the cut on match points in some outcome of the other
 * games, not in all. TIEBREAKS: at best level on match points with the last place of the cut, so the tiebreaks
 * decide. OUT: never in the cut. POSSIBLE (before the last Swiss round): neither certain nor out.
 */
export type CutChance = 'CERTAIN' | 'OUTRIGHT' | 'TIEBREAKS' | 'OUT' | 'POSSIBLE';

export interface CutOutlookInput {
  /** Every player still in the event (dropped players take no place in the cut), with their match points now. */
  matchPoints: Readonly<Record<string, number>>;
  /** The round about to be played: its games (a bye has b null and is a win). */
  games: ReadonlyArray<{ a: string; b: string | null }>;
  table: Pick<MatchPointTable, 'win' | 'draw' | 'loss'>;
  cut: number;
  /** Swiss rounds after this one. */
  roundsAfter: number;
}

export type CutOutlook = Record<'WIN' | 'DRAW' | 'LOSS', CutChance>;

type Result = 'WIN' | 'DRAW' | 'LOSS';

/** The rest of the field in this round: a player whose points in it are settled, or a game still to be played. */
type Unit = { fixed: string; points: number } | { a: string; b: string };

/**
 * Everyone but `player`, as this round leaves them once the player's own result is `result`: a bye is settled as a
 * win, the opponent's result follows from the player's, and a player in no game of the round gains nothing.
 */
function fieldOf(input: CutOutlookInput, player: string, result: Result): Unit[] {
  const { table } = input;
  const paired = new Set<string>();
  const units: Unit[] = [];
  for (const { a, b } of input.games) {
    paired.add(a);
    if (b !== null) paired.add(b);
    if (b === null) {
      if (a !== player) units.push({ fixed: a, points: table.win });
    } else if (a === player || b === player) {
      const points = result === 'WIN' ? table.loss : result === 'DRAW' ? table.draw : table.win;
      units.push({ fixed: a === player ? b : a, points });
    } else units.push({ a, b });
  }
  for (const id of Object.keys(input.matchPoints))
    if (id !== player && !paired.has(id)) units.push({ fixed: id, points: 0 });
  return units;
}

/** How many of the others end this round at or above (`atLeast`) or strictly above `mine`, at the least and most. */
function othersAbove(input: CutOutlookInput, units: readonly Unit[], mine: number, atLeast: boolean) {
  const { matchPoints, table } = input;
  const above = (id: string, points: number) =>
    atLeast ? matchPoints[id]! + points >= mine : matchPoints[id]! + points > mine;
  let fewest = 0;
  let most = 0;
  for (const unit of units) {
    if ('fixed' in unit) {
      const count = above(unit.fixed, unit.points) ? 1 : 0;
      fewest += count;
      most += count;
      continue;
    }
    // Each player plays one game of the round, so the games are independent: the extremes add up game by game.
    const counts = [
      [table.win, table.loss],
      [table.draw, table.draw],
      [table.loss, table.win],
    ].map(([x, y]) => (above(unit.a, x!) ? 1 : 0) + (above(unit.b, y!) ? 1 : 0));
    fewest += Math.min(...counts);
    most += Math.max(...counts);
  }
  return { fewest, most };
}

function lastRoundChance(input: CutOutlookInput, units: readonly Unit[], mine: number): CutChance {
  const atOrAbove = othersAbove(input, units, mine, true);
  if (atOrAbove.most < input.cut) return 'CERTAIN';
  if (atOrAbove.fewest < input.cut) return 'OUTRIGHT';
  return othersAbove(input, units, mine, false).fewest < input.cut ? 'TIEBREAKS' : 'OUT';
}

/**
 * Before the last Swiss round: CERTAIN when fewer than `cut` others could still reach the player's points however
 * the rounds go, OUT when `cut` others are beyond the player's reach whatever happens; POSSIBLE otherwise.
 */
function earlierChance(input: CutOutlookInput, units: readonly Unit[], mine: number): CutChance {
  const { matchPoints, table, roundsAfter } = input;
  const myBest = mine + table.win * roundsAfter;
  const myWorst = mine + table.loss * roundsAfter;
  let couldReach = 0;
  let beyond = 0;
  for (const unit of units) {
    const players =
      'fixed' in unit
        ? [[unit.fixed, unit.points, unit.points] as const]
        : [unit.a, unit.b].map((id) => [id, table.win, table.loss] as const);
    for (const [id, best, worst] of players) {
      if (matchPoints[id]! + best + table.win * roundsAfter >= myWorst) couldReach++;
      if (matchPoints[id]! + worst + table.loss * roundsAfter > myBest) beyond++;
    }
  }
  if (couldReach < input.cut) return 'CERTAIN';
  return beyond >= input.cut ? 'OUT' : 'POSSIBLE';
}

/** What each result of this round does to `player`'s place in the cut. */
export function cutOutlook(input: CutOutlookInput, player: string): CutOutlook {
  const now = input.matchPoints[player] ?? 0;
  const hasBye = input.games.some(({ a, b }) => a === player && b === null);
  const pointsFor = (result: Result) =>
    hasBye ? input.table.win : input.table[result === 'WIN' ? 'win' : result === 'DRAW' ? 'draw' : 'loss'];
  const chance = (result: Result): CutChance => {
    const units = fieldOf(input, player, result);
    const mine = now + pointsFor(result);
    return input.roundsAfter === 0 ? lastRoundChance(input, units, mine) : earlierChance(input, units, mine);
  };
  return { WIN: chance('WIN'), DRAW: chance('DRAW'), LOSS: chance('LOSS') };
}
