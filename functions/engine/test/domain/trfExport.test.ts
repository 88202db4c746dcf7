/** The dashboard's report (docs/trf.md): an exported tournament written as TRF, the rounds complete so far. */
import { describe, expect, it } from 'vitest';
import { Tournament } from '../../src/index.js';
import { exportedTournamentToTrf } from '../../src/domain/exchange/trfExport.js';
import { readTrf } from '../../src/domain/exchange/trfScenario.js';

/** Five chess players, p2 asking for a half-point bye in round 2; side a wins every game. */
function event() {
  const participants = Array.from({ length: 5 }, (_, i) => ({
    participantId: `p${i + 1}`,
    name: `Player ${i + 1}`,
    rating: 2000 - 50 * i,
    seedPosition: i + 1,
    ...(i === 1 ? { requestedByes: [{ round: 2, points: 'HALF' as const }] } : {}),
  }));
  return Tournament.create({ policy: 'CHESS', participants, rounds: 4 });
}

function play(tournament: Tournament, scored = true) {
  const round = tournament.pairRound();
  if (scored)
    for (const pair of round.pairings)
      tournament.recordResult({ round: round.roundNumber, a: pair.a, b: pair.b }, { winner: 'a' });
}

/** The round columns of a player's 001 line (TRF-16: from column 92, 10 wide). */
const roundsOf = (trf: string, startNumber: number) => {
  const line = trf.split(/\r\n/).find((l) => l.startsWith('001') && Number(l.slice(4, 8)) === startNumber)!;
  return line
    .slice(91)
    .match(/.{1,10}/g)!
    .map((column) => column.trim());
};

describe('the report of an exported tournament', () => {
  it('writes the rounds complete so far, a requested half-point bye as H and the planned rounds', () => {
    const tournament = event();
    play(tournament);
    play(tournament);
    play(tournament, false);
    const trf = exportedTournamentToTrf(JSON.stringify(tournament.toJSON()));
    expect(roundsOf(trf, 2)[1]).toBe('0000 - H');
    // Round 3 has open games: two rounds are written.
    expect(roundsOf(trf, 1)).toHaveLength(2);
    expect(trf).toMatch(/^XXR 4\r$/m);
  });
});

describe('a bye set ahead for the round to be paired', () => {
  it("is written as the next round's H, read back as a requested bye, and left out when that round is paired", () => {
    const tournament = event();
    play(tournament);
    // p4 asks for half a point in round 2, before it is paired: the report carries it ahead.
    const saved = tournament.toJSON() as { participants: Array<Record<string, unknown>> };
    saved.participants[3]!.requestedByes = [{ round: 2, points: 'HALF' }];
    const trf = exportedTournamentToTrf(JSON.stringify(saved));
    expect(roundsOf(trf, 4)).toEqual([expect.stringMatching(/^\d+ [wb] [10=]$/), '0000 - H']);
    expect(roundsOf(trf, 1)).toHaveLength(1);

    const scenario = readTrf(trf);
    expect(scenario.participants.find((p) => p.id === 'p4')!.requestedByes).toEqual([{ round: 2, points: 'HALF' }]);
    const round = Tournament.fromScenario(scenario).pairRound();
    expect(round.byes).toContain('p4');
    expect(round.pairings.flatMap((pair) => [pair.a, pair.b])).not.toContain('p4');
  });
});
