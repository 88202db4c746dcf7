import { DomainError } from '../common/index.js';
import type { MatchUpRecord } from '../results/index.js';

/** A game of the tournament still without a result, as the organizer finds it on the pairings. */
export interface UnscoredGame {
  roundNumber: number;
  table: number;
  a: string;
  b: string;
}

type GameRecord = Pick<MatchUpRecord, 'roundNumber' | 'order' | 'a' | 'b' | 'result'>;

/** The games (byes aside) still without a result, by round and table. */
export function unscoredGames(matchUps: readonly GameRecord[]): UnscoredGame[] {
  return matchUps
    .filter((m): m is GameRecord & { b: string } => m.b !== null && m.result === null)
    .sort((x, y) => x.roundNumber - y.roundNumber || x.order - y.order)
    .map((m) => ({ roundNumber: m.roundNumber, table: m.order + 1, a: m.a, b: m.b }));
}

/** "round 4, table 4 (Emma Girard v Paul Roux)", the first few games and how many more. */
export function describeUnscored(games: readonly UnscoredGame[], nameOf: (id: string) => string, shown = 5): string {
  const named = games
    .slice(0, shown)
    .map((g) => `round ${g.roundNumber}, table ${g.table} (${nameOf(g.a)} v ${nameOf(g.b)})`);
  const more = games.length > shown ? ` and ${games.length - shown} more` : '';
  return `${named.join('; ')}${more}`;
}

/**
 * Closing freezes the standings: a game left without a result would count for nobody for good. So closing with
 * open games is refused unless the organizer says they are to stay unscored, and the refusal names them.
 */
export function assertClosable(
  games: readonly UnscoredGame[],
  nameOf: (id: string) => string,
  leaveUnscored: boolean,
): void {
  if (games.length === 0 || leaveUnscored) return;
  const count = games.length === 1 ? 'a game has' : `${games.length} games have`;
  throw new DomainError(
    'failed-precondition',
    `${count} no result yet: ${describeUnscored(games, nameOf)}. Enter the results first, ` +
      'or close anyway to leave them unscored',
  );
}

/** Only a closed tournament is reopened: it goes back to its last round, open again for corrections. */
export function assertReopenable(status: 'DRAFT' | 'RUNNING' | 'CLOSED'): void {
  if (status !== 'CLOSED') throw new DomainError('failed-precondition', 'the tournament is not closed');
}
