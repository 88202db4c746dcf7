/**
 * The documents the live reads received from the server, by collection: what opening a screen costs in billed reads
 * (docs/scale.md#spectators). Kept on the page's global object, so a browser test can read it from outside.
 * Counted as Firestore bills a listener: every document of its first answer (an empty answer still costs one),
 * then every document added or changed; what the device's cache serves is not counted.
 */
import type { DocumentSnapshot, QuerySnapshot } from 'firebase/firestore';

export interface DocumentReads {
  total: number;
  /** By the collection the documents are in (`participants`, `standingsPages`, …). */
  byCollection: Record<string, number>;
}

export const documentReads: DocumentReads = { total: 0, byCollection: {} };
(globalThis as { __documentReads?: DocumentReads }).__documentReads = documentReads;

function add(collection: string, n: number) {
  documentReads.total += n;
  documentReads.byCollection[collection] = (documentReads.byCollection[collection] ?? 0) + n;
}

/** One query listener's counter: call it with each snapshot the listener gets. */
export function queryReads(): (snap: QuerySnapshot) => void {
  let answered = false;
  return (snap) => {
    if (snap.metadata.fromCache) return;
    const changed = snap.docChanges().filter((change) => change.type !== 'removed');
    for (const { doc } of changed) add(doc.ref.parent.id, 1);
    // The first answer costs one read even when it holds no document.
    if (!answered && changed.length === 0) add('(empty answers)', 1);
    answered = true;
  };
}

/** A document listener's snapshot: one read each time the server sends it. */
export function countDocumentRead(snap: DocumentSnapshot): void {
  if (!snap.metadata.fromCache) add(snap.ref.parent.id, 1);
}

/**
 * One document listener's counter, for a listener that hears metadata changes too: a server answer counts when it
 * brings the document for the first time or changed; the server confirming what the device already shows does not.
 */
export function documentReadCounter(): (snap: DocumentSnapshot) => void {
  let last: string | undefined;
  return (snap) => {
    if (snap.metadata.fromCache || snap.metadata.hasPendingWrites) return;
    const now = JSON.stringify(snap.data() ?? null);
    if (now === last) return;
    last = now;
    add(snap.ref.parent.id, 1);
  };
}
