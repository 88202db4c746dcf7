import { describe, expect, it } from 'vitest';
import {
  assertEntryDeletable,
  assertRatingCorrectable,
  assertScoringChangeable,
} from '../../src/domain/organisation/setupCorrections.js';

const emma = { participantId: 'p7', name: 'Emma Girard' };

describe('the scoring before round 1', () => {
  it('changes while no round is paired, and is refused after, saying why', () => {
    expect(() => assertScoringChangeable({ currentRound: 0, description: 'Spring Open' })).not.toThrow();
    expect(() => assertScoringChangeable({ currentRound: 1, description: 'Spring Open' })).toThrow(
      /“Spring Open” has paired round 1 already.*only change before round 1/,
    );
  });
});

describe('an entry added by mistake', () => {
  it('is deleted while no round pairs it, and withdrawn instead once it has a game or a bye', () => {
    expect(() => assertEntryDeletable(emma, [{ a: 'p1', b: 'p2' }])).not.toThrow();
    expect(() => assertEntryDeletable(emma, [{ a: 'p1', b: 'p7' }])).toThrow(/withdraw Emma Girard instead/);
    expect(() => assertEntryDeletable(emma, [{ a: 'p7', b: null }])).toThrow(/paired in a round already/);
  });
});

describe('a mistyped rating', () => {
  it('is corrected while no played game of the player has a result; a bye or a forfeit rates nothing', () => {
    expect(() => assertRatingCorrectable(emma, [])).not.toThrow();
    expect(() => assertRatingCorrectable(emma, [{ a: 'p7', b: null, played: false }])).not.toThrow();
    expect(() => assertRatingCorrectable(emma, [{ a: 'p1', b: 'p2', played: true }])).not.toThrow();
  });

  it('is refused once a game is rated, saying the starting rating is frozen and why', () => {
    const games = [
      { a: 'p7', b: 'p1', played: true },
      { a: 'p2', b: 'p7', played: true },
    ];
    expect(() => assertRatingCorrectable(emma, games)).toThrow(
      'Emma Girard has 2 rated games already: the rating they started with is frozen',
    );
  });
});
