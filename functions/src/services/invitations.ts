import { randomBytes } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import {
  acceptableInvitation,
  INVITATION_TOKEN_BYTES,
  planInvitation,
  planMemberAcceptance,
  planRevocation,
  planScorekeeperAcceptance,
  requireCanEditClub,
  requireCanManageClubAdmins,
  requireSignedIn,
  runsClub,
} from '@competition/engine';
import { refs, type Refs } from '../firebase/refs.js';
import type { Accepted, CreateInvitationInput, InvitationDoc, InvitationRefInput } from '@competition/engine/schemas';
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
  const invitation: InvitationDoc = planInvitation(token, input, now());
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
    const revoked = planRevocation(invitation);
    if (revoked) tx.set(doc, revoked);
  });
}

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
    const invitation = acceptableInvitation((await tx.get(doc)).data(), uid, now());
    const used = (acceptedBy: string[]) => tx.set(doc, { ...invitation, acceptedBy });
    const names = displayName ? new Map([[uid, displayName]]) : undefined;
    if (input.kind === 'tournament') {
      const { tournamentId } = input;
      const tournament = await readTournament(tx, ref, tournamentId);
      const plan = planScorekeeperAcceptance(invitation, uid, tournament);
      const roles = (await tx.get(ref.roles(tournamentId))).docs.map((d) => d.data());
      const scorekeepers = new Set([...roles.filter((r) => r.scorekeeper).map((r) => r.uid), uid]);
      const write = await planTournamentRoles(tx, ref, tournamentId, { scorekeepers, displayNames: names });
      write();
      used(plan.acceptedBy);
      return plan.answer;
    }
    const { clubId } = input;
    const club = (await tx.get(ref.club(clubId))).data();
    const current = club && (await readOwnMember(tx, ref, clubId, uid));
    const plan = planMemberAcceptance(invitation, { uid, clubId, displayName }, club, current);
    const { role } = plan.member;
    const refresh =
      role === 'ADMIN' && !runsClub(current)
        ? await planClubRefresh(tx, ref, clubId, await runnersAfter(tx, ref, clubId, uid, role))
        : () => {};
    tx.set(ref.clubMember(clubId, uid), plan.member);
    refresh();
    used(plan.acceptedBy);
    return plan.answer;
  });
}
