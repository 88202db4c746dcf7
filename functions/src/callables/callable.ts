import type { Firestore } from 'firebase-admin/firestore';
import {
  type CallableFunction,
  type CallableOptions,
  type CallableRequest,
  HttpsError,
  onCall,
} from 'firebase-functions/v2/https';
import type { z } from 'zod';
import { enforcesAppCheck, issuesInWords } from '@competition/engine';
import type { CallableAnswers, CallableName } from '@competition/engine/schemas';
import { firestore } from '../firebase/app.js';
import { toHttpsError } from '../firebase/errors.js';

export interface CallContext {
  db: Firestore;
  uid: string | undefined;
}

/** The deployed function's name, for the log: set by Cloud Functions (and its emulator) in each instance. */
function functionName(name: CallableName): string {
  return process.env.FUNCTION_TARGET ?? process.env.K_SERVICE ?? name;
}

/**
 * A thin callable: validate the input with its schema (its issues, in words, become invalid-argument), run the
 * service, turn every refusal into an HttpsError in one place (which logs every failure that is not a refusal).
 * App Check is enforced as the deployment says (deployment.ts); `options` sets memory and timeout. The answer is
 * the one the dashboard expects of this name (CallableAnswers).
 */
export function callable<N extends CallableName, S extends z.ZodType>(
  name: N,
  schema: S,
  handler: (input: z.output<S>, context: CallContext) => Promise<CallableAnswers[N]>,
  options: Pick<CallableOptions, 'memory' | 'timeoutSeconds'> = {},
): CallableFunction<z.input<S>, Promise<CallableAnswers[N]>> {
  return onCall(
    { cors: true, enforceAppCheck: enforcesAppCheck(process.env), ...options },
    async (request: CallableRequest<unknown>) => {
      try {
        const parsed = schema.safeParse(request.data);
        if (!parsed.success) throw new HttpsError('invalid-argument', issuesInWords(parsed.error.issues));
        return await handler(parsed.data, { db: firestore(), uid: request.auth?.uid });
      } catch (error) {
        throw toHttpsError(error, functionName(name));
      }
    },
  );
}
