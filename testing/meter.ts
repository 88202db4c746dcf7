/**
 * Counts the document operations firebase-admin sends, the way Firestore bills them: a document read per
 * document returned (a query that returns none still costs one), one read per aggregation, a write per
 * document set, updated, created or deleted. It wraps the SDK's own methods for the test's duration, so it
 * measures what the handler under test really asks of Firestore, whatever the emulator does with it.
 */
import { DocumentReference, Query, Transaction, WriteBatch, getFirestore } from 'firebase-admin/firestore';

export interface Operations {
  reads: number;
  writes: number;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;
let installed = false;
let counting: Operations | undefined;

/** Counts each call of a method once its answer is there (a promise's value, or the value itself). */
function wrap(proto: object, name: string, count: (result: unknown) => void): void {
  const original = (proto as Record<string, Method>)[name]!;
  (proto as Record<string, Method>)[name] = function (this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    if (result instanceof Promise) return result.then((value: unknown) => (count(value), value));
    count(result);
    return result;
  };
}

const readsOf = (value: unknown): number => {
  if (Array.isArray(value)) return value.length;
  const docs = (value as { docs?: unknown[] } | undefined)?.docs;
  if (docs) return Math.max(1, docs.length);
  return 1;
};

function install(): void {
  if (installed) return;
  installed = true;
  const read = (value: unknown) => counting && (counting.reads += readsOf(value));
  const write = () => counting && (counting.writes += 1);
  // Inside a transaction the reads go through Transaction, so the plain reads below do not count them twice.
  wrap(Transaction.prototype, 'get', read);
  wrap(Transaction.prototype, 'getAll', read);
  // A transaction's writes, and a document's own set/update/create/delete, all go through a WriteBatch.
  for (const op of ['set', 'update', 'create', 'delete']) wrap(WriteBatch.prototype, op, write);
  wrap(DocumentReference.prototype, 'get', read);
  wrap(Query.prototype, 'get', read);
  // The SDK does not export AggregateQuery; its prototype is that of any count() query.
  wrap(Object.getPrototypeOf(getFirestore().collection('meter').count()) as object, 'get', read);
}

/** Runs `work` and returns what it cost. The SDK stays wrapped for the process; outside `work` nothing counts. */
export async function metered<T>(work: () => Promise<T>): Promise<{ value: T; operations: Operations }> {
  install();
  const operations: Operations = { reads: 0, writes: 0 };
  counting = operations;
  try {
    return { value: await work(), operations };
  } finally {
    counting = undefined;
  }
}
