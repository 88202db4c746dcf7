/**
 * Google sign-in. In production: Google's popup, or a redirect to Google when the browser blocks the popup. The
 * popup flow loads Google's script from apis.google.com even against the Auth emulator, so on the emulators
 * (offline, in `npm start` and the tests) the person names a test Google account instead, and the Auth emulator
 * signs it in as a Google account with an unsigned ID token (see docs/joining.md).
 */
import {
  GoogleAuthProvider,
  browserPopupRedirectResolver,
  getRedirectResult,
  signInWithCredential,
  signInWithPopup,
  signInWithRedirect,
} from 'firebase/auth';
import { live } from './connection';

const REDIRECT_KEY = 'googleRedirectPending';

/** On the emulators the popup cannot load offline: the sign-in screen asks for a test account instead. */
export const googleNeedsTestAccount = () => live().emulators !== null;

export async function signInWithGooglePopup(): Promise<void> {
  const provider = new GoogleAuthProvider();
  try {
    await signInWithPopup(live().auth, provider, browserPopupRedirectResolver);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/popup-blocked') throw error;
    sessionStorage.setItem(REDIRECT_KEY, '1');
    await signInWithRedirect(live().auth, provider, browserPopupRedirectResolver);
  }
}

/** Whether this page comes back from a redirect to Google. */
export const backFromGoogle = () => sessionStorage.getItem(REDIRECT_KEY) !== null;

/** After a redirect to Google: signs in with its result, once. */
export async function finishGoogleRedirect(): Promise<void> {
  sessionStorage.removeItem(REDIRECT_KEY);
  if ((await getRedirectResult(live().auth, browserPopupRedirectResolver)) === null)
    throw new Error('Google did not sign you in: try again');
}

/** The Auth emulator's stand-in for Google: an unsigned ID token naming the test account. */
export async function signInWithTestGoogleAccount(email: string, name: string): Promise<void> {
  if (!live().emulators) throw new Error('test Google accounts exist only on the emulators');
  // The Auth emulator keys a Google account by `sub`: the same email is the same account on every sign-in.
  const sub = `test-${email.toLowerCase()}`;
  const idToken = JSON.stringify({ sub, email, email_verified: true, name });
  await signInWithCredential(live().auth, GoogleAuthProvider.credential(idToken));
}
