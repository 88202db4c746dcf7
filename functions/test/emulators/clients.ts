/**
 * The stock modular client SDK in Node, one app per person: what a phone or the dashboard writes through
 * firestore.rules, signed in on the Auth emulator or signed out. The apps of a test file are closed together.
 */
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { type Firestore, connectFirestoreEmulator, getFirestore, terminate } from 'firebase/firestore';
import { type Account, type Emulators, FAKE_API_KEY, origin } from '../../../testing/stack.js';

export interface ClientApps {
  /** A client Firestore signed in as `account`, or signed out for `null`. */
  firestoreAs(account: Account | null): Promise<Firestore>;
  closeAll(): Promise<void>;
}

/** `emulators` is asked for on first use, so a test file can make its clients before `beforeAll` found them. */
export function clientApps(label: string, emulators: () => Emulators): ClientApps {
  const apps: FirebaseApp[] = [];
  return {
    async firestoreAs(account) {
      const stack = emulators();
      const app = initializeApp({ projectId: stack.projectId, apiKey: FAKE_API_KEY }, `${label}-${apps.length}`);
      apps.push(app);
      const db = getFirestore(app);
      connectFirestoreEmulator(db, stack.firestore.host, stack.firestore.port);
      if (account) {
        const auth = getAuth(app);
        connectAuthEmulator(auth, origin(stack.auth), { disableWarnings: true });
        await signInWithEmailAndPassword(auth, account.email, account.password);
      }
      return db;
    },
    async closeAll() {
      for (const app of apps.splice(0)) {
        await terminate(getFirestore(app));
        await deleteApp(app);
      }
    },
  };
}

/** 'accepted', or the refusal's code, for a client write and a callable alike. */
export async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return (error as { code?: string }).code ?? `no code: ${String(error)}`;
  }
}
