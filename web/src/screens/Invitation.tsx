/**
 * The page an invitation link opens: sign in (or create an account), then take the role. What the invitation
 * makes you is said before you accept; a revoked, expired or used-up invitation is refused in words.
 */
import { useState } from 'react';
import type { InvitationRefInput } from '@competition/engine/schemas';
import { href } from '../app/route';
import { useSession } from '../app/session';
import { Status, useAction } from '../components/ui';
import { actions } from '../data/actions';
import { useLive } from '../data/hooks';
import { watchInvitedTo } from '../data/watchClubs';

const WELCOME: Record<string, string> = {
  SCOREKEEPER: 'You keep score in',
  ADMIN: 'You are now an admin of',
  MEMBER: 'You are now a member of',
};

export function InvitationScreen({ invitation }: { invitation: InvitationRefInput }) {
  const { user } = useSession();
  const [status, run] = useAction();
  const [accepted, setAccepted] = useState<{ role: string; name: string } | null>(null);
  // Clubs are read by signed-in accounts only: signed out, a club's invitation names it after sign-in.
  const target = invitation.kind === 'club' ? invitation.clubId : invitation.tournamentId;
  const readable = invitation.kind === 'tournament' || user !== null;
  const invitedTo = useLive<string | null>(
    readable ? `invited-to:${invitation.kind}:${target}` : null,
    (onData, onError) => watchInvitedTo(invitation, onData, onError),
  );
  const named = invitedTo.data ? <strong className="invited-to">{invitedTo.data}</strong> : null;
  const what =
    invitation.kind === 'tournament' ? (
      <>a scorekeeper of {named ?? 'a tournament'}</>
    ) : (
      <>a member of {named ? <>the club {named}</> : 'a club'}</>
    );
  const here = href.invitation(invitation).replace(/^#/, '');
  if (!user)
    return (
      <section className="card narrow stack" aria-labelledby="invitation-title">
        <h1 id="invitation-title">You are invited</h1>
        <p>You have been invited to be {what}. Sign in or create an account first, then accept.</p>
        <a className="button primary" href={href.signIn(here)}>
          Sign in to accept
        </a>
      </section>
    );
  if (accepted)
    return (
      <section className="card narrow stack" aria-labelledby="invitation-title">
        <h1 id="invitation-title">Welcome</h1>
        <p className="accepted">
          {WELCOME[accepted.role] ?? 'You joined'} {accepted.name}.
        </p>
        {user.displayName ? null : (
          <p className="unnamed">
            The people running it see you as someone without a name yet: <a href={href.home()}>set your name</a>.
          </p>
        )}
        {invitation.kind === 'tournament' ? (
          <a className="button primary" href={href.tournament(invitation.tournamentId, 'play')}>
            Score games
          </a>
        ) : (
          <a className="button primary" href={href.home()}>
            Your clubs
          </a>
        )}
      </section>
    );
  return (
    <section className="card narrow stack" aria-labelledby="invitation-title">
      <h1 id="invitation-title">You are invited</h1>
      <p>
        You have been invited to be {what}. Others running it will see you as{' '}
        <strong>{user.displayName ?? 'someone without a name yet (set your name on the start page)'}</strong>.
      </p>
      <button
        type="button"
        className="primary"
        onClick={() =>
          void run(async () => {
            setAccepted(await actions.acceptInvitation(invitation));
          })
        }
      >
        Accept the invitation
      </button>
      <Status status={status} id="invitation-status" />
    </section>
  );
}
