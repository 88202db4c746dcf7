import type { DocumentData, FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { describeIssues } from '@competition/engine';

/** A stored document that does not match its schema: caught where it enters, named by its path. */
export class MalformedDocumentError extends Error {
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`malformed document ${path}: ${detail}`);
    this.name = 'MalformedDocumentError';
  }
}

/** Every read goes through its document's schema; every write is validated by it too. */
export function converterFor<S extends z.ZodType<DocumentData>>(schema: S): FirestoreDataConverter<z.output<S>> {
  return {
    toFirestore(data: z.output<S>): DocumentData {
      return schema.parse(data);
    },
    fromFirestore(snapshot: QueryDocumentSnapshot): z.output<S> {
      const parsed = schema.safeParse(snapshot.data());
      if (!parsed.success) throw new MalformedDocumentError(snapshot.ref.path, describeIssues(parsed.error.issues));
      return parsed.data;
    },
  };
}
