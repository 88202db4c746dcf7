/**
 * Judge calls (docs/judging.md#judge-calls): the shapes a call is stored in; what the desk decides from them is in
 * judgeCallDesk.ts, free of zod for the dashboard's view.
 */
import { z } from 'zod';
import { JUDGE_CALL_STATUSES } from './judgeCallDesk.js';

export const JudgeCallStatus = z.enum(JUDGE_CALL_STATUSES);
export type JudgeCallStatus = z.infer<typeof JudgeCallStatus>;

/** The most a table's clock may be extended in a round: a judge's ruling, not a second round. */
export const MAX_EXTENSION_MINUTES = 60;

export const ExtensionMinutes = z.number().int().min(0).max(MAX_EXTENSION_MINUTES);
