import { z } from 'zod';

/** Every tiebreak the policy can name (docs/tiebreaks.md). */
export const CompetitionTiebreak = z.enum([
  'HEAD_TO_HEAD',
  'HEAD_TO_HEAD_PRESSURE',
  'POINT_DIFFERENTIAL',
  'STRENGTH_OF_OPPOSITION',
  'DYNAMIC_FORM_RATING',
  'PRESSURE_RATING',
  'BUCHHOLZ',
  'BUCHHOLZ_CUT1',
  'BUCHHOLZ_MEDIAN',
  'SONNEBORN_BERGER',
  'OPPONENTS_MATCH_WIN_PERCENTAGE',
  'GAME_WIN_PERCENTAGE',
  'OPPONENTS_GAME_WIN_PERCENTAGE',
  'OPPONENTS_RESISTANCE',
  'OPPONENTS_OPPONENTS_RESISTANCE',
  // FIDE's C.07 (docs/tiebreaks.md#fide-c07): these names are a contract with tools outside the dashboard.
  'AVERAGE_RATING_OF_OPPONENTS',
  'NUMBER_OF_WINS',
  'GAMES_WON',
  'GAMES_WITH_BLACK',
  'PROGRESSIVE_SCORE',
  'KOYA',
  'DIRECT_ENCOUNTER',
  // Go's, as OpenGotha computes them (docs/tiebreaks.md#go): these names are a contract too.
  'SOS',
  'SOS_CUT1',
  'SOS_CUT2',
  'SOSOS',
  'SODOS',
]);
export type CompetitionTiebreak = z.infer<typeof CompetitionTiebreak>;

/**
 * What a tiebreak's value reads beyond the participant's own results. The standings' update path (which rows a
 * score moves, what they are rebuilt from, when the whole tournament is folded again) follows from it alone
 * (docs/standings-updates.md).
 */
export interface TiebreakReads {
  /** The other tied players: worked out within a tied group when ranking, never stored in a row. */
  group?: true;
  /** The opponents' scores, which move as they play: a score moves the rows of everyone the players met. */
  opponentScores?: true;
  /** The opponents' frozen baselines: read, but never moved by a score. */
  opponentBaselines?: true;
  /** The opponents' opponents, two meetings away: every score is folded with the whole tournament. */
  opponentsOpponents?: true;
  /** The event's rounds so far: the first result of a round moves every row. */
  roundsSoFar?: true;
  /** Whether an opponent withdrew. */
  opponentWithdrawals?: true;
  /** The rounds without a game, as Article 16 of C.07 counts them under a FIDE value of unplayedRounds. */
  unplayedRounds?: true;
  /** Go's McMahon scores (docs/go.md#standings). */
  mcMahonScores?: true;
}

const OPPONENTS = { opponentScores: true } as const;
const ARTICLE_16 = { opponentScores: true, unplayedRounds: true } as const;
const GO = { opponentScores: true, mcMahonScores: true } as const;

/** Every tiebreak and what it reads: the sets below derive from it, so a new tiebreak must say. */
export const TIEBREAK_READS: Record<CompetitionTiebreak, TiebreakReads> = {
  HEAD_TO_HEAD: { group: true },
  HEAD_TO_HEAD_PRESSURE: { group: true },
  POINT_DIFFERENTIAL: {},
  STRENGTH_OF_OPPOSITION: { opponentBaselines: true },
  DYNAMIC_FORM_RATING: {},
  PRESSURE_RATING: {},
  BUCHHOLZ: ARTICLE_16,
  BUCHHOLZ_CUT1: ARTICLE_16,
  BUCHHOLZ_MEDIAN: ARTICLE_16,
  SONNEBORN_BERGER: ARTICLE_16,
  OPPONENTS_MATCH_WIN_PERCENTAGE: OPPONENTS,
  GAME_WIN_PERCENTAGE: {},
  OPPONENTS_GAME_WIN_PERCENTAGE: OPPONENTS,
  OPPONENTS_RESISTANCE: { opponentScores: true, opponentWithdrawals: true },
  OPPONENTS_OPPONENTS_RESISTANCE: { opponentScores: true, opponentWithdrawals: true, opponentsOpponents: true },
  AVERAGE_RATING_OF_OPPONENTS: { opponentBaselines: true },
  NUMBER_OF_WINS: {},
  GAMES_WON: {},
  GAMES_WITH_BLACK: {},
  PROGRESSIVE_SCORE: { unplayedRounds: true },
  KOYA: { opponentScores: true, roundsSoFar: true },
  DIRECT_ENCOUNTER: { group: true },
  SOS: GO,
  SOS_CUT1: GO,
  SOS_CUT2: GO,
  SOSOS: { ...GO, opponentsOpponents: true },
  SODOS: GO,
};

/** The tiebreaks that read any of `what`. */
export function tiebreaksThatRead(...what: ReadonlyArray<keyof TiebreakReads>): ReadonlySet<CompetitionTiebreak> {
  const all = Object.entries(TIEBREAK_READS) as Array<[CompetitionTiebreak, TiebreakReads]>;
  return new Set(all.filter(([, reads]) => what.some((w) => reads[w])).map(([tiebreak]) => tiebreak));
}

/** Tiebreaks whose value depends on who else is tied; the rest are properties of the participant alone. */
export const GROUP_TIEBREAKS = tiebreaksThatRead('group');
/** Tiebreaks that read opponents' scores: a participant's score change moves the rows of everyone who met him. */
export const OPPONENT_SCORE_TIEBREAKS = tiebreaksThatRead('opponentScores');
/** Tiebreaks that read opponents' states at all (scores, or frozen baselines). */
export const OPPONENT_TIEBREAKS = tiebreaksThatRead('opponentScores', 'opponentBaselines');
/**
 * Tiebreaks that read the opponents' opponents: one score moves rows two meetings away, which no bounded read of a
 * score event can reach, so every score is folded with the whole tournament (docs/standings-updates.md).
 */
export const SECOND_ORDER_TIEBREAKS = tiebreaksThatRead('opponentsOpponents');
/**
 * Tiebreaks that read the event's rounds so far (the last round anyone has a result in): the first result of a new
 * round moves every row, so every score is folded with the whole tournament too (Koya: its bar is half of the most
 * anyone could score).
 */
export const ROUND_COUNT_TIEBREAKS = tiebreaksThatRead('roundsSoFar');
/** Tiebreaks that read whether an opponent dropped: resistance caps a dropped player's win percentage. */
export const OPPONENT_WITHDRAWAL_TIEBREAKS = tiebreaksThatRead('opponentWithdrawals');
/** The tiebreaks Article 16 changes: under a FIDE value a withdrawal moves them for everyone met. */
export const UNPLAYED_ROUND_TIEBREAKS = tiebreaksThatRead('unplayedRounds');
/** Go's tiebreaks (docs/tiebreaks.md#go): each reads the opponents' final McMahon scores, SOSOS their SOS too. */
export const GO_TIEBREAKS = tiebreaksThatRead('mcMahonScores');
