/**
 * The local stack's trigger delivery against the embedded Firestore server, with real firebase-functions v2
 * `onDocumentWritten` functions whose handlers are test doubles: the CloudEvent becomes the params and the
 * Change the handler expects; existing documents are delivered; failures are retried (retry: true) or not;
 * a write made while a run is in flight is delivered after it, never alongside it.
 */
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore, type Timestamp } from 'firebase-admin/firestore';
import type { FirestoreEvent, Change, DocumentSnapshot } from 'firebase-functions/v2/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../functions/test/support/wait.js';
import { type FirestoreServerHandle, startFirestoreServer } from '../firestore/server.js';
import { createLogSink, withRoutedConsole } from '../local/logs.js';
import { discoverDocumentTriggers, TriggerDispatcher, type TriggerRun } from '../local/triggers.js';

// The platform's own log lines (e.g. its warning for a delete event's missing read time) stay out of the output.
const { onDocumentWritten } = await withRoutedConsole(createLogSink('silent'), () => import('firebase-functions/v2/firestore'));

type Written = FirestoreEvent<Change<DocumentSnapshot> | undefined, Record<string, string>>;

interface Seen {
  id: string;
  document: string;
  params: Record<string, string>;
  before: unknown;
  after: unknown;
}

const seen: Seen[] = [];
const behaviour = new Map<string, (event: Written) => Promise<void>>();
const scoreTrigger = onDocumentWritten({ document: 'games/{gameId}/scores/{scoreId}', retry: true }, async (event) => {
  seen.push({ id: event.id, document: event.document, params: { ...event.params }, before: event.data?.before.data(), after: event.data?.after.data() });
  await behaviour.get(event.params.scoreId)?.(event);
});
const noteTrigger = onDocumentWritten('games/{gameId}/notes/{noteId}', async () => {
  throw new Error('notes always fail');
});

let server: FirestoreServerHandle;
let app: App;
let db: Firestore;
let dispatcher: TriggerDispatcher;
const runs: TriggerRun[] = [];

beforeAll(async () => {
  server = await startFirestoreServer({ port: 0 });
  process.env['FIRESTORE_EMULATOR_HOST'] = server.address;
  process.env['GCLOUD_PROJECT'] = 'demo-dispatch';
  app = initializeApp({ projectId: 'demo-dispatch' });
  db = getFirestore(app);
  await db.doc('games/g0/scores/early').set({ v: 0 });
  dispatcher = new TriggerDispatcher(db, discoverDocumentTriggers({ scoreTrigger, noteTrigger }), {
    projectId: 'demo-dispatch',
    region: 'us-central1',
    retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 40 },
  });
  dispatcher.onRun((run) => runs.push(run));
  await dispatcher.start();
});

afterAll(async () => {
  await dispatcher?.stop();
  await deleteApp(app);
  await server?.stop();
});

const wait = (path: string, at: Timestamp, trigger = 'scoreTrigger') => dispatcher.waitForVersion(path, at, { trigger, timeoutMs: 10_000 });

describe('trigger dispatch from a collection-group listener', () => {
  it('finds the document triggers of a functions module', () => {
    expect(dispatcher.triggers.map((t) => [t.name, t.document, t.eventType, t.retry])).toEqual([
      ['scoreTrigger', 'games/{gameId}/scores/{scoreId}', 'google.cloud.firestore.document.v1.written', true],
      ['noteTrigger', 'games/{gameId}/notes/{noteId}', 'google.cloud.firestore.document.v1.written', false],
    ]);
  });

  it('delivers a document that existed before the listener attached', async () => {
    const snap = await db.doc('games/g0/scores/early').get();
    await wait(snap.ref.path, snap.updateTime!);
    expect(seen.find((s) => s.params['scoreId'] === 'early')).toMatchObject({ document: 'games/g0/scores/early', params: { gameId: 'g0', scoreId: 'early' }, before: undefined, after: { v: 0 } });
  });

  it('builds create, update and delete events with params and before/after', async () => {
    const ref = db.doc('games/g1/scores/s1');
    await wait(ref.path, (await ref.set({ v: 1, tags: ['x'], at: new Date('2026-01-02T03:04:05.678Z'), nested: { half: 0.5 } })).writeTime);
    await wait(ref.path, (await ref.update({ v: 2 })).writeTime);
    await ref.delete();
    await until(() => seen.filter((s) => s.params['scoreId'] === 's1').length === 3);
    const [created, updated, deleted] = seen.filter((s) => s.params['scoreId'] === 's1');
    expect(created).toMatchObject({ params: { gameId: 'g1', scoreId: 's1' }, before: undefined, after: { v: 1, tags: ['x'], nested: { half: 0.5 } } });
    expect((created!.after as { at: Timestamp }).at.toDate().toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(updated).toMatchObject({ before: { v: 1 }, after: { v: 2 } });
    expect(deleted).toMatchObject({ before: { v: 2 }, after: undefined });
    expect(new Set([created!.id, updated!.id, deleted!.id]).size).toBe(3);
  });

  it('retries a failing run with backoff, with the same event id, until it succeeds', async () => {
    let failures = 2;
    behaviour.set('s2', async () => {
      if (failures-- > 0) throw new Error('transient');
    });
    const ref = db.doc('games/g1/scores/s2');
    const ok = await wait(ref.path, (await ref.set({ v: 1 })).writeTime);
    const attempts = runs.filter((r) => r.path === ref.path);
    expect(attempts.map((r) => [r.attempt, r.ok, r.willRetry])).toEqual([
      [1, false, true],
      [2, false, true],
      [3, true, false],
    ]);
    expect(new Set(attempts.map((r) => r.eventId)).size).toBe(1);
    expect(ok.attempt).toBe(3);
  });

  it('runs a write made during a run after that run, with the newer document', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    behaviour.set('s3', async () => {
      if (calls++ === 0) await gate;
    });
    const ref = db.doc('games/g1/scores/s3');
    await ref.set({ v: 1 });
    await until(() => calls === 1);
    const second = await ref.update({ v: 2 });
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toBe(1); // not alongside the run in flight
    release();
    const run = await wait(ref.path, second.writeTime);
    const [first, next] = runs.filter((r) => r.path === ref.path);
    expect(next).toBe(run);
    expect(next!.startedAt).toBeGreaterThanOrEqual(first!.finishedAt);
    expect(seen.filter((s) => s.params['scoreId'] === 's3').map((s) => s.after)).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('does not retry a function declared without retry', async () => {
    const before = dispatcher.stats().gaveUp;
    await db.doc('games/g1/notes/n1').set({ text: 'hello' });
    await until(() => dispatcher.stats().gaveUp === before + 1);
    await dispatcher.whenIdle();
    expect(runs.filter((r) => r.path === 'games/g1/notes/n1').map((r) => [r.attempt, r.ok, r.willRetry])).toEqual([[1, false, false]]);
  });
});
