import { randomBytes } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import {
  acceptedAfter,
  DAY_MS,
  DomainError,
  INVITATION_TOKEN_BYTES,
  invitationRefusal,
  requireCanEditClub,
  requireCanManageClubAdmins,
  requireSignedIn,
  runsClub,
} from '@competition/engine';
import { refs, type Refs } from '../firebase/refs.js';
import type {
  Accepted,
  ClubRole,
  CreateInvitationInput,
  InvitationDoc,
  InvitationRefInput,
} from '@competition/engine/schemas';
import { planClubRefresh, planTournamentRoles, readOwnMember } from './roles.js';
import { requireClub, runnersAfter } from './organisation.js';
import { readEditableTournament, readTournament } from './tournamentAccess.js';

const newToken = (): string => randomBytes(INVITATION_TOKEN_BYTES).toString('base64url');

function invitationRef(ref: Refs, input: InvitationRefInput) {
  return input.kind === 'tournament'
    ? ref.tournamentInvitation(input.tournamentId, input.token)
    : ref.clubInvitation(input.clubId, input.token);
}

async function requireClubRunner(tx: Transaction, ref: Refs, uid: string | undefined, clubId: string, role: string) {
  await requireClub(tx, ref, clubId);
  const caller = await readOwnMember(tx, ref, clubId, uid);
  requireCanEditClub(uid, clubId, caller);
  if (role === 'ADMIN') requireCanManageClubAdmins(uid, clubId, caller);
}

/** An editor invites a scorekeeper; a club's runner invites a member (only its owner invites an admin). */
export async function createInvitation(
  db: Firestore,
  uid: string | undefined,
  input: CreateInvitationInput,
  now: () => number = Date.now,
): Promise<{ token: string; expiresAt: number }> {
  const ref = refs(db);
  const token = newToken();
  const createdAt = now();
  const invitation: InvitationDoc = {
    token,
    role: input.role,
    createdAt,
    expiresAt: createdAt + input.lifetimeDays * DAY_MS,
    maxUses: input.maxUses,
    acceptedBy: [],
    revoked: false,
  };
  await db.runTransaction(async (tx) => {
    if (input.kind === 'tournament') {
      await readEditableTournament(tx, ref, uid, input.tournamentId);
      tx.create(ref.tournamentInvitation(input.tournamentId, token), invitation);
    } else {
      await requireClubRunner(tx, ref, uid, input.clubId, input.role);
      tx.create(ref.clubInvitation(input.clubId, token), invitation);
    }
  });
  return { token, expiresAt: invitation.expiresAt };
}

/** The invitation stops working at once; whoever already took it keeps the role (remove them from the list). */
export async function revokeInvitation(db: Firestore, uid: string | undefined, input: InvitationRefInput) {
  const ref = refs(db);
  await db.runTransaction(async (tx) => {
    const doc = invitationRef(ref, input);
    const invitation = (await tx.get(doc)).data();
    if (input.kind === 'tournament') await readEditableTournament(tx, ref, uid, input.tournamentId);
    else await requireClubRunner(tx, ref, uid, input.clubId, invitation?.role ?? 'MEMBER');
    if (!invitation) throw new DomainError('not-found', 'that invitation no longer exists');
    if (!invitation.revoked) tx.set(doc, { ...invitation, revoked: true });
  });
}

const NO_INVITATION = 'this invitation link is not valid: check that you opened the whole link, or ask for a new one';

/**
 * The signed-in caller takes the invitation's role. Accepting again is harmless and uses no further place; an
 * expired, revoked or used-up invitation is refused. A club role never goes down (an admin who opens a member's
 * invitation stays admin), and the owner stays owner.
 */
export async function acceptInvitation(
  db: Firestore,
  uid: string | undefined,
  input: InvitationRefInput,
  displayName: string | undefined,
  now: () => number = Date.now,
): Promise<Accepted> {
  requireSignedIn(uid);
  const ref = refs(db);
  return db.runTransaction(async (tx) => {
    const doc = invitationRef(ref, input);
    const invitation = (await tx.get(doc)).data();
    if (!invitation) throw new DomainError('not-found', NO_INVITATION);
    const refusal = invitationRefusal(invitation, uid, now());
    if (refusal) throw new DomainError('failed-precondition', refusal);
    const used = () => tx.set(doc, { ...invitation, acceptedBy: acceptedAfter(invitation, uid) });
    const names = displayName ? new Map([[uid, displayName]]) : undefined;
    if (input.kind === 'tournament') {
      const { tournamentId } = input;
      const tournament = await readTournament(tx, ref, tournamentId);
      if (tournament.status === 'CLOSED') throw new DomainError('failed-precondition', 'this tournament is over');
      const roles = (await tx.get(ref.roles(tournamentId))).docs.map((d) => d.data());
      const scorekeepers = new Set([...roles.filter((r) => r.scorekeeper).map((r) => r.uid), uid]);
      const write = await planTournamentRoles(tx, ref, tournamentId, { scorekeepers, displayNames: names });
      write();
      used();
      return { role: invitation.role, name: tournament.description };
    }
    const { clubId } = input;
    const club = (await tx.get(ref.club(clubId))).data();
    if (!club) throw new DomainError('not-found', 'this club no longer exists');
    const current = await readOwnMember(tx, ref, clubId, uid);
    const invited: ClubRole = invitation.role === 'ADMIN' ? 'ADMIN' : 'MEMBER';
    const role: ClubRole = current && current.role !== 'MEMBER' ? current.role : invited;
    const refresh =
      role === 'ADMIN' && !runsClub(current)
        ? await planClubRefresh(tx, ref, clubId, await runnersAfter(tx, ref, clubId, uid, role))
        : () => {};
    tx.set(ref.clubMember(clubId, uid), {
      uid,
      clubId,
      role,
      ...(displayName ? { displayName } : current?.displayName ? { displayName: current.displayName } : {}),
    });
    refresh();
    used();
    return { role: invitation.role, name: club.name };
  });
}
