import { type FormEvent, useEffect, useState } from 'react';
import { href, navigate } from '../app/route';
import { useSession } from '../app/session';
import { EmailField, Status, useAction } from '../components/ui';
import { emailAskedHere, finishSignInWithLink, openedFromSignInLink } from '../data/emailLink';
import { authMessage } from '../data/session';

/**
 * Where an emailed sign-in link lands: signs in at once when this browser asked for the link, else asks which email
 * it was sent to (a link opened on another device), then goes where the person was heading.
 */
export function EmailLink({ next }: { next: string }) {
  const { user } = useSession();
  const [fromLink] = useState(openedFromSignInLink);
  // Kept from the first render: finishing the sign-in forgets the address this browser saved.
  const [asked] = useState(emailAskedHere);
  const askedHere = asked !== null;
  const [email, setEmail] = useState(asked ?? '');
  const [status, run] = useAction();
  const finish = (address: string) =>
    run(async () => {
      try {
        await finishSignInWithLink(address);
      } catch (error) {
        // Firebase's guard against a forwarded link: the email must be the one the link was sent to.
        if ((error as { code?: string }).code === 'auth/invalid-email')
          throw new Error('this link was sent to another email: type the one you asked it for', { cause: error });
        throw new Error(authMessage(error), { cause: error });
      }
      navigate(next);
      return 'signed in';
    });
  useEffect(() => {
    if (fromLink && asked !== null) void finish(asked);
    // Once, on arrival: the link is single-use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!fromLink)
    return (
      <section className="card narrow stack" aria-labelledby="link-title">
        <h1 id="link-title">Sign-in link</h1>
        <p>
          {user ? 'You are signed in.' : 'This page needs the whole link from the email, and each link works once.'}
        </p>
        <a className="button primary" href={user ? `#${next}` : href.signIn(next)}>
          {user ? 'Continue' : 'Ask for a new link'}
        </a>
      </section>
    );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void finish(email.trim());
  };
  return (
    <section className="card narrow" aria-labelledby="link-title">
      <h1 id="link-title">Signing you in</h1>
      {askedHere ? null : (
        <p className="muted">
          This link was asked for on another device or browser. Type the email it was sent to, to finish signing in.
        </p>
      )}
      <form onSubmit={onSubmit} className="stack">
        {askedHere ? null : <EmailField value={email} onChange={setEmail} />}
        {askedHere ? null : (
          <button disabled={status.state === 'pending'} type="submit" className="primary">
            Sign in
          </button>
        )}
        <Status status={status} id="link-status" />
        {status.state === 'error' ? <a href={href.signIn(next)}>Ask for a new link</a> : null}
      </form>
    </section>
  );
}
