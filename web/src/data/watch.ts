/**
 * The listeners the live reads are built of: a query, a document, or one document per id of a changing set, each
 * mapped to what the screens see (shapes.ts). The reads themselves are split by area: watchTournamentData.ts (one
 * tournament's tabs), watchMine.ts (my clubs, championships and tournaments), watchClubs.ts (a championship's and
 * a club's pages), watchStaff.ts (the desk's and the joining screens' reads).
 * A listener's error goes to its caller's onError, which shows it: a refusal never reads as "nothing there".
 */
import { type FirestoreError, type Query, type Unsubscribe, onSnapshot } from 'firebase/firestore';
import { ref } from './connection';
import { stored } from './shapes';
import { documentReadCounter, queryReads } from './readCount';

export type OnError = (error: FirestoreError) => void;
/** Turns a stored document of type S into what the screens see. */
export type Mapper<S, T> = (data: S) => T;

export function watchQuery<S, T>(
  q: Query,
  map: Mapper<S, T>,
  onData: (items: T[]) => void,
  onError: OnError,
): Unsubscribe {
  const count = queryReads();
  return onSnapshot(
    q,
    (snap) => {
      count(snap);
      onData(snap.docs.map((d) => map(stored<S>(d)!)));
    },
    onError,
  );
}

export function watchDoc<S, T>(
  at: string,
  map: Mapper<S, T>,
  onData: (item: T | null) => void,
  onError: OnError,
): Unsubscribe {
  // Metadata changes too: the server's word that a document is absent changes only the metadata of a snapshot
  // the cache already answered.
  const count = documentReadCounter();
  return onSnapshot(
    ref(at),
    { includeMetadataChanges: true },
    (snap) => {
      count(snap);
      const data = stored<S>(snap);
      // An absence read from this device's cache alone is not believed (docs/offline.md): a cache can miss what
      // the server holds, and "this tournament does not exist" would then stay on a phone that only went offline.
      if (data === undefined && snap.metadata.fromCache) return;
      onData(data === undefined ? null : map(data));
    },
    onError,
  );
}

/** Keeps one listener per id of a changing set, and reports the documents found, in id order. */
export function watchEach<T>(
  watch: (id: string, onItem: (item: T | null) => void) => Unsubscribe,
  onData: (items: T[]) => void,
) {
  const listeners = new Map<string, Unsubscribe>();
  const items = new Map<string, T | null>();
  const report = () => onData([...items.keys()].sort().flatMap((id) => items.get(id) ?? []));
  return {
    set(ids: Iterable<string>) {
      const wanted = new Set(ids);
      for (const [id, stop] of listeners) {
        if (wanted.has(id)) continue;
        stop();
        listeners.delete(id);
        items.delete(id);
      }
      for (const id of wanted) {
        if (listeners.has(id)) continue;
        items.set(id, null);
        listeners.set(
          id,
          watch(id, (item) => {
            items.set(id, item);
            report();
          }),
        );
      }
      report();
    },
    stop() {
      for (const stop of listeners.values()) stop();
      listeners.clear();
    },
  };
}
