/** Pairing edits before a round's first result (docs/pairing.md#pairing-edits): each edit and what it warns about. */
import { describe, expect, it } from 'vitest';
import { assertCurrentRound, assertPairingsEditable, planForbiddenPairs } from '../../src/domain/rounds/editable.js';
import { editRound, type RoundLayout } from '../../src/domain/pairing/edits.js';
import type { PairingPlayer, PairingRequest } from '../../src/domain/pairing/types.js';
import { presetPolicy } from '../../src/domain/policy/policy.js';
import { freshPlayers, playRound } from './support/fixtures.js';

const NAMES: Record<string, string> = {
  p1: 'Ann',
  p2: 'Bob',
  p3: 'Cleo',
  p4: 'Dan',
  p5: 'Eve',
  p6: 'Finn',
  p7: 'Gus',
  p8: 'Hal',
};
const name = (id: string) => NAMES[id] ?? id;

/** Seven players after round 1: p1 beat p2, p3 beat p4, p5 beat p6, p7 had the bye. */
function afterRoundOne(extra: (k: number) => Partial<PairingPlayer> = () => ({})): PairingPlayer[] {
  return playRound(
    freshPlayers(7, extra),
    1,
    [
      ['p1', 'p2'],
      ['p3', 'p4'],
      ['p5', 'p6'],
    ],
    ['p7'],
  );
}

function request(players: PairingPlayer[], more: Partial<PairingRequest> = {}): PairingRequest {
  return { roundNumber: 2, method: 'SWISS', seed: 3, players, ...more };
}

/** Round 2 as paired: Ann v Cleo, Bob v Eve, Dan v Gus, Finn has the bye. */
const ROUND_TWO: RoundLayout = {
  tables: [
    { a: 'p1', b: 'p3' },
    { a: 'p2', b: 'p5' },
    { a: 'p4', b: 'p7' },
  ],
  byes: ['p6'],
  waiting: [],
};

const messages = (out: ReturnType<typeof editRound>) => out.warnings.map((w) => w.message);

describe('pairing edits', () => {
  it('a swap that makes a rematch is named, and the new table costs one rematch', () => {
    const out = editRound(request(afterRoundOne()), ROUND_TWO, { kind: 'SWAP', first: 'p3', second: 'p2' }, name);
    expect(out.layout.tables.map((t) => [t.a, t.b].sort().join('-'))).toEqual(['p1-p2', 'p3-p5', 'p4-p7']);
    expect(messages(out)).toEqual(['Ann and Bob have already played each other']);
    expect(out.warnings[0]!.kind).toBe('REMATCH');
    const table = out.pairings.find((p) => [p.a, p.b].includes('p2'))!;
    expect(table.cost.rematches).toBe(1);
    // A table the edit did not touch is explained too, without a rematch.
    expect(out.pairings.find((p) => p.a === 'p4')!.cost.rematches).toBe(0);
  });

  it('a swap that breaks nothing has no warning', () => {
    const out = editRound(request(afterRoundOne()), ROUND_TWO, { kind: 'SWAP', first: 'p3', second: 'p5' }, name);
    expect(out.warnings).toEqual([]);
    expect(out.layout.tables[0]).toEqual({ a: 'p1', b: 'p5' });
  });

  it('giving the bye to a player who had one warns of a second bye; the old holder takes the seat', () => {
    const out = editRound(request(afterRoundOne()), ROUND_TWO, { kind: 'GIVE_BYE', player: 'p7' }, name);
    expect(out.layout.byes).toEqual(['p7']);
    expect(out.layout.tables[2]).toEqual({ a: 'p4', b: 'p6' });
    expect(messages(out)).toEqual(['Gus would get a second bye']);
    expect(out.byeCosts.map((b) => [b.id, b.cost.earlierByes])).toEqual([['p7', 1]]);
  });

  it('taking the bye away leaves the player waiting for a game, and says so', () => {
    const out = editRound(request(afterRoundOne()), ROUND_TWO, { kind: 'TAKE_BYE', player: 'p6' }, name);
    expect(out.layout.byes).toEqual([]);
    expect(out.layout.waiting).toEqual(['p6']);
    expect(messages(out)).toEqual(['Finn has no game in this round: pair them or give them the bye']);
  });

  it('pairing two players by hand pairs their former opponents together', () => {
    const out = editRound(request(afterRoundOne()), ROUND_TWO, { kind: 'PAIR', first: 'p1', second: 'p2' }, name);
    expect(out.layout.tables.map((t) => [t.a, t.b].sort().join('-'))).toEqual(['p1-p2', 'p4-p7', 'p3-p5']);
    expect(messages(out)).toEqual(['Ann and Bob have already played each other']);
  });

  it('taking a player out of the round leaves the opponent waiting; a late entry then plays them', () => {
    const players = afterRoundOne();
    const late = [...players, { id: 'p8', rating: 1500, games: [] }];
    const removed = editRound(request(late), ROUND_TWO, { kind: 'REMOVE', player: 'p4' }, name);
    expect(removed.layout.waiting).toEqual(['p7']);
    expect(messages(removed)).toEqual(['Gus has no game in this round: pair them or give them the bye']);
    const added = editRound(request(late), removed.layout, { kind: 'ADD', player: 'p8' }, name);
    expect(added.layout.waiting).toEqual([]);
    expect(added.layout.tables.map((t) => [t.a, t.b].sort().join('-'))).toContain('p7-p8');
    expect(added.warnings).toEqual([]);
  });

  it('a late entry with nobody waiting plays the one who had the bye', () => {
    const late = [...afterRoundOne(), { id: 'p8', rating: 1500, games: [] }];
    const out = editRound(request(late), ROUND_TWO, { kind: 'ADD', player: 'p8' }, name);
    expect(out.layout.byes).toEqual([]);
    expect(out.layout.tables.map((t) => [t.a, t.b].sort().join('-'))).toContain('p6-p8');
  });

  it('a forbidden pair is named', () => {
    const out = editRound(
      request(afterRoundOne(), { forbiddenPairs: [['p1', 'p5']] }),
      ROUND_TWO,
      { kind: 'SWAP', first: 'p3', second: 'p5' },
      name,
    );
    expect(messages(out)).toEqual(['Ann and Eve must not meet (a forbidden pair)']);
    expect(out.pairings[0]!.cost.forbidden).toBe(1);
  });

  it('colours beyond the limits are named when the tournament plays colours', () => {
    // Ann had white twice: a third white in a row breaks FIDE's limits.
    const players = afterRoundOne().map((p) =>
      p.id === 'p1'
        ? {
            ...p,
            games: [
              { round: 1, opponent: 'p2', outcome: 'WIN' as const, matchPoints: 1, colour: 'WHITE' as const },
              { round: 2, opponent: 'p4', outcome: 'WIN' as const, matchPoints: 1, colour: 'WHITE' as const },
            ],
          }
        : p,
    );
    const three: RoundLayout = { ...ROUND_TWO, tables: [{ a: 'p3', b: 'p1' }, ...ROUND_TWO.tables.slice(1)] };
    const fide = request(players, { roundNumber: 3, options: { colours: 'FIDE' } });
    // Swapping sides at Ann's own table gives Ann white a third time.
    const out = editRound(fide, three, { kind: 'SWAP', first: 'p1', second: 'p3' }, name);
    expect(out.layout.tables[0]).toEqual({ a: 'p1', b: 'p3' });
    expect(messages(out)).toEqual(['Ann would move first 3 times more than the other way round (the limit is 2)']);
    const none = editRound({ ...fide, options: {} }, three, { kind: 'SWAP', first: 'p1', second: 'p3' }, name);
    expect(none.warnings).toEqual([]);
  });

  it('two of one team are named when the method keeps teams apart', () => {
    const teams = afterRoundOne((k) => ({ team: k === 0 || k === 4 ? 'Lions' : `T${k}` }));
    const drawMatic = request(teams, { method: 'DRAW_MATIC', options: { sameTeamValue: 500 } });
    const out = editRound(drawMatic, ROUND_TWO, { kind: 'SWAP', first: 'p3', second: 'p5' }, name);
    expect(messages(out)).toEqual(['Ann and Eve are on the same team (Lions)']);
    const swiss = editRound(request(teams), ROUND_TWO, { kind: 'SWAP', first: 'p3', second: 'p5' }, name);
    expect(swiss.warnings).toEqual([]);
  });

  it('an edit of a round robin or a knockout round warns that it breaks the schedule; a Swiss edit does not', () => {
    const swap = { kind: 'SWAP', first: 'p3', second: 'p4' } as const;
    const swiss = editRound(request(afterRoundOne()), ROUND_TWO, swap, name);
    expect(swiss.warnings.map((w) => w.kind)).not.toContain('SCHEDULE');
    for (const method of ['ROUND_ROBIN', 'KNOCKOUT'] as const) {
      const out = editRound(request(afterRoundOne(), { method }), ROUND_TWO, swap, name);
      const schedule = out.warnings.filter((w) => w.kind === 'SCHEDULE');
      expect(schedule.map((w) => w.message)).toEqual([
        method === 'KNOCKOUT'
          ? "this round is set by the knockout's bracket: the edit breaks the schedule, and the later rounds may no " +
            'longer follow the bracket'
          : "this round is set by the round robin's table: the edit breaks the schedule, so some players may never " +
            'meet or may meet twice',
      ]);
      expect(schedule[0]!.players).toEqual(['p3', 'p4']);
    }
    // A playoff's knockout round after a Swiss: the request is the Swiss's, the round was paired as a knockout.
    const playoff = editRound(request(afterRoundOne()), ROUND_TWO, swap, name, 'KNOCKOUT');
    expect(playoff.warnings.map((w) => w.kind)).toContain('SCHEDULE');
  });

  it('an issue the round already had is not asked about again', () => {
    const first = editRound(request(afterRoundOne()), ROUND_TWO, { kind: 'SWAP', first: 'p3', second: 'p2' }, name);
    const second = editRound(request(afterRoundOne()), first.layout, { kind: 'SWAP', first: 'p5', second: 'p7' }, name);
    expect(second.warnings).toEqual([]);
  });

  it('refuses edits that do not fit the round, in words', () => {
    const players = afterRoundOne();
    const edit =
      (e: Parameters<typeof editRound>[2], ps = players) =>
      () =>
        editRound(request(ps), ROUND_TWO, e, name);
    expect(edit({ kind: 'SWAP', first: 'p1', second: 'p1' })).toThrow('choose two different players to swap');
    expect(edit({ kind: 'TAKE_BYE', player: 'p1' })).toThrow('Ann does not have the bye');
    expect(edit({ kind: 'GIVE_BYE', player: 'p6' })).toThrow('Finn already has the bye');
    expect(edit({ kind: 'PAIR', first: 'p1', second: 'p3' })).toThrow('Ann and Cleo already meet');
    expect(edit({ kind: 'ADD', player: 'p3' })).toThrow('Cleo is already in this round');
    const withdrawn = [...players, { id: 'p8', rating: 1500, games: [], withdrawn: true }];
    expect(edit({ kind: 'ADD', player: 'p8' }, withdrawn)).toThrow('Hal has withdrawn and cannot join the round');
  });

  it('refuses once the round has a result, byes aside, naming the table', () => {
    const policy = presetPolicy('SWISS');
    const bye = { matchUpId: 'r2-bye1', roundNumber: 2, order: 3, a: 'p6', b: null, result: { kind: 'PAIRING_BYE' } };
    const open = { matchUpId: 'r2-m1', roundNumber: 2, order: 0, a: 'p1', b: 'p3', result: null };
    expect(() => assertPairingsEditable(2, [open, bye] as never, policy)).not.toThrow();
    const scored = { ...open, matchUpId: 'r2-m2', order: 1, result: { kind: 'PLAYED', score: { a: 3, b: 1 } } };
    expect(() => assertPairingsEditable(2, [open, scored, bye] as never, policy)).toThrow(
      /round 2 has started \(table 2 already has a result\); pairings can only be changed before the first result/,
    );
  });

  it('a player’s report waiting for the opponent holds the round too: rewriting the table would lose it', () => {
    const policy = presetPolicy('SWISS');
    const open = { matchUpId: 'r2-m1', roundNumber: 2, order: 0, a: 'p1', b: 'p3', result: null };
    const reported = { ...open, reports: { a: { kind: 'PLAYED', score: { a: 5, b: 2 } }, b: null } };
    expect(() => assertPairingsEditable(2, [reported] as never, policy)).toThrow(
      /round 2 has started \(table 1 already has a result or a player's report\)/,
    );
    expect(() =>
      assertPairingsEditable(2, [{ ...open, reports: { a: null, b: null } }] as never, policy),
    ).not.toThrow();
  });
});

describe('which round may be edited, and forbidden pairs', () => {
  it('edits only the current round, and none before round 1', () => {
    expect(() => assertCurrentRound(2, 3)).toThrow('only the current round (3) can be changed; round 2 is over');
    expect(() => assertCurrentRound(1, 0)).toThrow('there is no round to change yet: pair the first round');
    expect(() => assertCurrentRound(3, 3)).not.toThrow();
  });

  it('keeps each forbidden pair once, whichever way round, and refuses one naming someone not entered', () => {
    const entered = new Set(['p1', 'p2', 'p3']);
    const pairs = [
      { a: 'p1', b: 'p2' },
      { a: 'p2', b: 'p1' },
      { a: 'p1', b: 'p3' },
    ];
    expect(planForbiddenPairs(pairs, entered)).toEqual([pairs[0], pairs[2]]);
    expect(() => planForbiddenPairs([{ a: 'p1', b: 'p9' }], entered)).toThrow(
      'a forbidden pair names someone who is not entered in this tournament',
    );
  });
});
