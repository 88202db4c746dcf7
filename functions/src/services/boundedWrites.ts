/**
 * Writes too large for one transaction, made in parts under the commit budget (see docs/scale.md#bounded-writes):
 * the parts hold documents nobody reads until a last, small transaction makes them count, so a run interrupted
 * between two parts leaves nothing anyone sees, and the same request run again writes the same documents.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { PlannedWrites } from './plannedWrites.js';
import { replaySettings } from './replay.js';

export interface BoundedWriteSettings {
  /** The most one commit carries (the same budget as bringing the standings up to date). */
  commitBytes: number;
  /** The most commits one run makes before it stops, as a crash or a timeout would: the tests interrupt with it. */
  maxCommits: number;
}

export function boundedWriteSettings(env: NodeJS.ProcessEnv = process.env): BoundedWriteSettings {
  return { commitBytes: replaySettings(env).commitBytes, maxCommits: Number.POSITIVE_INFINITY };
}

/** Thrown when a run stops at its commit allowance: what a crash halfway looks like to the caller. */
export class Interrupted extends Error {
  constructor(readonly commits: number) {
    super(`stopped after ${commits} commits`);
  }
}

/** Commits `plan` in parts of at most the budget, in order; answers how many commits it took. */
export async function commitInParts(
  db: Firestore,
  plan: PlannedWrites,
  settings: BoundedWriteSettings,
): Promise<number> {
  let commits = 0;
  for (const part of plan.inCommitsOf(settings.commitBytes)) {
    if (commits >= settings.maxCommits) throw new Interrupted(commits);
    await part.commit(db);
    commits++;
  }
  return commits;
}
