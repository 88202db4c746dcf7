/**
 * The playoff after a Swiss or a round robin as the dashboard shows it (docs/playoff.md): read from the round
 * documents (the playoff's rounds say so, its first one holds the seeding) and the playoff's matchUps, with the
 * engine's own final standings: the one order the standings screen, the projector board and the printed sheets
 * show (the standings export reads the same engine function on the server).
 */
import {
  type FinalPlace,
  finalStandings,
  type MainStageEntry,
  type Playoff,
  playoffGames,
  type ScoringPolicy,
} from '@competition/engine';
import { playoffOf, stageName } from '@competition/engine/view';
import type { MatchUp, Round, Tournament } from '../data/shapes';
import { type KnockoutOptions, buildBracket } from './bracket';

export interface PlayoffView {
  playoff: Playoff;
  /** Rounds of the main stage: round mainRounds + k is the playoff's round k. */
  mainRounds: number;
  seeding: string[];
  /** The playoff's matchUps, numbered from 1 as the playoff's own rounds (as a knockout's bracket reads them). */
  matchUps: MatchUp[];
  places: FinalPlace[];
}

/** The tournament's playoff as it asks for it, or null (none, or a knockout). */
export function plannedPlayoff(tournament: Pick<Tournament, 'system' | 'pairing'>): Playoff | null {
  return playoffOf(tournament.system, tournament.pairing.options);
}

/**
 * The playoff once its first round is paired, else null. `field`: the main stage's standings (the tournament's
 * standings once the playoff has started), so that a player withdrawn before the seeding keeps a place.
 */
export function playoffView(
  tournament: Pick<Tournament, 'system' | 'pairing'>,
  rounds: readonly Round[],
  matchUps: readonly MatchUp[],
  scoring: ScoringPolicy,
  field: readonly MainStageEntry[],
): PlayoffView | null {
  const playoff = plannedPlayoff(tournament);
  const first = rounds.find((r) => r.playoff?.playoffRound === 1)?.playoff;
  if (!playoff || !first?.seeding) return null;
  const mainRounds = first.mainRounds;
  const own = matchUps
    .filter((m) => m.roundNumber > mainRounds)
    .map((m) => ({ ...m, roundNumber: m.roundNumber - mainRounds }));
  const games = playoffGames(matchUps, mainRounds, scoring);
  return {
    playoff,
    mainRounds,
    seeding: first.seeding,
    matchUps: own,
    places: finalStandings(first.seeding, playoff, games, field),
  };
}

/** The cut's bracket as the knockout's bracket reads it: the finals alone start with their final. */
export function cutBracketOptions(view: Pick<PlayoffView, 'playoff' | 'seeding'>): KnockoutOptions {
  return {
    finals: view.playoff.finals,
    bestOfThree: view.playoff.bestOfThree,
    ...(view.playoff.topCut === 0 ? { finalsOnlySeeding: view.seeding } : {}),
  };
}

const GAME_NAMES = { FINAL: 'Final', THIRD_PLACE: 'Match for third place' } as const;

/**
 * What each game of the playoff is, by matchUp id, for the tables of the pairings sheets and the board: "Final",
 * "Match for third place", "Semi-final", "Quarter-final", "Final, game 2" in a best of three. Read off the bracket,
 * so a table is called what the bracket calls it.
 */
export function playoffGameNames(view: PlayoffView, scoring: ScoringPolicy): Map<string, string> {
  const bracket = buildBracket(view.matchUps, cutBracketOptions(view), scoring, view.mainRounds);
  const total = view.playoff.topCut === 0 ? 1 : Math.log2(view.playoff.topCut);
  const names = new Map<string, string>();
  for (const entry of bracket.columns.flatMap((column) => column.entries)) {
    if (entry.kind === 'series')
      entry.games.forEach((game, k) => names.set(game.matchUpId, `${GAME_NAMES[entry.label]}, game ${k + 1}`));
    else if (entry.label) names.set(entry.matchUp.matchUpId, GAME_NAMES[entry.label]);
    // One game of the stage: "Semi-finals" is the round, "Semi-final" its game.
    else names.set(entry.matchUp.matchUpId, stageName(entry.matchUp.roundNumber, total).replace(/finals$/, 'final'));
  }
  return names;
}

/** "Top 8 after round 5 · final best of three", for the bracket and the standings. */
export function playoffFormat(view: Pick<PlayoffView, 'playoff' | 'mainRounds'>): string {
  const { topCut, finals, bestOfThree } = view.playoff;
  const cut = topCut > 0 ? `Top ${topCut} after round ${view.mainRounds}` : `Finals after round ${view.mainRounds}`;
  const final = finals === 0 ? 'no final' : finals === 2 ? 'final and third place' : 'final';
  return [cut, finals > 0 ? `${final} ${bestOfThree ? 'best of three' : 'in one game'}` : final].join(' · ');
}
