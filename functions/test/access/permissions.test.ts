import { describe, expect, it } from 'vitest';
import {
  type CallerUid,
  type ChampionshipRoles,
  type ClubRoles,
  type MatchUpRoles,
  type RoundState,
  type TournamentRoles,
  canCreateTournamentIn,
  canDeleteClub,
  canDeleteTournament,
  canEditChampionship,
  canEditClub,
  canEditTournament,
  canLinkClub,
  canManageClubAdmins,
  canWriteScore,
  editorUidsFor,
  linkedClubs,
  requireCanCreateTournamentIn,
  requireCanDeleteTournament,
  requireCanEditChampionship,
  requireCanEditClub,
  requireCanEditTournament,
  requireCanLinkClub,
  requireCanWriteScore,
  requireSignedIn,
  scoreWriteRefusal,
} from '../../src/access/permissions.js';
import { DomainError } from '../../src/domain/errors.js';

// The cast: one account per role. The tournament's owner also owns its championship.
const OWNER = 'u-owner';
const CLUB_OWNER = 'u-club-owner';
const CLUB_ADMIN = 'u-club-admin';
const CLUB_MEMBER = 'u-club-member';
const SCOREKEEPER = 'u-scorekeeper';
const PLAYER = 'u-player';
const OPPONENT = 'u-opponent';
const OTHER_PLAYER = 'u-other-player';
const OTHER = 'u-other';
const ADMIN_ELSEWHERE = 'u-admin-of-unlinked-club';

const club: ClubRoles = { clubId: 'c1', ownerUid: CLUB_OWNER, adminUids: [CLUB_ADMIN] };
const unlinkedClub: ClubRoles = { clubId: 'c9', ownerUid: ADMIN_ELSEWHERE, adminUids: [ADMIN_ELSEWHERE] };
const championship: ChampionshipRoles = { ownerUid: OWNER, clubIds: ['c1'], closed: false };

const tournament = (status: TournamentRoles['status'] = 'RUNNING'): TournamentRoles => ({
  ownerUid: OWNER,
  editorUids: editorUidsFor(OWNER, [club]),
  scorekeeperUids: [SCOREKEEPER],
  status,
});
const matchUp: MatchUpRoles = { roundNumber: 2, playerUids: [PLAYER, OPPONENT] };
const otherMatchUp: MatchUpRoles = { roundNumber: 2, playerUids: [OTHER_PLAYER, 'u-someone'] };
const openRound: RoundState = { roundNumber: 2, status: 'OPEN' };
const closedRound: RoundState = { roundNumber: 2, status: 'CLOSED' };

/** Every caller the matrix asks about, anonymous included. */
const CALLERS: Record<string, CallerUid> = {
  anonymous: undefined,
  'null uid': null,
  'empty uid': '',
  other: OTHER,
  player: PLAYER,
  opponent: OPPONENT,
  'player of another matchUp': OTHER_PLAYER,
  scorekeeper: SCOREKEEPER,
  'club member': CLUB_MEMBER,
  'admin of an unlinked club': ADMIN_ELSEWHERE,
  'club admin': CLUB_ADMIN,
  'club owner': CLUB_OWNER,
  owner: OWNER,
};

function allowedCallers(predicate: (uid: CallerUid) => boolean): string[] {
  return Object.entries(CALLERS)
    .filter(([, uid]) => predicate(uid))
    .map(([name]) => name);
}

function permissionError(run: () => void): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe('clubs', () => {
  it('are edited by their owner and admins only', () => {
    expect(allowedCallers((uid) => canEditClub(uid, club))).toEqual(['club admin', 'club owner']);
  });

  it('have their admins named, and are deleted, by the owner only', () => {
    expect(allowedCallers((uid) => canManageClubAdmins(uid, club))).toEqual(['club owner']);
    expect(allowedCallers((uid) => canDeleteClub(uid, club))).toEqual(['club owner']);
  });

  it('treat a missing admin list as empty', () => {
    expect(canEditClub(CLUB_ADMIN, { clubId: 'c2', ownerUid: CLUB_OWNER })).toBe(false);
    expect(canEditClub(CLUB_OWNER, { clubId: 'c2', ownerUid: CLUB_OWNER })).toBe(true);
  });
});

describe('championships', () => {
  it('are edited by their owner and by whoever runs a linked club', () => {
    expect(allowedCallers((uid) => canEditChampionship(uid, championship, [club]))).toEqual([
      'club admin',
      'club owner',
      'owner',
    ]);
  });

  it('ignore clubs passed in that the championship does not link', () => {
    expect(linkedClubs(championship, [club, unlinkedClub])).toEqual([club]);
    expect(canEditChampionship(ADMIN_ELSEWHERE, championship, [club, unlinkedClub])).toBe(false);
  });

  it('take new tournaments from the owner and from club owners and admins (seed 004), never when closed', () => {
    expect(allowedCallers((uid) => canCreateTournamentIn(uid, championship, [club]))).toEqual([
      'club admin',
      'club owner',
      'owner',
    ]);
    const closed = { ...championship, closed: true };
    expect(allowedCallers((uid) => canCreateTournamentIn(uid, closed, [club]))).toEqual([]);
  });

  it('link a club only for someone who edits the championship and runs the club', () => {
    expect(canLinkClub(OWNER, championship, [club], unlinkedClub)).toBe(false);
    expect(canLinkClub(ADMIN_ELSEWHERE, championship, [club], unlinkedClub)).toBe(false);
    const ownedByBoth = { ...unlinkedClub, adminUids: [OWNER] };
    expect(canLinkClub(OWNER, championship, [club], ownedByBoth)).toBe(true);
    expect(canLinkClub(CLUB_ADMIN, championship, [club], club)).toBe(true);
  });
});

describe('tournaments', () => {
  it('editorUidsFor lists the owner, then each club owner and admin, once each', () => {
    const second: ClubRoles = { clubId: 'c2', ownerUid: OWNER, adminUids: [CLUB_ADMIN, 'u-x'] };
    expect(editorUidsFor(OWNER, [club, second])).toEqual([OWNER, CLUB_OWNER, CLUB_ADMIN, 'u-x']);
    expect(editorUidsFor(OWNER, [])).toEqual([OWNER]);
  });

  it('are edited by the owner and by the admins of its clubs, not by members, scorekeepers or players', () => {
    expect(allowedCallers((uid) => canEditTournament(uid, tournament()))).toEqual(['club admin', 'club owner', 'owner']);
  });

  it('are deleted (a draft or a broken one) by their editors only', () => {
    expect(allowedCallers((uid) => canDeleteTournament(uid, tournament('DRAFT')))).toEqual(['club admin', 'club owner', 'owner']);
  });

  it('always let the owner edit, even with an empty editor list', () => {
    expect(canEditTournament(OWNER, { ownerUid: OWNER, editorUids: [] })).toBe(true);
    expect(canEditTournament(CLUB_ADMIN, { ownerUid: OWNER })).toBe(false);
  });
});

describe('score writes', () => {
  const writers = ['player', 'opponent', 'scorekeeper', 'club admin', 'club owner', 'owner'];

  it('are open to the two players, scorekeepers and editors while the round is open and the tournament runs', () => {
    expect(allowedCallers((uid) => canWriteScore(uid, tournament(), matchUp, openRound))).toEqual(writers);
  });

  it('are refused to the players of another matchUp, club members and strangers', () => {
    for (const uid of [OTHER_PLAYER, CLUB_MEMBER, OTHER, ADMIN_ELSEWHERE, undefined]) {
      expect(canWriteScore(uid, tournament(), matchUp, openRound)).toBe(false);
    }
    expect(canWriteScore(OTHER_PLAYER, tournament(), otherMatchUp, openRound)).toBe(true);
    expect(canWriteScore(PLAYER, tournament(), otherMatchUp, openRound)).toBe(false);
  });

  it('are refused to everyone once the round is closed', () => {
    expect(allowedCallers((uid) => canWriteScore(uid, tournament(), matchUp, closedRound))).toEqual([]);
  });

  it('are refused to everyone unless the tournament is running', () => {
    for (const status of ['DRAFT', 'CLOSED'] as const) {
      expect(allowedCallers((uid) => canWriteScore(uid, tournament(status), matchUp, openRound))).toEqual([]);
    }
    expect(canWriteScore(OWNER, { ownerUid: OWNER }, matchUp, openRound)).toBe(false); // status defaults to DRAFT
  });

  it('check the round given is the matchUp round', () => {
    expect(canWriteScore(PLAYER, tournament(), matchUp, { roundNumber: 3, status: 'OPEN' })).toBe(false);
  });

  it('explain each refusal, naming who may write first', () => {
    expect(scoreWriteRefusal(undefined, tournament(), matchUp, openRound)).toBe('sign in to write a score');
    expect(scoreWriteRefusal(OTHER, tournament('CLOSED'), matchUp, closedRound)).toMatch(/only the two players/);
    expect(scoreWriteRefusal(PLAYER, tournament('CLOSED'), matchUp, openRound)).toMatch(/tournament is closed/);
    expect(scoreWriteRefusal(PLAYER, tournament(), matchUp, closedRound)).toMatch(/round 2 is closed/);
    expect(scoreWriteRefusal(PLAYER, tournament(), matchUp, openRound)).toBeNull();
  });
});

describe('require variants', () => {
  it('pass silently when allowed', () => {
    expect(() => requireSignedIn(OTHER)).not.toThrow();
    expect(() => requireCanEditClub(CLUB_ADMIN, club)).not.toThrow();
    expect(() => requireCanEditChampionship(CLUB_OWNER, championship, [club])).not.toThrow();
    expect(() => requireCanLinkClub(CLUB_ADMIN, championship, [club], club)).not.toThrow();
    expect(() => requireCanCreateTournamentIn(CLUB_ADMIN, championship, [club])).not.toThrow();
    expect(() => requireCanEditTournament(CLUB_ADMIN, tournament())).not.toThrow();
    expect(() => requireCanWriteScore(PLAYER, tournament(), matchUp, openRound)).not.toThrow();
  });

  it('throw permission-denied with a message that says who may', () => {
    const cases: Array<[() => void, RegExp]> = [
      [() => requireCanEditClub(CLUB_MEMBER, club), /owner or an admin of club c1/],
      [() => requireCanEditChampionship(OTHER, { ...championship, championshipId: 'ch1' }, [club]), /owner of championship ch1/],
      [() => requireCanLinkClub(OWNER, championship, [club], unlinkedClub), /club c9/],
      [() => requireCanCreateTournamentIn(SCOREKEEPER, championship, [club]), /may create a tournament/],
      [() => requireCanEditTournament(SCOREKEEPER, { ...tournament(), tournamentId: 't1' }), /owner of tournament t1/],
      [() => requireCanDeleteTournament(SCOREKEEPER, { ...tournament('DRAFT'), tournamentId: 't1' }), /owner of tournament t1 or an admin of one of its clubs may delete it/],
      [() => requireCanWriteScore(OTHER_PLAYER, tournament(), matchUp, openRound), /only the two players/],
      [() => requireCanWriteScore(PLAYER, tournament(), matchUp, closedRound), /round 2 is closed/],
    ];
    for (const [run, message] of cases) {
      const error = permissionError(run);
      expect(error.code).toBe('permission-denied');
      expect(error.message).toMatch(message);
    }
  });

  it('refuse the signed-out with unauthenticated', () => {
    for (const run of [() => requireSignedIn(undefined), () => requireCanEditTournament(undefined, tournament()), () => requireCanEditClub('', club)]) {
      const error = permissionError(run);
      expect(error.code).toBe('unauthenticated');
      expect(error.message).toMatch(/sign in/);
    }
  });

  it('refuse a closed championship with failed-precondition to those who could otherwise create', () => {
    const closed = { ...championship, closed: true, championshipId: 'ch1' };
    const error = permissionError(() => requireCanCreateTournamentIn(OWNER, closed, [club]));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('championship ch1 is closed and takes no new tournaments');
    expect(permissionError(() => requireCanCreateTournamentIn(OTHER, closed, [club])).code).toBe('permission-denied');
  });
});
