/**
 * Staff invitations: whether one may still be accepted, and what accepting it leaves behind. Plain data in and
 * out; the services read and write the documents (see docs/joining.md).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_LIFETIME_DAYS = 7;
export const MAX_LIFETIME_DAYS = 30;
export const MAX_USES = 100;
/** 24 random bytes: 192 bits, printed as 32 base64url characters. */
export const INVITATION_TOKEN_BYTES = 24;

export interface InvitationState {
  expiresAt: number;
  revoked: boolean;
  maxUses: number;
  acceptedBy: readonly string[];
}

/** Why `uid` may not accept the invitation now, in the invitee's words; null when it may. */
export function invitationRefusal(invitation: InvitationState, uid: string, now: number): string | null {
  if (invitation.revoked) return 'this invitation was withdrawn by the organizer: ask them for a new one';
  if (invitation.acceptedBy.includes(uid)) return null;
  if (now >= invitation.expiresAt) return 'this invitation has expired: ask the organizer for a new one';
  if (invitation.acceptedBy.length >= invitation.maxUses)
    return 'this invitation has been used up: ask the organizer for a new one';
  return null;
}

/** The accounts that have accepted, after `uid` does: accepting twice uses the invitation once. */
export function acceptedAfter(invitation: InvitationState, uid: string): string[] {
  return invitation.acceptedBy.includes(uid) ? [...invitation.acceptedBy] : [...invitation.acceptedBy, uid];
}
