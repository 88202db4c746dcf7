import { describe, expect, it } from 'vitest';
import { DocumentId } from '../../src/domain/common/limits.js';
import { Participant } from '../../src/domain/ratings/participants.js';
import * as requests from '../../src/model/requests.js';

describe('DocumentId: a valid Firestore document id', () => {
  it.each([
    ['', 'must not be empty'],
    ['.', 'must not be "." or ".."'],
    ['..', 'must not be "." or ".."'],
    ['__name__', 'must not have the reserved form __name__'],
    ['____', 'must not have the reserved form __name__'],
    ['__a/b__', 'must not contain "/"'],
    ['a/b', 'must not contain "/"'],
    ['/', 'must not contain "/"'],
    ['p\u0000', 'must not contain control characters'],
    ['p\n1', 'must not contain control characters'],
    ['p\u007f', 'must not contain control characters'],
    ['p\u0085', 'must not contain control characters'],
    ['x'.repeat(129), 'must be at most 128 characters'],
    [' p1', 'must not start or end with a space'],
    ['p1 ', 'must not start or end with a space'],
  ])('refuses %j: %s', (id, message) => {
    const parsed = DocumentId.safeParse(id);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });
  const valid = ['p1', 'r1-m3', 'x'.repeat(128), '_', '__', '___', '__a', 'a__', '.a', 'a.b', '...', 'Zoë Müller'];
  it.each(valid)('accepts %j', (id) => {
    expect(DocumentId.parse(id)).toBe(id);
  });
});

describe('every id a request accepts is a DocumentId', () => {
  const bad = '__bad__';
  const ok = {
    CreateChampionshipInput: { name: 'Spring series', clubIds: ['c1'] },
    CreateTournamentInput: { championshipId: 'c1', date: '2031-05-01', description: 'Club night', hostClubId: 'club1' },
    AddParticipantsInput: {
      tournamentId: 't1',
      participants: [{ participantId: 'p1', name: 'Ada', members: [{ participantId: 'm1' }] }],
    },
    WithdrawParticipantInput: { tournamentId: 't1', participantId: 'p1' },
    GenerateNextRoundInput: { tournamentId: 't1', requestId: 'req-1' },
    TournamentRef: { tournamentId: 't1' },
    DeleteTournamentInput: { tournamentId: 't1' },
    RecordScoreInput: { tournamentId: 't1', matchUpId: 'r1-m1', result: null },
    ImportTournamentInput: { championshipId: 'c1', json: '{}' },
  } as const;
  const cases: Array<[keyof typeof ok, Array<string | number>]> = [
    ['CreateChampionshipInput', ['clubIds', 0]],
    ['CreateTournamentInput', ['championshipId']],
    ['CreateTournamentInput', ['hostClubId']],
    ['AddParticipantsInput', ['tournamentId']],
    ['AddParticipantsInput', ['participants', 0, 'participantId']],
    ['AddParticipantsInput', ['participants', 0, 'members', 0, 'participantId']],
    ['WithdrawParticipantInput', ['tournamentId']],
    ['WithdrawParticipantInput', ['participantId']],
    ['GenerateNextRoundInput', ['tournamentId']],
    ['GenerateNextRoundInput', ['requestId']],
    ['TournamentRef', ['tournamentId']],
    ['DeleteTournamentInput', ['tournamentId']],
    ['RecordScoreInput', ['tournamentId']],
    ['RecordScoreInput', ['matchUpId']],
    ['ImportTournamentInput', ['championshipId']],
  ];
  it.each(cases)('%s refuses a reserved id at %j', (name, path) => {
    const schema = requests[name];
    expect(schema.safeParse(ok[name]).success).toBe(true);
    const input: Record<string | number, unknown> = structuredClone(ok[name]);
    let at: Record<string | number, unknown> = input;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    at[path.at(-1)!] = bad;
    const parsed = schema.safeParse(input);
    const issues = parsed.error?.issues.map((issue) => [issue.path, issue.message]);
    expect(issues).toEqual([[path, 'must not have the reserved form __name__']]);
  });
  it('a participant entered from a scenario or an import is held to the same rule', () => {
    expect(Participant.safeParse({ participantId: 'a/b' }).error?.issues[0]?.message).toBe('must not contain "/"');
  });
});
