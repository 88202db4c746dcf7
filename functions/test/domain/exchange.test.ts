import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStandings } from '../../src/domain/competition.js';
import { exportTournament, importTournament, standingsCsv } from '../../src/domain/exchange.js';
import { presetPolicy, resolvePolicy } from '../../src/domain/policy.js';
import { makeParticipants, makeRounds, prng, randomResult } from './generate.js';

function randomTournament(seed: number) {
  const random = prng(seed);
  const participants = makeParticipants(random, 2 + Math.floor(random() * 10)).map((p, i) => ({ ...p, name: `Player "${i}", Jr.`, club: i % 2 ? 'Alpha' : 'Beta', withdrawn: random() < 0.1 }));
  const matchUps = makeRounds(random, participants, Math.floor(random() * 4), (r) => (r() < 0.2 ? null : randomResult(r, { unplayed: true })));
  const policy = resolvePolicy(['STANDARD', 'PRESSURE', 'SWISS', 'REDEMPTION'][seed % 4], { victoryPolicy: { buchholzDropOut: 'TREND70' } });
  return {
    tournament: { tournamentId: `t${seed}`, name: 'Club night, "open"', date: '2026-11-21', roundDuration: 25 },
    policy,
    participants,
    rounds: [{ roundNumber: 1, pairing: { method: 'SWISS', seed, cost: { rematch: 0, scoreDifference: 1.5 } } }],
    matchUps,
  };
}

describe('export and import of a whole tournament', () => {
  it('round-trips exactly: import(export(t)) equals t, and export(import(json)) is the same text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
        const t = randomTournament(seed);
        const json = exportTournament(t);
        const back = importTournament(json);
        expect(back).toEqual({ format: 'competition-tournament', version: 1, ...t });
        expect(exportTournament(back)).toBe(json);
        // The standings computed from the import are the standings of the original.
        expect(computeStandings(back.policy, back.participants, back.matchUps)).toEqual(computeStandings(t.policy, t.participants, t.matchUps));
      }),
      { numRuns: 100 },
    );
  });
  it('refuses a damaged export and names the field', () => {
    const json = JSON.parse(exportTournament(randomTournament(3)));
    json.matchUps[0].result = { kind: 'PLAYED', score: { a: 'five', b: 0 } };
    expect(() => importTournament(JSON.stringify(json))).toThrow(/matchUps\[0\]\.result\.score\.a/);
    json.matchUps[0].result = null;
    json.matchUps[0].a = 'ghost';
    expect(() => importTournament(JSON.stringify(json))).toThrow(/unknown participant ghost/);
    expect(() => importTournament('{ nope')).toThrow(/not valid JSON/);
    expect(() => importTournament(JSON.stringify({ ...JSON.parse(exportTournament(randomTournament(3))), version: 2 }))).toThrow(/version/);
  });
});

describe('standings as CSV', () => {
  it('one row per participant in leaderboard order, quoted where needed, tiebreak columns in policy order', () => {
    const policy = presetPolicy('SWISS');
    const participants = [
      { participantId: 'p1', rating: 1600 },
      { participantId: 'p2', rating: 1500 },
    ];
    const { leaderboard } = computeStandings(policy, participants, [{ matchUpId: 'm', roundNumber: 1, order: 0, a: 'p1', b: 'p2', result: { kind: 'PLAYED', score: { a: 5, b: 2 } } }]);
    const csv = standingsCsv(policy, leaderboard, { p1: 'Smith, "Ace"', p2: 'Jones' });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('rank,participantId,name,matchPoints,wins,losses,draws,pointsWon,pointsLost,pointDifferential,baselineRating,dynamicFormRating,pressureRating,withdrawn,BUCHHOLZ,SONNEBORN_BERGER,HEAD_TO_HEAD,PRESSURE_RATING');
    expect(lines[1]!.startsWith('1,p1,"Smith, ""Ace""",3,1,0,0,5,2,3,1600,')).toBe(true);
    expect(lines[2]!.startsWith('2,p2,Jones,0,0,1,0,2,5,-3,1500,')).toBe(true);
    expect(lines).toHaveLength(3);
  });
});
