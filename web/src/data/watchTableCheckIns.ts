/** Table check-ins of a round (docs/judging.md#at-the-table-on-time): public, times only. */
import { query, where } from 'firebase/firestore';
import type { TableCheckInDoc } from '@competition/engine/schemas';
import { col, path } from './connection';
import { type OnError, watchQuery } from './watch';

/** Which sides of a table checked in (a time still pending on the server counts: the tap was made). */
export interface TableCheckIn {
  matchUpId: string;
  a: boolean;
  b: boolean;
}

export function watchTableCheckIns(
  tournamentId: string,
  roundNumber: number,
  onData: (checkIns: TableCheckIn[]) => void,
  onError: OnError,
) {
  return watchQuery(
    query(col(path.tableCheckIns(tournamentId)), where('roundNumber', '==', roundNumber)),
    (d: TableCheckInDoc): TableCheckIn => ({ matchUpId: d.matchUpId, a: 'a' in d, b: 'b' in d }),
    onData,
    onError,
  );
}
