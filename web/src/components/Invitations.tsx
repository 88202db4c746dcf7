/**
 * Invitations for staff (a tournament's scorekeepers) and for a club's people: create one with a lifetime and a
 * number of people, copy its link, revoke it. Shared by the organizer's desk and the club's People panel.
 */
import { type FormEvent, useEffect, useState } from 'react';
import type { InvitationDoc, InvitationScope } from '@competition/engine/schemas';
import { DEFAULT_LIFETIME_DAYS } from '@competition/engine/view';
import { href } from '../app/route';
import { actions } from '../data/actions';
import { useLive } from '../data/hooks';
import { watchInvitations } from '../data/watchStaff';
import { ErrorNote, Field, Status, useAction } from './ui';

export type InvitedRole = 'SCOREKEEPER' | 'ADMIN' | 'MEMBER';

const ROLE_WORDS: Record<InvitedRole, string> = {
  SCOREKEEPER: 'scorekeeper',
  ADMIN: 'club admin',
  MEMBER: 'club member',
};

export function invitationUrl(scope: InvitationScope, token: string): string {
  return `${location.origin}${location.pathname}${href.invitation({ ...scope, token })}`;
}

const date = (ms: number) => new Date(ms).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

function state(invitation: InvitationDoc, now: number): string {
  if (invitation.revoked) return 'revoked';
  if (now >= invitation.expiresAt) return 'expired';
  const left = invitation.maxUses - invitation.acceptedBy.length;
  if (left <= 0) return 'used';
  return `${left} of ${invitation.maxUses} left, until ${date(invitation.expiresAt)}`;
}

/** The longest wait setTimeout keeps (about 24.8 days): a longer one would end at once. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The time, read at the first render and again when the earliest of `moments` still ahead of it passes: a list
 * that leaves out what has expired drops each item when it expires, and render reads no clock itself.
 */
function useTimePast(moments: readonly number[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = Math.min(...moments.filter((moment) => moment > now));
  useEffect(() => {
    if (next === Infinity) return undefined;
    // A wait cut at the longest timeout ends with `next` still ahead: `now` moves, and the effect waits again.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now(), LONGEST_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [next, now]);
  return now;
}

export function Invitations({ scope, roles }: { scope: InvitationScope; roles: readonly InvitedRole[] }) {
  const key = scope.kind === 'tournament' ? scope.tournamentId : scope.clubId;
  const list = useLive<InvitationDoc[]>(`invitations:${scope.kind}:${key}`, (onData, onError) =>
    watchInvitations(scope, onData, onError),
  );
  const [role, setRole] = useState<InvitedRole>(roles[0]!);
  const [days, setDays] = useState(String(DEFAULT_LIFETIME_DAYS));
  const [uses, setUses] = useState('1');
  const [status, run] = useAction();
  const now = useTimePast((list.data ?? []).map((invitation) => invitation.expiresAt));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const lifetimeDays = Number(days);
      const maxUses = Number(uses);
      if (scope.kind === 'tournament')
        await actions.createInvitation({ ...scope, role: 'SCOREKEEPER', lifetimeDays, maxUses });
      else
        await actions.createInvitation({
          ...scope,
          role: role === 'ADMIN' ? 'ADMIN' : 'MEMBER',
          lifetimeDays,
          maxUses,
        });
      return 'invitation created: send its link';
    });
  };
  const live = (list.data ?? []).filter((i) => !i.revoked && now < i.expiresAt && i.acceptedBy.length < i.maxUses);
  return (
    <div className="stack invitations">
      <form className="row wrap" onSubmit={onSubmit} aria-label="New invitation">
        {roles.length > 1 ? (
          <Field label="Invite as">
            {(p) => (
              <select {...p} value={role} onChange={(e) => setRole(e.target.value as InvitedRole)}>
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_WORDS[r]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <Field label="Valid for (days)">
          {(p) => (
            <input {...p} type="number" min={1} max={30} value={days} onChange={(e) => setDays(e.target.value)} />
          )}
        </Field>
        <Field label="People">
          {(p) => (
            <input {...p} type="number" min={1} max={100} value={uses} onChange={(e) => setUses(e.target.value)} />
          )}
        </Field>
        <button type="submit">Create invitation</button>
      </form>
      <Status status={status} id={`invitations-status-${scope.kind}`} />
      <ErrorNote error={list.error} />
      {live.length === 0 ? <p className="muted">No open invitation.</p> : null}
      <ul className="list invitation-list" aria-label="Open invitations">
        {live.map((invitation) => {
          const url = invitationUrl(scope, invitation.token);
          return (
            <li key={invitation.token} className="stack">
              <span>
                <span className="tag">{ROLE_WORDS[invitation.role]}</span> {state(invitation, now)}
              </span>
              <input
                className="invitation-url"
                readOnly
                value={url}
                aria-label="Invitation link"
                onFocus={(e) => e.target.select()}
              />
              <span className="row wrap">
                <button
                  type="button"
                  className="quiet"
                  onClick={() => void run(async () => (await navigator.clipboard.writeText(url), 'link copied'))}
                >
                  Copy link
                </button>
                <button
                  type="button"
                  className="quiet"
                  onClick={() =>
                    void run(async () => {
                      await actions.revokeInvitation({ ...scope, token: invitation.token });
                      return 'invitation revoked: its link no longer works';
                    })
                  }
                >
                  Revoke
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
