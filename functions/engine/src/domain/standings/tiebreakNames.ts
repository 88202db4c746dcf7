import type { CompetitionTiebreak } from '../policy/index.js';

/** Each tiebreak in the organizer's words: a short column heading and its full name. */
export const TIEBREAK_NAMES: Record<CompetitionTiebreak, { short: string; long: string }> = {
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
};
