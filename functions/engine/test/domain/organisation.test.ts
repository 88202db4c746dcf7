import { describe, expect, it } from 'vitest';
import {
  acceptableInvitation,
  assertClubDeletable,
  assertClubExists,
  assertMayLeaveClub,
  DAY_MS,
  foundChampionship,
  type InvitationState,
  NO_INVITATION,
  planClubLink,
  planClubMember,
  planInvitation,
  planMemberAcceptance,
  planNewChampionship,
  planNewClub,
  planNewTournament,
  planRevocation,
  planScorekeeperAcceptance,
  type TournamentCreation,
} from '../../src/domain/organisation/index.js';
import { refusal } from './refusal.js';

describe('clubs', () => {
  it('a new club is owned by its creator; an account named twice keeps its highest role', () => {
    expect(planNewClub('c1', 'owner', { name: 'Aces', adminUids: ['a', 'owner'], memberUids: ['a', 'm'] })).toEqual({
      club: { clubId: 'c1', name: 'Aces' },
      members: [
        { uid: 'a', clubId: 'c1', role: 'ADMIN' },
        { uid: 'm', clubId: 'c1', role: 'MEMBER' },
        { uid: 'owner', clubId: 'c1', role: 'OWNER' },
      ],
    });
    expect(planNewClub('c1', 'o', { name: 'Aces', country: 'NLD', adminUids: [], memberUids: [] }).club).toEqual({
      clubId: 'c1',
      name: 'Aces',
      country: 'NLD',
    });
  });

  it('refuses a club that is not there', () => {
    expect(() => assertClubExists(true)).not.toThrow();
    expect(refusal(() => assertClubExists(false))).toEqual({
      code: 'not-found',
      message: 'this club does not exist (or was deleted)',
    });
  });

  it("never moves the owner's role", () => {
    for (const role of ['ADMIN', 'MEMBER', null] as const)
      expect(refusal(() => planClubMember({ role: 'OWNER' }, { clubId: 'c', uid: 'o', role }))).toEqual({
        code: 'failed-precondition',
        message: 'the owner of the club keeps that role',
      });
  });

  it('names, changes and removes members; naming or removing an admin needs the owner', () => {
    expect(planClubMember(undefined, { clubId: 'c', uid: 'u', role: 'MEMBER' })).toEqual({
      ownerOnly: false,
      changed: true,
      member: { uid: 'u', clubId: 'c', role: 'MEMBER' },
    });
    expect(planClubMember({ role: 'MEMBER' }, { clubId: 'c', uid: 'u', role: 'ADMIN' })).toEqual({
      ownerOnly: true,
      changed: true,
      member: { uid: 'u', clubId: 'c', role: 'ADMIN' },
    });
    expect(planClubMember({ role: 'ADMIN' }, { clubId: 'c', uid: 'u', role: null })).toEqual({
      ownerOnly: true,
      changed: true,
      member: null,
    });
    expect(planClubMember({ role: 'MEMBER' }, { clubId: 'c', uid: 'u', role: null }).ownerOnly).toBe(false);
  });

  it('the role an account already has changes nothing', () => {
    expect(planClubMember({ role: 'MEMBER' }, { clubId: 'c', uid: 'u', role: 'MEMBER' })).toEqual({
      ownerOnly: false,
      changed: false,
    });
    expect(planClubMember(undefined, { clubId: 'c', uid: 'u', role: null })).toEqual({
      ownerOnly: false,
      changed: false,
    });
    expect(planClubMember({ role: 'ADMIN' }, { clubId: 'c', uid: 'u', role: 'ADMIN' })).toEqual({
      ownerOnly: true,
      changed: false,
    });
  });

  it('a member or an admin leaves; the owner and a stranger cannot', () => {
    expect(() => assertMayLeaveClub({ role: 'MEMBER' })).not.toThrow();
    expect(() => assertMayLeaveClub({ role: 'ADMIN' })).not.toThrow();
    expect(refusal(() => assertMayLeaveClub(undefined))).toEqual({
      code: 'not-found',
      message: 'you are not a member of this club',
    });
    expect(refusal(() => assertMayLeaveClub({ role: 'OWNER' }))).toEqual({
      code: 'failed-precondition',
      message: 'the owner cannot leave the club',
    });
  });

  it('a club is deleted only while nothing links it, and the refusal names what does (a championship first)', () => {
    expect(() => assertClubDeletable({})).not.toThrow();
    expect(refusal(() => assertClubDeletable({ tournament: { description: 'Spring Open' } }))).toEqual({
      code: 'failed-precondition',
      message: 'the club is linked to the tournament “Spring Open”: unlink it there first',
    });
    expect(
      refusal(() =>
        assertClubDeletable({ championship: { name: 'League' }, tournament: { description: 'Spring Open' } }),
      ),
    ).toEqual({
      code: 'failed-precondition',
      message: 'the club is linked to the championship “League”: unlink it there first',
    });
  });
});

describe('championships', () => {
  it('refuses a championship that is not there, and answers the one that is', () => {
    expect(foundChampionship({ name: 'League' })).toEqual({ name: 'League' });
    expect(refusal(() => foundChampionship(undefined))).toEqual({
      code: 'not-found',
      message: 'this championship does not exist (or was deleted)',
    });
  });

  it('a new championship is owned by its creator and open', () => {
    expect(planNewChampionship('ch', 'owner', { name: 'League', clubIds: ['c1'], rating: 'ELO' })).toEqual({
      championshipId: 'ch',
      ownerUid: 'owner',
      closed: false,
      name: 'League',
      clubIds: ['c1'],
      rating: 'ELO',
    });
  });

  it('links one more club once; a club linked already changes nothing', () => {
    const championship = { championshipId: 'ch', name: 'League', clubIds: ['c1'] };
    expect(planClubLink(championship, 'c2')).toEqual({
      changed: true,
      championship: { championshipId: 'ch', name: 'League', clubIds: ['c1', 'c2'] },
    });
    expect(championship.clubIds).toEqual(['c1']);
    expect(planClubLink(championship, 'c1')).toEqual({ changed: false });
  });
});

describe('planNewTournament', () => {
  const creation: TournamentCreation<
    { date: string; description: string; hostClubId?: string; rating?: string },
    object
  > = {
    tournamentId: 't1',
    ownerUid: 'owner',
    championship: { championshipId: 'ch', name: 'League', clubIds: ['c1', 'c2'], rating: 'ELO' },
    fields: { date: '2025-06-01', description: 'Spring Open', hostClubId: 'c1' },
    settings: { system: 'SWISS', pairing: { method: 'DUTCH', options: {} }, policy: { name: 'SWISS' } },
    hostClubExists: true,
    dateTakenBy: null,
  };

  it("makes a draft of the championship's clubs, rated on the championship's scale when it names none", () => {
    expect(planNewTournament(creation)).toEqual({
      tournament: {
        date: '2025-06-01',
        description: 'Spring Open',
        hostClubId: 'c1',
        system: 'SWISS',
        pairing: { method: 'DUTCH', options: {} },
        policy: { name: 'SWISS' },
        rating: 'ELO',
        tournamentId: 't1',
        championshipId: 'ch',
        ownerUid: 'owner',
        clubIds: ['c1', 'c2'],
        status: 'DRAFT',
        currentRound: 0,
      },
    });
    const ownScale = { ...creation, fields: { ...creation.fields, rating: 'UTR' } };
    expect(planNewTournament(ownScale).tournament.rating).toBe('UTR');
  });

  it('refuses a host club that is gone', () => {
    expect(refusal(() => planNewTournament({ ...creation, hostClubExists: false }))).toEqual({
      code: 'not-found',
      message: 'the host club does not exist (it may have been deleted): choose another',
    });
  });

  it('refuses a date the championship plays already, naming the tournament on it', () => {
    const suffix =
      ': a championship plays one tournament a day, so its results and ratings follow in order. Choose another ' +
      'date, or another championship';
    expect(
      refusal(() => planNewTournament({ ...creation, dateTakenBy: { tournament: { description: 'Summer Cup' } } })),
    ).toEqual({
      code: 'already-exists',
      message: `League already has a tournament on 2025-06-01 (“Summer Cup”)${suffix}`,
    });
    expect(refusal(() => planNewTournament({ ...creation, dateTakenBy: { tournament: undefined } }))).toEqual({
      code: 'already-exists',
      message: `League already has a tournament on 2025-06-01 (another tournament)${suffix}`,
    });
  });
});

describe('invitations', () => {
  const open: InvitationState & { token: string; role: 'MEMBER' | 'ADMIN' | 'SCOREKEEPER'; revoked: boolean } = {
    token: 'tok',
    role: 'MEMBER',
    expiresAt: 1_000,
    revoked: false,
    maxUses: 2,
    acceptedBy: ['x'],
  };

  it('a new invitation works for its lifetime and has been taken by nobody', () => {
    expect(planInvitation('tok', { role: 'ADMIN', lifetimeDays: 7, maxUses: 3 }, 500)).toEqual({
      token: 'tok',
      role: 'ADMIN',
      createdAt: 500,
      expiresAt: 500 + 7 * DAY_MS,
      maxUses: 3,
      acceptedBy: [],
      revoked: false,
    });
  });

  it('revokes once; refuses an invitation that is gone', () => {
    expect(planRevocation(open)).toEqual({ ...open, revoked: true });
    expect(planRevocation({ ...open, revoked: true })).toBeNull();
    expect(refusal(() => planRevocation(undefined))).toEqual({
      code: 'not-found',
      message: 'that invitation no longer exists',
    });
  });

  it('refuses an invitation that is not there, or not acceptable now', () => {
    expect(acceptableInvitation(open, 'u', 10)).toBe(open);
    expect(refusal(() => acceptableInvitation(undefined, 'u', 10))).toEqual({
      code: 'not-found',
      message: NO_INVITATION,
    });
    expect(NO_INVITATION).toBe(
      'this invitation link is not valid: check that you opened the whole link, or ask for a new one',
    );
    expect(refusal(() => acceptableInvitation({ ...open, revoked: true }, 'u', 10))).toEqual({
      code: 'failed-precondition',
      message: 'this invitation was withdrawn by the organizer: ask them for a new one',
    });
    expect(refusal(() => acceptableInvitation(open, 'u', 1_000))).toEqual({
      code: 'failed-precondition',
      message: 'this invitation has expired: ask the organizer for a new one',
    });
    expect(refusal(() => acceptableInvitation({ ...open, acceptedBy: ['x', 'y'] }, 'u', 10))).toEqual({
      code: 'failed-precondition',
      message: 'this invitation has been used up: ask the organizer for a new one',
    });
  });

  it("a scorekeeper's invitation is taken while the tournament is not over", () => {
    const scorekeeper = { ...open, role: 'SCOREKEEPER' as const };
    expect(planScorekeeperAcceptance(scorekeeper, 'u', { status: 'RUNNING', description: 'Spring Open' })).toEqual({
      acceptedBy: ['x', 'u'],
      answer: { role: 'SCOREKEEPER', name: 'Spring Open' },
    });
    expect(
      planScorekeeperAcceptance(scorekeeper, 'x', { status: 'DRAFT', description: 'Spring Open' }).acceptedBy,
    ).toEqual(['x']);
    expect(refusal(() => planScorekeeperAcceptance(scorekeeper, 'u', { status: 'CLOSED', description: 'S' }))).toEqual({
      code: 'failed-precondition',
      message: 'this tournament is over',
    });
  });

  it("a club's invitation makes a member or an admin; a role never goes down; the profile's name is kept", () => {
    const taker = { uid: 'u', clubId: 'c', displayName: 'Ann' };
    expect(planMemberAcceptance(open, taker, { name: 'Aces' }, undefined)).toEqual({
      member: { uid: 'u', clubId: 'c', role: 'MEMBER', displayName: 'Ann' },
      acceptedBy: ['x', 'u'],
      answer: { role: 'MEMBER', name: 'Aces' },
    });
    const admin = { ...open, role: 'ADMIN' as const };
    expect(planMemberAcceptance(admin, taker, { name: 'Aces' }, { role: 'MEMBER' }).member.role).toBe('ADMIN');
    expect(planMemberAcceptance(open, taker, { name: 'Aces' }, { role: 'ADMIN' }).member.role).toBe('ADMIN');
    expect(planMemberAcceptance(admin, taker, { name: 'Aces' }, { role: 'OWNER' }).member.role).toBe('OWNER');
    const unnamed = { uid: 'u', clubId: 'c' };
    expect(
      planMemberAcceptance(open, unnamed, { name: 'Aces' }, { role: 'MEMBER', displayName: 'Old' }).member,
    ).toEqual({ uid: 'u', clubId: 'c', role: 'MEMBER', displayName: 'Old' });
    expect(planMemberAcceptance(open, unnamed, { name: 'Aces' }, undefined).member).toEqual({
      uid: 'u',
      clubId: 'c',
      role: 'MEMBER',
    });
  });

  it('refuses a club that is gone', () => {
    expect(refusal(() => planMemberAcceptance(open, { uid: 'u', clubId: 'c' }, undefined, undefined))).toEqual({
      code: 'not-found',
      message: 'this club no longer exists',
    });
  });
});
