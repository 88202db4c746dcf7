import type { CompetitionTiebreak } from '../policy/index.js';

/**
 * Each tiebreak in the organizer's words: a short column heading and its full name; a fraction the screens show as a
 * percentage says so.
 */
export const TIEBREAK_NAMES: Record<CompetitionTiebreak, { short: string; long: string; percentage?: true }> = {
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
};
