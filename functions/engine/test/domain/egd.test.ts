/**
 * The European Go Database's results file (docs/go.md#the-egd-results-file): OpenGotha's `.h9` columns, and a
 * tournament written and read back keeps its games, colours, handicaps, ranks and standings.
 */
import { describe, expect, it } from 'vitest';
import { exportedTournamentToEgd, readEgd, scenarioToEgd, Tournament } from '../../src/index.js';

const scenario = {
  event: { name: 'Autumn McMahon', city: 'Lyon', startDate: '2026-11-21', endDate: '2026-11-22' },
  policy: 'GO',
  options: {
    policyOverrides: { pairingPolicy: { mcMahon: { bar: '3d', floor: '20k', handicap: { correction: 1 } } } },
  },
  participants: [
    { id: 'A', name: 'Ada Lovelace', goRank: '2d', country: 'FR', club: 'Lyon' },
    { id: 'B', name: 'Bo Chen', goRank: '1d', country: 'DE' },
    { id: 'C', name: 'Cy Young', goRank: '1k', club: 'Mars' },
    { id: 'D', name: 'Di Ng', goRank: '3k' },
    { id: 'E', name: 'Ed Mo', goRank: '5k', withdrawn: true },
  ],
  // Side a moves first: Black in Go. E leaves after round 2, so round 3 is an absence for him.
  rounds: [
    [
      { a: 'A', b: 'B', winner: 'a' },
      { a: 'D', b: 'C', result: 'draw' },
      { a: 'E', b: null },
    ],
    [
      { a: 'C', b: 'A', winner: 'a' },
      { a: 'E', b: 'B', winner: 'b' },
      { a: 'D', b: null },
    ],
    [
      { a: 'D', b: 'A', status: 'WALKOVER', winner: 'b' },
      { a: 'C', b: 'B', winner: 'a' },
    ],
  ],
};

describe('the EGD results file', () => {
  const h9 = scenarioToEgd(scenario);
  const lines = h9.split('\n');

  it('writes the header OpenGotha writes: event, place, dates, handicap correction, komi', () => {
    expect(lines.slice(0, 5)).toEqual([
      '; EV[Autumn McMahon]',
      '; PC[,Lyon]',
      '; DT[2026-11-21,2026-11-22]',
      '; HA[h1]',
      '; KM[7.5]',
    ]);
    expect(lines).toContain('; Pl Name                            Rk Co Club  MMS  SOSSOSOSSODOS');
  });

  it('writes a line per player in standings order: place, name, rank, country, club, figures, rounds', () => {
    const ada = lines.find((l) => l.includes('Ada Lovelace'))!;
    // Place 4 wide, the name in 30, the rank in 3, two letters of country, four of club, each figure in 4, then
    // each round in 8: opponent's line, result, / played or ! without play, colour, handicap.
    expect(ada.slice(0, 4)).toBe('   1');
    expect(ada.slice(4, 36)).toBe(' Ada Lovelace                   ');
    expect(ada.slice(36, 47)).toBe(' 2D FR Lyon');
    // Round 1: beat Bo (line 3) with Black, even. Round 2: lost to Cy (line 2) with White giving 2 stones (MMS
    // 32 v 29.5, whole points 32 v 29, less the correction). Round 3: won without play against Di (line 4), 3 stones
    // as the pairing would have given them (32 v 28.5).
    expect(ada.trimEnd().split(/\s+/).slice(-3)).toEqual(['3+/b0', '2-/w2', '4+!w3']);
    const ed = lines.find((l) => l.includes('Ed Mo'))!;
    // Ed: the pairing's bye (a whole point), a loss, then absent: half a point, as the settings count it.
    expect(ed.trimEnd().split(/\s+/).slice(-3)).toEqual(['0+', '3-/b3', '0=']);
  });

  it('reads back the same games, colours, ranks and standings', () => {
    const read = readEgd(h9);
    const original = Tournament.fromScenario(scenario);
    const back = Tournament.fromScenario(read);
    const nameOf = (t: Tournament) => new Map(t.participants.map((p) => [p.participantId, p.name ?? '']));
    const names = [nameOf(original), nameOf(back)] as const;
    const games = (t: Tournament, k: 0 | 1) =>
      t.matchUps
        .map((m) => [m.roundNumber, names[k].get(m.a), m.b && names[k].get(m.b), JSON.stringify(m.result)].join(' '))
        .sort();
    // A round without a game is read as what it earned: the withdrawn player's absence as a half-point bye, which
    // the McMahon score counts the same (an absence); the file does not say who withdrew.
    expect(games(back, 1)).toEqual([...games(original, 0), '3 Ed Mo  {"kind":"HALF_BYE"}'].sort());
    // Clubs are EGD's four-letter codes: a longer club name is cut to its first four letters.
    const people = (t: Tournament) =>
      t.participants.map((p) => [p.name, p.goRank, p.country ?? '', p.club ?? ''].join(' ')).sort();
    expect(people(back)).toEqual(people(original));
    const table = (t: Tournament, k: 0 | 1) =>
      t.standings().leaderboard.map((r) => ({
        name: names[k].get(r.participantId),
        rank: r.rank,
        mms: r.mcMahonScore,
        ...r.tiebreaks,
      }));
    expect(table(back, 1)).toEqual(table(original, 0));
  });

  it('refuses a game that the opponent does not name back', () => {
    const broken = h9.replace('3+/b0', '5+/b0');
    expect(() => readEgd(broken)).toThrow(/does not name this player back/);
  });

  it('the desk’s download writes the rounds complete so far of an exported tournament', () => {
    const running = Tournament.create({
      policy: 'GO',
      participants: scenario.participants.map(({ id, withdrawn: _w, ...p }) => ({ participantId: id, ...p })),
      rounds: 3,
    });
    const first = running.pairRound({ seed: 1 });
    for (const { a, b } of first.pairings) running.recordResult({ round: 1, a, b }, { winner: 'a' });
    const second = running.pairRound({ seed: 1 });
    const { a, b } = second.pairings[0]!;
    running.recordResult({ round: 2, a, b }, { winner: 'b' });
    const players = exportedTournamentToEgd(running.toString())
      .split('\n')
      .filter((l) => /^\s+\d/.test(l));
    // Round 2 still has a game without a result: the file stops after round 1, one round field a player.
    expect(players).toHaveLength(5);
    for (const line of players)
      expect(
        line
          .trimEnd()
          .split(/\s+/)
          .filter((t) => /^\d+[-+=]/.test(t)),
      ).toHaveLength(1);
  });
});
