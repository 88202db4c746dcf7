import { describe, expect, it } from 'vitest';
import { presetPolicy } from '../../src/domain/policy/policy.js';
import { CreateTournamentInput } from '../../src/model/requests.js';
import { CalendarDate, TournamentDoc } from '../../src/model/tournament.js';

const REAL_DAY = 'expected a real calendar date from 1900 to 2999';

describe('a tournament date is a real calendar day', () => {
  it.each([
    ['2031-13-45', REAL_DAY],
    ['2031-02-30', REAL_DAY],
    ['2031-02-29', REAL_DAY],
    ['2100-02-29', REAL_DAY],
    ['2031-04-31', REAL_DAY],
    ['2031-00-10', REAL_DAY],
    ['2031-01-00', REAL_DAY],
    ['0000-01-01', REAL_DAY],
    ['1899-12-31', REAL_DAY],
    ['21/11/2026', 'expected a date as YYYY-MM-DD'],
    ['2031-1-5', 'expected a date as YYYY-MM-DD'],
    ['2031-01-05T10:00', 'expected a date as YYYY-MM-DD'],
  ])('refuses %s', (date, message) => {
    expect(CalendarDate.safeParse(date).error?.issues.map((issue) => issue.message)).toContain(message);
  });
  const realDays = ['2031-01-05', '2032-02-29', '2000-02-29', '2031-12-31', '1900-01-01', '2999-12-31'];
  it.each(realDays)('accepts %s', (date) => {
    expect(CalendarDate.parse(date)).toBe(date);
  });
});

describe('the request and the stored tournament share the rule', () => {
  const request = { championshipId: 'c1', description: 'Club night' };
  const stored = {
    tournamentId: 't1',
    championshipId: 'c1',
    description: 'Club night',
    system: 'SWISS',
    pairing: { method: 'SWISS' },
    ownerUid: 'alice',
    policy: presetPolicy('SWISS'),
  };
  it.each(['2031-13-45', '2031-02-30'])('both refuse %s, naming the date', (date) => {
    const both = [CreateTournamentInput.safeParse({ ...request, date }), TournamentDoc.safeParse({ ...stored, date })];
    for (const parsed of both) {
      expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['date'], REAL_DAY]]);
    }
  });
  it('both accept a real day', () => {
    expect(CreateTournamentInput.parse({ ...request, date: '2032-02-29' }).date).toBe('2032-02-29');
    expect(TournamentDoc.parse({ ...stored, date: '2032-02-29' }).date).toBe('2032-02-29');
  });
});
