import { describe, expect, it } from 'vitest';
import {
  type CallerUid,
  canCreateTournamentIn,
  canEditChampionship,
  canReadDeckList,
  canEditClub,
  canEditTournament,
  canManageClubAdmins,
  canWriteScore,
  DomainError,
  requireCanCreateTournamentIn,
  requireCanEditChampionship,
  requirePlaysEntry,
  requireCanEditClub,
  requireCanEditTournament,
  requireCanWriteScore,
  requireSignedIn,
  scoreWriteRefusal,
} from '@competition/engine';
import type { MatchUpDoc, RoundDoc } from '@competition/engine/schemas';
import { ACCESS_TABLE, type AccessAction } from './accessTable.js';
import { ACTORS, type Actor, UIDS, type World, buildWorld, uidOf } from './world.js';

const world = buildWorld();
const memberOf = (uid: CallerUid, w: World = world) => w.members.find((m) => m.uid === uid);
const editorOf = (uid: CallerUid, w: World = world) => w.championshipEditors.find((e) => e.uid === uid);
const roleOf = (uid: CallerUid, w: World = world) => w.tournamentRoles.find((r) => r.uid === uid);
const matchUp = (id: string, w: World = world): MatchUpDoc => w.matchUps.find((m) => m.matchUpId === id)!;
const openRound: Pick<RoundDoc, 'roundNumber' | 'status'> = { roundNumber: 1, status: 'OPEN' };
const closedRound: Pick<RoundDoc, 'roundNumber' | 'status'> = { roundNumber: 1, status: 'CLOSED' };
const PLAYED = { kind: 'PLAYED', score: { a: 5, b: 3 } };

/** permissions.ts's answer to each action of the shared table. */
function permits(action: AccessAction, uid: CallerUid): boolean {
  const score = (id: string) => canWriteScore(uid, roleOf(uid), world.tournament, matchUp(id), openRound, PLAYED);
  switch (action) {
    case 'edit the tournament':
    case 'read the tournament roles of others':
      return canEditTournament(uid, roleOf(uid));
    case 'score the game of player and opponent':
      return score(world.ids.matchUpId);
    case 'score the game of otherPlayer':
      return score(world.ids.otherMatchUpId);
    case 'change the bye of byePlayer':
      return score(world.ids.byeMatchUpId);
    case "read player's deck list before the lists are published":
      return canReadDeckList(uid, roleOf(uid), world.ids.participantId, false);
    case 'edit the championship':
      return canEditChampionship(uid, editorOf(uid));
    case 'run the club':
      return canEditClub(uid, memberOf(uid));
  }
}

const allowedActors = (predicate: (uid: CallerUid) => boolean): Actor[] =>
  ACTORS.filter((actor) => predicate(uidOf(actor)));

function permissionError(run: () => void): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe('the shared allow/deny table (the rules answer the same in rules.test.ts)', () => {
  it.each(ACCESS_TABLE)('$action: allowed to exactly $allowed', ({ action, allowed }) => {
    expect(allowedActors((uid) => permits(action, uid))).toEqual(ACTORS.filter((actor) => allowed.includes(actor)));
  });
});

describe('roles read for someone else grant nothing', () => {
  it('an editor role document passed in for another account is refused', () => {
    const ownerRole = roleOf(UIDS.owner)!;
    expect(canEditTournament(UIDS.other, ownerRole)).toBe(false);
    expect(canEditChampionship(UIDS.other, editorOf(UIDS.owner))).toBe(false);
    expect(canEditClub(UIDS.other, memberOf(UIDS.owner))).toBe(false);
  });
});

describe('clubs', () => {
  it('have their admins named, and are deleted, by the owner only', () => {
    expect(allowedActors((uid) => canManageClubAdmins(uid, memberOf(uid)))).toEqual(['owner']);
  });
});

describe('championships', () => {
  it('take new tournaments from their editors, never when closed', () => {
    const open = { closed: false };
    expect(allowedActors((uid) => canCreateTournamentIn(uid, open, editorOf(uid)))).toEqual(['owner', 'clubAdmin']);
    expect(allowedActors((uid) => canCreateTournamentIn(uid, { closed: true }, editorOf(uid)))).toEqual([]);
  });
});

describe('score writes', () => {
  const game = () => matchUp(world.ids.matchUpId);

  it('are refused to everyone once the round is closed', () => {
    expect(
      allowedActors((uid) => canWriteScore(uid, roleOf(uid), world.tournament, game(), closedRound, PLAYED)),
    ).toEqual([]);
  });

  it('are refused to everyone unless the tournament is running', () => {
    for (const status of ['DRAFT', 'CLOSED'] as const) {
      const tournament = { ...world.tournament, status };
      expect(allowedActors((uid) => canWriteScore(uid, roleOf(uid), tournament, game(), openRound, PLAYED))).toEqual(
        [],
      );
    }
    expect(canWriteScore(UIDS.owner, roleOf(UIDS.owner), {}, game(), openRound, PLAYED)).toBe(false); // status defaults to DRAFT
  });

  it('check the round given is the matchUp round', () => {
    expect(
      canWriteScore(
        UIDS.player,
        roleOf(UIDS.player),
        world.tournament,
        game(),
        { roundNumber: 3, status: 'OPEN' },
        PLAYED,
      ),
    ).toBe(false);
  });

  it('explain each refusal, naming who may write first', () => {
    const refusal = (uid: CallerUid, status: 'RUNNING' | 'CLOSED', round = openRound, id = world.ids.matchUpId) =>
      scoreWriteRefusal(uid, roleOf(uid), { status }, matchUp(id), round, PLAYED);
    expect(refusal(undefined, 'RUNNING')).toBe('sign in to write a score');
    expect(refusal(UIDS.other, 'CLOSED', closedRound)).toMatch(/only the players of this matchUp/);
    expect(refusal(UIDS.byePlayer, 'RUNNING', openRound, world.ids.byeMatchUpId)).toMatch(
      /a bye is decided by the pairing/,
    );
    expect(refusal(UIDS.player, 'CLOSED')).toMatch(/tournament is closed/);
    expect(refusal(UIDS.player, 'RUNNING', closedRound)).toMatch(/round 1 is closed/);
    expect(refusal(UIDS.player, 'RUNNING')).toBeNull();
  });
});

describe("a player's own score (docs/results.md#who-writes-a-result)", () => {
  const game = matchUp(world.ids.matchUpId);
  const running = world.tournament;
  const confirming = { ...running, confirmScores: true };
  const refusal = (uid: CallerUid, t: typeof running, stored: Partial<MatchUpDoc>, next: { kind?: string } | null) =>
    scoreWriteRefusal(uid, roleOf(uid), t, { ...game, ...stored }, openRound, next);
  const staffResult = { result: { kind: 'PLAYED' as const, score: { a: 0, b: 2 } }, scoredBy: 'SCOREKEEPER' as const };
  const penaltyResult = { result: { kind: 'PLAYED' as const, score: { a: 1, b: 1 } }, scoredBy: 'EDITOR' as const };
  const ownResult = { result: { kind: 'PLAYED' as const, score: { a: 5, b: 1 } }, scoredBy: 'SIDE_A' as const };

  it('is refused as a result under confirmation: the player reports it, and staff still enter one', () => {
    expect(refusal(UIDS.player, confirming, {}, PLAYED)).toMatch(/asks for the opponent’s confirmation/);
    expect(refusal(UIDS.player, confirming, ownResult, null)).toMatch(/asks for the opponent’s confirmation/);
    expect(refusal(UIDS.scorekeeper, confirming, {}, PLAYED)).toBeNull();
    expect(refusal(UIDS.owner, confirming, {}, PLAYED)).toBeNull();
  });

  it("never replaces nor clears a result staff entered (a scorekeeper's, a penalty's, an import's)", () => {
    expect(refusal(UIDS.player, running, staffResult, PLAYED)).toMatch(/a scorekeeper entered this result/);
    expect(refusal(UIDS.player, running, penaltyResult, null)).toMatch(/the organizer entered this result/);
    const unsigned = { result: penaltyResult.result, scoredBy: null };
    expect(refusal(UIDS.player, running, unsigned, PLAYED)).toMatch(/the organizer entered this result/);
    expect(refusal(UIDS.scorekeeper, running, penaltyResult, PLAYED)).toBeNull();
    expect(refusal(UIDS.player, running, ownResult, PLAYED)).toBeNull();
    expect(refusal(UIDS.player, running, ownResult, null)).toBeNull();
  });

  it('writes what was played: a forfeit is staff’s, also the one a player would give themselves', () => {
    for (const kind of ['FORFEIT_WIN', 'FORFEIT_LOSS', 'DOUBLE_FORFEIT'])
      expect(refusal(UIDS.player, running, {}, { kind })).toMatch(/a forfeit is recorded by a scorekeeper/);
    expect(refusal(UIDS.player, running, {}, { kind: 'PLAYED' })).toBeNull();
    expect(refusal(UIDS.player, running, {}, {})).toBeNull();
    expect(refusal(UIDS.scorekeeper, running, {}, { kind: 'FORFEIT_WIN' })).toBeNull();
  });
});

describe('require variants', () => {
  it('pass silently when allowed', () => {
    const admin = UIDS.clubAdmin;
    expect(() => requireSignedIn(UIDS.other)).not.toThrow();
    expect(() => requireCanEditClub(admin, 'c1', memberOf(admin))).not.toThrow();
    expect(() => requireCanEditChampionship(admin, 'ch1', editorOf(admin))).not.toThrow();
    expect(() =>
      requireCanCreateTournamentIn(admin, { championshipId: 'ch1', closed: false }, editorOf(admin)),
    ).not.toThrow();
    expect(() => requireCanEditTournament(admin, 't1', roleOf(admin))).not.toThrow();
    expect(() =>
      requireCanWriteScore(UIDS.player, roleOf(UIDS.player), world.tournament, matchUp('m1'), openRound, PLAYED),
    ).not.toThrow();
  });

  it('throw permission-denied with a message that says who may', () => {
    const { clubMember, other, scorekeeper, otherPlayer, player } = UIDS;
    const cases: Array<[() => void, RegExp]> = [
      [() => requireCanEditClub(clubMember, 'c1', memberOf(clubMember)), /owner or an admin of the club may do this/],
      [() => requireCanEditChampionship(other, 'ch1', editorOf(other)), /owner of the championship or/],
      [
        () => requireCanCreateTournamentIn(scorekeeper, { championshipId: 'ch1', closed: false }, undefined),
        /may create a tournament/,
      ],
      [() => requireCanEditTournament(scorekeeper, 't1', roleOf(scorekeeper)), /organizer of the tournament or/],
      [
        () =>
          requireCanWriteScore(otherPlayer, roleOf(otherPlayer), world.tournament, matchUp('m1'), openRound, PLAYED),
        /only the players/,
      ],
      [
        () => requireCanWriteScore(player, roleOf(player), world.tournament, matchUp('m1'), closedRound, PLAYED),
        /round 1 is closed/,
      ],
    ];
    for (const [run, message] of cases) {
      const error = permissionError(run);
      expect(error.code).toBe('permission-denied');
      expect(error.message).toMatch(message);
    }
  });

  it('refuse a closed championship with failed-precondition, to those who may otherwise create', () => {
    const error = permissionError(() =>
      requireCanCreateTournamentIn(UIDS.owner, { championshipId: 'ch1', closed: true }, editorOf(UIDS.owner)),
    );
    expect(error.code).toBe('failed-precondition');
  });

  it('refuse the signed-out with unauthenticated', () => {
    for (const run of [
      () => requireSignedIn(undefined),
      () => requireCanEditTournament(undefined, 't1', undefined),
      () => requireCanEditClub('', 'c1', undefined),
    ]) {
      const error = permissionError(run);
      expect(error.code).toBe('unauthenticated');
      expect(error.message).toMatch(/sign in/);
    }
  });
});

describe('a player drops only their own entry', () => {
  const role = { uid: 'u1', participantIds: ['p1'] } as unknown as Parameters<typeof requirePlaysEntry>[0];
  it('lets the account that plays the entry drop it, and refuses any other entry or a stranger', () => {
    expect(() => requirePlaysEntry(role, 'p1')).not.toThrow();
    expect(() => requirePlaysEntry(role, 'p2')).toThrow(
      new DomainError('permission-denied', 'you can drop only your own entry'),
    );
    expect(() => requirePlaysEntry(undefined, 'p1')).toThrow('you can drop only your own entry');
  });
});
