/**
 * What Firestore accepts as a document's id, without the schema library, so that the dashboard can test a link
 * before it opens a listener on it: Firestore refuses "/", "." and "..", reserves ids like __name__, and a NUL
 * breaks a path. An id is taken verbatim: surrounding spaces are refused rather than silently naming another
 * document. The answer is why the id is refused, or null for a good one.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;

export const DOCUMENT_ID_MAX = 128;

export function documentIdProblem(id: string): string | null {
  if (id.length === 0) return 'must not be empty';
  if (id.length > DOCUMENT_ID_MAX) return `must be at most ${DOCUMENT_ID_MAX} characters`;
  if (id.includes('/')) return 'must not contain "/"';
  if (id === '.' || id === '..') return 'must not be "." or ".."';
  if (/^__.*__$/s.test(id)) return 'must not have the reserved form __name__';
  if (CONTROL_CHARACTER.test(id)) return 'must not contain control characters';
  if (id.trim() !== id) return 'must not start or end with a space';
  return null;
}
