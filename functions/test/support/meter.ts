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

type AnyFunction = (...args: any[]) => any;
const patches: Array<() => void> = [];
let counting: Operations | undefined;

function wrap<T extends object>(proto: T, name: string, count: (result: unknown, args: unknown[]) => void): void {
  const original = (proto as Record<string, AnyFunction>)[name]!;
  (proto as Record<string, AnyFunction>)[name] = function (this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    if (result instanceof Promise) return result.then((value) => (count(value, args), value));
    count(result, args);
    return result;
  };
  patches.push(() => ((proto as Record<string, AnyFunction>)[name] = original));
}

const readsOf = (value: unknown): number => {
  if (Array.isArray(value)) return value.length;
  const docs = (value as { docs?: unknown[] } | undefined)?.docs;
  if (docs) return Math.max(1, docs.length);
  return 1;
};

function install(): void {
  if (patches.length > 0) return;
  const read = (value: unknown) => counting && (counting.reads += readsOf(value));
  const write = () => counting && (counting.writes += 1);
  // Inside a transaction the reads go through Transaction, so the plain reads below do not count them twice.
  wrap(Transaction.prototype, 'get', read);
  wrap(Transaction.prototype, 'getAll', read);
  // A transaction's writes, and a document's own set/update/create/delete, all go through a WriteBatch.
  for (const op of ['set', 'update', 'create', 'delete']) wrap(WriteBatch.prototype, op, write);
  const plainRead = (proto: object) => {
    const original = (proto as Record<string, AnyFunction>).get!;
    (proto as Record<string, AnyFunction>).get = function (this: unknown, ...args: unknown[]) {
      return Promise.resolve(original.apply(this, args)).then((value) => (read(value), value));
    };
    patches.push(() => ((proto as Record<string, AnyFunction>).get = original));
  };
  plainRead(DocumentReference.prototype);
  plainRead(Query.prototype);
  // The SDK does not export AggregateQuery; its prototype is that of any count() query.
  plainRead(Object.getPrototypeOf(getFirestore().collection('meter').count()) as object);
}

/** Puts the SDK's methods back. */
export function uninstallMeter(): void {
  for (const undo of patches.splice(0)) undo();
}

/** Runs `work` and returns what it cost (the SDK stays wrapped until uninstallMeter). */
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
