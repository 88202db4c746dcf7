/**
 * Who moves first in a game (white, home, first player): side a, unless the matchUp names another; nobody in a
 * bye (docs/colours.md). A matchUp stored before the name was kept, or imported without it, reads the same way.
 * Imports nothing, so the dashboard's first screen can use it.
 */
export function firstMover(matchUp: { a: string; b: string | null; movesFirst?: string | null | undefined }) {
  if (matchUp.b === null) return null;
  return matchUp.movesFirst ?? matchUp.a;
}
