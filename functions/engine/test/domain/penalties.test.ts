/** Penalties (docs/judging.md#penalties): what each penalty does to the match's result, and when one is taken. */
import { describe, expect, it } from 'vitest';
import {
  type MatchUpResult,
  type PenalizedGame,
  DomainError,
  MatchUpResult as MatchUpResultSchema,
  assertPenaltyRound,
  presetPolicy,
  resolveResult,
  resultAfterPenalty,
} from '../../src/index.js';

const bestOfThree = presetPolicy('TCG').scoringPolicy; // 2 games win the match
const toFive = presetPolicy('REDEMPTION').scoringPolicy; // 5 win the match
const noGames = presetPolicy('CHESS').scoringPolicy; // a bare win, no games scored

const played = (a: number, b: number): MatchUpResult => ({ kind: 'PLAYED', score: { a, b } });
const game = (side: 'a' | 'b', result: MatchUpResult | null, hasOpponent = true): PenalizedGame => ({
  side,
  hasOpponent,
  result,
});
const refusal = (code: string, message: string): unknown =>
  expect.objectContaining({ name: 'DomainError', code, message });

describe('a warning', () => {
  it('does nothing to the match, with or without a score in', () => {
    expect(resultAfterPenalty(game('a', played(2, 0)), 'WARNING', bestOfThree)).toBeNull();
    expect(resultAfterPenalty(game('b', null), 'WARNING', bestOfThree)).toBeNull();
  });

  it('is taken for a player with a bye, as it touches no match', () => {
    expect(resultAfterPenalty(game('a', { kind: 'PAIRING_BYE' }, false), 'WARNING', bestOfThree)).toBeNull();
  });
});

describe('a disqualification', () => {
  // The player is withdrawn in the penalty's own write; the match's result is left as it is.
  it('does not change the result of the match', () => {
    expect(resultAfterPenalty(game('a', played(2, 1)), 'DISQUALIFICATION', bestOfThree)).toBeNull();
    expect(resultAfterPenalty(game('b', null), 'DISQUALIFICATION', bestOfThree)).toBeNull();
  });

  it('is taken for a player with a bye', () => {
    expect(resultAfterPenalty(game('a', { kind: 'FULL_BYE' }, false), 'DISQUALIFICATION', bestOfThree)).toBeNull();
  });
});

describe('a game loss with a score already in', () => {
  it('turns a 2-0 for the penalized player on side a into 1-1', () => {
    expect(resultAfterPenalty(game('a', played(2, 0)), 'GAME_LOSS', bestOfThree)).toEqual(played(1, 1));
  });

  it('turns a 2-1 for the penalized player on side a into 1-2', () => {
    expect(resultAfterPenalty(game('a', played(2, 1)), 'GAME_LOSS', bestOfThree)).toEqual(played(1, 2));
  });

  it('takes the game from side b when the penalized player is on side b', () => {
    expect(resultAfterPenalty(game('b', played(0, 2)), 'GAME_LOSS', bestOfThree)).toEqual(played(1, 1));
    expect(resultAfterPenalty(game('b', played(1, 2)), 'GAME_LOSS', bestOfThree)).toEqual(played(2, 1));
  });

  it("caps the opponent's games at the target: a 1-2 loss becomes 0-2, not 0-3", () => {
    expect(resultAfterPenalty(game('a', played(1, 2)), 'GAME_LOSS', bestOfThree)).toEqual(played(0, 2));
    expect(resultAfterPenalty(game('b', played(2, 1)), 'GAME_LOSS', bestOfThree)).toEqual(played(2, 0));
  });

  it("caps at the event's own target, 5 where 5 win the match", () => {
    expect(resultAfterPenalty(game('a', played(4, 5)), 'GAME_LOSS', toFive)).toEqual(played(3, 5));
    expect(resultAfterPenalty(game('b', played(3, 4)), 'GAME_LOSS', toFive)).toEqual(played(4, 3));
  });

  it('leaves a penalized player with no game won at none, while the opponent still gains one', () => {
    expect(resultAfterPenalty(game('a', played(0, 1)), 'GAME_LOSS', bestOfThree)).toEqual(played(0, 2));
    expect(resultAfterPenalty(game('b', played(1, 0)), 'GAME_LOSS', bestOfThree)).toEqual(played(2, 0));
  });

  it('leaves a 0-2 loss as it was: nothing to take, nothing past the target to give', () => {
    expect(resultAfterPenalty(game('a', played(0, 2)), 'GAME_LOSS', bestOfThree)).toEqual(played(0, 2));
  });

  it('keeps the drawn games of the score', () => {
    const drawn: MatchUpResult = { kind: 'PLAYED', score: { a: 1, b: 1, draws: 1 } };
    expect(resultAfterPenalty(game('a', drawn), 'GAME_LOSS', bestOfThree)).toEqual({
      kind: 'PLAYED',
      score: { a: 0, b: 2, draws: 1 },
    });
  });

  it('gives a result the normal result path takes: the penalized player lost the match', () => {
    const after = resultAfterPenalty(game('a', played(2, 1)), 'GAME_LOSS', bestOfThree)!;
    const resolved = resolveResult(MatchUpResultSchema.parse(after), true, bestOfThree);
    expect([resolved.a.outcome, resolved.b?.outcome]).toEqual(['LOSS', 'WIN']);
  });

  it('is refused where the event scores no games', () => {
    expect(() => resultAfterPenalty(game('a', played(1, 0)), 'GAME_LOSS', noGames)).toThrow(
      refusal('failed-precondition', 'a game loss changes a score of games: this event scores no games'),
    );
  });
});

describe('a game loss before any score', () => {
  // The match starts a game down, and the players enter the final score with the lost game in it.
  it('changes nothing yet, on either side', () => {
    expect(resultAfterPenalty(game('a', null), 'GAME_LOSS', bestOfThree)).toBeNull();
    expect(resultAfterPenalty(game('b', null), 'GAME_LOSS', bestOfThree)).toBeNull();
  });

  it('changes nothing where the event scores no games either', () => {
    expect(resultAfterPenalty(game('a', null), 'GAME_LOSS', noGames)).toBeNull();
  });

  it('changes nothing over a bare win, which has no games to move', () => {
    const bareWin: MatchUpResult = { kind: 'PLAYED', winner: 'a' };
    expect(resultAfterPenalty(game('a', bareWin), 'GAME_LOSS', bestOfThree)).toBeNull();
    expect(resultAfterPenalty(game('b', bareWin), 'GAME_LOSS', noGames)).toBeNull();
  });

  it('changes nothing over a result without play already entered (a forfeit)', () => {
    expect(resultAfterPenalty(game('a', { kind: 'FORFEIT_WIN' }), 'GAME_LOSS', bestOfThree)).toBeNull();
    expect(resultAfterPenalty(game('b', { kind: 'FORFEIT_LOSS' }), 'GAME_LOSS', bestOfThree)).toBeNull();
    expect(resultAfterPenalty(game('a', { kind: 'DOUBLE_FORFEIT' }), 'GAME_LOSS', bestOfThree)).toBeNull();
  });

  it('reads games only from a played result, even if a forfeit carried a score', () => {
    // An unplayed kind never takes a score (docs/results.md#unplayed-kinds), though the stored shape could hold one.
    const forfeit: MatchUpResult = { kind: 'FORFEIT_WIN', score: { a: 2, b: 0 } };
    expect(resultAfterPenalty(game('a', forfeit), 'GAME_LOSS', bestOfThree)).toBeNull();
  });
});

describe('a match loss', () => {
  it('gives the opponent the games that win the match: 2-0 in a best of three', () => {
    expect(resultAfterPenalty(game('a', null), 'MATCH_LOSS', bestOfThree)).toEqual(played(0, 2));
    expect(resultAfterPenalty(game('b', null), 'MATCH_LOSS', bestOfThree)).toEqual(played(2, 0));
  });

  it("gives the opponent the event's own target where more games win the match", () => {
    expect(resultAfterPenalty(game('a', null), 'MATCH_LOSS', toFive)).toEqual(played(0, 5));
    expect(resultAfterPenalty(game('b', null), 'MATCH_LOSS', toFive)).toEqual(played(5, 0));
  });

  it('replaces a score already in, even one the penalized player won', () => {
    expect(resultAfterPenalty(game('a', played(2, 1)), 'MATCH_LOSS', bestOfThree)).toEqual(played(0, 2));
    expect(resultAfterPenalty(game('b', played(0, 2)), 'MATCH_LOSS', bestOfThree)).toEqual(played(2, 0));
  });

  it('replaces a result without play already entered, as a match lost 2-0', () => {
    expect(resultAfterPenalty(game('a', { kind: 'FORFEIT_WIN' }), 'MATCH_LOSS', bestOfThree)).toEqual(played(0, 2));
    expect(resultAfterPenalty(game('b', { kind: 'DOUBLE_FORFEIT' }), 'MATCH_LOSS', bestOfThree)).toEqual(played(2, 0));
  });

  it('is a bare win for the opponent where no games are scored', () => {
    expect(resultAfterPenalty(game('a', null), 'MATCH_LOSS', noGames)).toEqual({ kind: 'PLAYED', winner: 'b' });
    expect(resultAfterPenalty(game('b', { kind: 'PLAYED', winner: 'b' }), 'MATCH_LOSS', noGames)).toEqual({
      kind: 'PLAYED',
      winner: 'a',
    });
  });
});

describe('a bye has no match to lose', () => {
  it.each(['GAME_LOSS', 'MATCH_LOSS'] as const)('so a %s for a player with a bye is refused', (penalty) => {
    const bye = game('a', { kind: 'PAIRING_BYE' }, false);
    expect(() => resultAfterPenalty(bye, penalty, bestOfThree)).toThrow(DomainError);
    expect(() => resultAfterPenalty(bye, penalty, bestOfThree)).toThrow(
      refusal('failed-precondition', 'a bye has no match to lose'),
    );
  });

  it('whether or not the bye has its result yet, and whatever the event scores', () => {
    expect(() => resultAfterPenalty(game('a', null, false), 'GAME_LOSS', noGames)).toThrow(
      refusal('failed-precondition', 'a bye has no match to lose'),
    );
    expect(() => resultAfterPenalty(game('a', null, false), 'MATCH_LOSS', noGames)).toThrow(
      refusal('failed-precondition', 'a bye has no match to lose'),
    );
  });
});

describe('a penalty is for a round already paired, while the tournament runs', () => {
  const running = { status: 'RUNNING', currentRound: 3 };

  it('is taken for the current round and any round before it', () => {
    expect(() => assertPenaltyRound(running, 3)).not.toThrow();
    expect(() => assertPenaltyRound(running, 2)).not.toThrow();
    expect(() => assertPenaltyRound(running, 1)).not.toThrow();
  });

  it('is refused for a round not paired yet', () => {
    expect(() => assertPenaltyRound(running, 4)).toThrow(refusal('invalid-argument', 'round 4 is not paired yet'));
    expect(() => assertPenaltyRound(running, 9)).toThrow(refusal('invalid-argument', 'round 9 is not paired yet'));
  });

  it('is refused before round 1 is paired', () => {
    expect(() => assertPenaltyRound({ status: 'RUNNING', currentRound: 0 }, 1)).toThrow(
      refusal('invalid-argument', 'round 1 is not paired yet'),
    );
  });

  it('is refused in a tournament not yet started', () => {
    expect(() => assertPenaltyRound({ status: 'DRAFT', currentRound: 0 }, 1)).toThrow(
      refusal('failed-precondition', 'the tournament is not running'),
    );
  });

  it('is refused in a closed tournament, even for a round it played', () => {
    expect(() => assertPenaltyRound({ status: 'CLOSED', currentRound: 5 }, 5)).toThrow(
      refusal('failed-precondition', 'the tournament is not running'),
    );
    expect(() => assertPenaltyRound({ status: 'CLOSED', currentRound: 5 }, 6)).toThrow(
      refusal('failed-precondition', 'the tournament is not running'),
    );
  });
});
