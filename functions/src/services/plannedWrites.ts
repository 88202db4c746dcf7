import type { DocumentData, DocumentReference, Firestore, Transaction, WithFieldValue } from 'firebase-admin/firestore';
import { requireFitsOneTransaction, writeBytes } from '@competition/engine';

/** What writes documents: a transaction, or a plan of writes not yet made. */
export interface DocumentWriter {
  create<T>(ref: DocumentReference<T>, data: WithFieldValue<T>): unknown;
  set<T>(ref: DocumentReference<T>, data: WithFieldValue<T>): unknown;
}

interface Planned {
  kind: 'create' | 'set' | 'delete';
  ref: DocumentReference<unknown>;
  data: unknown;
}

/**
 * The writes of one transaction, gathered before they are made so that their size can be checked first: a
 * transaction larger than Firestore takes is refused, with a message that says why, before anything is written.
 */
export class PlannedWrites implements DocumentWriter {
  private readonly writes: Planned[] = [];

  create<T>(ref: DocumentReference<T>, data: WithFieldValue<T>): this {
    this.writes.push({ kind: 'create', ref, data });
    return this;
  }

  set<T>(ref: DocumentReference<T>, data: WithFieldValue<T>): this {
    this.writes.push({ kind: 'set', ref, data });
    return this;
  }

  delete(ref: DocumentReference<unknown>): this {
    this.writes.push({ kind: 'delete', ref, data: null });
    return this;
  }

  get count(): number {
    return this.writes.length;
  }

  /** The commit's estimated size (domain/common/documentSize.ts). */
  bytes(): number {
    const data = (w: Planned) => (w.kind === 'delete' ? null : (w.data as DocumentData));
    return this.writes.reduce((sum, w) => sum + writeBytes(w.ref.path, data(w)), 0);
  }

  /** Refuses (invalid-argument, nothing written) a plan one transaction cannot carry. */
  requireFitsOneTransaction(what: string, instead: string): this {
    requireFitsOneTransaction(this.bytes(), what, instead);
    return this;
  }

  /** Makes the planned writes, in order, in the transaction (after all of its reads). */
  commitIn(tx: Transaction): void {
    for (const { kind, ref, data } of this.writes) {
      if (kind === 'create') tx.create(ref, data);
      else if (kind === 'set') tx.set(ref, data);
      else tx.delete(ref);
    }
  }

  /**
   * The writes cut, in order, into plans of at most `bytes` each (a write larger than that alone makes one plan):
   * what a change too large for one transaction commits one part at a time.
   */
  inCommitsOf(bytes: number): PlannedWrites[] {
    const parts: PlannedWrites[] = [];
    let part = new PlannedWrites();
    let size = 0;
    for (const write of this.writes) {
      const writeSize = writeBytes(write.ref.path, write.kind === 'delete' ? null : (write.data as DocumentData));
      if (part.count > 0 && size + writeSize > bytes) {
        parts.push(part);
        part = new PlannedWrites();
        size = 0;
      }
      part.writes.push(write);
      size += writeSize;
    }
    if (part.count > 0) parts.push(part);
    return parts;
  }

  /** The deletion of every document this plan writes: what undoes it. */
  undoing(): PlannedWrites {
    const undo = new PlannedWrites();
    for (const { ref } of this.writes) undo.delete(ref);
    return undo;
  }

  /** Makes the planned writes in one batch: for writes that need no read first. */
  async commit(db: Firestore): Promise<void> {
    const batch = db.batch();
    for (const { kind, ref, data } of this.writes) {
      if (kind === 'create') batch.create(ref, data);
      else if (kind === 'set') batch.set(ref, data);
      else batch.delete(ref);
    }
    await batch.commit();
  }
}
