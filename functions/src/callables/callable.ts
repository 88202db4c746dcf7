import type { Firestore } from 'firebase-admin/firestore';
import type { CallableFunction, CallableRequest } from 'firebase-functions/v2/https';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import type { z } from 'zod';
import { describeIssues } from '../domain/errors.js';
import { firestore } from '../firebase/app.js';
import { toHttpsError } from '../firebase/errors.js';

export interface CallContext {
  db: Firestore;
  uid: string | undefined;
}

/**
 * A thin callable: validate the input with its schema (zod messages become invalid-argument), run the
 * service, turn every refusal into an HttpsError in one place.
 */
export function callable<S extends z.ZodType, R>(schema: S, handler: (input: z.output<S>, context: CallContext) => Promise<R>): CallableFunction<z.input<S>, Promise<R>> {
  return onCall({ cors: true }, async (request: CallableRequest<unknown>) => {
    const parsed = schema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describeIssues(parsed.error.issues));
    try {
      return await handler(parsed.data, { db: firestore(), uid: request.auth?.uid });
    } catch (error) {
      throw toHttpsError(error);
    }
  });
}
