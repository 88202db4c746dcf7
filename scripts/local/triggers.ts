/**
 * Firestore triggers for the local stack. The embedded Firestore server emits no events, so a collection-group
 * `onSnapshot` listener per watched collection watches the documents, and every create / update / delete it sees becomes
 * the CloudEvent the platform would deliver (./events.ts), passed to the deployed function itself
 * (`fn(event)`: firebase-functions builds params and the Change, runs onInit and the handler).
 *
 * Delivery is at least once, like the platform's:
 * - every change the listener reports is queued; a change that arrives while a run for the same document is
 *   in flight waits for it and then runs (runs for one document never overlap; different documents run in
 *   parallel, up to `maxConcurrent`);
 * - a run that throws is retried with exponential backoff when the function is declared `retry: true`
 *   (up to `maxAttempts`), with the same event id; a later change of the document does not wait for it;
 * - the first snapshot of a listener delivers the documents that already exist (the functions are
 *   idempotent, so a document written before the listener attached is applied rather than skipped); if the
 *   listener has to reconnect, its fresh snapshot is compared with what was seen (update times), so only
 *   real changes, including deletes missed meanwhile, are delivered.
 * The listener may fold two quick writes of a document into one change; the run that follows reads the
 * document as it is then, which is what the real trigger does anyway (it ignores the payload).
 */
import { randomUUID } from 'node:crypto';
import type { DocumentSnapshot, Firestore, QuerySnapshot, Timestamp } from 'firebase-admin/firestore';
import { type ChangeKind, changeKind, documentPatternMatcher, EVENT_KINDS, FIRESTORE_EVENT_PREFIX, firestoreCloudEvent, type RawFirestoreEvent } from './events.js';

export interface DocumentTrigger {
  /** The export name of the function. */
  name: string;
  /** Its document pattern, e.g. `tournaments/{tournamentId}/matchUps/{matchUpId}`. */
  document: string;
  /** google.cloud.firestore.document.v1.written | created | updated | deleted */
  eventType: string;
  retry: boolean;
  /** The function as deployed: called with the raw CloudEvent. */
  fn: (event: RawFirestoreEvent) => unknown;
}

interface Endpoint {
  eventTrigger?: {
    eventType?: string;
    eventFilters?: Record<string, unknown>;
    eventFilterPathPatterns?: Record<string, unknown>;
    retry?: boolean;
  };
}

/** Every Firestore document trigger among a functions module's exports (read from their `__endpoint`). */
export function discoverDocumentTriggers(module: Record<string, unknown>): DocumentTrigger[] {
  const triggers: DocumentTrigger[] = [];
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'function') continue;
    const endpoint = (value as { __endpoint?: Endpoint }).__endpoint;
    const trigger = endpoint?.eventTrigger;
    if (!trigger?.eventType?.startsWith(FIRESTORE_EVENT_PREFIX)) continue;
    if (!EVENT_KINDS[trigger.eventType]) throw new Error(`${name}: event type ${trigger.eventType} is not supported by the local stack`);
    const database = trigger.eventFilters?.['database'] ?? '(default)';
    if (database !== '(default)') throw new Error(`${name}: only the (default) database is served locally, not ${String(database)}`);
    const document = trigger.eventFilterPathPatterns?.['document'] ?? trigger.eventFilters?.['document'];
    if (typeof document !== 'string') throw new Error(`${name}: no document pattern in its endpoint`);
    if (document.includes('**') || document.includes('=')) throw new Error(`${name}: multi-segment wildcards (${document}) are not supported locally`);
    const segments = document.split('/');
    if (segments.length % 2 !== 0 || /[{}]/.test(segments[segments.length - 2]!)) {
      throw new Error(`${name}: the collection of ${document} must be a literal id`);
    }
    triggers.push({ name, document, eventType: trigger.eventType, retry: trigger.retry === true, fn: value as DocumentTrigger['fn'] });
  }
  return triggers;
}

/** One attempt of one event. */
export interface TriggerRun {
  trigger: string;
  path: string;
  eventId: string;
  kind: ChangeKind;
  attempt: number;
  /** The after document's update time (the delete's read time for a delete): the version this run covers. */
  version: Timestamp;
  /** Date.now() when the listener reported the change, when this attempt started, when it ended. */
  observedAt: number;
  startedAt: number;
  finishedAt: number;
  ok: boolean;
  error?: string;
  /** A failed attempt that will be tried again. */
  willRetry: boolean;
}

export interface RetryPolicy {
  /** Attempts per event for a `retry: true` function (1 for the others). Default 8. */
  maxAttempts: number;
  /** First backoff; doubled per attempt with ±20% jitter, up to maxDelayMs. Defaults 100 ms and 5000 ms. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface DispatcherOptions {
  projectId: string;
  region: string;
  /** Runs in flight at once over all documents. Default 16. */
  maxConcurrent?: number;
  retry?: Partial<RetryPolicy>;
  log?: (level: 'debug' | 'info' | 'warn' | 'error', line: string) => void;
}

export interface DispatcherStats {
  /** Changes reported by the listeners (documents delivered to them, before the per-trigger filter). */
  observed: number;
  /** Events queued for a function. */
  events: number;
  runs: number;
  succeeded: number;
  failedAttempts: number;
  retries: number;
  /** Events whose last attempt failed. */
  gaveUp: number;
  queued: number;
  running: number;
}

interface QueuedEvent {
  trigger: DocumentTrigger;
  key: string;
  path: string;
  id: string;
  kind: ChangeKind;
  before: DocumentSnapshot | undefined;
  after: DocumentSnapshot | undefined;
  version: Timestamp;
  observedAt: number;
  attempt: number;
  notBefore: number;
}

interface VersionWaiter {
  version: Timestamp;
  resolve: (run: TriggerRun) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
}

/** A trigger with its document pattern compiled once, at start. */
interface Watched {
  trigger: DocumentTrigger;
  matches: (path: string) => boolean;
}

const later = (a: Timestamp, b: Timestamp) => a.seconds > b.seconds || (a.seconds === b.seconds && a.nanoseconds >= b.nanoseconds);

export class TriggerDispatcher {
  private readonly retryPolicy: RetryPolicy;
  private readonly maxConcurrent: number;
  private readonly queue: QueuedEvent[] = [];
  private readonly running = new Set<string>();
  private readonly seen = new Map<string, DocumentSnapshot>();
  /** Per trigger|path: the newest version a successful run has covered, and who waits for one. */
  private readonly covered = new Map<string, { version: Timestamp; run: TriggerRun }>();
  private readonly waiters = new Map<string, VersionWaiter[]>();
  private readonly idleWaiters: Array<() => void> = [];
  private readonly runListeners = new Set<(run: TriggerRun) => void>();
  private readonly unsubscribers = new Map<string, () => void>();
  private readonly inflight = new Set<Promise<void>>();
  private wakeTimer: NodeJS.Timeout | undefined;
  private wakeAt = Infinity;
  private stopped = false;
  private counters = { observed: 0, events: 0, runs: 0, succeeded: 0, failedAttempts: 0, retries: 0, gaveUp: 0 };

  constructor(
    private readonly db: Firestore,
    readonly triggers: readonly DocumentTrigger[],
    private readonly options: DispatcherOptions,
  ) {
    this.maxConcurrent = options.maxConcurrent ?? 16;
    this.retryPolicy = { maxAttempts: 8, baseDelayMs: 100, maxDelayMs: 5000, ...options.retry };
  }

  /** Attaches one collection-group listener per watched collection; resolves after each first snapshot. */
  async start(): Promise<void> {
    const groups = new Map<string, Watched[]>();
    for (const trigger of this.triggers) {
      const segments = trigger.document.split('/');
      const group = segments[segments.length - 2]!;
      groups.set(group, [...(groups.get(group) ?? []), { trigger, matches: documentPatternMatcher(trigger.document) }]);
    }
    await Promise.all([...groups].map(([group, watched]) => this.listen(group, watched)));
  }

  private listen(group: string, watched: Watched[], attempt = 0): Promise<void> {
    return new Promise((resolve) => {
      let first = true;
      const unsubscribe = this.db.collectionGroup(group).onSnapshot(
        (snapshot) => {
          if (this.stopped) return;
          this.onSnapshot(snapshot, watched, first);
          if (first) {
            first = false;
            attempt = 0;
            resolve();
          }
        },
        (error) => {
          if (this.stopped) return;
          this.log('warn', `listener on collection group "${group}" failed (${error.message}); reconnecting`);
          const delay = this.backoff(attempt + 1);
          setTimeout(() => {
            if (!this.stopped) void this.listen(group, watched, attempt + 1).then(resolve);
          }, delay);
        },
      );
      this.unsubscribers.set(group, unsubscribe);
    });
  }

  private onSnapshot(snapshot: QuerySnapshot, watched: Watched[], initial: boolean): void {
    const now = Date.now();
    const triggersOf = (path: string) => watched.filter((w) => w.matches(path)).map((w) => w.trigger);
    if (initial) {
      const present = new Set<string>();
      for (const doc of snapshot.docs) {
        const path = doc.ref.path;
        const triggers = triggersOf(path);
        if (triggers.length === 0) continue;
        present.add(path);
        const before = this.seen.get(path);
        if (!before?.updateTime?.isEqual(doc.updateTime!)) this.observe(triggers, path, before, doc, doc.updateTime!, now);
      }
      // Documents seen by an earlier (now reconnected) listener and gone from this one were deleted meanwhile.
      for (const [path, before] of [...this.seen]) {
        if (present.has(path)) continue;
        const triggers = triggersOf(path);
        if (triggers.length > 0) this.observe(triggers, path, before, undefined, snapshot.readTime, now);
      }
    } else {
      for (const change of snapshot.docChanges()) {
        const path = change.doc.ref.path;
        const triggers = triggersOf(path);
        if (triggers.length === 0) continue;
        const before = this.seen.get(path);
        if (change.type === 'removed') this.observe(triggers, path, before ?? change.doc, undefined, snapshot.readTime, now);
        else if (!before?.updateTime?.isEqual(change.doc.updateTime!)) this.observe(triggers, path, before, change.doc, change.doc.updateTime!, now);
      }
    }
    this.pump();
  }

  /** Records a change of `path` and queues an event for each of its `triggers` (they match the path) that wants its kind. */
  private observe(triggers: DocumentTrigger[], path: string, before: DocumentSnapshot | undefined, after: DocumentSnapshot | undefined, version: Timestamp, now: number): void {
    this.counters.observed++;
    if (after) this.seen.set(path, after);
    else this.seen.delete(path);
    const kind = changeKind(before, after);
    for (const trigger of triggers) {
      if (!EVENT_KINDS[trigger.eventType]!.includes(kind)) continue;
      this.counters.events++;
      this.queue.push({
        trigger,
        key: `${trigger.name}|${path}`,
        path,
        id: randomUUID(),
        kind,
        before,
        after,
        version,
        observedAt: now,
        attempt: 1,
        notBefore: 0,
      });
    }
  }

  private backoff(attempt: number): number {
    const { baseDelayMs, maxDelayMs } = this.retryPolicy;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return Math.round(delay * (0.8 + 0.4 * Math.random()));
  }

  private pump(): void {
    if (this.stopped) return;
    const now = Date.now();
    let nextWake = Infinity;
    for (let i = 0; i < this.queue.length && this.running.size < this.maxConcurrent; ) {
      const event = this.queue[i]!;
      if (event.notBefore > now || this.running.has(event.key)) {
        i++;
      } else {
        this.queue.splice(i, 1);
        this.run(event);
      }
    }
    for (const event of this.queue) if (event.notBefore > now) nextWake = Math.min(nextWake, event.notBefore);
    if (nextWake < Infinity && nextWake < this.wakeAt) {
      if (this.wakeTimer) clearTimeout(this.wakeTimer);
      this.wakeAt = nextWake;
      this.wakeTimer = setTimeout(() => {
        this.wakeTimer = undefined;
        this.wakeAt = Infinity;
        this.pump();
      }, Math.max(0, nextWake - now));
    }
    this.checkIdle();
  }

  private run(event: QueuedEvent): void {
    this.running.add(event.key);
    this.counters.runs++;
    const startedAt = Date.now();
    const { kind } = event;
    const cloudEvent = firestoreCloudEvent({
      projectId: this.options.projectId,
      region: this.options.region,
      eventType: event.trigger.eventType,
      path: event.path,
      before: event.before,
      after: event.after,
      time: event.version,
      id: event.id,
    });
    const done = (async () => {
      let error: unknown;
      try {
        await event.trigger.fn(cloudEvent);
      } catch (e) {
        error = e ?? new Error('rejected without a reason');
      }
      const finishedAt = Date.now();
      this.running.delete(event.key);
      const maxAttempts = event.trigger.retry ? this.retryPolicy.maxAttempts : 1;
      const willRetry = error !== undefined && event.attempt < maxAttempts && !this.stopped;
      const run: TriggerRun = {
        trigger: event.trigger.name,
        path: event.path,
        eventId: event.id,
        kind,
        attempt: event.attempt,
        version: event.version,
        observedAt: event.observedAt,
        startedAt,
        finishedAt,
        ok: error === undefined,
        ...(error !== undefined ? { error: error instanceof Error ? error.message : String(error) } : {}),
        willRetry,
      };
      if (error === undefined) {
        this.counters.succeeded++;
        this.markCovered(event.key, run);
        this.log('debug', `${event.trigger.name} ${kind} ${event.path} ok (attempt ${event.attempt}, ${finishedAt - startedAt} ms)`);
      } else {
        this.counters.failedAttempts++;
        if (willRetry) {
          this.counters.retries++;
          const delay = this.backoff(event.attempt);
          this.log('warn', `${event.trigger.name} ${kind} ${event.path} failed (attempt ${event.attempt}/${maxAttempts}): ${run.error}; retrying in ${delay} ms`);
          this.queue.push({ ...event, attempt: event.attempt + 1, notBefore: finishedAt + delay });
        } else {
          this.counters.gaveUp++;
          this.log('error', `${event.trigger.name} ${kind} ${event.path} failed (attempt ${event.attempt}/${maxAttempts}), giving up: ${run.error}`);
        }
      }
      for (const listener of this.runListeners) listener(run);
      this.pump();
    })();
    this.inflight.add(done);
    void done.finally(() => this.inflight.delete(done));
  }

  private markCovered(key: string, run: TriggerRun): void {
    const current = this.covered.get(key);
    if (!current || later(run.version, current.version)) this.covered.set(key, { version: run.version, run });
    const waiters = this.waiters.get(key);
    if (!waiters) return;
    const remaining = waiters.filter((w) => {
      if (!later(run.version, w.version)) return true;
      if (w.timer) clearTimeout(w.timer);
      w.resolve(run);
      return false;
    });
    if (remaining.length) this.waiters.set(key, remaining);
    else this.waiters.delete(key);
  }

  private checkIdle(): void {
    if (!this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && this.running.size === 0;
  }

  private log(level: 'debug' | 'info' | 'warn' | 'error', line: string): void {
    this.options.log?.(level, `[triggers] ${line}`);
  }

  /** Called after every attempt (successful or not). Returns an unsubscribe function. */
  onRun(listener: (run: TriggerRun) => void): () => void {
    this.runListeners.add(listener);
    return () => this.runListeners.delete(listener);
  }

  /**
   * Resolves with the first successful run of `trigger` for `path` that covers `version` (a write's update
   * time): that run started after the listener had seen the write, so it applied it (or a later state).
   */
  waitForVersion(path: string, version: Timestamp, options: { trigger?: string; timeoutMs?: number } = {}): Promise<TriggerRun> {
    const trigger = options.trigger ?? this.onlyTrigger();
    const key = `${trigger}|${path}`;
    const current = this.covered.get(key);
    if (current && later(current.version, version)) return Promise.resolve(current.run);
    return new Promise((resolve, reject) => {
      const waiter: VersionWaiter = { version, resolve, reject, timer: undefined };
      if (options.timeoutMs !== undefined) {
        waiter.timer = setTimeout(() => {
          const list = this.waiters.get(key) ?? [];
          this.waiters.set(key, list.filter((w) => w !== waiter));
          reject(new Error(`no ${trigger} run covered ${path} at ${version.toDate().toISOString()} within ${options.timeoutMs} ms`));
        }, options.timeoutMs);
      }
      this.waiters.set(key, [...(this.waiters.get(key) ?? []), waiter]);
    });
  }

  /** waitForVersion for documents as last read (their update times), e.g. after a batch of writes. */
  async waitForDocuments(snapshots: readonly DocumentSnapshot[], options: { trigger?: string; timeoutMs?: number } = {}): Promise<TriggerRun[]> {
    return Promise.all(snapshots.filter((s) => s.exists).map((s) => this.waitForVersion(s.ref.path, s.updateTime!, options)));
  }

  private onlyTrigger(): string {
    if (this.triggers.length !== 1) throw new Error(`name the trigger: ${this.triggers.map((t) => t.name).join(', ')}`);
    return this.triggers[0]!.name;
  }

  /** Resolves when nothing is queued (retries included) or running. Changes not yet reported by the listener are not known. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stats(): DispatcherStats {
    return { ...this.counters, queued: this.queue.length, running: this.running.size };
  }

  /** Detaches the listeners, drops what is queued, waits (up to `graceMs`) for runs in flight. */
  async stop(graceMs = 10_000): Promise<{ dropped: number }> {
    if (this.stopped) return { dropped: 0 };
    this.stopped = true;
    for (const unsubscribe of this.unsubscribers.values()) unsubscribe();
    this.unsubscribers.clear();
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    const dropped = this.queue.splice(0).length;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.inflight]), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    if (timer) clearTimeout(timer);
    for (const [key, waiters] of this.waiters) {
      for (const w of waiters) {
        if (w.timer) clearTimeout(w.timer);
        w.reject(new Error(`the trigger dispatcher stopped before ${key} was covered`));
      }
    }
    this.waiters.clear();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    return { dropped };
  }
}
