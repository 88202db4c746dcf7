import { describe, expect, it } from 'vitest';
import { DomainError, Tournament } from '../src/index.js';

const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ participantId: `p${i + 1}`, name: `Player ${i + 1}`, rating: 2000 - 10 * i }));

/** The higher-rated side wins 5-2: a deterministic event whose standings can be checked by hand. */
function playRound(tournament: Tournament): void {
  const round = tournament.pairRound();
  for (const pair of round.pairings) {
    const rating = (id: string) => tournament.participants.find((p) => p.participantId === id)!.rating!;
    const aWins = rating(pair.a) > rating(pair.b);
    tournament.recordResult(
      { round: round.roundNumber, a: pair.a, b: pair.b },
      { score: aWins ? { a: 5, b: 2 } : { a: 2, b: 5 } },
    );
  }
}

describe('Tournament (the engine without Firebase)', () => {
  it('runs a 4-player REDEMPTION Swiss: 3 match points a win, the unbeaten top seed first', () => {
    const tournament = Tournament.create({ policy: 'REDEMPTION', participants: players(4), rounds: 2 });
    playRound(tournament);
    playRound(tournament);
    expect(tournament.isComplete).toBe(true);
    const { leaderboard } = tournament.standings();
    expect(leaderboard[0]).toMatchObject({ participantId: 'p1', rank: 1, matchPoints: 6, wins: 2 });
    expect(leaderboard.at(-1)).toMatchObject({ participantId: 'p4', matchPoints: 0, wins: 0 });
  });

  it('a result corrected after later rounds leaves the standings as if it had been entered right at first', () => {
    const corrected = Tournament.create({ policy: 'SWISS', participants: players(8), rounds: 3 });
    playRound(corrected);
    const first = corrected.matchUps.find((m) => m.roundNumber === 1 && m.b !== null)!;
    const game = { round: 1, a: first.a, b: first.b };
    playRound(corrected);
    playRound(corrected);
    corrected.updateResult(game, { score: { a: 3, b: 3 } });

    const rightFirst = Tournament.fromJSON(corrected.toString());
    for (const m of rightFirst.matchUps) rightFirst.clearResult({ round: m.roundNumber, a: m.a, b: m.b });
    for (const m of corrected.matchUps)
      if (m.b !== null) rightFirst.recordResult({ round: m.roundNumber, a: m.a, b: m.b }, m.result!);
    expect(corrected.standings()).toEqual(rightFirst.standings());
    const draw = corrected.standings().leaderboard.find((row) => row.participantId === first.a)!;
    expect(draw.draws).toBe(1);
  });

  it('takes a result named from either side, turned to the stored sides', () => {
    const tournament = Tournament.create({ policy: 'REDEMPTION', participants: players(2) });
    const { pairings } = tournament.pairRound();
    const { a, b } = pairings[0]!;
    tournament.recordResult({ round: 1, a: b, b: a }, { score: { a: 5, b: 1 } });
    expect(tournament.matchUps[0]!.result).toEqual({ kind: 'PLAYED', score: { a: 1, b: 5 } });
    expect(tournament.standings().leaderboard[0]!.participantId).toBe(b);
  });

  it('round-trips through toJSON and fromJSON exactly', () => {
    const tournament = Tournament.create({ policy: 'SWISS', participants: players(6), rounds: 4 });
    playRound(tournament);
    const restored = Tournament.fromJSON(tournament.toJSON());
    expect(restored.toString()).toBe(tournament.toString());
    playRound(restored);
    playRound(tournament);
    expect(restored.standings()).toEqual(tournament.standings());
  });

  it('refuses what an organizer would be refused, with the reason', () => {
    const tournament = Tournament.create({ policy: 'REDEMPTION', participants: players(4), rounds: 1 });
    const { pairings } = tournament.pairRound();
    const game = { round: 1, a: pairings[0]!.a, b: pairings[0]!.b };
    expect(() => tournament.pairRound({ force: false })).toThrow(/not complete|all 1 rounds/);
    expect(() => tournament.recordResult(game, { score: { a: 7, b: 3 } })).toThrow(DomainError);
    expect(() => tournament.recordResult({ round: 1, a: 'p1', b: 'nobody' }, { winner: 'a' })).toThrow(/no game/);
    tournament.recordResult(game, { winner: 'a' });
    expect(() => tournament.recordResult(game, { winner: 'b' })).toThrow(/already has a result/);
    expect(() => Tournament.create({ participants: [{ participantId: 'x' }, { participantId: 'x' }] })).toThrow(
      /same participantId/,
    );
  });

  it('never pairs a withdrawn player, and pairs a late entry from the next round', () => {
    const tournament = Tournament.create({ policy: 'SWISS', participants: players(4), rounds: 3 });
    playRound(tournament);
    tournament.withdraw('p4');
    tournament.addParticipant({ participantId: 'p5', name: 'Late', rating: 1500 });
    const round = tournament.pairRound();
    const paired = round.pairings.flatMap((p) => [p.a, p.b]).concat(round.byes);
    expect(paired).toContain('p5');
    expect(paired).not.toContain('p4');
  });
});
