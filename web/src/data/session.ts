/** Signing in and out with email and password (Firebase Auth, or its emulator); the account's display name. */
import {
  type User,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  updateProfile,
  signOut as firebaseSignOut,
} from 'firebase/auth';
import { live } from './connection';

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
/** The account's own display name (Auth's profile; the session listener shows it in the top bar after a reload). */
export async function setDisplayName(displayName: string): Promise<void> {
  const user = current().currentUser;
  if (!user) throw new Error('sign in first');
  await updateProfile(user, { displayName });
}
export const signOut = () => firebaseSignOut(current());
export const watchUser = (onUser: (user: User | null) => void) => onAuthStateChanged(current(), onUser);
