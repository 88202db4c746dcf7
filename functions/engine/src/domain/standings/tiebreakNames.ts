import type { CompetitionTiebreak } from '../policy/index.js';

/**
 * How the screens show a value beyond a plain number: a fraction as a percentage, an exact mean as a whole number
 * (C.07 rounds the average rating, 0.5 up), a place among the tied players (stored as minus the place, so that
 * higher ranks first) as the place itself.
 */
export interface TiebreakName {
  short: string;
  long: string;
  percentage?: true;
  wholeNumber?: true;
  place?: true;
}

/** Each tiebreak in the organizer's words: a short column heading and its full name (docs/tiebreaks.md). */
export const TIEBREAK_NAMES: Record<CompetitionTiebreak, TiebreakName> = {
  HEAD_TO_HEAD: { short: 'H2H', long: 'Head-to-head (match points among the tied players)' },
  HEAD_TO_HEAD_PRESSURE: { short: 'H2H pr.', long: 'Head-to-head pressure' },
  POINT_DIFFERENTIAL: { short: 'Diff', long: 'Game-point differential' },
  STRENGTH_OF_OPPOSITION: { short: 'SoO', long: "Strength of opposition (opponents' average baseline)" },
  DYNAMIC_FORM_RATING: { short: 'Form', long: 'Dynamic form rating' },
  PRESSURE_RATING: { short: 'Pressure', long: 'Pressure rating' },
  BUCHHOLZ: { short: 'Buch', long: "Buchholz (opponents' match points)" },
  BUCHHOLZ_CUT1: { short: 'Buch-1', long: 'Buchholz cut 1' },
  BUCHHOLZ_MEDIAN: { short: 'Buch-M', long: 'Median Buchholz' },
  SONNEBORN_BERGER: { short: 'SB', long: 'Sonneborn-Berger' },
  OPPONENTS_MATCH_WIN_PERCENTAGE: { short: 'OMW%', long: "Opponents' match-win percentage", percentage: true },
  GAME_WIN_PERCENTAGE: { short: 'GW%', long: 'Game-win percentage', percentage: true },
  OPPONENTS_GAME_WIN_PERCENTAGE: { short: 'OGW%', long: "Opponents' game-win percentage", percentage: true },
  OPPONENTS_RESISTANCE: { short: 'Res.', long: "Resistance (opponents' win percentage)", percentage: true },
  OPPONENTS_OPPONENTS_RESISTANCE: {
    short: 'Opp. res.',
    long: "Opponents' resistance (their opponents' win percentage)",
    percentage: true,
  },
  AVERAGE_RATING_OF_OPPONENTS: { short: 'ARO', long: 'Average rating of opponents', wholeNumber: true },
  NUMBER_OF_WINS: { short: 'WIN', long: 'Number of wins (byes and forfeits won included)' },
  GAMES_WON: { short: 'WON', long: 'Games won over the board' },
  GAMES_WITH_BLACK: { short: 'BPG', long: 'Games played with black' },
  PROGRESSIVE_SCORE: { short: 'PS', long: 'Progressive score (the running score after each round, added up)' },
  KOYA: { short: 'KS', long: 'Koya (points against the opponents on half the maximum or more)' },
  DIRECT_ENCOUNTER: { short: 'DE', long: 'Direct encounter (FIDE: place among the tied players)', place: true },
  SOS: { short: 'SOS', long: "SOS (sum of opponents' McMahon scores)" },
  SOS_CUT1: { short: 'SOS-1', long: 'SOS less the lowest round' },
  SOS_CUT2: { short: 'SOS-2', long: 'SOS less the two lowest rounds' },
  SOSOS: { short: 'SOSOS', long: "SOSOS (sum of opponents' SOS)" },
  SODOS: { short: 'SODOS', long: "SODOS (sum of defeated opponents' McMahon scores)" },
};
