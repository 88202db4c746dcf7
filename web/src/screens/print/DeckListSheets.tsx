/**
 * Every deck list on a page of its own (docs/judging.md#deck-lists), for the judges' binder: the player, the totals
 * and the cards in two columns; print them all, or the pages of the lists wanted. Staff read every list, and
 * anyone once the organizer publishes them.
 */
import { ErrorNote } from '../../components/ui';
import { useLive } from '../../data/hooks';
import { type DeckList, watchDeckLists } from '../../data/watchDeckLists';
import { useTournamentData } from '../tournament/data';
import { DeckListView } from '../tournament/DeckLists';

export function DeckListSheets() {
  const { tournamentId, nameOf } = useTournamentData();
  const lists = useLive<DeckList[]>(`decks:${tournamentId}`, (onData, onError) =>
    watchDeckLists(tournamentId, onData, onError),
  );
  const sorted = [...(lists.data ?? [])].sort((x, y) => nameOf(x.participantId).localeCompare(nameOf(y.participantId)));
  return (
    <>
      <ErrorNote error={lists.error} />
      <div className="deck-list-sheets" data-ready={lists.data !== undefined} data-rows={sorted.length}>
        {sorted.map((list) => (
          <section key={list.participantId} className="deck-list-sheet" data-participant={list.participantId}>
            <h2>{nameOf(list.participantId)}</h2>
            <DeckListView list={list} />
          </section>
        ))}
        {lists.data?.length === 0 ? <p className="sheet-missing">No lists yet.</p> : null}
      </div>
    </>
  );
}
