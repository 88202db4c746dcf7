import { HttpsError } from 'firebase-functions/v2/https';
import type { FunctionsErrorCode } from 'firebase-functions/v2/https';
import { ZodError } from 'zod';
import { DomainError, describeIssues } from '../domain/errors.js';
import { MalformedDocumentError } from './converters.js';

/** Anything with a Firebase-spelled code and a message: the pairing engine's errors have this shape. */
interface CodedError {
  code: string;
  message: string;
}

const CODES: ReadonlySet<string> = new Set<FunctionsErrorCode>([
  'invalid-argument',
  'failed-precondition',
  'not-found',
  'already-exists',
  'permission-denied',
  'unauthenticated',
  'out-of-range',
  'resource-exhausted',
  'aborted',
]);

function isCoded(error: unknown): error is CodedError {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && CODES.has(code);
}

/** The one place where a refusal becomes an HttpsError code. Unknown failures stay 'internal' and say nothing. */
export function toHttpsError(error: unknown): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof ZodError) return new HttpsError('invalid-argument', describeIssues(error.issues));
  if (error instanceof DomainError || isCoded(error)) return new HttpsError(error.code as FunctionsErrorCode, error.message);
  if (error instanceof MalformedDocumentError) return new HttpsError('data-loss', error.message);
  return new HttpsError('internal', 'internal error');
}
