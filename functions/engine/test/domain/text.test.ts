import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIMITS, TEXT } from '../../src/domain/common/limits.js';
import { Participant } from '../../src/domain/ratings/participants.js';
import { ParticipantDoc } from '../../src/model/participant.js';
import { NewParticipant } from '../../src/model/requests.js';

const rules = readFileSync(new URL('../../../../firestore.rules', import.meta.url), 'utf8');
/** The cap firestore.rules puts on one field of a client write, read from the rules text itself. */
const ruleCap = (pattern: RegExp): number => Number(rules.match(pattern)?.[1]);

describe('the caps are the ones firestore.rules applies to client writes', () => {
  // A cap tighter than the rules' would make a document an editor was allowed to save unreadable.
  it('participant team, club, country and name', () => {
    expect(TEXT.team).toBe(ruleCap(/optionalString\(incoming\(\), 'team', (\d+)\)/));
    expect(TEXT.club).toBe(ruleCap(/optionalString\(incoming\(\), 'club', (\d+)\)/));
    expect(TEXT.participantCountry).toBe(ruleCap(/optionalString\(incoming\(\), 'country', (\d+)\)/));
    expect(TEXT.name).toBe(ruleCap(/nonEmptyText\(incoming\(\)\.name, (\d+)\)/));
  });
  it("a championship's name and rating scale, game points, drawn games, minutes", () => {
    expect(TEXT.name).toBe(ruleCap(/nonEmptyText\(championship\.name, (\d+)\)/));
    expect(TEXT.scaleName).toBe(ruleCap(/optionalString\(championship, 'rating', (\d+)\)/));
    expect(LIMITS.gamePoints.max).toBe(
      ruleCap(/function gamePoints\(value\) \{\s*return value is number && value >= 0 && value <= (\d+);/),
    );
    expect(LIMITS.drawnGames.max).toBe(
      ruleCap(/function drawnGames\(value\) \{\s*return value is int && value >= 0 && value <= (\d+);/),
    );
    expect(LIMITS.minutes.max).toBe(
      ruleCap(/function validMinutes\(value\) \{\s*return value is int && value >= 0 && value <= (\d+)/),
    );
  });
});

describe("a participant's stored text fields", () => {
  it('read a stored value over its cap as absent: a bad team costs only itself, not the participant', () => {
    const stored = { participantId: 'p1', name: 'Ada', team: 'x'.repeat(201), club: 'C', country: 'x'.repeat(101) };
    const read = ParticipantDoc.parse(stored);
    expect(read).toMatchObject({ participantId: 'p1', name: 'Ada', club: 'C' });
    expect([read.team, read.country]).toEqual([undefined, undefined]);
  });

  it('refuse a blank name, which nothing can stand in for', () => {
    expect(ParticipantDoc.safeParse({ participantId: 'p1', name: '   ' }).error?.issues[0]?.path).toEqual(['name']);
  });
});

describe("a participant's text fields", () => {
  const schemas = [
    ['Participant', Participant, {}],
    ['NewParticipant', NewParticipant, { name: 'Ada' }],
  ] as const;
  describe.each(schemas)('%s', (_name, schema, base) => {
    const parse = (fields: Record<string, unknown>) => schema.safeParse({ participantId: 'p1', ...base, ...fields });
    it.each([
      ['team', 201],
      ['club', 201],
      ['country', 101],
      ['name', 201],
    ])('refuses a %s of %i characters, naming the field', (field, length) => {
      expect(parse({ [field]: 'x'.repeat(length) }).error?.issues[0]?.path).toEqual([field]);
    });
    it('accepts each at its cap', () => {
      const atCap = { team: 'x'.repeat(200), club: 'x'.repeat(200), country: 'x'.repeat(100), name: 'x'.repeat(200) };
      expect(parse(atCap).success).toBe(true);
    });
    it('trims a name and refuses a blank one', () => {
      expect(parse({ name: '  Ada Lovelace ' }).data?.name).toBe('Ada Lovelace');
      expect(parse({ name: '   ' }).error?.issues[0]?.path).toEqual(['name']);
    });
  });
});
