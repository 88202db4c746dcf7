/**
 * Direct encounter as C.07 Article 6 defines it (docs/tiebreaks.md#direct-encounter), on the published answers of
 * the FIDE Arbiters' Commission's exercises 23-26 (IA Mario Held, "Exercises in Tie-Breaking", Rev. 2403220900):
 * the final ranks after the points and direct encounter, shared places included.
 */
import { describe, expect, it } from 'vitest';
import { chessEvent, ranks, ROUND_ROBIN, SWISS_5, SWISS_9 } from './c07Crosstable.js';
import { computeStandings } from '../../src/domain/standings/competition.js';
import { directEncounter } from '../../src/domain/standings/directEncounter.js';

const only = (all: Record<number, number>, ...players: number[]) => Object.fromEntries(players.map((p) => [p, all[p]]));

describe('direct encounter in a Swiss (forfeits left out)', () => {
  const five = ranks(chessEvent(SWISS_5, { tiebreakOrder: ['DIRECT_ENCOUNTER'] }).standings().leaderboard);

  it('exercise 23: 1, 3, 4 and 16 on 3.5 have not all met and nobody is clear: all share 2nd', () => {
    expect(only(five, 1, 3, 4, 16)).toEqual({ 1: 2, 3: 2, 4: 2, 16: 2 });
  });

  it('exercise 24: 5 beat 11, but 8 met neither and could still reach more: all three share 7th', () => {
    expect(only(five, 5, 8, 11)).toEqual({ 5: 7, 8: 7, 11: 7 });
  });

  it('exercise 25: after nine rounds the 6-point group comes apart, Franck first, then 1 and 4, then Bruno', () => {
    const nine = ranks(chessEvent(SWISS_9, { tiebreakOrder: ['DIRECT_ENCOUNTER'] }).standings().leaderboard);
    expect(nine).toEqual({
      1: 3,
      2: 5,
      3: 1,
      4: 3,
      5: 9,
      6: 2,
      7: 6,
      8: 6,
      9: 14,
      10: 9,
      11: 13,
      12: 14,
      13: 16,
      14: 9,
      15: 9,
      16: 6,
    });
  });
});

describe('direct encounter in a round robin (a forfeit is a game against the scheduled opponent)', () => {
  const event = chessEvent(ROUND_ROBIN, { tiebreakOrder: ['DIRECT_ENCOUNTER'] });
  const rows = (roundRobin: boolean) =>
    computeStandings(event.policy, event.participants, event.matchUps, { roundRobin }).leaderboard;

  it('exercise 26: 1 beat both others on 3.5; on 1.5, 6 won the forfeit from 5, who beat 4', () => {
    expect(ranks(rows(true))).toEqual({ 1: 1, 2: 2, 3: 2, 4: 6, 5: 5, 6: 4 });
  });

  it("is the Tournament API's reading of a tournament paired as a round robin", () => {
    const robin = chessEvent(ROUND_ROBIN, { tiebreakOrder: ['DIRECT_ENCOUNTER'] }, [], { method: 'ROUND_ROBIN' });
    expect(ranks(robin.standings().leaderboard)).toEqual({ 1: 1, 2: 2, 3: 2, 4: 6, 5: 5, 6: 4 });
  });

  it('read as a Swiss, the forfeit is no encounter and the 1.5 group stays tied', () => {
    expect(only(ranks(rows(false)), 4, 5, 6)).toEqual({ 4: 4, 5: 4, 6: 4 });
  });
});

describe('direct encounter on its own', () => {
  const state = (participantId: string, games: Array<[string, 'WIN' | 'DRAW' | 'LOSS', boolean?]>) => ({
    participantId,
    baselineRating: 1500,
    dynamicFormRating: 1500,
    pressureRating: 0,
    roundsPlayed: games.length,
    wins: 0,
    losses: 0,
    draws: 0,
    totalPointsWon: 0,
    totalPointsLost: 0,
    matchPoints: 0,
    ratingHistory: [],
    results: games.map(([opponent, outcome, played = true], i) => ({
      matchUpId: `${participantId}-${i}`,
      roundNumber: i + 1,
      order: 0,
      outcome,
      matchPoints: outcome === 'WIN' ? 1 : outcome === 'DRAW' ? 0.5 : 0,
      pointsWon: 0,
      pointsLost: 0,
      opponentParticipantId: opponent,
      kind: played ? ('PLAYED' as const) : outcome === 'WIN' ? ('FORFEIT_WIN' as const) : ('FORFEIT_LOSS' as const),
      played,
    })),
  });

  it('counts the average of two games between the same players (a double round)', () => {
    // a beat b, then drew: 0.75 against b's 0.25.
    const a = state('a', [
      ['b', 'WIN'],
      ['b', 'DRAW'],
    ]);
    const b = state('b', [
      ['a', 'LOSS'],
      ['a', 'DRAW'],
    ]);
    expect([directEncounter(a, [a, b], false), directEncounter(b, [a, b], false)]).toEqual([-1, -2]);
  });

  it('places a player who has met all the others and won more than any of them could reach', () => {
    // a beat b and c; b and c never met: a is clear whatever b-c would have given, b and c stay tied.
    const a = state('a', [
      ['b', 'WIN'],
      ['c', 'WIN'],
    ]);
    const b = state('b', [['a', 'LOSS']]);
    const c = state('c', [['a', 'LOSS']]);
    expect([a, b, c].map((s) => directEncounter(s, [a, b, c], false))).toEqual([-1, -2, -2]);
  });
});
