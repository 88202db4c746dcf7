import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeStandings } from '../../src/domain/standings/competition.js';
import { DomainError } from '../../src/domain/common/errors.js';
import { exportTournament, importTournament, standingsCsv } from '../../src/domain/exchange/exchange.js';
import { finalStandings, howPlaced } from '../../src/domain/playoff/playoff.js';
import { requireRoundsPairedBy } from '../../src/domain/exchange/importChecks.js';
import { presetPolicy, resolvePolicy } from '../../src/domain/policy/policy.js';
import { makeParticipants, makeRounds, prng, randomResult } from '../../src/simulation/generate.js';

function randomTournament(seed: number) {
  const random = prng(seed);
  const participants = makeParticipants(random, 2 + Math.floor(random() * 10)).map((p, i) => ({
    ...p,
    name: `Player "${i}", Jr.`,
    club: i % 2 ? 'Alpha' : 'Beta',
    withdrawn: random() < 0.1,
  }));
  const matchUps = makeRounds(random, participants, Math.floor(random() * 4), (r) =>
    r() < 0.2 ? null : randomResult(r, { unplayed: true }),
  );
  const policy = resolvePolicy(['STANDARD', 'PRESSURE', 'SWISS', 'REDEMPTION'][seed % 4], {
    victoryPolicy: { buchholzDropOut: 'TREND70' },
  });
  const roundNumbers = [...new Set(matchUps.map((m) => m.roundNumber))];
  // A warning for the first player of some games: the judges' record travels with the results.
  const penalties = matchUps
    .filter(() => random() < 0.2)
    .map((m, i) => ({
      penaltyId: `pen${i + 1}`,
      participantId: m.a,
      roundNumber: m.roundNumber,
      matchUpId: m.matchUpId,
      infraction: 'Slow play, "again"',
      penalty: 'WARNING' as const,
      note: i % 2 ? 'asked twice' : '',
      by: 'EDITOR' as const,
      at: '2026-11-21T19:00:00.000Z',
    }));
  return {
    tournament: { tournamentId: `t${seed}`, name: 'Club night, "open"', date: '2026-11-21', roundDuration: 25 },
    policy,
    participants,
    rounds: roundNumbers.map((roundNumber) => {
      const round = matchUps.filter((m) => m.roundNumber === roundNumber);
      const byes = round.filter((m) => m.b === null).map((m) => m.a);
      return {
        roundNumber,
        pairing: {
          method: 'SWISS',
          seed,
          matchUpCount: round.length,
          byes,
          stats: { cost: { rematch: 0, scoreDifference: 1.5 } },
        },
      };
    }),
    matchUps,
    penalties,
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
        expect(computeStandings(back.policy, back.participants, back.matchUps)).toEqual(
          computeStandings(t.policy, t.participants, t.matchUps),
        );
      }),
      { numRuns: 100 },
    );
  });
  it("carries the deck lists, each an entry's once, with a bad line named (docs/judging.md#deck-lists)", () => {
    const t = randomTournament(5);
    const participantId = t.participants[0]!.participantId;
    const deckLists = [{ participantId, main: '4 Lightning Bolt\n20 Mountain', sideboard: '2 Duress' }];
    const json = exportTournament({ ...t, deckLists });
    expect(importTournament(json).deckLists).toEqual(deckLists);
    const twice = { ...t, deckLists: [...deckLists, ...deckLists] };
    expect(() => importTournament(JSON.stringify({ format: 'competition-tournament', version: 1, ...twice }))).toThrow(
      `deck list of ${participantId} is listed twice`,
    );
    const ghost = { ...t, deckLists: [{ ...deckLists[0]!, participantId: 'ghost' }] };
    expect(() => importTournament(JSON.stringify({ format: 'competition-tournament', version: 1, ...ghost }))).toThrow(
      'deck list of ghost: no such participant',
    );
    const bad = { ...t, deckLists: [{ ...deckLists[0]!, main: 'Lightning Bolt' }] };
    expect(() => importTournament(JSON.stringify({ format: 'competition-tournament', version: 1, ...bad }))).toThrow(
      /main deck, line 1/,
    );
  });

  it('carries what the day wrote on an entry, and refuses an entry said to join after a round it played', () => {
    const t = randomTournament(7);
    const [first] = t.participants;
    const participants = t.participants.map((p) =>
      p === first ? { ...p, withdrawn: true, droppedAt: 1_764_000_000_000, checkedIn: true, enteredRound: 1 } : p,
    );
    const json = exportTournament({ ...t, participants });
    expect(importTournament(json).participants[0]).toMatchObject({ droppedAt: 1_764_000_000_000, checkedIn: true });
    const game = t.matchUps.find((m) => m.roundNumber === 1 && m.b !== null)!;
    const late = t.participants.map((p) => (p.participantId === game.a ? { ...p, enteredRound: 2 } : p));
    expect(() => importTournament(exportTournament({ ...t, participants: late }))).toThrow(
      `participant ${game.a} entered in round 2 but plays in round 1`,
    );
  });

  it('takes a late entry whose missed rounds are byes (docs/pairing.md#late-entries): a bye is no game', () => {
    const t = randomTournament(7);
    const byeRound = { matchUpId: 'r1-late', roundNumber: 1, order: 99, a: 'late', b: null };
    const matchUps = [...t.matchUps, { ...byeRound, result: { kind: 'HALF_BYE' as const } }];
    const rounds = t.rounds.map((r) =>
      r.roundNumber === 1
        ? {
            ...r,
            pairing: { ...r.pairing, matchUpCount: r.pairing.matchUpCount + 1, byes: [...r.pairing.byes, 'late'] },
          }
        : r,
    );
    const participants = [...t.participants, { participantId: 'late', name: 'Late', rating: 1500, enteredRound: 2 }];
    const back = importTournament(exportTournament({ ...t, participants, matchUps, rounds }));
    expect(back.participants.find((p) => p.participantId === 'late')?.enteredRound).toBe(2);
  });

  it('refuses a damaged export and names the field', () => {
    const json = JSON.parse(exportTournament(randomTournament(3))) as { matchUps: Array<Record<string, unknown>> };
    json.matchUps[0]!.result = { kind: 'PLAYED', score: { a: 'five', b: 0 } };
    expect(() => importTournament(JSON.stringify(json))).toThrow(/matchUps\[0\]\.result\.score\.a/);
    json.matchUps[0]!.result = null;
    json.matchUps[0]!.a = 'ghost';
    expect(() => importTournament(JSON.stringify(json))).toThrow(/unknown participant ghost/);
    expect(() => importTournament('{ nope')).toThrow(/not valid JSON/);
    expect(() =>
      importTournament(JSON.stringify({ ...JSON.parse(exportTournament(randomTournament(3))), version: 2 })),
    ).toThrow(/version/);
  });
});

describe('standings as CSV', () => {
  it('one row per participant in leaderboard order, quoted where needed, tiebreak columns in policy order', () => {
    const policy = presetPolicy('SWISS');
    const participants = [
      { participantId: 'p1', rating: 1600 },
      { participantId: 'p2', rating: 1500 },
    ];
    const { leaderboard } = computeStandings(policy, participants, [
      { matchUpId: 'm', roundNumber: 1, order: 0, a: 'p1', b: 'p2', result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
    ]);
    const csv = standingsCsv(policy, leaderboard, { p1: 'Smith, "Ace"', p2: 'Jones' });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Rank,Player,Match points,Wins,Draws,Losses,Game points won,Game points lost,Game-point difference,' +
        "Baseline rating,Dynamic form rating,Pressure rating,Withdrawn,Buchholz (opponents' match points)," +
        'Sonneborn-Berger,Head-to-head (match points among the tied players)',
    );
    // The policy's PRESSURE_RATING tiebreak is the pressure rating column already: each column once.
    const columns = lines[0]!.split(',');
    expect(new Set(columns).size).toBe(columns.length);
    // Names, never ids; wins, draws, losses as on screen; ratings whole, every other number to two decimals.
    const form = Math.round(leaderboard[0]!.dynamicFormRating);
    expect(leaderboard[0]!.dynamicFormRating).not.toBe(form);
    expect(lines[1]!.startsWith(`1,"Smith, ""Ace""",3,1,0,0,5,2,3,1600,${form},`)).toBe(true);
    expect(lines[2]!.startsWith('2,Jones,0,0,0,1,2,5,-3,1500,')).toBe(true);
    expect(csv).not.toMatch(/\bp[12]\b/);
    expect(csv).not.toMatch(/\d\.\d{3}/);
    expect(lines).toHaveLength(3);
  });

  it('after a playoff: the final standings in order, with the main stage’s figures, each column once', () => {
    const policy = presetPolicy('SWISS');
    const ids = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    const participants = ids.map((participantId, k) => ({ participantId, rating: 1600 - 10 * k }));
    // The main stage: p1 beats p2, p3 beats p4, p5 beats p6; p6 then withdraws.
    const swiss = [
      ['p1', 'p2'],
      ['p3', 'p4'],
      ['p5', 'p6'],
    ].map(([a, b], order) => ({
      matchUpId: `s${order}`,
      roundNumber: 1,
      order,
      a: a!,
      b: b!,
      result: { kind: 'PLAYED' as const, score: { a: 5, b: 2 } },
    }));
    const { leaderboard } = computeStandings(policy, participants, swiss);
    const field = leaderboard.map((r) => ({ participantId: r.participantId, withdrawn: r.participantId === 'p6' }));
    const rows = leaderboard.map((r) => ({ ...r, withdrawn: r.participantId === 'p6' }));
    const seeding = field.filter((f) => !f.withdrawn).map((f) => f.participantId);
    const playoff = { topCut: 0, finals: 1, bestOfThree: false } as const;
    // The final: the second seed wins it.
    const places = finalStandings(
      seeding,
      playoff,
      [{ playoffRound: 1, a: seeding[0]!, b: seeding[1]!, winner: seeding[1]! }],
      field,
    );
    const names = Object.fromEntries(ids.map((id) => [id, id === 'p3' ? 'Chloé' : `Name ${id}`]));
    const csv = standingsCsv(policy, rows, names, { places, playoff, mainRounds: 1 });
    const lines = csv.trimEnd().split('\r\n');
    const columns = lines[0]!.split(',');
    expect(columns.slice(0, 5)).toEqual(['Place', 'Player', 'Seed', 'How', 'Match points']);
    expect(new Set(columns).size).toBe(columns.length);
    const cells = lines.slice(1).map((l) => l.split(','));
    expect(cells.map((c) => c.slice(0, 4))).toEqual(
      places.map((p) => [
        String(p.place),
        names[p.participantId],
        p.seed === null ? '' : String(p.seed),
        howPlaced(p, playoff, 1),
      ]),
    );
    expect(cells[0]!.slice(3, 8)).toEqual(['won the final', '3', '1', '0', '0']);
    expect(cells.find((c) => c[1] === 'Name p6')!.slice(2, 4)).toEqual(['', 'withdrawn']);
    expect(cells.find((c) => c[1] === 'Name p6')![columns.indexOf('Withdrawn')]).toBe('yes');
    expect(lines).toHaveLength(7);
  });
});

/**
 * A small tournament as the backend would have made it: five players under REDEMPTION (games to 5), two SWISS
 * rounds, a pairing bye each round, every round with its record.
 */
function cleanExport() {
  const round = (roundNumber: number, matchUpCount: number, byes: string[]) => ({
    roundNumber,
    pairing: {
      status: 'CLOSED',
      method: 'SWISS',
      seed: 7,
      matchUpCount,
      byes,
      notes: [],
      requestId: `r${roundNumber}`,
      generatedBy: 'OWNER',
      generatedAt: '2031-05-01T18:00:00.000Z',
      stats: {},
    },
  });
  const game = (
    matchUpId: string,
    roundNumber: number,
    order: number,
    a: string,
    b: string | null,
    result: unknown,
  ) => ({ matchUpId, roundNumber, order, a, b, result });
  return {
    format: 'competition-tournament',
    version: 1,
    tournament: {
      date: '2031-05-01',
      description: 'Club night',
      system: 'SWISS',
      pairing: { method: 'SWISS', options: {} },
    },
    policy: presetPolicy('REDEMPTION'),
    participants: ['p1', 'p2', 'p3', 'p4', 'p5'].map((participantId, i) => ({
      participantId,
      name: `Player ${i + 1}`,
      rating: 1800 - 50 * i,
    })),
    rounds: [round(1, 3, ['p5']), round(2, 3, ['p4'])],
    matchUps: [
      game('r1-m1', 1, 0, 'p1', 'p2', { kind: 'PLAYED', score: { a: 5, b: 3 } }),
      game('r1-m2', 1, 1, 'p3', 'p4', { kind: 'FORFEIT_WIN', winner: 'a' }),
      game('r1-bye1', 1, 2, 'p5', null, { kind: 'PAIRING_BYE' }),
      game('r2-m1', 2, 0, 'p1', 'p3', { kind: 'PLAYED', score: { a: 2, b: 5 } }),
      game('r2-m2', 2, 1, 'p2', 'p5', null),
      game('r2-bye1', 2, 2, 'p4', null, { kind: 'PAIRING_BYE' }),
    ],
    penalties: [
      {
        penaltyId: 'pen1',
        participantId: 'p2',
        roundNumber: 2,
        matchUpId: 'r2-m2' as string | null,
        infraction: 'Slow play',
        penalty: 'WARNING',
        note: '',
        by: 'SCOREKEEPER',
        at: '2031-05-01T19:10:00.000Z',
      },
    ],
  };
}

type CleanExport = ReturnType<typeof cleanExport>;
const importing = (change: (e: CleanExport) => void) => {
  const data = cleanExport();
  change(data);
  return () => importTournament(JSON.stringify(data));
};

describe('an import is checked whole, each refusal naming the item', () => {
  it('a clean export passes', () => {
    expect(importTournament(JSON.stringify(cleanExport())).matchUps).toHaveLength(6);
  });

  it.each([
    ['../../x', 'matchUp "../../x": its id must not contain "/"'],
    ['.', 'matchUp ".": its id must not be "." or ".."'],
    ['__x__', 'matchUp "__x__": its id must not have the reserved form __name__'],
    ['r1\u0000', 'matchUp "r1\\u0000": its id must not contain control characters'],
  ])('refuses a matchUp id %j that Firestore would not take as a document id', (id, message) => {
    expect(importing((e) => (e.matchUps[0]!.matchUpId = id))).toThrow(message);
  });

  it.each([
    ['a/b', 'participant "a/b", participants[1].participantId: must not contain "/"'],
    ['.', 'participant ".", participants[1].participantId: must not be "." or ".."'],
    ['..', 'participant "..", participants[1].participantId: must not be "." or ".."'],
    ['__x__', 'participant "__x__", participants[1].participantId: must not have the reserved form __name__'],
    ['p\u0000', 'participant "p\\u0000", participants[1].participantId: must not contain control characters'],
  ])('refuses a participant id %j, naming the participant and the field', (id, message) => {
    expect(importing((e) => (e.participants[1]!.participantId = id))).toThrow(message);
  });

  it('refuses a schema fault with the matchUp named as well as the field', () => {
    const attempt = importing((e) => (e.matchUps[3]!.result = { kind: 'PLAYED', score: { a: 'five', b: 0 } }));
    expect(attempt).toThrow(/^invalid tournament export: matchUp r2-m1, matchUps\[3\]\.result\.score\.a: /);
  });

  it('keeps the penalties, and refuses one for an unknown player, a missing round or another game', () => {
    expect(importTournament(JSON.stringify(cleanExport())).penalties).toEqual([
      expect.objectContaining({ penaltyId: 'pen1', participantId: 'p2', penalty: 'WARNING', note: '' }),
    ]);
    expect(importing((e) => (e.penalties[0]!.participantId = 'ghost'))).toThrow(
      'penalty pen1 names unknown participant ghost',
    );
    expect(importing((e) => (e.penalties[0]!.roundNumber = 3))).toThrow(
      'penalty pen1 is for round 3, which the export does not have',
    );
    expect(importing((e) => (e.penalties[0]!.matchUpId = 'r2-m1'))).toThrow(
      'penalty pen1 names matchUp r2-m1, but in round 2 p2 had matchUp r2-m2',
    );
    expect(importing((e) => (e.penalties[0]!.matchUpId = null))).toThrow(
      'penalty pen1 names no game, but in round 2 p2 had matchUp r2-m2',
    );
    expect(importing((e) => (e.penalties[0]!.penalty = 'DETENTION'))).toThrow(
      /^invalid tournament export: penalty pen1, penalties\[0\]\.penalty: /,
    );
  });

  it('refuses ids listed twice', () => {
    expect(importing((e) => (e.matchUps[4]!.matchUpId = 'r2-m1'))).toThrow('matchUp r2-m1 is listed twice');
    expect(importing((e) => (e.participants[4]!.participantId = 'p1'))).toThrow('participant p1 is listed twice');
  });

  it('refuses a participant playing twice in one round, naming both matchUps', () => {
    expect(importing((e) => (e.matchUps[4]!.b = 'p1'))).toThrow(
      'matchUp r2-m2: participant p1 plays twice in round 2 (also in matchUp r2-m1)',
    );
    expect(importing((e) => (e.matchUps[2]!.a = 'p2'))).toThrow(
      'matchUp r1-bye1: participant p2 plays twice in round 1 (also in matchUp r1-m1)',
    );
  });

  it('refuses a participant playing himself, and an unknown one', () => {
    expect(importing((e) => (e.matchUps[0]!.b = 'p1'))).toThrow(
      'matchUp r1-m1: participant p1 cannot play against himself',
    );
    expect(importing((e) => (e.matchUps[0]!.b = 'ghost'))).toThrow('matchUp r1-m1 names unknown participant ghost');
  });

  it.each([
    [0, { kind: 'FORFEIT_WIN', winner: 'b' }, 'matchUp r1-m1: kind FORFEIT_WIN requires winner "a", got "b"'],
    [0, { kind: 'PLAYED', score: { a: 7, b: 3 } }, 'matchUp r1-m1: score 7-3: a game to 5 ends when a side reaches 5'],
    [
      0,
      { kind: 'PLAYED', score: { a: 5, b: 3 }, winner: 'b' },
      'matchUp r1-m1: winner "b" disagrees with the score 5-3',
    ],
    [0, { kind: 'PAIRING_BYE' }, 'matchUp r1-m1: kind PAIRING_BYE is for a player without an opponent'],
    [2, { kind: 'PLAYED', winner: 'a' }, 'matchUp r1-bye1: a bye matchUp needs a bye kind, not PLAYED'],
    [2, { kind: 'HALF_BYE', winner: 'a' }, 'matchUp r1-bye1: kind HALF_BYE requires winner "draw", got "a"'],
  ])('refuses a stored result the engine refuses (matchUps[%i] = %o)', (index, result, message) => {
    expect(importing((e) => (e.matchUps[index]!.result = result))).toThrow(message);
  });

  it("judges results with the tournament's own scoring policy", () => {
    const winByTwo = importing((e) => {
      e.policy = resolvePolicy('REDEMPTION', { scoringPolicy: { playPastTarget: 'WIN_BY_TWO' } });
      e.matchUps[0]!.result = { kind: 'PLAYED', score: { a: 7, b: 5 } };
    });
    expect(winByTwo().matchUps[0]!.result).toEqual({ kind: 'PLAYED', score: { a: 7, b: 5 } });
  });

  it('refuses a participant the policy cannot rate', () => {
    const unrated = importing((e) => {
      e.policy = presetPolicy('SWISS');
      delete (e.participants[2] as { rating?: number }).rating;
    });
    expect(unrated).toThrow('participant p3 has no rating (baseline source SCALE, no unratedValue set)');
  });

  it('refuses rounds with a gap, and rounds past the last a tournament can have', () => {
    const gap = importing((e) => {
      for (const m of e.matchUps.filter((m) => m.roundNumber === 2)) m.roundNumber = 3;
      e.rounds[1]!.roundNumber = 3;
    });
    expect(gap).toThrow('round 2 has no matchUps, yet round 3 has: rounds are numbered from 1 without gaps');
    expect(importing((e) => (e.matchUps[5]!.roundNumber = 1001))).toThrow(
      'matchUp r2-bye1: round 1001 is past the last round a tournament can have (1000)',
    );
  });

  it('refuses rounds without their record, records without a round, and records that disagree with the round', () => {
    expect(importing((e) => e.rounds.pop())).toThrow('round 2 has matchUps but no round record');
    expect(importing((e) => e.rounds.push({ ...e.rounds[1]!, roundNumber: 3 }))).toThrow(
      'round 3 has a round record but no matchUps',
    );
    expect(importing((e) => e.rounds.push(e.rounds[1]!))).toThrow('round 2 has two round records');
    expect(importing((e) => (e.rounds[0]!.pairing.matchUpCount = 4))).toThrow(
      'round 1: its record counts 4 matchUp(s), the export has 3',
    );
    expect(importing((e) => (e.rounds[1]!.pairing.byes = ['p5']))).toThrow(
      'round 2: its record gives byes to p5, its bye matchUps are for p4',
    );
  });

  it("refuses rounds paired by another method than the tournament's", () => {
    const { rounds } = importTournament(JSON.stringify(cleanExport()));
    expect(() => requireRoundsPairedBy(rounds, 'SWISS')).not.toThrow();
    expect(() => requireRoundsPairedBy(rounds, 'DAZED')).toThrow(
      'round 1 was paired by SWISS, but this tournament pairs by DAZED',
    );
    // A method that is not a name (a hand-edited export) is shown as it is written, not as [object Object].
    expect(() => requireRoundsPairedBy([{ roundNumber: 1, pairing: { method: { name: 'SWISS' } } }], 'SWISS')).toThrow(
      'round 1 was paired by {"name":"SWISS"}, but this tournament pairs by SWISS',
    );
  });

  it('refuses an export nested absurdly deep with a clear message, not a stack overflow', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = { x: deep };
    const attempt = importing((e) => Object.assign(e.tournament, { notes: deep }));
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow('invalid tournament export: the document is nested deeper than 16 levels');
  });
});
