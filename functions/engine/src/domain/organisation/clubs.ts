/**
 * Clubs (docs/organisation.md): who a new club starts with, who may change whose role, who may leave, and when a
 * club may be deleted. Plain data in and out; the services read the documents, ask here and write the answer.
 * Who may ask at all (the club's owner or admins) is the access rules' (access/permissions.ts).
 */
import { DomainError } from '../common/index.js';

/** A place in a club: the owner and the admins run it, members belong to it. */
export type ClubMemberRole = 'OWNER' | 'ADMIN' | 'MEMBER';

/** One account's place in a club, as stored. */
export interface ClubMembership {
  uid: string;
  clubId: string;
  role: ClubMemberRole;
}

/** What the creator of a club asks for. */
export interface ClubCreation {
  name: string;
  country?: string | undefined;
  adminUids: readonly string[];
  memberUids: readonly string[];
}

/** A new club's document and its first members. */
export interface NewClubPlan {
  club: { clubId: string; name: string; country?: string };
  members: ClubMembership[];
}

/** A new club: the creator owns it; an account named twice keeps its highest role. */
export function planNewClub(clubId: string, ownerUid: string, input: ClubCreation): NewClubPlan {
  const roles = new Map<string, ClubMemberRole>();
  for (const uid of input.memberUids) roles.set(uid, 'MEMBER');
  for (const uid of input.adminUids) roles.set(uid, 'ADMIN');
  roles.set(ownerUid, 'OWNER');
  return {
    club: { clubId, name: input.name, ...(input.country ? { country: input.country } : {}) },
    members: [...roles].map(([uid, role]) => ({ uid, clubId, role })),
  };
}

/** Refuses a club that is not there (never created, or deleted). */
export function assertClubExists(exists: boolean): void {
  if (!exists) throw new DomainError('not-found', 'this club does not exist (or was deleted)');
}

/** A role given to an account in a club, or taken away (null). Nobody is made owner this way. */
export interface ClubMemberChange {
  clubId: string;
  uid: string;
  role: 'ADMIN' | 'MEMBER' | null;
}

export type ClubMemberPlan =
  | {
      /** Only the owner names or removes admins: the change needs the owner's rights. */
      ownerOnly: boolean;
      changed: false;
    }
  | {
      ownerOnly: boolean;
      changed: true;
      /** The member's document to write, or null: it is deleted. */
      member: ClubMembership | null;
    };

/**
 * Gives an account a role in a club, or takes it out: the owner's own role never moves; naming or removing an admin
 * is the owner's alone; the role it already has changes nothing.
 */
export function planClubMember(target: { role: ClubMemberRole } | undefined, change: ClubMemberChange): ClubMemberPlan {
  if (target?.role === 'OWNER') throw new DomainError('failed-precondition', 'the owner of the club keeps that role');
  const ownerOnly = change.role === 'ADMIN' || target?.role === 'ADMIN';
  if ((target?.role ?? null) === change.role) return { ownerOnly, changed: false };
  const { clubId, uid, role } = change;
  return { ownerOnly, changed: true, member: role === null ? null : { uid, clubId, role } };
}

/** A member or an admin leaves a club; the owner cannot (the club would have nobody to run it). */
export function assertMayLeaveClub<M extends { role: ClubMemberRole }>(member: M | undefined): asserts member is M {
  if (!member) throw new DomainError('not-found', 'you are not a member of this club');
  if (member.role === 'OWNER') throw new DomainError('failed-precondition', 'the owner cannot leave the club');
}

/** A championship or a tournament that links the club, as read (one is enough to refuse). */
export interface ClubLinks {
  championship?: { name: string } | undefined;
  tournament?: { description: string } | undefined;
}

/** A club is deleted only while no championship or tournament links it (its id could be reused otherwise). */
export function assertClubDeletable(links: ClubLinks): void {
  const { championship, tournament } = links;
  const linked = championship
    ? `the championship “${championship.name}”`
    : tournament
      ? `the tournament “${tournament.description}”`
      : null;
  if (linked) throw new DomainError('failed-precondition', `the club is linked to ${linked}: unlink it there first`);
}
