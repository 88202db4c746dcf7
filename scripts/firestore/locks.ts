/**
 * Pessimistic document locks for the embedded Firestore server, the way the
 * Firestore backend runs read-write transactions:
 *
 * - every document a read-write transaction reads (or writes) is locked
 *   exclusively until the transaction commits, rolls back, is aborted or
 *   expires;
 * - a request for a lock held by someone else waits in a FIFO queue;
 * - a wait longer than `lockTimeoutMs` aborts the waiting transaction
 *   (gRPC ABORTED, which firebase-admin retries);
 * - a wait that would close a cycle in the waits-for graph (a deadlock)
 *   aborts one transaction of the cycle at once: the youngest real
 *   transaction (implicit ones, used by non-transactional commits, are
 *   spared when possible);
 * - an aborted transaction releases all of its locks immediately.
 */
import { randomBytes } from 'node:crypto';
import { Code, compareNames, RpcError } from './values.js';

export type TxnState = 'active' | 'committed' | 'rolledback' | 'aborted';

interface Waiter {
  readonly txn: Txn;
  readonly key: string;
  readonly resolve: () => void;
  readonly reject: (err: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export class Txn {
  state: TxnState = 'active';
  abortReason = '';
  readonly locks = new Set<string>();
  readonly waits = new Set<Waiter>();
  lastActive = Date.now();
  finishedAt = 0;

  constructor(
    /** 24 hex characters; the wire id is the bytes of this string. */
    readonly key: string,
    readonly seq: number,
    /** Lower = older = preferred survivor in a deadlock; retries inherit it. */
    readonly priority: number,
    readonly readOnly: boolean,
    /** A pseudo-transaction that guards a non-transactional commit. */
    readonly implicit: boolean,
  ) {}

  get id(): Uint8Array {
    return Buffer.from(this.key, 'hex');
  }

  touch(): void {
    this.lastActive = Date.now();
  }
}

export function abortedError(txn: Txn): RpcError {
  return new RpcError(Code.ABORTED, txn.abortReason || 'Transaction is no longer active');
}

export interface LockManagerOptions {
  lockTimeoutMs: number;
  /** `contention` is true for lock timeouts and deadlock victims. */
  onAbort?: (txn: Txn, reason: string, contention: boolean) => void;
  /** Called whenever a lock request has to wait. */
  onWait?: (txn: Txn, key: string) => void;
}

export class LockManager {
  private readonly table = new Map<string, { holder: Txn; queue: Waiter[] }>();

  constructor(private readonly options: LockManagerOptions) {}

  /** Locks currently held (for diagnostics and tests). */
  get lockCount(): number {
    return this.table.size;
  }

  /**
   * Acquires the locks one by one in name order; resolves when all are held,
   * rejects with ABORTED when the transaction is aborted while waiting.
   */
  async acquireAll(txn: Txn, keys: Iterable<string>): Promise<void> {
    const sorted = [...new Set(keys)].sort(compareNames);
    for (const key of sorted) {
      const wait = this.acquire(txn, key);
      if (wait) await wait;
    }
  }

  /** Returns undefined when the lock was granted at once, else a promise for it. */
  acquire(txn: Txn, key: string): Promise<void> | undefined {
    if (txn.state !== 'active') throw abortedError(txn);
    const entry = this.table.get(key);
    if (!entry) {
      this.table.set(key, { holder: txn, queue: [] });
      txn.locks.add(key);
      return undefined;
    }
    if (entry.holder === txn) return undefined;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        txn,
        key,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.abort(
            txn,
            `Transaction lock timeout: waited more than ${this.options.lockTimeoutMs} ms for ${key}, held by another transaction`,
          );
        }, this.options.lockTimeoutMs),
      };
      entry.queue.push(waiter);
      txn.waits.add(waiter);
      this.options.onWait?.(txn, key);
      this.resolveDeadlock(txn);
    });
  }

  /** Ends a transaction normally and releases its locks. */
  finish(txn: Txn, state: 'committed' | 'rolledback'): void {
    if (txn.state !== 'active') return;
    txn.state = state;
    txn.finishedAt = Date.now();
    this.dropWaits(txn, new RpcError(Code.ABORTED, `Transaction ${state === 'committed' ? 'committed' : 'rolled back'}`));
    this.releaseAll(txn);
  }

  /** Aborts a transaction: pending lock waits fail with ABORTED, held locks are released. */
  abort(txn: Txn, reason: string, contention = true): void {
    if (txn.state !== 'active') return;
    txn.state = 'aborted';
    txn.abortReason = reason;
    txn.finishedAt = Date.now();
    this.dropWaits(txn, abortedError(txn));
    this.releaseAll(txn);
    this.options.onAbort?.(txn, reason, contention);
  }

  private dropWaits(txn: Txn, err: Error): void {
    for (const w of txn.waits) {
      clearTimeout(w.timer);
      const entry = this.table.get(w.key);
      if (entry) {
        const i = entry.queue.indexOf(w);
        if (i >= 0) entry.queue.splice(i, 1);
      }
      w.reject(err);
    }
    txn.waits.clear();
  }

  private releaseAll(txn: Txn): void {
    for (const key of txn.locks) {
      const entry = this.table.get(key);
      if (!entry || entry.holder !== txn) continue;
      const next = entry.queue.shift();
      if (!next) {
        this.table.delete(key);
        continue;
      }
      entry.holder = next.txn;
      // The new holder may have several reads of this document queued.
      const granted = [next, ...entry.queue.filter((w) => w.txn === next.txn)];
      entry.queue = entry.queue.filter((w) => w.txn !== next.txn);
      next.txn.locks.add(key);
      for (const w of granted) {
        clearTimeout(w.timer);
        next.txn.waits.delete(w);
        w.resolve();
      }
    }
    txn.locks.clear();
  }

  /**
   * Transactions `txn` waits for: the lock holder and whoever is queued ahead
   * of it. The nearest other transaction ahead suffices: it waits in turn for
   * the ones ahead of it, so the graph stays linear in the queue length.
   */
  private waitsFor(txn: Txn): Txn[] {
    const out: Txn[] = [];
    for (const w of txn.waits) {
      const entry = this.table.get(w.key);
      if (!entry) continue;
      if (entry.holder !== txn) out.push(entry.holder);
      let ahead: Txn | undefined;
      for (const q of entry.queue) {
        if (q === w) break;
        if (q.txn !== txn) ahead = q.txn;
      }
      if (ahead) out.push(ahead);
    }
    return out;
  }

  /**
   * The graph had no cycle before `start` started to wait, so any cycle now
   * runs through `start`. Aborts victims until no cycle remains.
   */
  private resolveDeadlock(start: Txn): void {
    for (;;) {
      const cycle = this.findCycle(start);
      if (!cycle) return;
      const candidates = cycle.some((t) => !t.implicit) ? cycle.filter((t) => !t.implicit) : cycle;
      let victim = candidates[0]!;
      for (const t of candidates) {
        if (t.priority > victim.priority || (t.priority === victim.priority && t.seq > victim.seq)) victim = t;
      }
      this.abort(victim, 'Transaction aborted to break a deadlock (contention with another transaction); retry it');
      if (victim === start) return;
    }
  }

  private findCycle(start: Txn): Txn[] | undefined {
    const parent = new Map<Txn, Txn>();
    const stack: Txn[] = [start];
    const visited = new Set<Txn>([start]);
    while (stack.length > 0) {
      const t = stack.pop()!;
      for (const next of this.waitsFor(t)) {
        if (next === start) {
          const cycle = [t];
          let p = t;
          while (p !== start) {
            p = parent.get(p)!;
            cycle.push(p);
          }
          return cycle;
        }
        if (!visited.has(next)) {
          visited.add(next);
          parent.set(next, t);
          stack.push(next);
        }
      }
    }
    return undefined;
  }
}

/** Registry of transactions by id, with idle expiry and pruning of finished ones. */
export class TxnRegistry {
  private readonly txns = new Map<string, Txn>();
  private seq = 0;
  private readonly prefix = randomBytes(4).toString('hex');

  constructor(
    readonly locks: LockManager,
    private readonly idleTimeoutMs: number,
  ) {}

  begin(options: { readOnly: boolean; retryOf?: Uint8Array | undefined; implicit?: boolean }): Txn {
    const seq = ++this.seq;
    const key = this.prefix + seq.toString(16).padStart(16, '0');
    const previous = options.retryOf && options.retryOf.length > 0 ? this.get(options.retryOf) : undefined;
    const txn = new Txn(key, seq, previous ? previous.priority : seq, options.readOnly, options.implicit ?? false);
    this.txns.set(key, txn);
    return txn;
  }

  /** Drops a finished transaction from the registry (implicit ones need no memory). */
  forget(txn: Txn): void {
    this.txns.delete(txn.key);
  }

  get(id: Uint8Array): Txn | undefined {
    const txn = this.txns.get(Buffer.from(id).toString('hex'));
    return txn && !txn.implicit ? txn : undefined;
  }

  /** Looks up an active transaction for a request, or throws the status Firestore would return. */
  require(id: Uint8Array): Txn {
    const txn = this.get(id);
    if (!txn) {
      throw new RpcError(Code.INVALID_ARGUMENT, 'The referenced transaction has expired or is no longer valid (transaction has expired).');
    }
    if (txn.state !== 'active') {
      if (txn.state === 'aborted') throw abortedError(txn);
      throw new RpcError(Code.INVALID_ARGUMENT, `The referenced transaction has already ${txn.state === 'committed' ? 'committed' : 'rolled back'} (transaction has expired).`);
    }
    txn.touch();
    return txn;
  }

  active(): Txn[] {
    return [...this.txns.values()].filter((t) => t.state === 'active');
  }

  /** Expires idle transactions (client gone) and forgets long-finished ones. */
  sweep(now = Date.now()): void {
    for (const [key, txn] of this.txns) {
      if (txn.state === 'active') {
        if (!txn.implicit && txn.waits.size === 0 && now - txn.lastActive > this.idleTimeoutMs) {
          if (txn.readOnly) this.locks.finish(txn, 'rolledback');
          else this.locks.abort(txn, `Transaction expired after ${this.idleTimeoutMs} ms without activity (transaction has expired)`, false);
        }
      } else if (now - txn.finishedAt > Math.max(60_000, this.idleTimeoutMs)) {
        this.txns.delete(key);
      }
    }
  }

  /** Aborts every active transaction (used by clear() and stop()). */
  abortAll(reason: string): void {
    for (const txn of this.active()) this.locks.abort(txn, reason, false);
  }
}
