import { absolutePreference, type DutchColour, type DutchPlayer, NO_COLOUR, otherColour } from './players.js';

/**
 * Colour allocation (section E, docs/dutch.md#the-procedure): the colour `player` gets against `opponent`.
 * `playerRanksLower` says whether the player is below the opponent in the round's order (score with virtual
 * points, then pairing number).
 */
export function colourFor(
  player: DutchPlayer,
  opponent: DutchPlayer,
  playerRanksLower: boolean,
  initialColour: DutchColour,
): DutchColour {
  const settled = colourByPreferences(player, opponent);
  if (settled !== NO_COLOUR) return settled;
  if (player.preference === NO_COLOUR) {
    // Neither has a preference: the higher player gets the initial colour with an odd pairing number (rank 0 is
    // pairing number 1).
    if (playerRanksLower) return opponent.rank & 1 ? initialColour : otherColour(initialColour);
    return player.rank & 1 ? otherColour(initialColour) : initialColour;
  }
  // Both want the same colour with equal strength and no history tells them apart: the higher player gets it.
  return playerRanksLower ? otherColour(opponent.preference) : player.preference;
}

/** Both preferences, the stronger one, or alternation from the last round in which the two differed. */
function colourByPreferences(player: DutchPlayer, opponent: DutchPlayer): DutchColour {
  const pp = player.preference;
  const op = opponent.preference;
  if (pp !== op || pp === NO_COLOUR || op === NO_COLOUR) {
    if (pp !== NO_COLOUR) return pp;
    if (op !== NO_COLOUR) return otherColour(op);
    return NO_COLOUR;
  }
  const pa = absolutePreference(player);
  const oa = absolutePreference(opponent);
  if (pa && (player.imbalance > opponent.imbalance || !oa)) return pp;
  if (oa && (opponent.imbalance > player.imbalance || !pa)) return otherColour(op);
  if (player.strong && !opponent.strong) return pp;
  if (opponent.strong && !player.strong) return otherColour(op);
  const [mine, theirs] = lastDifference(player, opponent);
  return mine !== NO_COLOUR && theirs !== NO_COLOUR ? theirs : NO_COLOUR;
}

/** The two players' colours in the latest round (counting each one's played games back) in which they differed. */
function lastDifference(a: DutchPlayer, b: DutchPlayer): [DutchColour, DutchColour] {
  const ca = a.rounds.filter((r) => r.played).map((r) => r.colour);
  const cb = b.rounds.filter((r) => r.played).map((r) => r.colour);
  for (let i = ca.length - 1, j = cb.length - 1; i >= 0 && j >= 0; i--, j--) {
    if (ca[i] !== cb[j]) return [ca[i]!, cb[j]!];
  }
  return [NO_COLOUR, NO_COLOUR];
}
