import { type FormEvent, useEffect, useState } from 'react';
import { navigate } from '../app/route';
import { EmailField, Field, Status, useAction } from '../components/ui';
import { sendSignInLink } from '../data/emailLink';
import {
  backFromGoogle,
  finishGoogleRedirect,
  googleNeedsTestAccount,
  signInWithGooglePopup,
  signInWithTestGoogleAccount,
} from '../data/google';
import { authMessage, signIn, signUp } from '../data/session';

/**
 * Email and password: sign in, or create the account the first time. Enter signs in. Without a password: an
 * emailed sign-in link (see docs/joining.md).
 */
export function SignIn({ next }: { next: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, run] = useAction();
  const [linkStatus, runLink] = useAction();
  const [googleStatus, runGoogle] = useAction();
  const [testAccount, setTestAccount] = useState<{ email: string; name: string } | null>(null);
  const google = (withAccount?: { email: string; name: string }) =>
    runGoogle(async () => {
      try {
        if (withAccount) await signInWithTestGoogleAccount(withAccount.email.trim(), withAccount.name.trim());
        else await signInWithGooglePopup();
      } catch (error) {
        throw new Error(authMessage(error), { cause: error });
      }
      navigate(next);
      return 'signed in with Google';
    });
  const onGoogle = () => {
    if (googleNeedsTestAccount()) setTestAccount({ email: '', name: '' });
    else void google();
  };
  useEffect(() => {
    // Back from Google after a blocked popup: the sign-in finishes here.
    if (!backFromGoogle()) return;
    void runGoogle(async () => {
      await finishGoogleRedirect();
      navigate(next);
      return 'signed in with Google';
    });
  }, [next, runGoogle]);
  const emailLink = () =>
    runLink(async () => {
      const address = email.trim();
      if (!address) throw new Error('type your email above first');
      try {
        await sendSignInLink(address, next);
      } catch (error) {
        throw new Error(authMessage(error), { cause: error });
      }
      return `a sign-in link is on its way to ${address}: open it on this device or another`;
    });
  const go = (create: boolean) =>
    run(async () => {
      try {
        await (create ? signUp(email.trim(), password) : signIn(email.trim(), password));
      } catch (error) {
        throw new Error(authMessage(error), { cause: error });
      }
      navigate(next);
      return create ? 'account created' : 'signed in';
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void go(false);
  };
  return (
    <section className="card narrow" aria-labelledby="signin-title">
      <h1 id="signin-title">Sign in</h1>
      <p className="muted">Organizers, scorekeepers and players use the same account to run or play a tournament.</p>
      <div className="stack signin-google">
        <button disabled={googleStatus.state === 'pending'} type="button" onClick={onGoogle}>
          Continue with Google
        </button>
        {testAccount ? (
          <form
            className="stack test-google"
            aria-label="Test Google account"
            onSubmit={(event) => {
              event.preventDefault();
              void google(testAccount);
            }}
          >
            <p className="muted">
              On the emulators Google is not reached: name a test Google account, and the Auth emulator signs it in as
              one.
            </p>
            <Field label="Google email">
              {(p) => (
                <input
                  {...p}
                  type="email"
                  value={testAccount.email}
                  onChange={(e) => setTestAccount({ ...testAccount, email: e.target.value })}
                  required
                />
              )}
            </Field>
            <Field label="Name on the Google account">
              {(p) => (
                <input
                  {...p}
                  value={testAccount.name}
                  onChange={(e) => setTestAccount({ ...testAccount, name: e.target.value })}
                  required
                />
              )}
            </Field>
            <button disabled={googleStatus.state === 'pending'} type="submit" className="primary">
              Continue as this Google account
            </button>
          </form>
        ) : null}
        <Status status={googleStatus} id="signin-google-status" />
      </div>
      <p className="muted">Or with your email:</p>
      <form onSubmit={onSubmit} className="stack">
        <EmailField value={email} onChange={setEmail} />
        <Field label="Password">
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              minLength={6}
            />
          )}
        </Field>
        <div className="row">
          <button disabled={status.state === 'pending'} type="submit" className="primary">
            Sign in
          </button>
          <button disabled={status.state === 'pending'} type="button" onClick={() => void go(true)}>
            Create account
          </button>
        </div>
        <Status status={status} id="signin-status" />
      </form>
      <div className="stack signin-other">
        <p className="muted">No password? We can email you a link that signs you in.</p>
        <button disabled={linkStatus.state === 'pending'} type="button" onClick={() => void emailLink()}>
          Email me a sign-in link
        </button>
        <Status status={linkStatus} id="signin-link-status" />
      </div>
    </section>
  );
}
