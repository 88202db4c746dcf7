import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { assertNoDuplicateEntries, duplicateEntries } from '../../src/domain/joining/duplicates.js';
import { issuesInWords } from '../../src/domain/common/messages.js';
import {
  AddParticipantsInput,
  CreateTournamentInput,
  NewParticipant,
  RecordScoreInput,
} from '../../src/model/requests.js';

const words = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return issuesInWords(parsed.error.issues);
};

describe('schema refusals in words', () => {
  it('names the field as the organizer knows it and says what is wrong, with no path or zod wording', () => {
    const tournament = { championshipId: 'c1', date: '2026-11-24', description: 'Open' };
    const score = { tournamentId: 't', matchUpId: 'm', result: { kind: 'PLAYED', score: { a: 3, b: Number.NaN } } };
    expect(words(RecordScoreInput, score)).toBe("second player's game points: must be a number");
    expect(words(NewParticipant, { participantId: 'p1', name: ' ', rating: 1e9 })).toBe(
      'name: cannot be empty; rating: must be at most 10000',
    );
    expect(words(CreateTournamentInput, { ...tournament, roundDurationMinutes: 40, preAlarmMinutes: 500 })).toBe(
      'pre-alarm: the pre-alarm must be shorter than the round (40 minutes)',
    );
  });
});

describe('callable refusals in words', () => {
  it('names the item of a list as a person counts it, and a document key by what it stands for', () => {
    const players = [
      { participantId: 'p1', name: 'Ada', rating: 1500 },
      { participantId: 'p2', name: 'Bea', rating: 1400 },
      { participantId: 'p3', name: 'Cy', rating: Number.NaN },
    ];
    expect(words(AddParticipantsInput, { tournamentId: 't', participants: players })).toBe(
      'player 3, rating: must be a number',
    );
    expect(words(RecordScoreInput, { matchUpId: 'm', result: null })).toBe('tournament: is missing');
  });
});

describe('the same player entered twice', () => {
  const entered = [{ name: 'Emma Girard', rating: 1520, club: 'Cercle' }];

  it('is the same name (case, accents, spaces aside) with the same rating and club', () => {
    expect(
      duplicateEntries(entered, [
        { name: 'emma  GIRARD', rating: 1520, club: 'cercle' },
        { name: 'Emma Girard', rating: 1400, club: 'Cercle' },
        { name: 'Émile Roux' },
        { name: 'Emile Roux' },
      ]),
    ).toEqual([
      { index: 0, reason: 'emma  GIRARD rated 1520 of cercle is already entered' },
      { index: 3, reason: 'Emile Roux is listed twice' },
    ]);
  });

  it('is refused with every name and what would tell them apart', () => {
    expect(() => assertNoDuplicateEntries(entered, [{ name: 'Emma Girard', rating: 1520, club: 'Cercle' }])).toThrow(
      'Emma Girard rated 1520 of Cercle is already entered. A second player of the same name needs a different rating or club',
    );
  });
});
