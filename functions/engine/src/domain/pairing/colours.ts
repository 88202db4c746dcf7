/**
 * Colours: side `a` of every pairing moves first (white, home, first player), side `b` second. Three modes:
 * NONE (games without colours: sides as the method lays them out), BALANCE (docs/colours.md: OpenGotha's cost on the
 * white/black balance of a pair, then the side that has had fewer whites moves first) and FIDE (the FIDE Swiss
 * rules' colour preferences, constraints and allocation, C.04.3 A.6, C.3, E). A player's history counts played
 * games only: byes and unplayed games have no colour.
 */
export const COLOUR_MODES = ['NONE', 'BALANCE', 'FIDE'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];
export const COLOURS = ['WHITE', 'BLACK'] as const;
export type Colour = (typeof COLOURS)[number];

/** One played game's colour, in round order. */
export interface ColouredGame {
  round: number;
  colour: Colour;
}

/** Preference strengths, weakest first (FIDE A.6): none, mild, strong, absolute. */
export const NO_PREFERENCE = 0;
export const MILD = 1;
export const STRONG = 2;
export const ABSOLUTE = 3;

export interface Preference {
  /** 1 = white, -1 = black, 0 = none. */
  colour: 1 | -1 | 0;
  strength: number;
}

/** Whites minus blacks. */
export function colourDifference(history: readonly ColouredGame[]): number {
  let d = 0;
  for (const g of history) d += g.colour === 'WHITE' ? 1 : -1;
  return d;
}

/**
 * FIDE A.6: absolute when the colour difference is beyond +-1 or the last two games had the same colour (the
 * difference decides when the two disagree); strong at +-1; mild at 0, for the other colour than last time.
 */
export function preferenceOf(history: readonly ColouredGame[]): Preference {
  const n = history.length;
  if (n === 0) return { colour: 0, strength: NO_PREFERENCE };
  const d = colourDifference(history);
  const last = history[n - 1]!.colour === 'WHITE' ? 1 : -1;
  if (d > 1 || d < -1) return { colour: d > 1 ? -1 : 1, strength: ABSOLUTE };
  if (n >= 2 && history[n - 2]!.colour === history[n - 1]!.colour)
    return { colour: last === 1 ? -1 : 1, strength: ABSOLUTE };
  if (d !== 0) return { colour: d > 0 ? -1 : 1, strength: STRONG };
  return { colour: last === 1 ? -1 : 1, strength: MILD };
}

/** What the allocation needs of a player. */
export interface ColourPlayer {
  history: readonly ColouredGame[];
  /** Position in the initial order (seed, frozen rating), 1 = top: FIDE E.5's pairing number. */
  pairingNumber: number;
}

/**
 * Who of the two moves first. FIDE (E.1-E.5): both preferences if they agree; else the stronger (two absolute
 * ones: the wider difference); else alternate from the latest round in which they had different colours; else
 * the higher-ranked player's preference; else the higher-ranked player gets white with an odd pairing number.
 * BALANCE: the one who has had fewer whites, then the same alternation and ranking. `higher` is the player
 * ranked higher in the current standings. Returns true when `x` moves first.
 */
export function xMovesFirst(
  mode: Exclude<ColourMode, 'NONE'>,
  x: ColourPlayer,
  y: ColourPlayer,
  higher: 'x' | 'y',
): boolean {
  const px = preferenceOf(x.history);
  const py = preferenceOf(y.history);
  if (mode === 'BALANCE') {
    const dx = colourDifference(x.history);
    const dy = colourDifference(y.history);
    if (dx !== dy) return dx < dy;
  } else {
    if (px.colour !== 0 && py.colour !== 0 && px.colour !== py.colour) return px.colour === 1;
    if (px.colour !== 0 && py.colour === 0) return px.colour === 1;
    if (py.colour !== 0 && px.colour === 0) return py.colour === -1;
    if (px.colour !== 0 && px.strength !== py.strength)
      return px.strength > py.strength ? px.colour === 1 : py.colour === -1;
    if (px.strength === ABSOLUTE && py.strength === ABSOLUTE) {
      const wx = Math.abs(colourDifference(x.history));
      const wy = Math.abs(colourDifference(y.history));
      if (wx !== wy) return wx > wy ? px.colour === 1 : py.colour === -1;
    }
  }
  const alternated = alternate(x.history, y.history);
  if (alternated !== null) return alternated;
  const top = higher === 'x' ? px : py;
  if (top.colour !== 0) return (higher === 'x') === (top.colour === 1);
  const topGetsWhite = (higher === 'x' ? x : y).pairingNumber % 2 === 1;
  return (higher === 'x') === topGetsWhite;
}

/**
 * E.3: the two colour sequences read backwards from each player's latest played game (unplayed rounds do not
 * count, C.04.2.D.5) until they differ; x moves first if x had black there.
 */
function alternate(x: readonly ColouredGame[], y: readonly ColouredGame[]): boolean | null {
  for (let i = x.length - 1, j = y.length - 1; i >= 0 && j >= 0; i--, j--) {
    if (x[i]!.colour !== y[j]!.colour) return x[i]!.colour === 'BLACK';
  }
  return null;
}
