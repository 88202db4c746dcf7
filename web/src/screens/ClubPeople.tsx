/** A club's people by the names they chose: its owner and admins invite and remove them; a member may leave. */
import { useState } from 'react';
import { Invitations, type InvitedRole } from '../components/Invitations';
import { ErrorNote, Status, useAction } from '../components/ui';
import { actions } from '../data/actions';
import type { Club, ClubRole } from '../data/shapes';
import { type ClubMember, watchClubMembers } from '../data/watchClubs';
import { useLive } from '../data/hooks';
import { nameOf } from '../lib/people';

const ROLE_LABELS: Record<ClubRole, string> = { OWNER: 'owner', ADMIN: 'admin', MEMBER: 'member' };

export function ClubPeople({ club }: { club: Club }) {
  const [open, setOpen] = useState(false);
  const [status, run] = useAction();
  const members = useLive<ClubMember[]>(open ? `members:${club.clubId}` : null, (onData, onError) =>
    watchClubMembers(club.clubId, onData, onError),
  );
  const runs = club.role !== 'MEMBER';
  // Only the owner names admins (the backend refuses an admin's admin invitation too).
  const invitable: InvitedRole[] = club.role === 'OWNER' ? ['MEMBER', 'ADMIN'] : ['MEMBER'];
  const removable = (m: ClubMember) => m.role === 'MEMBER' || (m.role === 'ADMIN' && club.role === 'OWNER');
  return (
    <details className="club-people" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>People</summary>
      <ErrorNote error={members.error} />
      <ul className="list small" aria-label={`People of ${club.name}`}>
        {(members.data ?? []).map((m) => (
          <li key={m.uid}>
            <span className="person">{nameOf(m)}</span> <span className="tag">{ROLE_LABELS[m.role]}</span>
            {runs && removable(m) ? (
              <button
                type="button"
                className="quiet"
                aria-label={`Remove ${nameOf(m)} from ${club.name}`}
                onClick={() =>
                  void run(async () => {
                    await actions.setClubMember({ clubId: club.clubId, uid: m.uid, role: null });
                    return `${nameOf(m)} removed`;
                  })
                }
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {runs ? (
        open ? (
          <Invitations scope={{ kind: 'club', clubId: club.clubId }} roles={invitable} />
        ) : null
      ) : (
        <button
          type="button"
          onClick={() =>
            void run(async () => {
              await actions.leaveClub({ clubId: club.clubId });
              return `you left ${club.name}`;
            })
          }
        >
          Leave {club.name}
        </button>
      )}
      <Status status={status} />
    </details>
  );
}
