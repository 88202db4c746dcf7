import { describe, expect, it } from 'vitest';
import { scorerOf } from '@competition/engine';

const game = { a: 'p1', b: 'p2' };
const bye = { a: 'p1', b: null };
const role = (over: Partial<{ editor: boolean; scorekeeper: boolean; participantIds: string[] }> = {}) => ({
  editor: false,
  scorekeeper: false,
  participantIds: [],
  ...over,
});

describe('scorerOf: the role a score is signed with', () => {
  it('names the side the writer plays, whichever other role they hold', () => {
    expect(scorerOf(role({ participantIds: ['p1'] }), game)).toBe('SIDE_A');
    expect(scorerOf(role({ participantIds: ['p9', 'p2'], editor: true, scorekeeper: true }), game)).toBe('SIDE_B');
  });

  it('names a scorekeeper for a game they do not play, and an editor after that', () => {
    expect(scorerOf(role({ participantIds: ['p9'], scorekeeper: true, editor: true }), game)).toBe('SCOREKEEPER');
    expect(scorerOf(role({ editor: true }), game)).toBe('EDITOR');
  });

  it('gives a scorekeeper no claim on a bye (the pairing decides it), an editor theirs', () => {
    expect(scorerOf(role({ scorekeeper: true }), bye)).toBeNull();
    expect(scorerOf(role({ scorekeeper: true, editor: true }), bye)).toBe('EDITOR');
  });

  it('gives no claim to an account without a role, or with a role in other games only', () => {
    expect(scorerOf(undefined, game)).toBeNull();
    expect(scorerOf(role({ participantIds: ['p3'] }), game)).toBeNull();
  });
});
