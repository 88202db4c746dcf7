/**
 * TRF start numbers (docs/trf.md#start-numbers): a 12-player Dutch event whose ids sort differently as text (p1,
 * p10, p11, p12, p2 ...) than the field ranks, written as a report. A pairing program reading the report numbers the
 * field by start number, so each round the file holds must be the round the Dutch system pairs from the rounds
 * before it, as they read in the file (what bbpPairings' checker asks).
 */
import { describe, expect, it } from 'vitest';
import { Tournament } from '../../src/index.js';
import { exportedTournamentToTrf } from '../../src/domain/exchange/trfExport.js';
import { readTrf } from '../../src/domain/exchange/trfScenario.js';

const ROUNDS = 5;
/** Ratings that put p12 second and p1 last among the top half: neither the ids' text order nor their numbers. */
const RATINGS = [2210, 2050, 1990, 1920, 1880, 1800, 1760, 1700, 1640, 2120, 1580, 2180];

function playedEvent(): string {
  const participants = RATINGS.map((rating, i) => ({ participantId: `p${i + 1}`, name: `Player ${i + 1}`, rating }));
  const tournament = Tournament.create({
    policy: 'CHESS',
    participants,
    rounds: ROUNDS,
    pairing: { method: 'DUTCH', initialColour: 'WHITE', totalRounds: ROUNDS },
  });
  for (let r = 1; r <= ROUNDS; r++) {
    const round = tournament.pairRound();
    round.pairings.forEach((pair, board) => {
      const winner = (board + r) % 3 === 0 ? 'draw' : (board + r) % 3 === 1 ? 'a' : 'b';
      tournament.recordResult({ round: r, a: pair.a, b: pair.b }, { winner });
    });
  }
  return exportedTournamentToTrf(JSON.stringify(tournament.toJSON()));
}

/** Each 001 line's start number and name. */
const numbered = (trf: string) =>
  trf
    .split(/\r\n/)
    .filter((line) => line.startsWith('001'))
    .map((line) => ({ number: Number(line.slice(4, 8)), name: line.slice(14, 47).trim() }));

/** A round of a report as start-number pairs, white first, byes as [n, 0]; sorted. */
function roundOf(trf: string, roundNumber: number): string[] {
  const pairs = new Set<string>();
  for (const line of trf.split(/\r\n/).filter((l) => l.startsWith('001'))) {
    const column = line.slice(91 + 10 * (roundNumber - 1), 101 + 10 * (roundNumber - 1));
    const own = Number(line.slice(4, 8));
    const opponent = Number(column.slice(0, 4));
    const colour = column.slice(5, 6);
    if (opponent === 0) pairs.add(`${own}-0`);
    else pairs.add(colour === 'w' ? `${own}-${opponent}` : `${opponent}-${own}`);
  }
  return [...pairs].sort();
}

describe('the start numbers of a report', () => {
  const trf = playedEvent();

  it('rank the field as the pairing did, by rating, not the ids as text', () => {
    const byRating = RATINGS.map((rating, i) => ({ rating, name: `Player ${i + 1}` }))
      .sort((x, y) => y.rating - x.rating)
      .map((p, k) => ({ number: k + 1, name: p.name }));
    expect(numbered(trf)).toEqual(byRating);
    expect(
      numbered(trf)
        .slice(0, 3)
        .map((p) => p.name),
    ).toEqual(['Player 1', 'Player 12', 'Player 10']);
  });

  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
    'hold round %i as the Dutch system pairs it from the earlier rounds in the file',
    (roundNumber) => {
      const history = readTrf(trf);
      expect(history.rounds).toHaveLength(ROUNDS);
      const earlier = { ...history, rounds: history.rounds!.slice(0, roundNumber - 1) };
      const repaired = Tournament.fromScenario({
        ...earlier,
        pairing: { method: 'DUTCH', initialColour: 'WHITE', totalRounds: ROUNDS },
      }).pairRound();
      const numberOf = (id: string | null) => (id === null ? 0 : Number(id.slice(1)));
      const expected = [
        ...repaired.pairings.map((pair) => `${numberOf(pair.a)}-${numberOf(pair.b)}`),
        ...repaired.byes.map((id) => `${numberOf(id)}-0`),
      ].sort();
      expect(roundOf(trf, roundNumber)).toEqual(expected);
    },
  );
});
