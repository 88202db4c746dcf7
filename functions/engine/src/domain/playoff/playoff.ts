import { DomainError } from '../common/index.js';
import type { LeaderboardRow } from '../standings/index.js';
import type { PairingOptions, System } from '../pairing/index.js';
import { type Playoff, playoffOf, stageName } from './playoffPlan.js';
import type { ScoringPolicy } from '../policy/index.js';
import { type MatchUpResult, resolveResult } from '../results/index.js';

export { type Playoff, playoffOf } from './playoffPlan.js';

/**
 * How many rounds the main stage has: the planned rounds of a Swiss (which a playoff needs, or it could not know
 * when the Swiss ends), or a round robin's table (every entrant meets every other, per cycle).
 */
export function mainStageRounds(
  system: System,
  totalRounds: number | undefined,
  entrants: number,
  cycles: 1 | 2 = 1,
): number {
  if (totalRounds !== undefined) return totalRounds;
  if (system === 'ROUND_ROBIN') return (entrants % 2 === 0 ? entrants - 1 : entrants) * cycles;
  throw new DomainError(
    'failed-precondition',
    'a playoff after a Swiss needs its number of rounds, to know when the Swiss ends',
  );
}

/** The longest the playoff can run, in rounds: the bracket's rounds, less the final without one, plus replays. */
export function playoffRoundCount(playoff: Playoff): number {
  const bracket = playoff.topCut === 0 ? 1 : Math.log2(playoff.topCut);
  if (playoff.finals === 0) return bracket - 1;
  return bracket + (playoff.bestOfThree ? 2 : 0);
}

export type NextRound = { stage: 'MAIN' } | { stage: 'PLAYOFF'; playoffRound: number };

/** Which kind of round `roundNumber` is: one of the main stage, or round k of the playoff. */
export function nextRoundKind(roundNumber: number, mainRounds: number, playoff: Playoff | null): NextRound {
  if (playoff === null || roundNumber <= mainRounds) return { stage: 'MAIN' };
  return { stage: 'PLAYOFF', playoffRound: roundNumber - mainRounds };
}

/** The main stage's ranking a playoff is seeded from: the leaderboard's order, withdrawn players left out. */
export function playoffSeeding(leaderboard: readonly LeaderboardRow[]): string[] {
  return leaderboard.filter((row) => !row.withdrawn).map((row) => row.participantId);
}

/** A playoff game as the final standings read it: its round in the playoff (1 = first) and who won (null: none). */
export interface PlayoffGame {
  playoffRound: number;
  a: string;
  b: string | null;
  winner: string | null;
}

export interface FinalPlace {
  participantId: string;
  /** 1 = the winner; every entry has a place of its own, in the final order. */
  place: number;
  /** The main stage's rank the playoff was seeded from (1 = top); null for an entry left out of the seeding. */
  seed: number | null;
  /** What the place comes from: the playoff's result, or the main-stage rank for the players outside it. */
  from: 'PLAYOFF' | 'MAIN_STAGE';
  /** Withdrawn from the tournament (before the playoff, or during it). */
  withdrawn: boolean;
  /** A decided final or match for third place: which, and whether this player won it. */
  series?: { label: 'FINAL' | 'THIRD_PLACE'; won: boolean };
  /** The playoff round this player was knocked out in (1 = the first), before the final round. */
  knockedOutIn?: number;
  /** A player outside the playoff: his rank in the main stage's standings as they are now, shared or not ("5="). */
  mainStage?: { rank: number; shared: boolean };
}

/** An entry of the main stage's standings, in their order: every entry, the withdrawn ones at their record's rank. */
export interface MainStageEntry {
  participantId: string;
  withdrawn: boolean;
  /** The rank the standings show (players still equal share it). */
  rank?: number;
}

/**
 * The tournament's final order: the playoff's players first (the final's winner, its loser, the match for third
 * place's winner and loser when played, then by the round they were knocked out in, the later first, and inside a
 * round by their seed), then everyone else by their main-stage rank. A series still running, or a bracket not
 * finished, places its players by how far they got so far.
 *
 * `field` is the main stage's standings as they are now. The seeding leaves out the players who had withdrawn when
 * the playoff began; they still finished the event, so each keeps the place their record earned among the players
 * outside the cut (right below the seeded player ranked just above them), marked withdrawn, as a Swiss's standings
 * list a dropped player by his record rather than leaving him out.
 */
export function finalStandings(
  seeding: readonly string[],
  playoff: Playoff,
  games: readonly PlayoffGame[],
  field: readonly MainStageEntry[] = [],
): FinalPlace[] {
  const cut = playoff.topCut === 0 ? Math.min(seeding.length, 2 * playoff.finals) : playoff.topCut;
  const inPlayoff = seeding.slice(0, cut);
  const seedOf = new Map(seeding.map((id, k) => [id, k + 1]));
  const withdrawn = new Set(field.filter((entry) => entry.withdrawn).map((entry) => entry.participantId));
  const bracket = playoff.topCut === 0 ? 1 : Math.log2(playoff.topCut);
  // Knocked out in: the bracket round of a player's first loss, before the final round; a final decides the rest.
  const knockedOut = new Map<string, number>();
  for (const game of games) {
    if (game.playoffRound >= bracket || game.b === null || game.winner === null) continue;
    const loser = game.winner === game.a ? game.b : game.a;
    const before = knockedOut.get(loser);
    if (before === undefined || game.playoffRound < before) knockedOut.set(loser, game.playoffRound);
  }
  const series = seriesResults(games, bracket, playoff.bestOfThree);
  // A series decided puts its winner just above its loser; the final's pair above the third-place pair.
  const finalRank = new Map<string, number>();
  const decided = [...series].sort((x, y) => seedPair(x, seedOf) - seedPair(y, seedOf));
  const finalSeries = decided.find((s) => !knockedOut.has(s.a) && !knockedOut.has(s.b));
  const thirdSeries = decided.find((s) => s !== finalSeries);
  if (finalSeries?.winner) rankSeries(finalRank, finalSeries, 0);
  if (thirdSeries?.winner) rankSeries(finalRank, thirdSeries, 2);
  const reached = (id: string) => knockedOut.get(id) ?? bracket;
  const ordered = [...inPlayoff].sort(
    (x, y) =>
      (finalRank.get(x) ?? 9) - (finalRank.get(y) ?? 9) || reached(y) - reached(x) || seedOf.get(x)! - seedOf.get(y)!,
  );
  const seriesOf = (id: string): FinalPlace['series'] => {
    const rankIn = finalRank.get(id);
    if (rankIn === undefined) return undefined;
    return { label: rankIn < 2 ? 'FINAL' : 'THIRD_PLACE', won: rankIn % 2 === 0 };
  };
  const places: FinalPlace[] = ordered.map((id, k) => {
    const series = seriesOf(id);
    const out = knockedOut.get(id);
    return {
      participantId: id,
      place: k + 1,
      seed: seedOf.get(id)!,
      from: 'PLAYOFF',
      withdrawn: withdrawn.has(id),
      ...(series ? { series } : {}),
      ...(out !== undefined ? { knockedOutIn: out } : {}),
    };
  });
  const rankOf = new Map(field.map((entry) => [entry.participantId, entry.rank]));
  const sharing = new Map<number, number>();
  for (const entry of field) if (entry.rank !== undefined) sharing.set(entry.rank, (sharing.get(entry.rank) ?? 0) + 1);
  for (const id of outsideTheCut(seeding, cut, field)) {
    const rank = rankOf.get(id);
    places.push({
      participantId: id,
      place: places.length + 1,
      seed: seedOf.get(id) ?? null,
      from: 'MAIN_STAGE',
      withdrawn: withdrawn.has(id),
      ...(rank !== undefined ? { mainStage: { rank, shared: sharing.get(rank)! > 1 } } : {}),
    });
  }
  return places;
}

/**
 * The players outside the cut: the seeded ones by seed (the seeding is frozen, so a later correction does not move
 * them), and each entry the seeding left out right below the seeded player just above it in `field`, or first when
 * none outside the cut is above it.
 */
function outsideTheCut(seeding: readonly string[], cut: number, field: readonly MainStageEntry[]): string[] {
  const seedOf = new Map(seeding.map((id, k) => [id, k + 1]));
  const keyed = seeding.slice(cut).map((id, k) => ({ id, key: cut + k + 1, order: 0 }));
  let above = cut;
  field.forEach((entry, order) => {
    const seed = seedOf.get(entry.participantId);
    if (seed !== undefined) above = Math.max(above, seed);
    else keyed.push({ id: entry.participantId, key: above + 0.5, order });
  });
  return keyed.sort((x, y) => x.key - y.key || x.order - y.order).map((entry) => entry.id);
}

/** A stored matchUp of the tournament as the final standings read it: its round and its result, if any. */
export interface PlayedMatchUp {
  roundNumber: number;
  a: string;
  b: string | null;
  result?: MatchUpResult | null | undefined;
}

/**
 * The playoff's games from the tournament's matchUps, numbered as the playoff's own rounds, each with its winner as
 * the standings count results (a timed win is a win; a result the engine refuses, or a draw, has none).
 */
export function playoffGames(
  matchUps: readonly PlayedMatchUp[],
  mainRounds: number,
  scoring: ScoringPolicy,
): PlayoffGame[] {
  return matchUps
    .filter((m) => m.roundNumber > mainRounds)
    .map((m) => ({ playoffRound: m.roundNumber - mainRounds, a: m.a, b: m.b, winner: winnerOf(m, scoring) }));
}

function winnerOf(m: PlayedMatchUp, scoring: ScoringPolicy): string | null {
  if (!m.result) return null;
  try {
    const resolved = resolveResult(m.result, m.b !== null, scoring);
    const won = (outcome: string | undefined) => outcome === 'WIN' || outcome === 'TIMED_WIN';
    if (won(resolved.a.outcome)) return m.a;
    if (won(resolved.b?.outcome)) return m.b;
    return null;
  } catch {
    // Refused by the engine: counted nowhere, as in the standings; the organizer sees it among the score problems.
    return null;
  }
}

/**
 * How a final place was earned, in the words the final standings, the projector board and the standings export
 * all use: "won the final", "out in the semi-finals", "rank 9 after round 5", "rank 7 after round 5, withdrawn".
 * A player outside the playoff is said by his rank in the standings after the main stage, as the table under the
 * final standings shows it ("5=" when shared), so the two never disagree; the seed when that rank is not known.
 */
export function howPlaced(place: FinalPlace, playoff: Playoff, mainRounds: number): string {
  const bracketRounds = playoff.topCut === 0 ? 1 : Math.log2(playoff.topCut);
  const said = (): string => {
    if (place.from === 'MAIN_STAGE') {
      const { mainStage, seed } = place;
      if (mainStage) return `rank ${mainStage.rank}${mainStage.shared ? '=' : ''} after round ${mainRounds}`;
      if (seed !== null) return `rank ${seed} after round ${mainRounds}`;
      return place.withdrawn ? 'withdrawn' : 'entered after the playoff was seeded';
    }
    if (place.series) {
      const { label, won } = place.series;
      if (label === 'FINAL') return won ? 'won the final' : 'lost the final';
      return won ? 'won the match for third place' : 'lost the match for third place';
    }
    if (place.knockedOutIn !== undefined)
      return `out in the ${stageName(place.knockedOutIn, bracketRounds).toLowerCase()}`;
    return 'still in';
  };
  const how = said();
  return place.withdrawn && how !== 'withdrawn' ? `${how}, withdrawn` : how;
}

interface SeriesResult {
  a: string;
  b: string;
  winner: string | null;
}

const seedPair = (s: SeriesResult, seedOf: Map<string, number>) =>
  Math.min(seedOf.get(s.a) ?? Infinity, seedOf.get(s.b) ?? Infinity);

function rankSeries(finalRank: Map<string, number>, s: SeriesResult, offset: number): void {
  finalRank.set(s.winner!, offset);
  finalRank.set(s.winner === s.a ? s.b : s.a, offset + 1);
}

/** The games from the final round on, grouped by pair: a single game decides, or the first to two wins. */
function seriesResults(games: readonly PlayoffGame[], finalRound: number, bestOfThree: boolean): SeriesResult[] {
  const byPair = new Map<string, { a: string; b: string; wins: Map<string, number> }>();
  for (const game of games) {
    if (game.playoffRound < finalRound || game.b === null) continue;
    const key = [game.a, game.b].sort().join('\u0000');
    const entry = byPair.get(key) ?? { a: game.a, b: game.b, wins: new Map<string, number>() };
    byPair.set(key, entry);
    if (game.winner !== null) entry.wins.set(game.winner, (entry.wins.get(game.winner) ?? 0) + 1);
  }
  const needed = bestOfThree ? 2 : 1;
  return [...byPair.values()].map(({ a, b, wins }) => ({
    a,
    b,
    winner: (wins.get(a) ?? 0) >= needed ? a : (wins.get(b) ?? 0) >= needed ? b : null,
  }));
}

/** Refuses, when a tournament is created or its playoff changed, a playoff that could not be played. */
export function assertPlayoffPlannable(
  system: System,
  options: Readonly<PairingOptions>,
  totalRounds: number | undefined,
): void {
  if (system === 'KNOCKOUT' && (options.topCut ?? 0) > 0)
    throw new DomainError('invalid-argument', 'a knockout is single elimination already: it has no top cut');
  if (system === 'SWISS' && playoffOf(system, options) !== null && totalRounds === undefined)
    throw new DomainError(
      'invalid-argument',
      'a top cut or finals after a Swiss need its number of rounds, to know when the Swiss ends',
    );
}

/**
 * The playoff can change until its first round is paired: the main stage's last round may already be under way,
 * but a bracket, once seeded, keeps its shape.
 */
export function assertPlayoffChangeable(system: System, currentRound: number, mainRounds: number | undefined): void {
  if (system === 'KNOCKOUT')
    throw new DomainError('failed-precondition', 'a knockout keeps the finals it was created with');
  if (mainRounds !== undefined && currentRound > mainRounds)
    throw new DomainError(
      'failed-precondition',
      `the playoff has started (round ${mainRounds + 1}); its finals and cut can no longer change`,
    );
}
