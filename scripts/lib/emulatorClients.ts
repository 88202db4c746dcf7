/**
 * People at the emulators, through the stock Firebase client SDK in Node: each person is an app of their own,
 * signed in with email and password on the Auth emulator, talking to Firestore (through the rules) and to the
 * callables exactly as a phone or the dashboard would.
 */
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  signInWithEmailAndPassword,
  updateProfile,
} from 'firebase/auth';
import { type Firestore, connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';

export interface EmulatorHosts {
  host: string;
  auth: number;
  firestore: number;
  functions: number;
  projectId: string;
}

export interface Person {
  uid: string;
  email: string;
  db: Firestore;
  call<T = unknown>(name: string, data: unknown): Promise<T>;
  close(): Promise<void>;
}

let apps = 0;

/** Signs up (or in) `email`; with a `displayName`, puts it on the profile, as a person does on Home. */
export async function signUp(
  hosts: EmulatorHosts,
  email: string,
  password = 'password-123',
  displayName?: string,
): Promise<Person> {
  const app: FirebaseApp = initializeApp(
    { projectId: hosts.projectId, apiKey: 'demo-api-key' },
    `person-${++apps}-${email}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${hosts.host}:${hosts.auth}`, { disableWarnings: true });
  const db = getFirestore(app);
  connectFirestoreEmulator(db, hosts.host, hosts.firestore);
  const functions = getFunctions(app);
  connectFunctionsEmulator(functions, hosts.host, hosts.functions);
  const credential = await createUserWithEmailAndPassword(auth, email, password).catch((error: { code?: string }) => {
    if (error.code === 'auth/email-already-in-use') return signInWithEmailAndPassword(auth, email, password);
    throw error;
  });
  if (displayName && credential.user.displayName !== displayName) await updateProfile(credential.user, { displayName });
  return {
    uid: credential.user.uid,
    email,
    db,
    call: async <T>(name: string, data: unknown) => (await httpsCallable<unknown, T>(functions, name)(data)).data,
    close: () => deleteApp(app),
  };
}

/** A club, a championship and a Swiss of `rounds` rounds, created by the organizer through the callables. */
export async function createSwiss(
  organizer: Person,
  label: string,
  { policy, rounds }: { policy: string; rounds: number },
): Promise<string> {
  const { clubId } = await organizer.call<{ clubId: string }>('createClub', { name: `${label} Club` });
  const { championshipId } = await organizer.call<{ championshipId: string }>('createChampionship', {
    name: `${label} League`,
    clubIds: [clubId],
  });
  const { tournamentId } = await organizer.call<{ tournamentId: string }>('createTournament', {
    championshipId,
    date: '2026-01-01',
    description: `${label} ${rounds} rounds`,
    policy,
    pairing: { method: 'SWISS', options: {} },
    totalRounds: rounds,
  });
  return tournamentId;
}
