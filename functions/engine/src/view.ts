/**
 * What the dashboard's first screens read of the engine: the document paths, how a playoff round and a tiebreak are
 * named, how stored standings rows are ranked, which side moves first. Every module here is free of zod, so a
 * visitor opening a tournament's link loads no schema; the dashboard's other screens import the engine itself.
 */
export { FUNCTIONS_REGION } from './deployment.js';
export { documentIdProblem } from './domain/common/documentId.js';
export { issuesInWords } from './domain/common/messages.js';
export { DEFAULT_LIFETIME_DAYS } from './domain/organisation/invitations.js';
export { type CutChance, type CutOutlook } from './domain/playoff/cutOutlook.js';
export { type OutlookNow, outlookBeforeGame } from './domain/playoff/cutOutlookNow.js';
export { frozenSeeding } from './domain/playoff/frozenSeeding.js';
export { playoffOf, playoffRoundName, stageName } from './domain/playoff/playoffPlan.js';
export { extensionOf, type JudgeCallView, openJudgeCalls, roundCloseWarning } from './domain/rounds/judgeCallDesk.js';
export { sameResult } from './domain/results/sameResult.js';
export { firstMover } from './domain/results/sides.js';
export { ONE_GAME_RESULTS, resultStyle, type ResultStyle } from './domain/results/resultStyle.js';
export { type GroupTiebreak, groupTiebreaksOf, type Ranked, rankStandings } from './domain/standings/ranking.js';
export { STANDINGS_PAGE_INTERVAL_MS, STANDINGS_PAGE_SIZE } from './domain/standings/standingsPageSize.js';
export { TIEBREAK_NAMES } from './domain/standings/tiebreakNames.js';
export { COLLECTIONS, paths } from './model/paths.js';
