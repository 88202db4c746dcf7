import { problemInWords } from './messages.js';

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
    /** The schema's issues behind a refusal, for a form that names its own fields in words (messages.ts). */
    readonly issues?: ReadonlyArray<Parameters<typeof problemInWords>[0]>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * Formats zod issues as "path: problem" lines, so a refusal names the field at fault as it was written (a JSON
 * option, a file's column); the problem is in words (messages.ts), never in the schema's language.
 */
export function describeIssues(issues: ReadonlyArray<Parameters<typeof problemInWords>[0]>): string {
  return issues
    .map((issue) => {
      const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : String(part))).join('.');
      const problem = problemInWords(issue);
      return path ? `${path.replace(/\.\[/g, '[')}: ${problem}` : problem;
    })
    .join('; ');
}
