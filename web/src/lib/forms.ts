/** A form's input checked by the callable's own zod schema: messages per field, before anything is sent. */
import type { z } from 'zod';
import { issuesInWords } from '@competition/engine/view';

/** The callables' input schemas, loaded when a form is first submitted (the first screen carries no zod). */
export const requests = () => import('@competition/engine/schemas');

export type FieldErrors = Record<string, string>;

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Issues keyed by their top-level field ("policyOverrides.scoringPolicy.win" keys as "policyOverrides"), and in full. */
export function check<S extends z.ZodType>(schema: S, input: unknown): Checked<z.infer<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_';
    // The field's own label stands beside its message: only a nested field is named again, in words.
    const message = issuesInWords([{ ...issue, path: issue.path.length > 1 ? issue.path.slice(1) : [] }]);
    errors[field] = errors[field] ? `${errors[field]}; ${message}` : message;
  }
  return { ok: false, errors };
}
