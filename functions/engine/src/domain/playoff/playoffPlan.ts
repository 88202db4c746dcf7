import type { PairingOptions, System } from '../pairing/index.js';

// Kept apart from playoff.ts with no runtime import, so a screen can ask whether there is a playoff for the price
// of these lines alone.

/**
 * The playoff of a Swiss or a round robin (docs/playoff.md): after the main stage's last round, either a
 * single-elimination cut of the top 4, 8 or 16 seeded by the standings, or the finals alone (1st v 2nd and, with
 * finals = 2, 3rd v 4th). The finals shape the cut's last round as they shape a knockout's: 0 ends it after the
 * semi-finals, 2 adds the match for third place; best of three replays a final until one side has two wins.
 */
export interface Playoff {
  topCut: 0 | 4 | 8 | 16;
  finals: 0 | 1 | 2;
  bestOfThree: boolean;
}

/** The playoff a tournament's options ask for, or null when there is none (a knockout is all playoff already). */
export function playoffOf(system: System, options: Readonly<PairingOptions>): Playoff | null {
  if (system === 'KNOCKOUT') return null;
  const topCut = options.topCut ?? 0;
  const finals = options.finals ?? (topCut > 0 ? 1 : 0);
  if (topCut === 0 && finals === 0) return null;
  return { topCut, finals, bestOfThree: options.finalKind === 'BEST_OF_THREE' };
}

/** "Final", "Semi-finals", "Quarter-finals", "Round of 16" ... for bracket round `round` of `total`. */
export function stageName(round: number, total: number): string {
  if (round === total) return 'Final';
  if (round === total - 1) return 'Semi-finals';
  if (round === total - 2) return 'Quarter-finals';
  return `Round of ${2 ** (total - round + 1)}`;
}

/**
 * What round `playoffRound` of the playoff (1 = its first) is called where the organizer and the players read
 * the round: "Quarter-finals", "Semi-finals", "Final", "Final and third place", "Final, game 2" in a best of
 * three. The finals alone (no cut) are all final rounds.
 */
export function playoffRoundName(playoff: Playoff, playoffRound: number): string {
  const bracket = playoff.topCut === 0 ? 1 : Math.log2(playoff.topCut);
  if (playoffRound < bracket) return stageName(playoffRound, bracket);
  const final = playoff.finals === 2 ? 'Final and third place' : 'Final';
  return playoff.bestOfThree ? `${final}, game ${playoffRound - bracket + 1}` : final;
}
