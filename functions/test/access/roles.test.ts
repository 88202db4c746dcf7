import { describe, expect, it } from 'vitest';
import { clubRunners, editorsOf, nextTournamentRoles } from '@competition/engine';
import type { TournamentRoleDoc } from '@competition/engine/schemas';

const role = (uid: string, fields: Partial<TournamentRoleDoc>): TournamentRoleDoc => ({
  uid,
  tournamentId: 't1',
  editor: false,
  scorekeeper: false,
  participantIds: [],
  ...fields,
});

describe('who runs a club', () => {
  it('is its owner and admins, not its members', () => {
    const members = [
      { uid: 'o', clubId: 'c', role: 'OWNER' as const },
      { uid: 'a', clubId: 'c', role: 'ADMIN' as const },
      { uid: 'm', clubId: 'c', role: 'MEMBER' as const },
    ];
    expect(clubRunners(members)).toEqual(['o', 'a']);
    expect([...editorsOf('owner', ['o', 'owner', 'a'])]).toEqual(['owner', 'o', 'a']);
  });
});

describe('a tournament role change', () => {
  const existing = [
    role('owner', { editor: true }),
    role('old-admin', { editor: true }),
    role('keeper', { scorekeeper: true, participantIds: ['p1'] }),
  ];

  it('takes editing away from an admin who no longer runs a club, and removes a document left empty', () => {
    const { write, remove } = nextTournamentRoles('t1', existing, { editors: new Set(['owner', 'new-admin']) });
    expect(remove).toEqual(['old-admin']);
    expect(write).toEqual([role('new-admin', { editor: true })]);
  });

  it('keeps the other roles of an account whose editing goes', () => {
    const { write, remove } = nextTournamentRoles('t1', existing, { scorekeepers: new Set() });
    expect(remove).toEqual([]);
    expect(write).toEqual([role('keeper', { participantIds: ['p1'] })]);
  });

  it('moves a participant to its new account: the old one cannot score for it any more', () => {
    const { write, remove } = nextTournamentRoles('t1', existing, {
      accounts: [{ participantId: 'p1', uid: 'player' }],
    });
    expect(remove).toEqual([]);
    expect(write).toEqual([role('keeper', { scorekeeper: true }), role('player', { participantIds: ['p1'] })]);
  });

  it('unlinks a participant from every account with null, and writes nothing that did not change', () => {
    expect(nextTournamentRoles('t1', existing, { accounts: [{ participantId: 'p1', uid: null }] }).write).toEqual([
      role('keeper', { scorekeeper: true }),
    ]);
    expect(nextTournamentRoles('t1', existing, { editors: new Set(['owner', 'old-admin']) })).toEqual({
      write: [],
      remove: [],
    });
  });
});
