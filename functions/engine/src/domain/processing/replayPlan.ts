import { writeBytes } from '../common/index.js';
import { foldCompetition, type Participant, type ParticipantState } from '../ratings/index.js';
import type { MatchUpRecord } from '../results/index.js';
import type { CompetitionPolicy } from '../policy/index.js';
import { type RowParticipant, type StandingRow, standingRows } from '../standings/index.js';

/** The documents the score trigger derives from the results, as they are stored now. */
export interface StoredDerived {
  states: ReadonlyMap<string, ParticipantState>;
  standings: ReadonlyMap<string, StandingRow>;
  /** The applied markers, by matchUp id. */
  markers: ReadonlyMap<string, MatchUpRecord>;
}

export type DerivedCollection = 'states' | 'standings' | 'applied';

/** One document to write (data) or to delete (null), named by its collection and id under the tournament. */
export interface DerivedWrite {
  collection: DerivedCollection;
  id: string;
  data: ParticipantState | StandingRow | MatchUpRecord | null;
}

export interface ReplayPlan {
  /** The participants whose state the change moves: the cone, as large as the correction reaches. */
  cone: string[];
  /** Whose standings rows move (the cone, and whoever a tiebreak ties to it). */
  rowsMoved: number;
  /** Every write, in commits of at most the byte budget each (one write alone larger than it gets its own). */
  commits: DerivedWrite[][];
  /** The largest commit's estimated size in bytes. */
  largestCommitBytes: number;
}

export interface ReplayInput {
  policy: CompetitionPolicy;
  participants: readonly (Participant & RowParticipant)[];
  /** Every matchUp of the tournament, its result judged (a refused result counts as none). */
  matchUps: readonly MatchUpRecord[];
  stored: StoredDerived;
  /** The most one commit may carry, in bytes as the commit request encodes them (domain/common/documentSize.ts). */
  commitBytes: number;
  /** The document path of a write, to count its bytes. */
  pathOf: (collection: DerivedCollection, id: string) => string;
  /** The event is a round robin (C.07 counts its unplayed games otherwise). */
  roundRobin?: boolean;
}

/**
 * What bringing the stored documents in line with the fold of every result takes: only the documents that differ
 * from what the fold says, in commits under the byte budget. Run again at any time, on whatever is stored then, it
 * plans what is still missing: a plan interrupted halfway is finished by the next one, and one whose results
 * changed meanwhile is superseded by it, so the stored documents converge on the fold of the latest results.
 */
export function planReplay(input: ReplayInput): ReplayPlan {
  const { policy, participants, matchUps, stored } = input;
  const states = foldCompetition(policy, participants, matchUps);
  const ids = Object.keys(states);
  const rows = standingRows(policy, ids, {
    states,
    participants: new Map(participants.map((p) => [p.participantId, p])),
    roundRobin: input.roundRobin,
  });
  const writes: DerivedWrite[] = [];
  const cone: string[] = [];
  for (const id of ids) {
    if (sameDocument(stored.states.get(id), states[id])) continue;
    cone.push(id);
    writes.push({ collection: 'states', id, data: states[id]! });
  }
  let rowsMoved = 0;
  for (const row of rows) {
    if (sameDocument(stored.standings.get(row.participantId), row)) continue;
    rowsMoved++;
    writes.push({ collection: 'standings', id: row.participantId, data: row });
  }
  const present = new Set(matchUps.map((m) => m.matchUpId));
  for (const m of matchUps)
    if (!sameDocument(stored.markers.get(m.matchUpId), m))
      writes.push({ collection: 'applied', id: m.matchUpId, data: m });
  // A marker of a game no longer stored is forgotten: the fold above left its players as if it never was.
  for (const id of stored.markers.keys()) if (!present.has(id)) writes.push({ collection: 'applied', id, data: null });
  return { cone, rowsMoved, ...inCommits(writes, input) };
}

/** Writes in order, cut into commits of at most the byte budget each. */
function inCommits(
  writes: readonly DerivedWrite[],
  { commitBytes, pathOf }: Pick<ReplayInput, 'commitBytes' | 'pathOf'>,
): Pick<ReplayPlan, 'commits' | 'largestCommitBytes'> {
  const commits: DerivedWrite[][] = [];
  let current: DerivedWrite[] = [];
  let bytes = 0;
  let largestCommitBytes = 0;
  for (const write of writes) {
    const size = writeBytes(pathOf(write.collection, write.id), write.data);
    if (current.length > 0 && bytes + size > commitBytes) {
      commits.push(current);
      current = [];
      bytes = 0;
    }
    current.push(write);
    bytes += size;
    largestCommitBytes = Math.max(largestCommitBytes, bytes);
  }
  if (current.length > 0) commits.push(current);
  return { commits, largestCommitBytes };
}

/** Equal as stored documents: the same fields and values, whatever their order; an undefined field is absent. */
export function sameDocument(stored: unknown, wanted: unknown): boolean {
  return stored !== undefined && canonical(stored) === canonical(wanted);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
