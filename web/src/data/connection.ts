/**
 * The one home of the app's connection to Firebase: `connect()` (firebase.ts) makes it once at start-up, and every
 * read, write, call and sign-in of the data layer takes it from here.
 */
import { collection, doc } from 'firebase/firestore';
import { COLLECTIONS, paths } from '@competition/engine/view';
import type { Connection } from './firebase';

let connection: Connection | undefined;

export function setConnection(value: Connection): void {
  connection = value;
}

export function live(): Connection {
  if (!connection) throw new Error('the data layer is used before connect() finished');
  return connection;
}

/** Every Firestore path the app reads or writes: the backend's own (functions/engine/src/model/paths.ts). */
export const path = {
  ...paths,
  championships: () => COLLECTIONS.championships,
  tournaments: () => COLLECTIONS.tournaments,
};

export const col = (p: string) => collection(live().db, p);
export const ref = (p: string) => doc(live().db, p);
