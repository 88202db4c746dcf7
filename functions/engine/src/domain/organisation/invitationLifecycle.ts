/**
 * The life of a staff invitation (docs/joining.md): made, revoked, accepted as a tournament's scorekeeper or a
 * club's member or admin. The services read the documents, ask here and write the answer; whether an invitation
 * may still be taken is invitations.ts', which stays free of the domain's errors (and so of zod) because the
 * dashboard's first screen reads its constants.
 */
import { DomainError } from '../common/index.js';
import { acceptedAfter, DAY_MS, type InvitationState, invitationRefusal } from './invitations.js';

/** What the one who invites asks for: the role, how many days the link works and how many people may take it. */
export interface InvitationRequest<R extends string> {
  role: R;
  lifetimeDays: number;
  maxUses: number;
}

/** A new invitation under its token: nobody has taken it yet. */
export function planInvitation<R extends string>(
  token: string,
  request: InvitationRequest<R>,
  createdAt: number,
): InvitationState & { token: string; role: R; createdAt: number; acceptedBy: string[]; revoked: false } {
  return {
    token,
    role: request.role,
    createdAt,
    expiresAt: createdAt + request.lifetimeDays * DAY_MS,
    maxUses: request.maxUses,
    acceptedBy: [],
    revoked: false,
  };
}

/**
 * An invitation stops working at once (whoever took it keeps the role): the invitation to write revoked, or null
 * when it is revoked already. Refused when it is gone.
 */
export function planRevocation<I extends InvitationState>(invitation: I | undefined): I | null {
  if (!invitation) throw new DomainError('not-found', 'that invitation no longer exists');
  return invitation.revoked ? null : { ...invitation, revoked: true };
}

export const NO_INVITATION =
  'this invitation link is not valid: check that you opened the whole link, or ask for a new one';

/** The invitation `uid` opened, refused when there is none under its token or it may not be accepted now. */
export function acceptableInvitation<I extends InvitationState>(
  invitation: I | undefined,
  uid: string,
  now: number,
): I {
  if (!invitation) throw new DomainError('not-found', NO_INVITATION);
  const refusal = invitationRefusal(invitation, uid, now);
  if (refusal) throw new DomainError('failed-precondition', refusal);
  return invitation;
}

/** What accepting an invitation answers: the role taken, and the tournament's or the club's name. */
export interface AcceptedInvitation<R extends string> {
  role: R;
  name: string;
}

/**
 * `uid` becomes a scorekeeper of the tournament by accepting (the services add them to its scorekeepers): refused
 * once the tournament is over.
 */
export function planScorekeeperAcceptance<R extends string>(
  invitation: InvitationState & { role: R },
  uid: string,
  tournament: { status: string; description: string },
): { acceptedBy: string[]; answer: AcceptedInvitation<R> } {
  if (tournament.status === 'CLOSED') throw new DomainError('failed-precondition', 'this tournament is over');
  return {
    acceptedBy: acceptedAfter(invitation, uid),
    answer: { role: invitation.role, name: tournament.description },
  };
}

/** A place in a club, as invitations read and write it (the owner and admins run the club). */
export interface InvitedMember {
  uid: string;
  clubId: string;
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  displayName?: string | undefined;
}

/**
 * `uid` joins the club by accepting, with the invitation's role; a role never goes down (an admin who opens a
 * member's invitation stays admin) and the owner stays owner. The name on the account's profile, when it has one,
 * replaces the one stored. Refused when the club is gone.
 */
export function planMemberAcceptance<R extends 'SCOREKEEPER' | 'ADMIN' | 'MEMBER'>(
  invitation: InvitationState & { role: R },
  taker: { uid: string; clubId: string; displayName?: string | undefined },
  club: { name: string } | undefined,
  current: Pick<InvitedMember, 'role' | 'displayName'> | undefined,
): { member: InvitedMember; acceptedBy: string[]; answer: AcceptedInvitation<R> } {
  if (!club) throw new DomainError('not-found', 'this club no longer exists');
  const { uid, clubId, displayName } = taker;
  const invited = invitation.role === 'ADMIN' ? 'ADMIN' : 'MEMBER';
  const role = current && current.role !== 'MEMBER' ? current.role : invited;
  return {
    member: {
      uid,
      clubId,
      role,
      ...(displayName ? { displayName } : current?.displayName ? { displayName: current.displayName } : {}),
    },
    acceptedBy: acceptedAfter(invitation, uid),
    answer: { role: invitation.role, name: club.name },
  };
}
