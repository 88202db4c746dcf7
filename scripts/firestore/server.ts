/**
 * Embedded Firestore server for tests and the local stack (Node only, no Java).
 *
 * It serves the `google.firestore.v1.Firestore` gRPC service that
 * firebase-admin talks to when `FIRESTORE_EMULATOR_HOST` is set. The service
 * definition and the protobuf codecs are those of `@firestore-emulator/server`
 * (its `@firestore-emulator/proto` package, CommonJS build); request handling
 * and storage are our own, because the package's handlers lose updates under
 * concurrent transactions and miss several write/query semantics.
 *
 * What it does on top of the package: pessimistic transaction locks (see
 * locks.ts), `set()` replacing the document, merges and nested field paths,
 * `FieldValue.delete()`, all field transforms, atomic commits with
 * preconditions, full query semantics incl. collection groups and cursors,
 * aggregations, listDocuments/listCollections, BulkWriter (BatchWrite),
 * recursiveDelete, a basic Listen (onSnapshot) and read/write counters.
 *
 * Not supported: security rules (firebase-admin bypasses them anyway),
 * point-in-time reads (a `readTime` reads the current data), vector search,
 * query explain, the streaming Write RPC. Query locks cover the documents a
 * query returns, not the gaps between them (no phantom protection).
 *
 * See README.md in this folder.
 */
import { Metadata, Server, ServerCredentials, type sendUnaryData, type ServerDuplexStream, type ServerUnaryCall, type ServerWritableStream, type UntypedServiceImplementation } from '@grpc/grpc-js';
import {
  BatchGetDocumentsResponse,
  BatchWriteResponse,
  BeginTransactionResponse,
  CommitResponse,
  ListCollectionIdsResponse,
  ListDocumentsResponse,
  ListenResponse,
  PartitionQueryResponse,
  RunAggregationQueryResponse,
  RunQueryResponse,
  UnimplementedFirestoreService,
  type BatchGetDocumentsRequest,
  type BatchWriteRequest,
  type BeginTransactionRequest,
  type CommitRequest,
  type CreateDocumentRequest,
  type DeleteDocumentRequest,
  type GetDocumentRequest,
  type ListCollectionIdsRequest,
  type ListDocumentsRequest,
  type ListenRequest,
  type PartitionQueryRequest,
  type RollbackRequest,
  type RunAggregationQueryRequest,
  type RunQueryRequest,
  type UpdateDocumentRequest,
  type WriteRequest,
  type WriteResponse,
} from '@firestore-emulator/proto/dist/google/firestore/v1/firestore.js';
import { Document as PDocument } from '@firestore-emulator/proto/dist/google/firestore/v1/document.js';
import type { TransactionOptions } from '@firestore-emulator/proto/dist/google/firestore/v1/common.js';
import { Empty } from '@firestore-emulator/proto/dist/google/protobuf/empty.js';
import { randomBytes } from 'node:crypto';
import { abortedError, LockManager, type Txn, TxnRegistry } from './locks.js';
import {
  applyWrite,
  assertDocumentName,
  assertParentName,
  DocumentStore,
  type FieldRef,
  parsePrecondition,
  parseQuery,
  type ParsedQuery,
  type ParsedWrite,
  parseWrite,
  runQuery,
  type StoredDoc,
  type WriteOutcome,
} from './store.js';
import {
  Code,
  compareNames,
  compareStrings,
  fromProtoFields,
  type FValue,
  getIn,
  isNumber,
  NULL,
  parseFieldPath,
  projectFields,
  RpcError,
  toFieldsObject,
  toValueObject,
  type Ts,
  tsObject,
} from './values.js';

export interface FirestoreServerOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. Use 0.0.0.0 to accept remote clients. */
  host?: string;
  /** How long a transaction waits for a document lock before it is aborted (ABORTED). Default 5000 ms. */
  lockTimeoutMs?: number;
  /** A read-write transaction without any RPC for this long is expired and its locks released. Default 60000 ms. */
  transactionIdleTimeoutMs?: number;
}

export interface FirestoreServerStats {
  /** Documents read, counted the way Firestore bills (see README): 1 per document returned, min 1 per query. */
  reads: number;
  /** Writes applied: 1 per set/update/delete/create in a commit (or BatchWrite). */
  writes: number;
  /** Successful Commit RPCs (transactions and batched/plain writes). */
  commits: number;
  /** Transactions aborted by lock contention (lock wait timeout or deadlock victim). */
  aborted: number;
  /** Lock requests that had to wait for another transaction. */
  lockWaits: number;
}

export interface FirestoreServerHandle {
  readonly host: string;
  readonly port: number;
  /** "127.0.0.1:PORT", the value for FIRESTORE_EMULATOR_HOST. */
  readonly address: string;
  stats(): FirestoreServerStats;
  resetStats(): void;
  /** Deletes all data (or only a project's) and aborts the transactions that touch it. */
  clear(projectId?: string): void;
  /** Number of active transactions and held locks (diagnostics). */
  activity(): { transactions: number; locks: number; listeners: number };
  /** Closes the gRPC server; pending transactions are aborted, listen streams ended. */
  stop(): Promise<void>;
}

type Unary<Req, Res> = (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => void;
type ServerStream<Req, Res> = (call: ServerWritableStream<Req, Res>) => void;

/** Builds a response message from a plain object (the generated `fromObject` types are stricter than needed). */
function make<T>(cls: { fromObject(data: never): T }, data: object): T {
  return (cls.fromObject as unknown as (d: object) => T)(data);
}

function toStatus(err: unknown): RpcError {
  if (err instanceof RpcError) return err;
  console.error('[firestore-server] internal error:', err);
  return new RpcError(Code.UNKNOWN, `Internal error in the embedded Firestore server: ${String((err as Error)?.message ?? err)}`);
}

function unary<Req, Res>(fn: (call: ServerUnaryCall<Req, Res>) => Promise<Res> | Res): Unary<Req, Res> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => fn(call))
      .then(
        (res) => callback(null, res),
        (err) => callback(toStatus(err), null),
      );
  };
}

function serverStream<Req, Res>(fn: (call: ServerWritableStream<Req, Res>) => Promise<void> | void): ServerStream<Req, Res> {
  return (call) => {
    // Send response headers at once, as Firestore does. Without them an error
    // status is a "trailers-only" response, which google-gax treats like a
    // connection failure and silently re-sends (twice, with delays of seconds).
    call.sendMetadata(new Metadata());
    Promise.resolve()
      .then(() => fn(call))
      .then(
        () => {
          if (!call.cancelled) call.end();
        },
        (err) => {
          if (!call.cancelled) call.emit('error', toStatus(err));
        },
      );
  };
}

class Clock {
  private lastMicros = 0;

  /** Strictly increasing commit timestamps (microsecond resolution), so update times are unique. */
  commitTime(): Ts {
    const micros = Math.max(Date.now() * 1000, this.lastMicros + 1);
    this.lastMicros = micros;
    return Clock.toTs(micros);
  }

  readTime(): Ts {
    return Clock.toTs(Math.max(Date.now() * 1000, this.lastMicros));
  }

  private static toTs(micros: number): Ts {
    const seconds = Math.floor(micros / 1_000_000);
    return { seconds, nanos: (micros - seconds * 1_000_000) * 1000 };
  }
}

function docObject(doc: StoredDoc, mask?: readonly FieldRef[]): object {
  return {
    name: doc.name,
    fields: toFieldsObject(mask ? projectFields(doc.fields, mask) : doc.fields),
    create_time: tsObject(doc.createTime),
    update_time: tsObject(doc.updateTime),
  };
}

function maskOf(req: { has_mask: boolean; mask: { field_paths: string[] } }): FieldRef[] | undefined {
  return req.has_mask ? req.mask.field_paths.map(parseFieldPath) : undefined;
}

/** A transaction aborted (or expired) while the request waited for its locks fails the request. */
function assertStillActive(txn: Txn | undefined): void {
  if (txn && txn.state !== 'active') throw abortedError(txn);
}

const zeroStats = (): FirestoreServerStats => ({ reads: 0, writes: 0, commits: 0, aborted: 0, lockWaits: 0 });

function tsKey(t: Ts): string {
  return `${t.seconds}.${t.nanos}`;
}

interface ListenTarget {
  readonly id: number;
  readonly names: readonly string[] | undefined;
  readonly parent: string;
  readonly query: ParsedQuery | undefined;
  /** document name -> update time sent to the client */
  readonly sent: Map<string, string>;
}

interface ListenStream {
  readonly call: ServerDuplexStream<ListenRequest, ListenResponse>;
  readonly targets: Map<number, ListenTarget>;
}

export class EmbeddedFirestore {
  readonly store = new DocumentStore();
  readonly locks: LockManager;
  readonly txns: TxnRegistry;
  private readonly clock = new Clock();
  private counters = zeroStats();
  private readonly listeners = new Set<ListenStream>();
  private listenFlushScheduled = false;
  private stopped = false;

  constructor(options: { lockTimeoutMs: number; transactionIdleTimeoutMs: number }) {
    this.locks = new LockManager({
      lockTimeoutMs: options.lockTimeoutMs,
      onAbort: (_txn, _reason, contention) => {
        if (contention) this.counters.aborted++;
      },
      onWait: () => {
        this.counters.lockWaits++;
      },
    });
    this.txns = new TxnRegistry(this.locks, options.transactionIdleTimeoutMs);
  }

  stats(): FirestoreServerStats {
    return { ...this.counters };
  }

  resetStats(): void {
    this.counters = zeroStats();
  }

  clear(projectId?: string): void {
    const prefix = projectId === undefined ? undefined : `projects/${projectId}/`;
    for (const txn of this.txns.active()) {
      if (prefix === undefined || [...txn.locks].some((k) => k.startsWith(prefix))) {
        this.locks.abort(txn, 'Transaction aborted because the server data was cleared', false);
      }
    }
    this.store.clear(prefix);
    this.scheduleListenFlush();
  }

  shutdown(): void {
    this.stopped = true;
    this.txns.abortAll('The Firestore server is shutting down');
    for (const l of this.listeners) {
      if (!l.call.cancelled) l.call.end();
    }
    this.listeners.clear();
  }

  listenerCount(): number {
    return this.listeners.size;
  }

  // -------------------------------------------------------------------------
  // Transactions

  private beginFromOptions(options: TransactionOptions | undefined): Txn {
    const readOnly = options?.has_read_only ?? false;
    const retryOf = options?.has_read_write ? options.read_write.retry_transaction : undefined;
    return this.txns.begin({ readOnly, retryOf });
  }

  /** Resolves the transaction of a read request. `created` is set when the request starts it. */
  private readTxn(req: {
    consistency_selector: string;
    transaction: Uint8Array;
    new_transaction?: TransactionOptions;
  }): { txn: Txn | undefined; created: boolean } {
    if (req.consistency_selector === 'transaction') return { txn: this.txns.require(req.transaction), created: false };
    if (req.consistency_selector === 'new_transaction') return { txn: this.beginFromOptions(req.new_transaction), created: true };
    return { txn: undefined, created: false };
  }

  /**
   * Locks `names` for a read-write transaction. If the client gives up while
   * waiting and the transaction was started by this very request (so the
   * client never learns its id), the transaction is aborted.
   */
  private async lockForRead(
    txn: Txn | undefined,
    created: boolean,
    names: Iterable<string>,
    call: { on(event: 'cancelled', l: () => void): unknown; removeListener(event: 'cancelled', l: () => void): unknown },
  ): Promise<void> {
    if (!txn || txn.readOnly) return;
    const onCancel = () => {
      if (created) this.locks.abort(txn, 'The request that started this transaction was cancelled', false);
    };
    call.on('cancelled', onCancel);
    try {
      await this.locks.acquireAll(txn, names);
    } finally {
      call.removeListener('cancelled', onCancel);
      txn.touch();
    }
  }

  /** Runs a query; inside a read-write transaction the result documents are locked. */
  private async queryWithLocks(
    parent: string,
    query: ParsedQuery,
    txn: Txn | undefined,
    created: boolean,
    call: Parameters<EmbeddedFirestore['lockForRead']>[3],
  ): Promise<StoredDoc[]> {
    let docs = runQuery(this.store, parent, query);
    if (!txn || txn.readOnly) return docs;
    for (let attempt = 0; attempt < 10; attempt++) {
      const missing = docs.map((d) => d.name).filter((n) => !txn.locks.has(n));
      if (missing.length === 0) break;
      await this.lockForRead(txn, created, missing, call);
      // Results may have changed while waiting for the locks: run it again.
      docs = runQuery(this.store, parent, query);
    }
    return docs;
  }

  // -------------------------------------------------------------------------
  // Writes

  /** Applies writes atomically: either all of them or, on the first failed precondition, none. */
  private applyWrites(writes: readonly ParsedWrite[]): { commitTime: Ts; outcomes: WriteOutcome[] } {
    const commitTime = this.clock.commitTime();
    const staged = new Map<string, StoredDoc | undefined>();
    const outcomes: WriteOutcome[] = [];
    for (const w of writes) {
      const current = staged.has(w.name) ? staged.get(w.name) : this.store.get(w.name);
      const outcome = applyWrite(current, w, commitTime);
      staged.set(w.name, outcome.doc);
      outcomes.push(outcome);
    }
    for (const [name, doc] of staged) {
      if (doc) this.store.put(doc);
      else this.store.remove(name);
    }
    this.counters.writes += writes.length;
    if (staged.size > 0) this.scheduleListenFlush();
    return { commitTime, outcomes };
  }

  /** Commit: transactional (`txnId` non-empty) or a plain atomic batch. */
  async commit(writes: readonly ParsedWrite[], txnId: Uint8Array): Promise<{ commitTime: Ts; outcomes: WriteOutcome[] }> {
    let txn: Txn;
    if (txnId.length > 0) {
      txn = this.txns.require(txnId);
      if (txn.readOnly && writes.length > 0) {
        throw new RpcError(Code.INVALID_ARGUMENT, 'Cannot modify entities in a read-only transaction.');
      }
    } else {
      txn = this.txns.begin({ readOnly: false, implicit: true });
    }
    try {
      await this.locks.acquireAll(txn, writes.map((w) => w.name));
      const result = this.applyWrites(writes);
      this.locks.finish(txn, 'committed');
      this.counters.commits++;
      return result;
    } catch (err) {
      // A failed commit ends the transaction (Firestore does the same).
      if (txn.state === 'active') this.locks.finish(txn, 'rolledback');
      throw err;
    } finally {
      if (txn.implicit) this.txns.forget(txn);
    }
  }

  private static writeResult(commitTime: Ts, outcome: WriteOutcome): object {
    return { update_time: tsObject(commitTime), transform_results: outcome.transformResults.map(toValueObject) };
  }

  // -------------------------------------------------------------------------
  // Listen (onSnapshot)

  private scheduleListenFlush(): void {
    if (this.listenFlushScheduled || this.listeners.size === 0) return;
    this.listenFlushScheduled = true;
    setImmediate(() => {
      this.listenFlushScheduled = false;
      for (const l of this.listeners) this.refreshListener(l, false);
    });
  }

  private targetDocs(t: ListenTarget): StoredDoc[] {
    if (t.names) return t.names.map((n) => this.store.get(n)).filter((d): d is StoredDoc => d !== undefined);
    return runQuery(this.store, t.parent, t.query!);
  }

  /** Sends the differences of every target since the last refresh, then a global NO_CHANGE snapshot marker. */
  private refreshListener(l: ListenStream, force: boolean): void {
    if (l.call.cancelled || this.stopped) return;
    let changed = force;
    for (const t of l.targets.values()) {
      let docs: StoredDoc[];
      try {
        docs = this.targetDocs(t);
      } catch {
        continue;
      }
      const now = new Set<string>();
      for (const doc of docs) {
        now.add(doc.name);
        const key = tsKey(doc.updateTime);
        if (t.sent.get(doc.name) === key) continue;
        t.sent.set(doc.name, key);
        changed = true;
        this.counters.reads++;
        const mask = t.query?.select;
        l.call.write(make(ListenResponse, { document_change: { document: docObject(doc, mask), target_ids: [t.id], removed_target_ids: [] } }));
      }
      for (const name of [...t.sent.keys()]) {
        if (now.has(name)) continue;
        t.sent.delete(name);
        changed = true;
        const readTime = tsObject(this.clock.readTime());
        l.call.write(
          make(
            ListenResponse,
            t.names
              ? { document_delete: { document: name, removed_target_ids: [t.id], read_time: readTime } }
              : { document_remove: { document: name, removed_target_ids: [t.id], read_time: readTime } },
          ),
        );
      }
    }
    if (changed) {
      l.call.write(make(ListenResponse, { target_change: { target_change_type: 0, target_ids: [], read_time: tsObject(this.clock.readTime()) } }));
    }
  }

  private onListenRequest(l: ListenStream, req: ListenRequest): void {
    if (req.has_remove_target) {
      l.targets.delete(req.remove_target);
      l.call.write(make(ListenResponse, { target_change: { target_change_type: 2, target_ids: [req.remove_target] } }));
      return;
    }
    if (!req.has_add_target) return;
    const target = req.add_target;
    let t: ListenTarget;
    try {
      if (target.has_documents) {
        target.documents.documents.forEach(assertDocumentName);
        t = { id: target.target_id, names: [...target.documents.documents], parent: '', query: undefined, sent: new Map() };
      } else if (target.has_query) {
        assertParentName(target.query.parent);
        t = { id: target.target_id, names: undefined, parent: target.query.parent, query: parseQuery(target.query.structured_query), sent: new Map() };
      } else {
        throw new RpcError(Code.INVALID_ARGUMENT, 'Listen target without documents or query');
      }
    } catch (err) {
      const status = toStatus(err);
      l.call.write(
        make(ListenResponse, {
          target_change: { target_change_type: 2, target_ids: [target.target_id], cause: { code: status.code, message: status.details } },
        }),
      );
      return;
    }
    l.targets.set(t.id, t);
    l.call.write(make(ListenResponse, { target_change: { target_change_type: 1, target_ids: [t.id] } }));
    for (const doc of this.targetDocs(t)) {
      t.sent.set(doc.name, tsKey(doc.updateTime));
      this.counters.reads++;
      l.call.write(make(ListenResponse, { document_change: { document: docObject(doc, t.query?.select), target_ids: [t.id], removed_target_ids: [] } }));
    }
    l.call.write(
      make(ListenResponse, {
        target_change: { target_change_type: 3, target_ids: [t.id], resume_token: randomBytes(8), read_time: tsObject(this.clock.readTime()) },
      }),
    );
    this.refreshListener(l, true);
  }

  // -------------------------------------------------------------------------
  // gRPC service

  service(): UntypedServiceImplementation {
    const GetDocument = unary<GetDocumentRequest, PDocument>((call) => {
      const req = call.request;
      assertDocumentName(req.name);
      if (req.consistency_selector === 'transaction') this.txns.require(req.transaction);
      const doc = this.store.get(req.name);
      this.counters.reads++;
      if (!doc) throw new RpcError(Code.NOT_FOUND, `Document "${req.name}" not found`);
      return make(PDocument, docObject(doc, maskOf(req)));
    });

    const BatchGetDocuments = serverStream<BatchGetDocumentsRequest, BatchGetDocumentsResponse>(async (call) => {
      const req = call.request;
      const names = [...req.documents];
      names.forEach(assertDocumentName);
      const mask = maskOf(req);
      const { txn, created } = this.readTxn(req);
      await this.lockForRead(txn, created, names, call);
      assertStillActive(txn);
      const readTime = tsObject(this.clock.readTime());
      let first = true;
      for (const name of names) {
        const doc = this.store.get(name);
        this.counters.reads++;
        const msg: Record<string, unknown> = doc ? { found: docObject(doc, mask), read_time: readTime } : { missing: name, read_time: readTime };
        if (first && created) msg['transaction'] = txn!.id;
        first = false;
        call.write(make(BatchGetDocumentsResponse, msg));
      }
      if (names.length === 0 && created) call.write(make(BatchGetDocumentsResponse, { transaction: txn!.id, read_time: readTime }));
    });

    const BeginTransaction = unary<BeginTransactionRequest, BeginTransactionResponse>((call) => {
      const txn = this.beginFromOptions(call.request.has_options ? call.request.options : undefined);
      return make(BeginTransactionResponse, { transaction: txn.id });
    });

    const Commit = unary<CommitRequest, CommitResponse>(async (call) => {
      let writes: ParsedWrite[];
      try {
        writes = call.request.writes.map(parseWrite);
      } catch (err) {
        // An invalid commit still ends its transaction.
        const txn = call.request.transaction.length > 0 ? this.txns.get(call.request.transaction) : undefined;
        if (txn && txn.state === 'active') this.locks.finish(txn, 'rolledback');
        throw err;
      }
      const { commitTime, outcomes } = await this.commit(writes, call.request.transaction);
      return make(CommitResponse, {
        commit_time: tsObject(commitTime),
        write_results: outcomes.map((o) => EmbeddedFirestore.writeResult(commitTime, o)),
      });
    });

    const Rollback = unary<RollbackRequest, Empty>((call) => {
      const txn = this.txns.get(call.request.transaction);
      if (txn && txn.state === 'active') this.locks.finish(txn, 'rolledback');
      return new Empty();
    });

    const RunQuery = serverStream<RunQueryRequest, RunQueryResponse>(async (call) => {
      const req = call.request;
      if (req.has_explain_options) throw new RpcError(Code.UNIMPLEMENTED, 'Query explain is not supported by the embedded Firestore server');
      const query = parseQuery(req.structured_query);
      const { txn, created } = this.readTxn(req);
      const docs = await this.queryWithLocks(req.parent, query, txn, created, call);
      assertStillActive(txn);
      const readTime = tsObject(this.clock.readTime());
      this.counters.reads += Math.max(1, docs.length);
      if (docs.length === 0) {
        call.write(make(RunQueryResponse, created ? { transaction: txn!.id, read_time: readTime } : { read_time: readTime }));
        return;
      }
      docs.forEach((doc, i) => {
        const msg: Record<string, unknown> = { document: docObject(doc, query.select), read_time: readTime };
        if (i === 0 && created) msg['transaction'] = txn!.id;
        call.write(make(RunQueryResponse, msg));
      });
    });

    const RunAggregationQuery = serverStream<RunAggregationQueryRequest, RunAggregationQueryResponse>(async (call) => {
      const req = call.request;
      if (req.has_explain_options) throw new RpcError(Code.UNIMPLEMENTED, 'Query explain is not supported by the embedded Firestore server');
      const saq = req.structured_aggregation_query;
      const query = parseQuery(saq.structured_query);
      const { txn, created } = this.readTxn(req);
      const docs = await this.queryWithLocks(req.parent, query, txn, created, call);
      assertStillActive(txn);
      this.counters.reads += Math.max(1, Math.ceil(docs.length / 1000));
      const fields: Record<string, object> = {};
      for (const agg of saq.aggregations) {
        let value: FValue;
        if (agg.has_count) {
          const upTo = agg.count.has_up_to ? Number(agg.count.up_to.value) : Infinity;
          value = { kind: 'integer', value: Math.min(docs.length, upTo) };
        } else if (agg.has_sum || agg.has_avg) {
          const path = parseFieldPath(agg.has_sum ? agg.sum.field.field_path : agg.avg.field.field_path);
          const nums = docs.map((d) => getIn(d.fields, path)).filter(isNumber);
          const sum = nums.reduce((s, v) => s + v.value, 0);
          if (agg.has_avg) value = nums.length === 0 ? NULL : { kind: 'double', value: sum / nums.length };
          else if (nums.every((v) => v.kind === 'integer') && Number.isSafeInteger(sum)) value = { kind: 'integer', value: sum };
          else value = { kind: 'double', value: sum };
        } else {
          throw new RpcError(Code.INVALID_ARGUMENT, 'Unknown aggregation');
        }
        Object.defineProperty(fields, agg.alias, { value: toValueObject(value), enumerable: true });
      }
      const msg: Record<string, unknown> = { result: { aggregate_fields: fields }, read_time: tsObject(this.clock.readTime()) };
      if (created) msg['transaction'] = txn!.id;
      call.write(make(RunAggregationQueryResponse, msg));
    });

    const ListDocuments = unary<ListDocumentsRequest, ListDocumentsResponse>((call) => {
      const req = call.request;
      assertParentName(req.parent);
      if (!req.collection_id) throw new RpcError(Code.INVALID_ARGUMENT, 'collection_id is required');
      const mask = maskOf(req);
      let entries = this.store.listDocuments(`${req.parent}/${req.collection_id}`, req.show_missing);
      if (req.page_token) entries = entries.filter((e) => compareNames(e.name, req.page_token) > 0);
      const more = req.page_size > 0 && entries.length > req.page_size;
      if (req.page_size > 0) entries = entries.slice(0, req.page_size);
      this.counters.reads += Math.max(1, entries.length);
      return make(ListDocumentsResponse, {
        documents: entries.map((e) => (e.doc ? docObject(e.doc, mask) : { name: e.name })),
        next_page_token: more ? entries[entries.length - 1]!.name : '',
      });
    });

    const ListCollectionIds = unary<ListCollectionIdsRequest, ListCollectionIdsResponse>((call) => {
      const req = call.request;
      assertParentName(req.parent);
      let ids = this.store.listCollectionIds(req.parent);
      if (req.page_token) ids = ids.filter((id) => compareStrings(id, req.page_token) > 0);
      const more = req.page_size > 0 && ids.length > req.page_size;
      if (req.page_size > 0) ids = ids.slice(0, req.page_size);
      this.counters.reads += 1;
      return make(ListCollectionIdsResponse, { collection_ids: ids, next_page_token: more ? ids[ids.length - 1]! : '' });
    });

    const BatchWrite = unary<BatchWriteRequest, BatchWriteResponse>(async (call) => {
      const results: object[] = [];
      const status: object[] = [];
      // Non-atomic: each write is applied (and may fail) on its own.
      for (const w of call.request.writes) {
        try {
          const { commitTime, outcomes } = await this.commit([parseWrite(w)], new Uint8Array());
          results.push(EmbeddedFirestore.writeResult(commitTime, outcomes[0]!));
          status.push({ code: Code.OK });
        } catch (err) {
          const s = toStatus(err);
          results.push({});
          status.push({ code: s.code, message: s.details });
        }
      }
      return make(BatchWriteResponse, { write_results: results, status });
    });

    const singleWrite = async (write: ParsedWrite): Promise<WriteOutcome> => {
      const { outcomes } = await this.commit([write], new Uint8Array());
      return outcomes[0]!;
    };

    const CreateDocument = unary<CreateDocumentRequest, PDocument>(async (call) => {
      const req = call.request;
      assertParentName(req.parent);
      const id = req.document_id || randomBytes(15).toString('base64url').slice(0, 20);
      const name = `${req.parent}/${req.collection_id}/${id}`;
      assertDocumentName(name);
      const outcome = await singleWrite({
        name,
        op: 'update',
        fields: fromProtoFields(req.document.fields),
        mask: undefined,
        transforms: [],
        precondition: { exists: false },
      });
      return make(PDocument, docObject(outcome.doc!, maskOf(req)));
    });

    const UpdateDocument = unary<UpdateDocumentRequest, PDocument>(async (call) => {
      const req = call.request;
      assertDocumentName(req.document.name);
      const outcome = await singleWrite({
        name: req.document.name,
        op: 'update',
        fields: fromProtoFields(req.document.fields),
        mask: req.has_update_mask ? req.update_mask.field_paths.map(parseFieldPath) : undefined,
        transforms: [],
        precondition: parsePrecondition(req.has_current_document ? req.current_document : undefined),
      });
      return make(PDocument, docObject(outcome.doc!, maskOf(req)));
    });

    const DeleteDocument = unary<DeleteDocumentRequest, Empty>(async (call) => {
      const req = call.request;
      assertDocumentName(req.name);
      await singleWrite({
        name: req.name,
        op: 'delete',
        fields: new Map(),
        mask: undefined,
        transforms: [],
        precondition: parsePrecondition(req.has_current_document ? req.current_document : undefined),
      });
      return new Empty();
    });

    const PartitionQuery = unary<PartitionQueryRequest, PartitionQueryResponse>(() =>
      // No split points: the whole query is one partition.
      make(PartitionQueryResponse, { partitions: [], next_page_token: '' }),
    );

    const Write = (call: ServerDuplexStream<WriteRequest, WriteResponse>) => {
      call.emit('error', new RpcError(Code.UNIMPLEMENTED, 'The streaming Write RPC is not supported; use Commit'));
    };

    const Listen = (call: ServerDuplexStream<ListenRequest, ListenResponse>) => {
      if (this.stopped) {
        call.end();
        return;
      }
      const l: ListenStream = { call, targets: new Map() };
      this.listeners.add(l);
      const close = () => {
        this.listeners.delete(l);
      };
      call.on('data', (req: ListenRequest) => {
        try {
          this.onListenRequest(l, req);
        } catch (err) {
          close();
          call.emit('error', toStatus(err));
        }
      });
      call.on('end', () => {
        close();
        call.end();
      });
      call.on('cancelled', close);
      call.on('error', close);
    };

    return {
      GetDocument,
      ListDocuments,
      UpdateDocument,
      DeleteDocument,
      BatchGetDocuments,
      BeginTransaction,
      Commit,
      Rollback,
      RunQuery,
      RunAggregationQuery,
      PartitionQuery,
      Write,
      Listen,
      ListCollectionIds,
      BatchWrite,
      CreateDocument,
    } as unknown as UntypedServiceImplementation;
  }
}

/**
 * Starts the embedded Firestore server. Point firebase-admin at it with
 * `process.env.FIRESTORE_EMULATOR_HOST = handle.address` before the first
 * `getFirestore()`.
 */
export async function startFirestoreServer(options: FirestoreServerOptions = {}): Promise<FirestoreServerHandle> {
  const host = options.host ?? '127.0.0.1';
  const lockTimeoutMs = options.lockTimeoutMs ?? 5000;
  const transactionIdleTimeoutMs = options.transactionIdleTimeoutMs ?? 60_000;
  const engine = new EmbeddedFirestore({ lockTimeoutMs, transactionIdleTimeoutMs });
  const server = new Server({
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    'grpc.max_send_message_length': 64 * 1024 * 1024,
  });
  server.addService(UnimplementedFirestoreService.definition, engine.service());
  const bindHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${bindHost}:${options.port ?? 0}`, ServerCredentials.createInsecure(), (err, boundPort) => {
      if (err) reject(err);
      else resolve(boundPort);
    });
  });
  const sweeper = setInterval(() => engine.txns.sweep(), Math.max(50, Math.min(1000, transactionIdleTimeoutMs / 4)));
  sweeper.unref();
  let stopping: Promise<void> | undefined;

  return {
    host,
    port,
    address: `${bindHost}:${port}`,
    stats: () => engine.stats(),
    resetStats: () => engine.resetStats(),
    clear: (projectId?: string) => engine.clear(projectId),
    activity: () => ({
      transactions: engine.txns.active().length,
      locks: engine.locks.lockCount,
      listeners: engine.listenerCount(),
    }),
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        clearInterval(sweeper);
        engine.shutdown();
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 2000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
      return stopping;
    },
  };
}
