/** Signing in and out with email and password (Firebase Auth, or its emulator); the account's display name. */
import {
  type User,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  updateProfile,
  signOut as firebaseSignOut,
} from 'firebase/auth';
import { actions } from './actions';
import { live } from './connection';
import { ActionError } from './errors';

export type { User };

const current = () => live().auth;

const MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'wrong email or password',
  'auth/wrong-password': 'wrong email or password',
  'auth/user-not-found': 'no account with this email: create one',
  'auth/email-already-in-use': 'an account with this email exists: sign in instead',
  'auth/weak-password': 'the password needs at least 6 characters',
  'auth/invalid-email': 'that is not an email address',
  'auth/missing-password': 'enter a password',
  'auth/missing-email': 'type your email first',
  'auth/invalid-action-code': 'this sign-in link was already used or is out of date: ask for a new one',
  'auth/expired-action-code': 'this sign-in link is out of date: ask for a new one',
};

/** Auth errors in words a player understands. */
export function authMessage(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  return MESSAGES[code] ?? (error as Error).message ?? String(error);
}

export const signIn = (email: string, password: string) => signInWithEmailAndPassword(current(), email, password);
export const signUp = (email: string, password: string) => createUserWithEmailAndPassword(current(), email, password);

const profileListeners = new Set<(user: User) => void>();

/**
 * The account's own display name: Auth's profile first, then the copies on the account's roles, which the backend
 * rewrites from that profile so that the organizers and staff see the new name at once. Answers how many of those
 * copies changed.
 */
export async function setDisplayName(typed: string): Promise<number> {
  const user = current().currentUser;
  if (!user) throw new Error('sign in first');
  const { DisplayName } = await import('@competition/engine/schemas');
  const checked = DisplayName.safeParse(typed);
  if (!checked.success) throw new ActionError('invalid-argument', 'type a name of 1 to 100 characters');
  await updateProfile(user, { displayName: checked.data });
  // Auth announces no profile change: tell the listeners, so the top bar shows the new name at once.
  for (const listener of profileListeners) listener(user);
  return (await actions.refreshDisplayName({})).updated;
}
export const signOut = () => firebaseSignOut(current());
/** Who is signed in, and again whenever this page renames the account. */
export function watchUser(onUser: (user: User | null) => void): () => void {
  profileListeners.add(onUser);
  const stop = onAuthStateChanged(current(), onUser);
  return () => {
    profileListeners.delete(onUser);
    stop();
  };
}
