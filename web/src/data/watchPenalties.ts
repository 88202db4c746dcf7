/** Penalties (docs/judging.md#penalties): staff read a player's history; a player reads their own. */
import { query, where } from 'firebase/firestore';
import type { PenaltyDoc } from '@competition/engine/schemas';
import { col, path } from './connection';
import { type OnError, watchQuery } from './watch';

export type Penalty = PenaltyDoc;

/** One player's penalties, oldest first: the query names the player, as the rules ask of a player's own read. */
export function watchPenaltiesOf(
  tournamentId: string,
  participantId: string,
  onData: (penalties: Penalty[]) => void,
  onError: OnError,
) {
  return watchQuery(
    query(col(path.penalties(tournamentId)), where('participantId', '==', participantId)),
    (d: PenaltyDoc) => d,
    (items) => onData([...items].sort((x, y) => x.roundNumber - y.roundNumber || x.at.localeCompare(y.at))),
    onError,
  );
}

/** Every penalty of the tournament, for staff (the rules let the organizer and the scorekeepers read them all). */
export function watchPenalties(tournamentId: string, onData: (penalties: Penalty[]) => void, onError: OnError) {
  return watchQuery(
    col(path.penalties(tournamentId)),
    (d: PenaltyDoc) => d,
    (items) => onData([...items].sort((x, y) => x.roundNumber - y.roundNumber || x.at.localeCompare(y.at))),
    onError,
  );
}
