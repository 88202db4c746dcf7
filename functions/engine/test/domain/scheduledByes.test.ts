/**
 * Byes decided before a round is paired: awarded byes (docs/pairing.md#awarded-byes), won matches without play in
 * the first rounds, and requested byes (docs/pairing.md#requested-byes), half a point or none in a chosen round.
 */
import { describe, expect, it } from 'vitest';
import { Tournament } from '../../src/index.js';
import { participantsToPair } from '../../src/domain/joining/checkIn.js';

/** Nine players of a best-of-three event: p1 awarded two byes, p2 one. */
function event() {
  const participants = Array.from({ length: 9 }, (_, i) => ({
    participantId: `p${i + 1}`,
    name: `Player ${i + 1}`,
    rating: 2000 - 10 * i,
    ...(i === 0 ? { awardedByes: 2 } : i === 1 ? { awardedByes: 1 } : {}),
  }));
  return Tournament.create({ policy: 'TCG', participants, rounds: 4 });
}

/** Pairs a round and has side a win every game 2-0; returns who met whom and who had which bye. */
function playRound(tournament: Tournament) {
  const round = tournament.pairRound();
  for (const pair of round.pairings)
    tournament.recordResult({ round: round.roundNumber, a: pair.a, b: pair.b }, { score: { a: 2, b: 0 } });
  const byes = tournament.matchUps
    .filter((m) => m.roundNumber === round.roundNumber && m.b === null)
    .map((m) => [m.a, m.result?.kind]);
  return { paired: round.pairings.flatMap((p) => [p.a, p.b]), byes, listed: round.byes };
}

describe('awarded byes', () => {
  it('sit a player out of the first rounds with a won match each, beside the pairing bye of an odd field', () => {
    const tournament = event();
    const first = playRound(tournament);
    expect(first.paired).not.toContain('p1');
    expect(first.paired).not.toContain('p2');
    // Seven players left: the pairing gives one of them its own bye.
    expect(first.paired).toHaveLength(6);
    expect(first.byes).toContainEqual(['p1', 'FULL_BYE']);
    expect(first.byes).toContainEqual(['p2', 'FULL_BYE']);
    expect(first.byes.filter(([, kind]) => kind === 'PAIRING_BYE')).toHaveLength(1);
    expect(first.listed).toEqual(expect.arrayContaining(['p1', 'p2']));

    const second = playRound(tournament);
    expect(second.paired).not.toContain('p1');
    expect(second.paired).toContain('p2');
    expect(second.byes).toContainEqual(['p1', 'FULL_BYE']);

    const third = playRound(tournament);
    expect(third.paired).toContain('p1');
    expect(third.byes.map(([id]) => id)).not.toContain('p1');
  });

  it('count as won matches, as rounds of the match-win percentage, and not as games against anyone', () => {
    const tournament = event();
    playRound(tournament);
    playRound(tournament);
    const row = tournament.standings().leaderboard.find((r) => r.participantId === 'p1')!;
    expect(row).toMatchObject({ wins: 2, matchPoints: 6 });
    expect(row.tiebreaks.GAME_WIN_PERCENTAGE).toBe(1);
    // No opponent yet: the opponents' match-win percentage has nothing to average.
    expect(row.tiebreaks.OPPONENTS_MATCH_WIN_PERCENTAGE).toBe(0);
  });

  it('go to no one who has withdrawn', () => {
    const tournament = event();
    tournament.withdraw('p1');
    const first = playRound(tournament);
    expect(first.byes.map(([id]) => id)).not.toContain('p1');
    expect(first.paired).not.toContain('p1');
  });

  it('keep a player in the field when the tournament asks for check-in: the byes are theirs from round 1', () => {
    const field = [
      { participantId: 'a', checkedIn: true },
      { participantId: 'b', awardedByes: 2 },
      { participantId: 'c' },
    ];
    expect(participantsToPair(field, [], true).map((p) => p.participantId)).toEqual(['a', 'b']);
  });
});

describe('requested byes', () => {
  /** Seven chess players: p1 asks for half a point in round 2, p2 announces an absence in rounds 1 and 3. */
  function chessEvent() {
    const participants = Array.from({ length: 7 }, (_, i) => ({
      participantId: `p${i + 1}`,
      name: `Player ${i + 1}`,
      rating: 2000 - 10 * i,
      ...(i === 0 ? { requestedByes: [{ round: 2, points: 'HALF' as const }] } : {}),
      ...(i === 1
        ? {
            requestedByes: [
              { round: 1, points: 'ZERO' as const },
              { round: 3, points: 'ZERO' as const },
            ],
          }
        : {}),
    }));
    return Tournament.create({ policy: 'CHESS', participants, rounds: 3 });
  }

  it('leave the player out of that round only, with a half-point or a zero-point bye beside the pairing', () => {
    const tournament = chessEvent();
    const first = playRound(tournament);
    // Six players left in round 1: no pairing bye.
    expect(first.byes).toEqual([['p2', 'ZERO_BYE']]);
    expect(first.paired).toHaveLength(6);
    const second = playRound(tournament);
    expect(second.byes).toContainEqual(['p1', 'HALF_BYE']);
    expect(second.paired).toContain('p2');
    const third = playRound(tournament);
    expect(third.byes).toContainEqual(['p2', 'ZERO_BYE']);
    expect(third.paired).toContain('p1');
  });

  it('count half a point and nothing in the standings', () => {
    const tournament = chessEvent();
    playRound(tournament);
    playRound(tournament);
    const rows = tournament.standings().leaderboard;
    const p2 = rows.find((r) => r.participantId === 'p2')!;
    // Round 1 absent (0), round 2 played.
    expect(p2.losses + p2.wins + p2.draws).toBe(2);
    const p1 = rows.find((r) => r.participantId === 'p1')!;
    expect(p1.draws).toBe(1);
    expect(p1.matchPoints % 1).toBe(0.5);
  });
});
