/**
 * Where the tournament's join link and QR code lead: a signed-out visitor is sent to sign in (or create an
 * account) and back here; a signed-in player types the claim code the organizer gave them and becomes their entry,
 * or registers when the tournament takes registrations, and checks in when it asks for check-in.
 */
import { type FormEvent, useState } from 'react';
import { href, navigate } from '../../app/route';
import { useSession } from '../../app/session';
import { Field, Status, useAction } from '../../components/ui';
import { actions } from '../../data/actions';
import { setDisplayName } from '../../data/session';
import { useTournamentData } from './data';
import { CheckIn, RegisterForm } from './Registration';

export function JoinTab() {
  const { user } = useSession();
  const { tournamentId, roles, nameOf } = useTournamentData();
  const [code, setCode] = useState('');
  // An account made with an email has no name: the organizer would see "someone without a name yet".
  const [name, setName] = useState('');
  const [status, run, forget] = useAction();
  if (!user) {
    return (
      <section className="card narrow stack" aria-labelledby="join-title">
        <h2 id="join-title">Join this tournament</h2>
        <p>Sign in, or create an account, to take your place and enter your own scores.</p>
        <a href={href.signIn(`/t/${tournamentId}/join`)}>Sign in or create an account</a>
      </section>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!user.displayName) await setDisplayName(name);
      await actions.claimEntry({ tournamentId, code });
      setCode('');
      return 'entry claimed: you enter your own scores from now on';
    });
  };
  const joined = roles.participantIds.length > 0;
  const claimed = status.state === 'ok';
  return (
    <section className="card narrow stack" aria-labelledby="join-title">
      <h2 id="join-title">Join this tournament</h2>
      {joined ? (
        <p className="joined">
          You play as <strong>{roles.participantIds.map(nameOf).join(', ')}</strong>.
        </p>
      ) : null}
      {/* A player who has joined sees where to go, not the claim form again; one just claimed sees its answer. */}
      {!joined || claimed ? (
        <form className="stack" onSubmit={onSubmit}>
          {claimed ? null : (
            <>
              {user.displayName ? null : (
                <Field label="Your name, as the organizer will see it">
                  {(p) => (
                    <input
                      {...p}
                      value={name}
                      onChange={(e) => setName(e.target.value)}
                      autoComplete="name"
                      required
                      maxLength={100}
                    />
                  )}
                </Field>
              )}
              <Field
                label="Your claim code"
                hint="8 letters and digits, from the organizer (hyphens and case do not matter)"
              >
                {(p) => (
                  <input
                    {...p}
                    value={code}
                    onChange={(e) => {
                      if (status.state === 'error') forget();
                      setCode(e.target.value);
                    }}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    required
                  />
                )}
              </Field>
              <button disabled={status.state === 'pending'} type="submit" className="primary">
                Claim my entry
              </button>
            </>
          )}
          <Status status={status} id="join-status" />
        </form>
      ) : null}
      {joined ? <CheckIn /> : <RegisterForm uid={user.uid} />}
      {joined || claimed ? (
        <button type="button" onClick={() => navigate(`/t/${tournamentId}/play`)}>
          Go to my game
        </button>
      ) : null}
    </section>
  );
}
