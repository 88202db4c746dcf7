import { DomainError } from '../common/index.js';

/** What tells two entries apart for the organizer: the name, and the rating or club written with it. */
export interface EntryIdentity {
  name: string;
  rating?: number | undefined;
  club?: string | undefined;
}

const folded = (text: string | undefined) =>
  (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Two entries are the same person when their names match (case, accents and spacing aside) and neither their
 * rating nor their club tells them apart: two players may share a name, but not a name, a rating and a club.
 */
export function sameEntry(x: EntryIdentity, y: EntryIdentity): boolean {
  return folded(x.name) === folded(y.name) && x.rating === y.rating && folded(x.club) === folded(y.club);
}

const described = (entry: EntryIdentity) =>
  [entry.name.trim(), entry.rating === undefined ? '' : `rated ${entry.rating}`, entry.club ? `of ${entry.club}` : '']
    .filter(Boolean)
    .join(' ');

/**
 * Why each new entry would be a second copy of someone, by its position in `incoming`: already entered, or listed
 * twice in the same batch.
 */
export function duplicateEntries(
  entered: readonly EntryIdentity[],
  incoming: readonly EntryIdentity[],
): Array<{ index: number; reason: string }> {
  const found: Array<{ index: number; reason: string }> = [];
  incoming.forEach((entry, index) => {
    if (entered.some((other) => sameEntry(other, entry)))
      found.push({ index, reason: `${described(entry)} is already entered` });
    else {
      const earlier = incoming.findIndex((other, k) => k < index && sameEntry(other, entry));
      if (earlier >= 0) found.push({ index, reason: `${described(entry)} is listed twice` });
    }
  });
  return found;
}

/** Refuses a batch that would enter someone twice, naming each one. */
export function assertNoDuplicateEntries(entered: readonly EntryIdentity[], incoming: readonly EntryIdentity[]): void {
  const found = duplicateEntries(entered, incoming);
  if (found.length === 0) return;
  const named = found.slice(0, 5).map((d) => d.reason);
  const more = found.length > 5 ? ` and ${found.length - 5} more` : '';
  throw new DomainError(
    'already-exists',
    `${named.join('; ')}${more}. A second player of the same name needs a different rating or club`,
  );
}

/** Refuses a batch that lists one entry id twice, naming the entry. */
export function assertEachEntryOnce(incoming: readonly { participantId: string; name: string }[]): void {
  const ids = incoming.map((p) => p.participantId);
  const twice = incoming.find((p, i) => ids.indexOf(p.participantId) !== i);
  if (twice) throw new DomainError('invalid-argument', `${twice.name} is in the list twice`);
}

/** Refuses new entries whose ids are taken: `taken` are the entries already stored under those ids. */
export function assertIdsFree(taken: readonly ({ name?: unknown } | undefined)[]): void {
  const first = taken[0];
  if (first === undefined) return;
  const name = typeof first.name === 'string' ? first.name : 'a participant';
  throw new DomainError('already-exists', `${name} is already entered`);
}
