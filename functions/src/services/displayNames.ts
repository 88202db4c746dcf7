/**
 * A renamed account's name, copied again onto the documents that show it to other people (see
 * docs/joining.md#renaming): its tournament roles (the desk's scorekeepers and "joined as") and its club
 * memberships (a club's People panel). The callable reads the name from the account's Auth profile; this module
 * only finds the account's own documents and rewrites their copy.
 */
import {
  FieldPath,
  FieldValue,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { requireSignedIn } from '@competition/engine';
import { refs } from '../firebase/refs.js';

/**
 * How many documents one transaction rewrites. An account may belong to any number of tournaments and clubs, so
 * the copies are rewritten page by page, each page small enough for one commit whatever the account's history.
 */
export const RENAME_PAGE_SIZE = 100;

/**
 * Puts `displayName` (undefined: no name) on every role and club-member document of `uid`; answers how many
 * documents changed. Each page is read and written in one transaction, so a role that another callable changes
 * meanwhile is read again rather than overwritten, and only the name field is written. Running it again changes
 * nothing; an account with no role changes nothing.
 */
export async function copyDisplayName(
  db: Firestore,
  uid: string | undefined,
  displayName: string | undefined,
  pageSize: number = RENAME_PAGE_SIZE,
): Promise<number> {
  requireSignedIn(uid);
  const ref = refs(db);
  const roles = await renameIn(db, ref.everyRole().where('uid', '==', uid), displayName, pageSize);
  const memberships = await renameIn(db, ref.everyClubMember().where('uid', '==', uid), displayName, pageSize);
  return roles + memberships;
}

async function renameIn<T extends { displayName?: string }>(
  db: Firestore,
  owned: Query<T>,
  displayName: string | undefined,
  pageSize: number,
): Promise<number> {
  let updated = 0;
  let after: QueryDocumentSnapshot<T> | undefined;
  for (;;) {
    const page = await db.runTransaction(async (tx) => {
      const query = owned.orderBy(FieldPath.documentId()).limit(pageSize);
      const docs = (await tx.get(after === undefined ? query : query.startAfter(after))).docs;
      const stale = docs.filter((doc) => doc.data().displayName !== displayName);
      for (const doc of stale) tx.update(doc.ref, { displayName: displayName ?? FieldValue.delete() });
      return { size: docs.length, changed: stale.length, last: docs.at(-1) };
    });
    updated += page.changed;
    if (page.size < pageSize || page.last === undefined) return updated;
    after = page.last;
  }
}
