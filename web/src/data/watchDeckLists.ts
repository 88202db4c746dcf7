/**
 * Deck lists (docs/judging.md#deck-lists): a player reads their own; staff read every list, the log of changes made
 * after the deadline and the deck checks; anyone reads the lists once the organizer publishes them.
 */
import { query, where } from 'firebase/firestore';
import type { DeckCheckDoc, DeckListChangeDoc, DeckListDoc } from '@competition/engine/schemas';
import { col, path } from './connection';
import { type OnError, watchDoc, watchQuery } from './watch';

const millis = (time: { toMillis(): number } | null | undefined) => time?.toMillis() ?? Date.now();

/** A list as the screens read it, its time in milliseconds (a time still pending on the server reads as now). */
export interface DeckList extends Omit<DeckListDoc, 'updatedAt'> {
  updatedAtMs: number;
}

export interface DeckListChange extends Omit<DeckListChangeDoc, 'at'> {
  changeId: string;
  atMs: number;
}

export interface DeckCheck extends Omit<DeckCheckDoc, 'checkedAt'> {
  checkedAtMs: number;
}

const asList = ({ updatedAt, ...rest }: DeckListDoc): DeckList => ({
  ...rest,
  sideboard: rest.sideboard ?? '',
  updatedAtMs: millis(updatedAt),
});

export function watchDeckList(
  tournamentId: string,
  participantId: string,
  onData: (list: DeckList | null) => void,
  onError: OnError,
) {
  return watchDoc(path.deckList(tournamentId, participantId), asList, onData, onError);
}

/** Every list: for staff, or anyone once the lists are published. */
export function watchDeckLists(tournamentId: string, onData: (lists: DeckList[]) => void, onError: OnError) {
  return watchQuery(col(path.deckLists(tournamentId)), asList, onData, onError);
}

/** Staff's log of changes after the deadline, newest first. */
export function watchDeckListChanges(
  tournamentId: string,
  onData: (changes: DeckListChange[]) => void,
  onError: OnError,
) {
  return watchQuery(
    col(path.deckListChanges(tournamentId)),
    ({ at, ...rest }: DeckListChangeDoc): Omit<DeckListChange, 'changeId'> => ({ ...rest, atMs: millis(at) }),
    (items) =>
      onData(
        items
          .map((item, i) => ({ ...item, changeId: `${item.participantId}-${item.atMs}-${i}` }))
          .sort((x, y) => y.atMs - x.atMs),
      ),
    onError,
  );
}

/** The deck checks of a round, for staff. */
export function watchDeckChecks(
  tournamentId: string,
  roundNumber: number,
  onData: (checks: DeckCheck[]) => void,
  onError: OnError,
) {
  return watchQuery(
    query(col(path.deckChecks(tournamentId)), where('roundNumber', '==', roundNumber)),
    ({ checkedAt, ...rest }: DeckCheckDoc): DeckCheck => ({ ...rest, checkedAtMs: millis(checkedAt) }),
    onData,
    onError,
  );
}
