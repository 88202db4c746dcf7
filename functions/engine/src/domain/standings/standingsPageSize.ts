/**
 * The size and pace of the public standings pages (docs/standings-updates.md#pages), apart from the ranking that
 * fills them: the dashboard reads these without loading the ranking code.
 */
export const STANDINGS_PAGE_SIZE = 100;
/** Scores arriving within one interval are shown together: each page is written at most once per interval. */
export const STANDINGS_PAGE_INTERVAL_MS = 3000;
