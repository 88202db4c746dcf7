import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { HttpsError } from 'firebase-functions/v2/https';
import { ZodError } from 'zod';
import { DomainError, issuesInWords } from '@competition/engine';
import { MalformedDocumentError } from './converters.js';

/** An error's message, stack and chain of causes, as plain data for the log. */
export function describeFailure(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { thrown: String(error) };
  const cause = (error as { cause?: unknown }).cause;
  return {
    name: error.name,
    message: error.message,
    ...(typeof (error as { code?: unknown }).code !== 'undefined' ? { code: (error as { code?: unknown }).code } : {}),
    stack: error.stack,
    // A cause chain is short; the bound only guards against a cycle.
    ...(cause !== undefined && depth < 5 ? { cause: describeFailure(cause, depth + 1) } : {}),
  };
}

/** gRPC status ABORTED (10): Firestore gave up a transaction for contention after the client's retries. */
function isContention(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === 10;
}

/**
 * The one place where a refusal becomes an HttpsError code. A failure that is not a refusal (a bug, a stored
 * document that breaks its schema, Firestore refusing a request) is logged with its cause under a reference
 * the caller is given, so what the caller reports can be found in the log.
 */
export function toHttpsError(error: unknown, callable = 'callable'): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof ZodError) return new HttpsError('invalid-argument', issuesInWords(error.issues));
  if (error instanceof DomainError) return new HttpsError(error.code, error.message);
  const reference = randomUUID().slice(0, 8);
  if (error instanceof MalformedDocumentError) {
    const data = { reference, callable, error: describeFailure(error) };
    logger.error(`${callable} found a malformed document (${reference})`, data);
    return new HttpsError('data-loss', `${error.message} (reference ${reference})`);
  }
  logger.error(`${callable} failed (${reference})`, { reference, callable, error: describeFailure(error) });
  if (isContention(error)) {
    const message = 'other writes to the same documents kept this one from completing; try again';
    return new HttpsError('aborted', `${message} (reference ${reference})`);
  }
  return new HttpsError('internal', `internal error (reference ${reference}; the server log has the details)`);
}
