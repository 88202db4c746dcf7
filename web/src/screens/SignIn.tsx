import { type FormEvent, useState } from 'react';
import { navigate } from '../app/route';
import { Field, Status, useAction } from '../components/ui';
import { authMessage, signIn, signUp } from '../data/session';

/** Email and password: sign in, or create the account the first time. Enter signs in. */
export function SignIn({ next }: { next: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, run] = useAction();
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
      <form onSubmit={onSubmit} className="stack">
        <Field label="Email">
          {(p) => (
            <input
              {...p}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          )}
        </Field>
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
    </section>
  );
}
