/**
 * The bracket and the crosstable read from matchUps as the engine stores them: stage names, finals and third place,
 * the tree order of the columns, games not yet paired, results without game points, double round robins.
 */
import { describe, expect, it } from 'vitest';
import { type MatchUpResult, resolvePolicy, stageName } from '@competition/engine';
import type { MatchUp, Round, Tournament } from '../../src/data/shapes.js';
import { type BracketEntry, buildBracket, knockoutOptions } from '../../src/lib/bracket.js';
import { buildCrosstable } from '../../src/lib/crosstable.js';
import { playoffGameNames, playoffView } from '../../src/lib/playoff.js';

const scoring = resolvePolicy('REDEMPTION').scoringPolicy;

let serial = 0;
function game(roundNumber: number, a: string, b: string | null, result: MatchUpResult | null): MatchUp {
  serial++;
  return {
    matchUpId: `r${roundNumber}-${serial}`,
    roundNumber,
    order: serial,
    a,
    b,
    movesFirst: b === null ? null : a,
    cost: {},
    result,
    scoredBy: null,
  };
}
const won = (a: number, b: number): MatchUpResult => ({ kind: 'PLAYED', score: { a, b } });
const bye = (): MatchUpResult => ({ kind: 'PAIRING_BYE' });
const players = (entry: BracketEntry) =>
  entry.kind === 'series' ? [entry.a, entry.b] : [entry.matchUp.a, entry.matchUp.b];

describe('the knockout bracket', () => {
  it('names the stages, labels the final and third place, and lays the columns out as a tree', () => {
    const matchUps = [
      // Listed out of bracket order on purpose: the columns follow who plays whom next.
      game(1, 'p1', 'p8', won(5, 1)),
      game(1, 'p2', 'p7', won(2, 5)),
      game(1, 'p4', 'p5', won(5, 3)),
      game(1, 'p3', 'p6', won(5, 4)),
      game(2, 'p7', 'p3', won(5, 2)),
      game(2, 'p1', 'p4', won(5, 0)),
      game(3, 'p3', 'p4', { kind: 'FORFEIT_LOSS' }),
      game(3, 'p1', 'p7', won(3, 5)),
    ];
    const bracket = buildBracket(matchUps, knockoutOptions({ finals: 2 }), scoring);
    expect(bracket.columns.map((c) => c.title)).toEqual([
      'Round 1 · Quarter-finals',
      'Round 2 · Semi-finals',
      'Round 3 · Final and third place',
    ]);
    const [quarters, semis, finals] = bracket.columns;
    expect(finals!.entries.map((e) => [e.label, e.winner])).toEqual([
      ['FINAL', 'p7'],
      ['THIRD_PLACE', 'p4'],
    ]);
    expect(bracket.champion).toBe('p7');
    expect(bracket.third).toBe('p4');
    expect(semis!.entries.map((e) => e.winner)).toEqual(['p1', 'p7']);
    expect(quarters!.entries.map((e) => e.winner)).toEqual(['p1', 'p4', 'p7', 'p3']);
    quarters!.entries.forEach((entry, k) => expect(players(semis!.entries[k >> 1]!)).toContain(entry.winner));
  });

  it('shows the rounds still to pair, byes going on, and nobody after a double forfeit', () => {
    const matchUps = [
      game(1, 'p1', null, bye()),
      game(1, 'p2', null, bye()),
      game(1, 'p4', 'p5', { kind: 'DOUBLE_FORFEIT' }),
      game(1, 'p3', 'p6', null),
    ];
    const bracket = buildBracket(matchUps, knockoutOptions({ finals: 1, finalKind: 'BEST_OF_THREE' }), scoring);
    expect(bracket.entrants).toBe(6);
    expect(bracket.columns.map((c) => [c.title, c.entries.length])).toEqual([
      ['Round 1 · Quarter-finals', 4],
      ['Round 2 · Semi-finals', 0],
      ['Final · best of three', 0],
    ]);
    expect(bracket.columns[0]!.entries.map((e) => e.winner).sort()).toEqual([null, null, 'p1', 'p2']);
    expect(bracket.champion).toBeNull();
  });

  it('ends with the semi-finals when the knockout has no final', () => {
    const matchUps = [game(1, 'a', 'd', won(5, 2)), game(1, 'b', 'c', won(1, 5))];
    const bracket = buildBracket(matchUps, knockoutOptions({ finals: 0 }), scoring);
    expect(bracket.columns.map((c) => c.title)).toEqual(['Round 1 · Semi-finals']);
    expect(bracket.champion).toBeNull();
  });

  it('counts a best-of-three series game by game, from either side', () => {
    const matchUps = [
      game(1, 'a', 'd', won(5, 2)),
      game(1, 'b', 'c', won(5, 1)),
      game(2, 'a', 'b', won(5, 4)),
      game(3, 'b', 'a', won(5, 3)),
      game(4, 'b', 'a', won(2, 5)),
    ];
    const bracket = buildBracket(matchUps, knockoutOptions({ finalKind: 'BEST_OF_THREE' }), scoring);
    const series = bracket.columns.at(-1)!.entries[0]!;
    expect(series).toMatchObject({ kind: 'series', a: 'a', b: 'b', wins: { a: 2, b: 1 }, winner: 'a' });
    expect(bracket.champion).toBe('a');
  });

  it('names the finals alone after a Swiss (no cut) the final and third place, by seed, with no semi-finals', () => {
    // Seeded s1..s4 by the Swiss: the final 1st v 2nd, the match for third place 3rd v 4th, both in round 4.
    const matchUps = [game(1, 's1', 's2', won(2, 5)), game(1, 's3', 's4', won(5, 3))];
    const options = { ...knockoutOptions({ finals: 2 }), finalsOnlySeeding: ['s1', 's2', 's3', 's4', 's5'] };
    const bracket = buildBracket(matchUps, options, scoring, 3);
    expect(bracket.columns.map((c) => c.title)).toEqual(['Round 4 · Final and third place']);
    expect(bracket.columns[0]!.entries.map((e) => [e.label, e.winner])).toEqual([
      ['FINAL', 's2'],
      ['THIRD_PLACE', 's3'],
    ]);
    expect([bracket.champion, bracket.third]).toEqual(['s2', 's3']);
  });

  it('names each table of a top cut’s rounds: semi-finals, then the final and the match for third place', () => {
    // A Swiss of 4 rounds, then a top 4 with a match for third place: round 5 the semi-finals, round 6 the finals.
    const tournament = { system: 'SWISS', pairing: { method: 'SWISS', options: { topCut: 4, finals: 2 } } } as Pick<
      Tournament,
      'system' | 'pairing'
    >;
    const seeding = ['s1', 's2', 's3', 's4', 's5'];
    const rounds = [{ roundNumber: 5, playoff: { playoffRound: 1, mainRounds: 4, seeding } }] as Round[];
    const swiss = game(4, 's1', 's5', won(5, 0));
    const semis = [game(5, 's1', 's4', won(2, 5)), game(5, 's2', 's3', won(5, 1))];
    const finals = [game(6, 's1', 's3', won(5, 4)), game(6, 's4', 's2', won(3, 5))];
    const view = playoffView(tournament, rounds, [swiss, ...semis, ...finals], scoring, [])!;
    const names = playoffGameNames(view, scoring);
    expect([...semis, ...finals].map((m) => names.get(m.matchUpId))).toEqual([
      'Semi-final',
      'Semi-final',
      'Match for third place',
      'Final',
    ]);
    expect(names.has(swiss.matchUpId)).toBe(false);
  });

  it('stage names from the end of the bracket', () => {
    expect([1, 2, 3, 4, 5].map((r) => stageName(r, 5))).toEqual([
      'Round of 32',
      'Round of 16',
      'Quarter-finals',
      'Semi-finals',
      'Final',
    ]);
  });
});

describe('the round-robin crosstable', () => {
  it("reads every game from the row player's side, twice in a double round robin, the diagonal blank", () => {
    const matchUps = [
      game(1, 'x', 'y', won(5, 3)),
      game(1, 'z', null, bye()),
      game(2, 'y', 'z', { kind: 'FORFEIT_WIN' }),
      game(3, 'z', 'x', won(4, 4)),
      game(4, 'y', 'x', { kind: 'PLAYED', winner: 'b' }),
      game(5, 'x', 'z', null),
    ];
    const rows = buildCrosstable(['x', 'y', 'z'], matchUps, scoring);
    const text = rows.map((row) => row.cells.map((cell) => (cell === null ? null : cell.map((g) => g.text))));
    expect(text).toEqual([
      [null, ['5–3', '1'], ['4–4', '']],
      [['3–5', '0'], null, ['+']],
      [['4–4', ''], ['−'], null],
    ]);
    expect(rows[2]!.byes.map((b) => [b.roundNumber, b.mark])).toEqual([[1, 'W']]);
    expect(rows[0]!.cells[1]!.map((g) => g.mark)).toEqual(['W', 'W']);
    expect(rows[0]!.cells[2]!.map((g) => g.mark)).toEqual(['D', null]);
  });
});
