/**
 * Passwordless sign-in: Firebase Auth emails a one-time link; opening it signs the account in (creating it the
 * first time). The email asked for is kept in this browser, so the link opened here needs nothing more; opened on
 * another device, the person types the email again (Firebase's guard against a forwarded link).
 */
import { isSignInWithEmailLink, sendSignInLinkToEmail, signInWithEmailLink } from 'firebase/auth';
import { live } from './connection';

const EMAIL_KEY = 'signInLinkEmail';
/** What Firebase adds to the page's address when the link opens it. */
const LINK_PARAMS = ['apiKey', 'oobCode', 'mode', 'lang', 'continueUrl', 'tenantId'];

/** Emails the link; it opens the page that finishes the sign-in and then goes to `next`. */
export async function sendSignInLink(email: string, next: string): Promise<void> {
  const page = `${location.origin}${location.pathname}${location.search}`;
  await sendSignInLinkToEmail(live().auth, email, {
    url: `${page}#/signin/link?next=${encodeURIComponent(next)}`,
    handleCodeInApp: true,
  });
  localStorage.setItem(EMAIL_KEY, email);
}

/** Whether this page was opened from a sign-in link (a used one too: Firebase says whether it is spent). */
export const openedFromSignInLink = () => isSignInWithEmailLink(live().auth, location.href);

/** The email this browser asked a link for, if any. */
export const emailAskedHere = () => localStorage.getItem(EMAIL_KEY);

let finishing: Promise<void> | undefined;

/**
 * Signs in with the link in the page's address, then takes the link out of the address (it is single-use, and a
 * reload or a shared screenshot should not carry it). One attempt per page, whoever asks twice.
 */
export function finishSignInWithLink(email: string): Promise<void> {
  finishing ??= signInWithEmailLink(live().auth, email, location.href)
    .then(() => {
      localStorage.removeItem(EMAIL_KEY);
      const query = new URLSearchParams(location.search);
      for (const name of LINK_PARAMS) query.delete(name);
      const rest = query.toString();
      const search = rest ? `?${rest}` : '';
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
    })
    .catch((error: unknown) => {
      finishing = undefined;
      throw error;
    });
  return finishing;
}
