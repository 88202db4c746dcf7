/** The playoff's plan (which round comes next) and the final standings it leaves. */
import { describe, expect, it } from 'vitest';
import {
  type Playoff,
  type PlayoffGame,
  finalStandings,
  howPlaced,
  mainStageRounds,
  nextRoundKind,
  playoffGames,
  playoffOf,
  playoffRoundCount,
} from '../../src/domain/playoff/playoff.js';
import { presetPolicy } from '../../src/domain/policy/policy.js';

const seeding = Array.from({ length: 12 }, (_, k) => `s${k + 1}`);
const game = (playoffRound: number, a: string, b: string, winner: string): PlayoffGame => ({
  playoffRound,
  a,
  b,
  winner,
});

describe('the playoff plan', () => {
  it('reads the options: none on a knockout, finals default to one with a cut and to none without', () => {
    expect(playoffOf('KNOCKOUT', { topCut: 8 })).toBeNull();
    expect(playoffOf('SWISS', {})).toBeNull();
    expect(playoffOf('SWISS', { topCut: 8 })).toEqual({ topCut: 8, finals: 1, bestOfThree: false });
    expect(playoffOf('ROUND_ROBIN', { finals: 2, finalKind: 'BEST_OF_THREE' })).toEqual({
      topCut: 0,
      finals: 2,
      bestOfThree: true,
    });
  });

  it('the main stage ends after the planned Swiss rounds, or the round robin table', () => {
    expect(mainStageRounds('SWISS', 7, 24)).toBe(7);
    expect(mainStageRounds('ROUND_ROBIN', undefined, 6)).toBe(5);
    expect(mainStageRounds('ROUND_ROBIN', undefined, 7, 2)).toBe(14);
    expect(() => mainStageRounds('SWISS', undefined, 24)).toThrow(/number of rounds/);
  });

  it('says which kind of round comes next', () => {
    const playoff: Playoff = { topCut: 8, finals: 1, bestOfThree: true };
    expect(nextRoundKind(7, 7, playoff)).toEqual({ stage: 'MAIN' });
    expect(nextRoundKind(8, 7, playoff)).toEqual({ stage: 'PLAYOFF', playoffRound: 1 });
    expect(nextRoundKind(8, 7, null)).toEqual({ stage: 'MAIN' });
    expect(playoffRoundCount(playoff)).toBe(5);
    expect(playoffRoundCount({ topCut: 8, finals: 0, bestOfThree: false })).toBe(2);
    expect(playoffRoundCount({ topCut: 0, finals: 2, bestOfThree: false })).toBe(1);
  });
});

describe('final standings', () => {
  it('top 8, single final: winner, runner-up, semi-final losers by seed, quarter-final losers by seed, then the Swiss', () => {
    const playoff: Playoff = { topCut: 8, finals: 1, bestOfThree: false };
    const games = [
      game(1, 's1', 's8', 's8'),
      game(1, 's4', 's5', 's4'),
      game(1, 's2', 's7', 's2'),
      game(1, 's3', 's6', 's6'),
      game(2, 's8', 's4', 's4'),
      game(2, 's2', 's6', 's6'),
      game(3, 's4', 's6', 's6'),
    ];
    const places = finalStandings(seeding, playoff, games);
    expect(places.map((p) => `${p.place}:${p.participantId}`)).toEqual([
      '1:s6',
      '2:s4',
      '3:s2',
      '4:s8',
      '5:s1',
      '6:s3',
      '7:s5',
      '8:s7',
      '9:s9',
      '10:s10',
      '11:s11',
      '12:s12',
    ]);
    expect(places.slice(0, 8).every((p) => p.from === 'PLAYOFF')).toBe(true);
    expect(places[8]!.from).toBe('MAIN_STAGE');
  });

  it('finals 2: the match for third place orders the semi-final losers', () => {
    const playoff: Playoff = { topCut: 4, finals: 2, bestOfThree: false };
    const games = [
      game(1, 's1', 's4', 's1'),
      game(1, 's2', 's3', 's3'),
      game(2, 's1', 's3', 's3'),
      game(2, 's2', 's4', 's4'),
    ];
    expect(
      finalStandings(seeding, playoff, games)
        .slice(0, 5)
        .map((p) => p.participantId),
    ).toEqual(['s3', 's1', 's4', 's2', 's5']);
  });

  it('best of three: the runner-up is who lost two games of the final, whoever won the first', () => {
    const playoff: Playoff = { topCut: 0, finals: 1, bestOfThree: true };
    const first = [game(1, 's1', 's2', 's1')];
    expect(
      finalStandings(seeding, playoff, first)
        .slice(0, 2)
        .map((p) => p.participantId),
    ).toEqual(['s1', 's2']);
    const all = [...first, game(2, 's1', 's2', 's2'), game(3, 's1', 's2', 's2')];
    const places = finalStandings(seeding, playoff, all);
    expect(places.slice(0, 3).map((p) => `${p.place}:${p.participantId}:${p.from}`)).toEqual([
      '1:s2:PLAYOFF',
      '2:s1:PLAYOFF',
      '3:s3:MAIN_STAGE',
    ]);
  });

  describe('every entry has a place, the withdrawn ones too', () => {
    const playoff: Playoff = { topCut: 4, finals: 2, bestOfThree: false };
    const games = [
      game(1, 's1', 's4', 's4'),
      game(1, 's2', 's3', 's2'),
      game(2, 's2', 's4', 's2'),
      game(2, 's1', 's3', 's3'),
    ];
    /** The main stage's standings now: the seeding's order with `dropped` (withdrawn) after `after` of them. */
    const fieldWith = (dropped: string, after: number) => {
      const field = seeding.map((participantId) => ({ participantId, withdrawn: false }));
      field.splice(after, 0, { participantId: dropped, withdrawn: true });
      return field;
    };
    const said = (places: ReturnType<typeof finalStandings>) =>
      places.map((p) => `${p.place}:${p.participantId}:${p.seed ?? '–'}:${howPlaced(p, playoff, 4)}`);

    it('a player withdrawn before the cut keeps his record’s place among the players outside it', () => {
      const places = finalStandings(seeding, playoff, games, fieldWith('w', 6));
      expect(places).toHaveLength(13);
      expect(said(places)).toEqual([
        '1:s2:2:won the final',
        '2:s4:4:lost the final',
        '3:s3:3:won the match for third place',
        '4:s1:1:lost the match for third place',
        '5:s5:5:rank 5 after round 4',
        '6:s6:6:rank 6 after round 4',
        '7:w:–:withdrawn',
        '8:s7:7:rank 7 after round 4',
        '9:s8:8:rank 8 after round 4',
        '10:s9:9:rank 9 after round 4',
        '11:s10:10:rank 10 after round 4',
        '12:s11:11:rank 11 after round 4',
        '13:s12:12:rank 12 after round 4',
      ]);
      expect(places.filter((p) => p.withdrawn).map((p) => p.participantId)).toEqual(['w']);
    });

    it('one whose record was good enough for the cut stands first outside it; one at the bottom stays last', () => {
      expect(said(finalStandings(seeding, playoff, games, fieldWith('w', 1))).slice(3, 6)).toEqual([
        '4:s1:1:lost the match for third place',
        '5:w:–:withdrawn',
        '6:s5:5:rank 5 after round 4',
      ]);
      expect(said(finalStandings(seeding, playoff, games, fieldWith('w', 12))).at(-1)).toBe('13:w:–:withdrawn');
    });

    it('says each player outside the playoff by his rank in the standings now, as the table shows it', () => {
      // The table after round 4: w (withdrawn) ranked 7th, s5 and s6 sharing 5th.
      const ranks = [1, 2, 3, 4, 5, 5, 7, 8, 9, 10, 11, 12, 13];
      const field = fieldWith('w', 6).map((entry, k) => ({ ...entry, rank: ranks[k] }));
      expect(said(finalStandings(seeding, playoff, games, field)).slice(4, 9)).toEqual([
        '5:s5:5:rank 5= after round 4',
        '6:s6:6:rank 5= after round 4',
        '7:w:–:rank 7 after round 4, withdrawn',
        '8:s7:7:rank 8 after round 4',
        '9:s8:8:rank 9 after round 4',
      ]);
    });

    it('a player withdrawn after the seeding keeps his seed’s place, marked withdrawn', () => {
      const field = seeding.map((participantId) => ({ participantId, withdrawn: participantId === 's9' }));
      const places = finalStandings(seeding, playoff, games, field);
      expect(places).toHaveLength(12);
      expect(said(places)[8]).toBe('9:s9:9:rank 9 after round 4, withdrawn');
    });
  });

  it('reads each playoff game’s winner as the standings do: a timed win wins, a refused result has none', () => {
    const scoring = presetPolicy('SWISS').scoringPolicy;
    const target = scoring.gameTarget!;
    const matchUps = [
      { roundNumber: 4, a: 's1', b: 's2', result: { kind: 'PLAYED' as const, score: { a: target, b: 0 } } },
      { roundNumber: 5, a: 's1', b: 's4', result: { kind: 'PLAYED' as const, score: { a: 0, b: target } } },
      { roundNumber: 5, a: 's2', b: 's3', result: { kind: 'PLAYED' as const, score: { a: 1, b: 0 } } },
      { roundNumber: 5, a: 's5', b: 's6', result: { kind: 'PLAYED' as const, score: { a: target + 9, b: 0 } } },
      { roundNumber: 6, a: 's4', b: 's2' },
    ];
    expect(playoffGames(matchUps, 4, scoring)).toEqual([
      { playoffRound: 1, a: 's1', b: 's4', winner: 's4' },
      { playoffRound: 1, a: 's2', b: 's3', winner: 's2' },
      { playoffRound: 1, a: 's5', b: 's6', winner: null },
      { playoffRound: 2, a: 's4', b: 's2', winner: null },
    ]);
  });
});
