/** The judge calls of a round (docs/judging.md#judge-calls): public, as the board shows the extra minutes. */
import { query, where } from 'firebase/firestore';
import type { JudgeCallDoc } from '@competition/engine/schemas';
import { col, path } from './connection';
import { type OnError, watchQuery } from './watch';

/** A call as the screens read it, its times in milliseconds (a time still pending on the server reads as now). */
export interface JudgeCall extends Omit<JudgeCallDoc, 'calledAt' | 'takenAt' | 'closedAt'> {
  calledAtMs: number;
}

const millis = (time: { toMillis(): number } | null | undefined) => time?.toMillis() ?? Date.now();

export function watchJudgeCalls(
  tournamentId: string,
  roundNumber: number,
  onData: (calls: JudgeCall[]) => void,
  onError: OnError,
) {
  return watchQuery(
    query(col(path.judgeCalls(tournamentId)), where('roundNumber', '==', roundNumber)),
    ({ calledAt, takenAt: _takenAt, closedAt: _closedAt, ...rest }: JudgeCallDoc): JudgeCall => ({
      ...rest,
      calledAtMs: millis(calledAt),
    }),
    onData,
    onError,
  );
}
