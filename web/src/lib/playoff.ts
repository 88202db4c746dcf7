/**
 * The playoff after a Swiss or a round robin as the dashboard shows it (docs/playoff.md): read from the round
 * documents (the playoff's rounds say so, its first one holds the seeding) and the playoff's matchUps, with the
 * engine's own final standings.
 */
import type { ScoringPolicy } from '@competition/engine/domain/policy';
import { type FinalPlace, type Playoff, finalStandings, playoffOf } from '@competition/engine/domain/playoff';
import type { MatchUp, Round, Tournament } from '../data/shapes';
import { winnerOf } from './outcome';

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

/** The playoff once its first round is paired, else null. */
export function playoffView(
  tournament: Pick<Tournament, 'system' | 'pairing'>,
  rounds: readonly Round[],
  matchUps: readonly MatchUp[],
  scoring: ScoringPolicy,
): PlayoffView | null {
  const playoff = plannedPlayoff(tournament);
  const first = rounds.find((r) => r.playoff?.playoffRound === 1)?.playoff;
  if (!playoff || !first?.seeding) return null;
  const mainRounds = first.mainRounds;
  const own = matchUps
    .filter((m) => m.roundNumber > mainRounds)
    .map((m) => ({ ...m, roundNumber: m.roundNumber - mainRounds }));
  const games = own.map((m) => ({ playoffRound: m.roundNumber, a: m.a, b: m.b, winner: winnerOf(m, scoring) }));
  return {
    playoff,
    mainRounds,
    seeding: first.seeding,
    matchUps: own,
    places: finalStandings(first.seeding, playoff, games),
  };
}

/** "Top 8 after round 5 · final best of three", for the bracket and the standings. */
export function playoffFormat(view: Pick<PlayoffView, 'playoff' | 'mainRounds'>): string {
  const { topCut, finals, bestOfThree } = view.playoff;
  const cut = topCut > 0 ? `Top ${topCut} after round ${view.mainRounds}` : `Finals after round ${view.mainRounds}`;
  const final = finals === 0 ? 'no final' : finals === 2 ? 'final and third place' : 'final';
  return [cut, finals > 0 ? `${final} ${bestOfThree ? 'best of three' : 'in one game'}` : final].join(' · ');
}
