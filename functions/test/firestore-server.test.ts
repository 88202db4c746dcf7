/**
 * The embedded Firestore server (scripts/firestore/server.ts), exercised
 * through firebase-admin exactly as the backend uses it.
 */
import { createServer } from 'node:net';
import { FirestoreServer } from '@firestore-emulator/server';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import {
  AggregateField,
  type DocumentReference,
  FieldPath,
  FieldValue,
  Filter,
  type Firestore,
  getFirestore,
  Timestamp,
  type Transaction,
} from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { type FirestoreServerHandle, startFirestoreServer } from '../../scripts/firestore/server.js';
import { applyEnv } from '../../scripts/local/env.js';
import { useTestFirestore } from './support/firestore.js';
import { deferred, sleep, until } from './support/wait.js';

const fs = useTestFirestore({ lockTimeoutMs: 3000 });

/** Extra servers/apps opened by single tests; closed after each test. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A firebase-admin app bound to another server (the emulator host is read when the client is created). */
function connect(address: string, name: string): Firestore {
  const restoreEnv = applyEnv({ FIRESTORE_EMULATOR_HOST: address });
  try {
    const app: App = initializeApp({ projectId: `demo-${name}` }, `${name}-${Math.random().toString(36).slice(2)}`);
    cleanups.push(() => deleteApp(app));
    return getFirestore(app);
  } finally {
    restoreEnv();
  }
}

async function startExtraServer(options: Parameters<typeof startFirestoreServer>[0]): Promise<FirestoreServerHandle> {
  const server = await startFirestoreServer(options);
  cleanups.unshift(() => server.stop()); // after the app that uses it is deleted
  return server;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Reads `n` of `ref` in the transaction and writes it back plus one. */
async function increment(t: Transaction, ref: DocumentReference): Promise<void> {
  const snap = await t.get(ref);
  t.update(ref, { n: (snap.get('n') as number) + 1 });
}

/**
 * A read-increment-write transaction that holds the lock of `ref` for a while: `hasRead` resolves once it has
 * read (and locked) the document, then `pause(attempt)` runs before the write. `done` resolves with the number
 * of attempts the transaction took.
 */
function pausingIncrement(db: Firestore, ref: DocumentReference, pause: (attempt: number) => Promise<void> | undefined) {
  const hasRead = deferred();
  let attempts = 0;
  const done = db.runTransaction(async (t) => {
    const attempt = ++attempts;
    const snap = await t.get(ref);
    hasRead.resolve();
    await pause(attempt);
    t.update(ref, { n: (snap.get('n') as number) + 1 });
    return attempt;
  });
  return { hasRead: hasRead.promise, done };
}

async function incrementConcurrently(db: Firestore, path: string, n: number): Promise<number> {
  const ref = db.doc(path);
  await ref.set({ n: 0 });
  await Promise.all(Array.from({ length: n }, () => db.runTransaction((t) => increment(t, ref))));
  return (await ref.get()).get('n') as number;
}

describe('transactions (pessimistic locks)', () => {
  it('20 concurrent read-increment-write transactions on one document all land', async () => {
    expect(await incrementConcurrently(fs.db, 'counters/one', 20)).toBe(20);
    const stats = fs.stats();
    expect(stats.commits).toBe(21); // the initial set + 20 transactions
    expect(stats.lockWaits).toBeGreaterThan(0); // they really queued on the lock
    expect(fs.server.activity()).toMatchObject({ transactions: 0, locks: 0 });
  });

  it('the raw @firestore-emulator/server loses updates under the same load (why this wrapper exists)', async () => {
    const port = await freePort();
    const raw = new FirestoreServer();
    await raw.start(port);
    cleanups.unshift(async () => raw.stop());
    const result = await incrementConcurrently(connect(`127.0.0.1:${port}`, 'raw'), 'counters/one', 20);
    console.log(`raw @firestore-emulator/server: 20 concurrent increments ended at ${result} (${20 - result} lost)`);
    // If this ever fails, the package has learnt to isolate transactions.
    expect(result).toBeLessThan(20);
  });

  it('two transactions locking two documents in opposite order: deadlock -> one ABORTED -> retried, nothing lost', async () => {
    // A long lock timeout, so only deadlock detection (not the timeout) can resolve this quickly.
    const server = await startExtraServer({ lockTimeoutMs: 10_000 });
    const db = connect(server.address, 'deadlock');
    const a = db.doc('pair/a');
    const b = db.doc('pair/b');
    await a.set({ n: 0 });
    await b.set({ n: 0 });
    const started = Date.now();
    // Both read their first document before either reads its second one: a guaranteed deadlock on the first attempt.
    let firstReads = 0;
    const bothRead = deferred();
    const run = (first: typeof a, second: typeof a) => {
      let attempt = 0;
      return db.runTransaction(async (t) => {
        attempt++;
        const s1 = await t.get(first);
        if (attempt === 1) {
          if (++firstReads === 2) bothRead.resolve();
          await bothRead.promise;
        }
        const s2 = await t.get(second);
        t.update(first, { n: (s1.get('n') as number) + 1 });
        t.update(second, { n: (s2.get('n') as number) + 1 });
      });
    };
    await Promise.all([run(a, b), run(b, a)]);
    expect((await a.get()).get('n')).toBe(2);
    expect((await b.get()).get('n')).toBe(2);
    expect(server.stats().aborted).toBe(1); // exactly one victim
    expect(Date.now() - started).toBeLessThan(5000); // detected at once; the rest is the client's retry backoff (<= 1.5 s)
  });

  it('50 concurrent transactions across 5 documents all land', async () => {
    const refs = Array.from({ length: 5 }, (_, i) => fs.db.doc(`spread/d${i}`));
    await Promise.all(refs.map((r) => r.set({ n: 0 })));
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fs.db.runTransaction(async (t) => {
          const ref = refs[i % 5]!;
          const snap = await t.get(ref);
          t.set(ref, { n: (snap.get('n') as number) + 1 });
        }),
      ),
    );
    const values = await Promise.all(refs.map(async (r) => (await r.get()).get('n') as number));
    expect(values).toEqual([10, 10, 10, 10, 10]);
  });

  it('concurrent transfers between documents in random order conserve the total', async () => {
    const refs = Array.from({ length: 4 }, (_, i) => fs.db.doc(`accounts/a${i}`));
    await Promise.all(refs.map((r) => r.set({ balance: 100 })));
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const transfers = Array.from({ length: 12 }, () => {
      const from = rnd(4);
      const to = (from + 1 + rnd(3)) % 4;
      return { from: refs[from]!, to: refs[to]! };
    });
    await Promise.all(
      transfers.map(({ from, to }) =>
        fs.db.runTransaction(
          async (t) => {
            const [f, g] = [await t.get(from), await t.get(to)];
            t.update(from, { balance: (f.get('balance') as number) - 5 });
            t.update(to, { balance: (g.get('balance') as number) + 5 });
          },
          { maxAttempts: 10 },
        ),
      ),
    );
    const balances = await Promise.all(refs.map(async (r) => (await r.get()).get('balance') as number));
    expect(balances.reduce((s, x) => s + x, 0)).toBe(400);
    const moved = new Map<string, number>();
    for (const { from, to } of transfers) {
      moved.set(from.path, (moved.get(from.path) ?? 0) - 5);
      moved.set(to.path, (moved.get(to.path) ?? 0) + 5);
    }
    expect(balances).toEqual(refs.map((r) => 100 + (moved.get(r.path) ?? 0)));
  });

  it('a plain write to a locked document waits for the transaction to finish', async () => {
    const ref = fs.db.doc('locked/doc');
    await ref.set({ n: 0 });
    fs.resetStats();
    const order: string[] = [];
    const txn = pausingIncrement(fs.db, ref, async () => {
      await until(() => fs.stats().lockWaits === 1); // the plain set below is queued on our lock
      await sleep(50);
    });
    await txn.hasRead;
    const plain = ref.set({ n: 100 }).then(() => order.push('plain set'));
    await txn.done.then(() => order.push('transaction'));
    await plain;
    // Without the lock the plain set would land first and be overwritten by the transaction (n = 1).
    expect(order).toEqual(['transaction', 'plain set']);
    expect((await ref.get()).get('n')).toBe(100);
    expect(fs.stats().lockWaits).toBe(1); // the plain set really waited for the lock
  });

  it('a lock wait longer than lockTimeoutMs fails with ABORTED; the client retries and succeeds', async () => {
    const server = await startExtraServer({ lockTimeoutMs: 200 });
    const db = connect(server.address, 'timeout');
    const ref = db.doc('slow/doc');
    await ref.set({ n: 0 });
    const slow = pausingIncrement(db, ref, (attempt) => (attempt === 1 ? sleep(600) : undefined));
    await slow.hasRead;
    // Both wait for the lock, time out after 200 ms with ABORTED, and are retried by
    // firebase-admin (batched/plain commits are retried on ABORTED too) until the lock is free.
    const plain = ref.update({ n: FieldValue.increment(10) });
    const other = db.runTransaction((t) => increment(t, ref));
    const [slowAttempts] = await Promise.all([slow.done, plain, other]);
    expect(slowAttempts).toBe(1);
    expect((await ref.get()).get('n')).toBe(12);
    expect(server.stats().aborted).toBeGreaterThanOrEqual(2);
  });

  it('an abandoned transaction (client silent) expires and releases its locks', async () => {
    const server = await startExtraServer({ lockTimeoutMs: 5000, transactionIdleTimeoutMs: 200 });
    const db = connect(server.address, 'abandoned');
    const ref = db.doc('stuck/doc');
    await ref.set({ n: 0 });
    const wakeUp = deferred();
    // The first attempt "hangs" far longer than the idle timeout.
    const abandoned = pausingIncrement(db, ref, (attempt) => (attempt === 1 ? wakeUp.promise : undefined));
    await abandoned.hasRead;
    const started = Date.now();
    await db.runTransaction((t) => increment(t, ref));
    expect(Date.now() - started).toBeLessThan(3000); // released by expiry, not by the 5 s lock timeout
    wakeUp.resolve();
    const attempts = await abandoned.done; // its commit is rejected (expired) and the client retries it
    expect(attempts).toBe(2);
    expect((await ref.get()).get('n')).toBe(2);
    expect(server.activity()).toMatchObject({ transactions: 0, locks: 0 });
  });

  it('missing documents are locked too: concurrent create-if-absent creates exactly once', async () => {
    const ref = fs.db.doc('registrations/unique');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fs.db.runTransaction(async (t) => {
          const snap = await t.get(ref);
          if (snap.exists) return false;
          t.create(ref, { owner: i });
          return true;
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(fs.stats().writes).toBe(1);
  });

  it('rollback (callback throws) releases the locks at once', async () => {
    const ref = fs.db.doc('rollback/doc');
    await ref.set({ n: 0 });
    await expect(
      fs.db.runTransaction(async (t) => {
        await t.get(ref);
        throw new Error('nope');
      }),
    ).rejects.toThrow('nope');
    const started = Date.now();
    await fs.db.runTransaction((t) => increment(t, ref));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fs.stats().aborted).toBe(0);
  });

  it('transactional queries lock their results; read-only transactions take no locks', async () => {
    const col = fs.db.collection('queue');
    await Promise.all([col.doc('a').set({ open: true, n: 0 }), col.doc('b').set({ open: true, n: 0 })]);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        fs.db.runTransaction(async (t) => {
          const snap = await t.get(col.where('open', '==', true));
          for (const d of snap.docs) t.update(d.ref, { n: (d.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await col.doc('a').get()).get('n')).toBe(10);
    expect((await col.doc('b').get()).get('n')).toBe(10);
    const read = await fs.db.runTransaction(async (t) => (await t.get(col.doc('a'))).get('n') as number, { readOnly: true });
    expect(read).toBe(10);
    expect(fs.server.activity().locks).toBe(0);
  });
});

describe('write semantics', () => {
  it('set() without merge replaces the whole document; set(merge) merges deeply', async () => {
    const ref = fs.db.doc('w/set');
    await ref.set({ a: 1, b: 2, m: { x: 1, y: 2 } });
    await ref.set({ c: 3 });
    expect((await ref.get()).data()).toEqual({ c: 3 });
    await ref.set({ a: 1, m: { x: 1, y: 2 } });
    await ref.set({ m: { y: 3 }, b: 2 }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 1, b: 2, m: { x: 1, y: 3 } });
    await ref.set({ a: 9, b: 9, m: { x: 9 } }, { mergeFields: ['a', 'm.x'] });
    expect((await ref.get()).data()).toEqual({ a: 9, b: 2, m: { x: 9, y: 3 } });
  });

  it('update() with nested field paths and FieldPath', async () => {
    const ref = fs.db.doc('w/update');
    await ref.set({ m: { x: 1, keep: true }, top: 1 });
    await ref.update({ 'm.x': 5, 'm.deep.q': 'new', top: 2 });
    await ref.update(new FieldPath('odd.key', 'v'), 7);
    expect((await ref.get()).data()).toEqual({ m: { x: 5, keep: true, deep: { q: 'new' } }, top: 2, 'odd.key': { v: 7 } });
  });

  it('FieldValue.delete() removes top-level and nested fields (update and set-merge)', async () => {
    const ref = fs.db.doc('w/delete');
    await ref.set({ a: 1, b: 2, m: { x: 1, y: 2 } });
    await ref.update({ a: FieldValue.delete(), 'm.x': FieldValue.delete() });
    expect((await ref.get()).data()).toEqual({ b: 2, m: { y: 2 } });
    await ref.set({ b: FieldValue.delete() }, { merge: true });
    expect((await ref.get()).data()).toEqual({ m: { y: 2 } });
  });

  it('FieldValue.increment / serverTimestamp / arrayUnion / arrayRemove', async () => {
    const ref = fs.db.doc('w/transforms');
    await ref.set({ i: 1, d: 1.5, tags: ['a', 'b'], m: { c: 1 } });
    const before = Date.now();
    await ref.update({
      i: FieldValue.increment(2),
      d: FieldValue.increment(1),
      missing: FieldValue.increment(3),
      'm.c': FieldValue.increment(1),
      at: FieldValue.serverTimestamp(),
      tags: FieldValue.arrayUnion('b', 'c'),
    });
    let data = (await ref.get()).data()!;
    expect(data).toMatchObject({ i: 3, d: 2.5, missing: 3, m: { c: 2 }, tags: ['a', 'b', 'c'] });
    expect(data['at']).toBeInstanceOf(Timestamp);
    const at = (data['at'] as Timestamp).toMillis();
    expect(at).toBeGreaterThanOrEqual(before - 5);
    expect(at).toBeLessThanOrEqual(Date.now() + 5);
    await ref.update({ tags: FieldValue.arrayRemove('a', 'zzz'), i: FieldValue.increment(0.5) });
    data = (await ref.get()).data()!;
    expect(data['tags']).toEqual(['b', 'c']);
    expect(data['i']).toBe(3.5);
    // serverTimestamp in set() on a new document, and the write time equals the document's update time
    const created = fs.db.doc('w/created');
    const result = await created.set({ at: FieldValue.serverTimestamp(), list: FieldValue.arrayUnion(1) });
    const snap = await created.get();
    expect((snap.get('at') as Timestamp).isEqual(result.writeTime)).toBe(true);
    expect(snap.updateTime!.isEqual(result.writeTime)).toBe(true);
    expect(snap.get('list')).toEqual([1]);
  });

  it('preconditions: create() on an existing doc -> ALREADY_EXISTS, update() on a missing doc -> NOT_FOUND', async () => {
    const ref = fs.db.doc('w/pre');
    await ref.create({ a: 1 });
    await expect(ref.create({ a: 2 })).rejects.toMatchObject({ code: 6 });
    await expect(fs.db.doc('w/missing').update({ a: 1 })).rejects.toMatchObject({ code: 5 });
    const snap = await ref.get();
    await expect(ref.update({ a: 3 }, { lastUpdateTime: Timestamp.fromMillis(snap.updateTime!.toMillis() - 1000) })).rejects.toMatchObject({
      code: 9,
    });
    await ref.update({ a: 4 }, { lastUpdateTime: snap.updateTime! });
    await expect(fs.db.doc('w/missing').delete({ exists: true })).rejects.toMatchObject({ code: 5 });
    expect((await ref.get()).get('a')).toBe(4);
  });

  it('a batch is atomic: one failed precondition and nothing is written', async () => {
    const batch = fs.db.batch();
    batch.set(fs.db.doc('w/batch1'), { a: 1 });
    batch.update(fs.db.doc('w/batch-missing'), { a: 1 });
    await expect(batch.commit()).rejects.toMatchObject({ code: 5 });
    expect((await fs.db.doc('w/batch1').get()).exists).toBe(false);
  });

  it('delete() removes the document; createTime survives updates and resets after re-creation', async () => {
    const ref = fs.db.doc('w/life');
    await ref.set({ a: 1 });
    const first = await ref.get();
    await ref.update({ a: 2 });
    const second = await ref.get();
    expect(second.createTime!.isEqual(first.createTime!)).toBe(true);
    expect(second.updateTime!.toMillis()).toBeGreaterThanOrEqual(first.updateTime!.toMillis());
    expect(second.updateTime!.isEqual(first.updateTime!)).toBe(false);
    await ref.delete();
    expect((await ref.get()).exists).toBe(false);
    await ref.set({ a: 3 });
    expect((await ref.get()).createTime!.isEqual(first.createTime!)).toBe(false);
  });

  it('keeps value types: null, booleans, doubles vs integers, bytes, references, geopoints, nested arrays/maps', async () => {
    const ref = fs.db.doc('w/types');
    const value = {
      nil: null,
      t: true,
      f: false,
      zero: 0,
      int: -42,
      dbl: 0.25,
      big: 2 ** 50,
      s: 'héllo 🎲',
      empty: '',
      bytes: Buffer.from([0, 1, 255]),
      ref: fs.db.doc('x/y'),
      list: [1, 'two', { three: [3] }],
      map: { a: { b: { c: null } } },
      when: Timestamp.fromMillis(1_700_000_000_123),
    };
    await ref.set(value);
    const data = (await ref.get()).data()!;
    expect({ ...data, bytes: undefined, ref: undefined }).toEqual({ ...value, bytes: undefined, ref: undefined });
    expect(Buffer.from(data['bytes'] as Uint8Array)).toEqual(value.bytes);
    expect((data['ref'] as typeof value.ref).path).toBe('x/y');
  });
});

describe('queries', () => {
  async function seedPlayers() {
    const col = fs.db.collection('players');
    const players = [
      { id: 'p1', name: 'Ann', rating: 1500, club: 'A', tags: ['x'], stats: { wins: 3 } },
      { id: 'p2', name: 'Bob', rating: 1700, club: 'B', tags: ['y', 'z'], stats: { wins: 5 } },
      { id: 'p3', name: 'Cid', rating: 1600, club: 'A', tags: [], stats: { wins: 1 } },
      { id: 'p4', name: 'Dee', rating: 1800, club: 'C', tags: ['x', 'z'], stats: { wins: 5 } },
      { id: 'p5', name: 'Eve', club: 'B', tags: ['z'], stats: { wins: 0 } }, // no rating
    ];
    await Promise.all(players.map(({ id, ...p }) => col.doc(id).set(p)));
    return col;
  }
  const ids = (snap: { docs: { id: string }[] }) => snap.docs.map((d) => d.id);

  it('equality, inequality, in / not-in, array-contains(-any)', async () => {
    const col = await seedPlayers();
    expect(ids(await col.where('club', '==', 'A').get()).sort()).toEqual(['p1', 'p3']);
    expect(ids(await col.where('club', '!=', 'A').get())).toEqual(['p2', 'p5', 'p4']); // ordered by club, then id
    expect(ids(await col.where('rating', '>', 1500).get())).toEqual(['p3', 'p2', 'p4']);
    expect(ids(await col.where('rating', '<=', 1600).get())).toEqual(['p1', 'p3']);
    expect(ids(await col.where('club', 'in', ['B', 'C']).get()).sort()).toEqual(['p2', 'p4', 'p5']);
    expect(ids(await col.where('club', 'not-in', ['A', 'B']).get())).toEqual(['p4']);
    expect(ids(await col.where('tags', 'array-contains', 'x').get()).sort()).toEqual(['p1', 'p4']);
    expect(ids(await col.where('tags', 'array-contains-any', ['y', 'x']).get()).sort()).toEqual(['p1', 'p2', 'p4']);
    expect(ids(await col.where('stats.wins', '==', 5).get()).sort()).toEqual(['p2', 'p4']);
    expect(ids(await col.where('club', '==', 'A').where('rating', '>=', 1550).get())).toEqual(['p3']);
  });

  it('orderBy + limit, descending, documents without the field excluded, limitToLast, cursors, offset', async () => {
    const col = await seedPlayers();
    expect(ids(await col.orderBy('rating', 'desc').limit(2).get())).toEqual(['p4', 'p2']);
    expect(ids(await col.orderBy('rating').get())).toEqual(['p1', 'p3', 'p2', 'p4']); // p5 has no rating
    expect(ids(await col.orderBy('rating').limitToLast(2).get())).toEqual(['p2', 'p4']);
    const page1 = await col.orderBy('rating').limit(2).get();
    const page2 = await col.orderBy('rating').startAfter(page1.docs[1]!).limit(2).get();
    expect(ids(page2)).toEqual(['p2', 'p4']);
    expect(ids(await col.orderBy('rating').startAt(1600).endBefore(1800).get())).toEqual(['p3', 'p2']);
    expect(ids(await col.orderBy('stats.wins', 'desc').orderBy('name').get())).toEqual(['p2', 'p4', 'p1', 'p3', 'p5']);
    expect(ids(await col.orderBy('name').offset(3).get())).toEqual(['p4', 'p5']);
    expect(ids(await col.where(FieldPath.documentId(), 'in', ['p2', 'p9']).get())).toEqual(['p2']);
  });

  it('select(), count / sum / avg aggregations, Filter.or', async () => {
    const col = await seedPlayers();
    const projected = await col.where('club', '==', 'B').select('name').get();
    expect(projected.docs.map((d) => d.data()).sort((x, y) => String(x['name']).localeCompare(String(y['name'])))).toEqual([
      { name: 'Bob' },
      { name: 'Eve' },
    ]);
    expect((await col.count().get()).data().count).toBe(5);
    expect((await col.where('club', '==', 'A').count().get()).data().count).toBe(2);
    const agg = await col.aggregate({ total: AggregateField.sum('rating'), mean: AggregateField.average('rating') }).get();
    expect(agg.data()).toEqual({ total: 6600, mean: 1650 });
    const either = await col.where(Filter.or(Filter.where('club', '==', 'C'), Filter.where('rating', '<', 1550))).get();
    expect(ids(either).sort()).toEqual(['p1', 'p4']);
  });

  it('collection-group queries', async () => {
    await fs.db.doc('tournaments/t1/matches/m1').set({ round: 1, status: 'done' });
    await fs.db.doc('tournaments/t1/matches/m2').set({ round: 2, status: 'open' });
    await fs.db.doc('tournaments/t2/matches/m1').set({ round: 1, status: 'open' });
    await fs.db.doc('matches/top').set({ round: 9, status: 'open' });
    await fs.db.doc('tournaments/t2/other/m9').set({ round: 1, status: 'open' });
    const open = await fs.db.collectionGroup('matches').where('status', '==', 'open').orderBy('round').get();
    expect(open.docs.map((d) => d.ref.path)).toEqual(['tournaments/t2/matches/m1', 'tournaments/t1/matches/m2', 'matches/top']);
    expect((await fs.db.collectionGroup('matches').count().get()).data().count).toBe(4);
  });
});

describe('other admin APIs', () => {
  it('listDocuments (incl. missing parents), listCollections, getAll with a field mask', async () => {
    await fs.db.doc('t/a').set({ x: 1, y: 2 });
    await fs.db.doc('t/b/sub/c').set({ z: 1 }); // t/b itself does not exist
    await fs.db.doc('t/a/rounds/r1').set({ n: 1 });
    await fs.db.doc('t/a/players/p1').set({ n: 1 });
    const docs = await fs.db.collection('t').listDocuments();
    expect(docs.map((d) => d.path)).toEqual(['t/a', 't/b']);
    expect((await fs.db.doc('t/a').listCollections()).map((c) => c.id)).toEqual(['players', 'rounds']);
    expect((await fs.db.listCollections()).map((c) => c.id)).toEqual(['t']);
    const [a, missing] = await fs.db.getAll(fs.db.doc('t/a'), fs.db.doc('t/zz'), { fieldMask: ['y'] });
    expect(a!.data()).toEqual({ y: 2 });
    expect(missing!.exists).toBe(false);
  });

  it('recursiveDelete and BulkWriter', async () => {
    const writer = fs.db.bulkWriter();
    for (let i = 0; i < 30; i++) void writer.set(fs.db.doc(`bulk/d${i}`), { i });
    void writer.set(fs.db.doc('bulk/d0/sub/s'), { deep: true });
    await writer.close();
    expect((await fs.db.collection('bulk').count().get()).data().count).toBe(30);
    await fs.db.recursiveDelete(fs.db.collection('bulk'));
    expect((await fs.db.collection('bulk').get()).size).toBe(0);
    expect((await fs.db.doc('bulk/d0/sub/s').get()).exists).toBe(false);
  });

  it('onSnapshot on a document and on a query', async () => {
    const ref = fs.db.doc('live/a');
    const seen: unknown[] = [];
    const sizes: number[] = [];
    const docDone = deferred();
    const queryDone = deferred();
    const docListening = deferred();
    const queryListening = deferred();
    const unsubDoc = ref.onSnapshot((s) => {
      seen.push(s.exists ? s.get('n') : 'missing');
      docListening.resolve();
      if (s.exists && s.get('n') === 2) docDone.resolve();
    });
    const unsubQuery = fs.db
      .collection('live')
      .where('n', '>=', 1)
      .onSnapshot((s) => {
        sizes.push(s.size);
        queryListening.resolve();
        if (s.size === 2) queryDone.resolve();
      });
    await Promise.all([docListening.promise, queryListening.promise]);
    await ref.set({ n: 1 });
    await ref.update({ n: 2 });
    await fs.db.doc('live/b').set({ n: 5 });
    await Promise.all([docDone.promise, queryDone.promise]);
    unsubDoc();
    unsubQuery();
    expect(seen[0]).toBe('missing');
    expect(seen).toContain(2);
    expect(sizes[0]).toBe(0);
    expect(sizes).toContain(2);
  });
});

describe('stats() and clear()', () => {
  it('counts document reads and writes the way Firestore bills them', async () => {
    const col = fs.db.collection('billing');
    const batch = fs.db.batch();
    for (let i = 0; i < 4; i++) batch.set(col.doc(`d${i}`), { i });
    await batch.commit();
    expect(fs.stats()).toMatchObject({ reads: 0, writes: 4, commits: 1 });

    fs.resetStats();
    await col.doc('d0').get(); // 1
    await fs.db.getAll(col.doc('d1'), col.doc('d2'), col.doc('nope')); // 3 (a missing document is billed too)
    await col.where('i', '>=', 1).get(); // 3 documents
    await col.where('i', '>', 99).get(); // empty result: billed as 1
    expect(fs.stats()).toMatchObject({ reads: 8, writes: 0, commits: 0 });

    fs.resetStats();
    await fs.db.runTransaction(async (t) => {
      const s = await t.get(col.doc('d0'));
      t.update(col.doc('d0'), { i: (s.get('i') as number) + 1 });
      t.delete(col.doc('d3'));
    });
    expect(fs.stats()).toMatchObject({ reads: 1, writes: 2, commits: 1, aborted: 0 });
  });

  it('clear() empties all data', async () => {
    await fs.db.doc('c/a').set({ a: 1 });
    await fs.db.doc('c/a/sub/b').set({ b: 1 });
    fs.clear();
    expect((await fs.db.doc('c/a').get()).exists).toBe(false);
    expect(await fs.db.listCollections()).toEqual([]);
  });
});
