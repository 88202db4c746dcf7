/**
 * The one error type the domain throws. The Firebase shell maps `code` to an HttpsError code in one place,
 * so codes are spelled as Firebase spells them.
 */
export type DomainErrorCode =
  | 'invalid-argument'
  | 'failed-precondition'
  | 'not-found'
  | 'already-exists'
  | 'permission-denied'
  | 'unauthenticated'
  | 'resource-exhausted'
  | 'out-of-range';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Formats zod issues as "path: message" lines, so a refusal names the field at fault. */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  return issues
    .map((issue) => {
      const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : String(part))).join('.');
      return path ? `${path.replace(/\.\[/g, '[')}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
