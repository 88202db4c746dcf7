/**
 * The recommended number of Swiss rounds by field size (docs/pairing.md#rounds). Outside the table (under 5 or over 385
 * players) the count follows the table's own rule of thumb, log2 of the field rounded up, and says so.
 */
const TABLE: ReadonlyArray<readonly [maxPlayers: number, rounds: number]> = [
  [8, 3],
  [16, 4],
  [32, 5],
  [64, 6],
  [128, 7],
  [212, 8],
  [385, 9],
];

export interface RoundsAdvice {
  rounds: number;
  fromTable: boolean;
}

export function recommendedRounds(players: number): RoundsAdvice {
  if (!Number.isInteger(players) || players < 2) return { rounds: 0, fromTable: false };
  if (players >= 5) {
    for (const [maxPlayers, rounds] of TABLE) if (players <= maxPlayers) return { rounds, fromTable: true };
    return { rounds: Math.max(10, Math.ceil(Math.log2(players))), fromTable: false };
  }
  return { rounds: Math.ceil(Math.log2(players)), fromTable: false };
}
