/**
 * Colours (docs/colours.md: OpenGotha's white/black balance, the FIDE Swiss colour rules): side a moves first,
 * NONE / BALANCE / FIDE as tiers of the one weighted model, Berger colours for round robins, alternation in
 * knockouts (docs/colours.md#schedules).
 */
import { describe, expect, it } from 'vitest';
import { type ColouredGame, preferenceOf, xMovesFirst, type ColourMode } from '../../src/domain/pairing/colours.js';
import { pairingRequestFor } from '../../src/domain/rounds/fromCompetition.js';
import { generateRound } from '../../src/domain/pairing/index.js';
import { parsePairingSpec } from '../../src/domain/pairing/request.js';
import { bergerRound } from '../../src/domain/pairing/schedule/roundRobin.js';
import type { PairingGame, PairingPlayer, PairingRequest } from '../../src/domain/pairing/types.js';
import { parseScenario } from '../../src/domain/exchange/scenario.js';
import { colourCounts, runEvent } from './support/events.js';
import { freshPlayers, playGenerated, topSeedWins } from './support/fixtures.js';

const W = 'WHITE' as const;
const B = 'BLACK' as const;
const history = (...colours: ('WHITE' | 'BLACK')[]): ColouredGame[] =>
  colours.map((colour, k) => ({ round: k + 1, colour }));

describe('FIDE colour preferences and allocation (C.04.3 A.6, E)', () => {
  it('absolute beyond +-1 or after the same colour twice, strong at +-1, mild at 0, none before any game', () => {
    expect(preferenceOf(history())).toEqual({ colour: 0, strength: 0 });
    expect(preferenceOf(history(W))).toEqual({ colour: -1, strength: 2 });
    expect(preferenceOf(history(W, B))).toEqual({ colour: 1, strength: 1 });
    expect(preferenceOf(history(B, W))).toEqual({ colour: -1, strength: 1 });
    expect(preferenceOf(history(W, B, B))).toEqual({ colour: 1, strength: 3 });
    expect(preferenceOf(history(W, W, B, W))).toEqual({ colour: -1, strength: 3 });
  });

  it('grants both, then the stronger, then alternates, then the higher-ranked, then white to an odd pairing number', () => {
    const player = (h: ColouredGame[], pairingNumber = 1) => ({ history: h, pairingNumber });
    // E.1: opposite preferences.
    expect(xMovesFirst('FIDE', player(history(B)), player(history(W)), 'y')).toBe(true);
    // E.2: the stronger preference wins (W B W: strong for black; B W: mild for black).
    expect(xMovesFirst('FIDE', player(history(W, B, W)), player(history(B, W)), 'x')).toBe(false);
    expect(xMovesFirst('FIDE', player(history(B, W)), player(history(W, B, W)), 'x')).toBe(true);
    // E.3: same preferences of equal strength: alternate from the latest game with different colours (the
    // higher-ranked player's preference would say the opposite).
    expect(xMovesFirst('FIDE', player(history(W, B, W, B)), player(history(B, W, W, B)), 'y')).toBe(true);
    expect(xMovesFirst('FIDE', player(history(B, W, W, B)), player(history(W, B, W, B)), 'x')).toBe(false);
    expect(xMovesFirst('FIDE', player(history(B, W, B)), player(history(B, B, W)), 'y')).toBe(true);
    // E.4: identical histories: the higher-ranked player's preference.
    expect(xMovesFirst('FIDE', player(history(W, B)), player(history(W, B)), 'y')).toBe(false);
    expect(xMovesFirst('FIDE', player(history(W, B)), player(history(W, B)), 'x')).toBe(true);
    // E.5: no history: the higher-ranked player has white with an odd pairing number.
    expect(xMovesFirst('FIDE', player([], 3), player([], 8), 'x')).toBe(true);
    expect(xMovesFirst('FIDE', player([], 4), player([], 5), 'x')).toBe(false);
    // BALANCE: fewer whites first, whatever the preferences.
    expect(xMovesFirst('BALANCE', player(history(W, B, B)), player(history(B, W, W)), 'y')).toBe(true);
  });
});

describe('simulated Swiss events, side a = white', () => {
  const event = (size: number, seed: number, colours: ColourMode) =>
    runEvent({
      size,
      rounds: 9,
      seed,
      request: (roundNumber, players) => ({
        roundNumber,
        totalRounds: 9,
        method: 'SWISS',
        seed,
        players,
        options: { colours },
      }),
    });

  it('FIDE, 64 players x 9 rounds, 6 events: nobody beyond +-2 or three in a row, every difference at most 1, no rematch', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const log = event(64, seed, 'FIDE');
      expect(log.rematches + log.secondByes + log.leftOut).toBe(0);
      expect(colourCounts(log.colours)).toMatchObject({ beyondTwo: 0, threeInARow: 0, widest: 1 });
      for (const round of log.rounds) expect(round.notes.join(' ')).not.toMatch(/colour/);
    }
  });

  it('NONE leaves colours to chance (41 of 64 beyond +-2 in a reported event); BALANCE (a soft criterion) nearly evens them', () => {
    const none = colourCounts(event(64, 1, 'NONE').colours);
    expect(none.beyondTwo).toBeGreaterThan(20);
    for (let seed = 1; seed <= 3; seed++) {
      const balance = colourCounts(event(64, seed, 'BALANCE').colours);
      expect(balance.beyondTwo).toBeLessThanOrEqual(2);
      expect(balance.threeInARow).toBeLessThan(none.threeInARow / 5);
      expect(balance.meanDifference).toBeLessThan(1.2);
    }
  });

  it('every pairing names who moves first: side a', () => {
    const log = event(10, 1, 'FIDE');
    for (const round of log.rounds) for (const p of round.pairings) expect(p.movesFirst).toBe(p.a);
  });
});

/**
 * Two rounds played against players who have since withdrawn: p1 and p2 on 2 points with white twice (both need
 * black absolutely), p3 and p4 on 1 point with black twice (both need white).
 */
function absoluteField(): PairingPlayer[] {
  const g = (round: number, colour: 'WHITE' | 'BLACK', matchPoints: number): PairingGame => ({
    round,
    opponent: `x${round}`,
    colour,
    matchPoints,
    outcome: matchPoints === 1 ? 'WIN' : 'LOSS',
  });
  return [
    { id: 'p1', rating: 2000, games: [g(1, W, 1), g(2, W, 1)] },
    { id: 'p2', rating: 1990, games: [g(1, W, 1), g(2, W, 1)] },
    { id: 'p3', rating: 1980, games: [g(1, B, 1), g(2, B, 0)] },
    { id: 'p4', rating: 1970, games: [g(1, B, 0), g(2, B, 1)] },
    { id: 'x1', rating: 1000, withdrawn: true, games: [] },
    { id: 'x2', rating: 1000, withdrawn: true, games: [] },
  ];
}

describe('absolute colour constraints are a tier of the model', () => {
  const req = (
    players: PairingPlayer[],
    options: PairingRequest['options'] = {},
    totalRounds?: number,
  ): PairingRequest => ({
    roundNumber: 3,
    ...(totalRounds ? { totalRounds } : {}),
    method: 'SWISS',
    seed: 5,
    players,
    options: { colours: 'FIDE', weights: { random: 0 }, ...options },
  });

  it('a pair that needs the same colour is not made while another round exists, even at a score cost', () => {
    // By score alone: p1-p2 and p3-p4 (no score difference). Both pairs need one colour absolutely, so FIDE pairs
    // across the groups (two floats) and every player gets the colour they need.
    const players = absoluteField();
    const plain = generateRound({ ...req(players), options: { weights: { random: 0 } } });
    expect(plain.pairings.map((p) => [p.a, p.b].sort().join('-')).sort()).toEqual(['p1-p2', 'p3-p4']);
    const fide = generateRound(req(players));
    expect(fide.pairings.map((p) => p.cost.colourConflict)).toEqual([0, 0]);
    expect(fide.pairings.map((p) => p.cost.scoreDifference)).toEqual([1, 1]);
    for (const p of fide.pairings)
      expect([p.a, p.b]).toEqual([expect.stringMatching(/p3|p4/), expect.stringMatching(/p1|p2/)]);
    expect(fide.notes).toEqual([]);
  });

  it('when no other round exists, the conflict is taken and the round says so', () => {
    // Only p1 and p2 (both needing black) are left.
    const players = absoluteField().map((p) => (p.id === 'p3' || p.id === 'p4' ? { ...p, withdrawn: true } : p));
    const out = generateRound(req(players));
    expect(out.pairings).toHaveLength(1);
    expect(out.pairings[0]!.cost.colourConflict).toBe(1);
    expect(out.notes.join(' ')).toMatch(/no round keeps every absolute colour preference: 1 pair/);
  });

  it('in the last round a topscorer may break an absolute preference (FIDE), and only then', () => {
    // p1 and p2 lead with 2 of 2 after WW each; in the last round (3 of 3) they may meet.
    const g = (round: number, colour: 'WHITE' | 'BLACK'): PairingGame => ({
      round,
      opponent: round === 1 ? 'x' : 'y',
      colour,
      matchPoints: 1,
      outcome: 'WIN',
    });
    const field: PairingPlayer[] = [
      { id: 'p1', rating: 2000, games: [g(1, W), g(2, W)] },
      { id: 'p2', rating: 1990, games: [g(1, W), g(2, W)] },
      { id: 'x', rating: 1000, withdrawn: true, games: [] },
      { id: 'y', rating: 1000, withdrawn: true, games: [] },
    ];
    const last = generateRound(req(field, {}, 3));
    expect(last.pairings[0]!.cost).toMatchObject({ colourConflict: 0, colourPreference: 3 });
    expect(last.notes).toEqual([]);
    const notLast = generateRound(req(field, {}, 5));
    expect(notLast.pairings[0]!.cost.colourConflict).toBe(1);
  });
});

describe("BALANCE: OpenGotha's cost terms", () => {
  it('strictly opposed balances cost nothing, one level and one beyond 1 half, anything else the full weight', () => {
    const g = (round: number, colour: 'WHITE' | 'BLACK'): PairingGame => ({
      round,
      opponent: 'z',
      colour,
      matchPoints: 0.5,
      outcome: 'DRAW',
    });
    const field: PairingPlayer[] = [
      { id: 'plus', rating: 2000, games: [g(1, W)] },
      { id: 'minus', rating: 1990, games: [g(1, B)] },
      { id: 'level', rating: 1980, games: [g(1, W), g(2, B)] },
      { id: 'plus2', rating: 1970, games: [g(1, W), g(2, W)] },
      { id: 'z', rating: 1000, withdrawn: true, games: [] },
    ];
    const out = generateRound({
      roundNumber: 3,
      method: 'WEIGHTED',
      seed: 1,
      players: field,
      options: { colours: 'BALANCE', weights: { colourBalance: 1000 } },
    });
    const cost = (x: string, y: string) =>
      out.pairings.find((p) => [p.a, p.b].sort().join() === [x, y].sort().join())?.cost.colourBalance;
    // The best round pairs plus-minus (0) and level-plus2 (500) rather than plus-plus2 + minus-level (1000 + 1000).
    expect(cost('plus', 'minus')).toBe(0);
    expect(cost('level', 'plus2')).toBe(500);
    // And the side with fewer whites moves first.
    expect(out.pairings.find((p) => p.b === 'plus')?.a).toBe('minus');
    expect(out.pairings.find((p) => p.b === 'plus2')?.a).toBe('level');
  });
});

describe('round robin and knockout', () => {
  it('Berger tables: FIDE colours for six players, and over ten players nobody ends beyond +-1 or plays a colour three times running', () => {
    // White first; the FIDE table for 5-6 players, board by board.
    const table = [1, 2, 3, 4, 5].map((r) =>
      bergerRound(6, r)
        .map(([w, b]) => `${w}-${b}`)
        .sort(),
    );
    expect(table).toEqual([
      ['1-6', '2-5', '3-4'],
      ['6-4', '5-3', '1-2'].sort(),
      ['2-6', '3-1', '4-5'].sort(),
      ['6-5', '1-4', '2-3'].sort(),
      ['3-6', '4-2', '5-1'].sort(),
    ]);
    let players = freshPlayers(10);
    for (let r = 1; r <= 9; r++)
      players = playGenerated(players, generateRound({ roundNumber: r, method: 'ROUND_ROBIN', seed: 1, players }));
    const colours = new Map(players.map((p) => [p.id, p.games.map((g) => g.colour!)]));
    const counts = colourCounts(colours);
    expect(counts).toMatchObject({ beyondTwo: 0, threeInARow: 0, widest: 1 });
  });

  it('a knockout alternates each player’s colours from round to round', () => {
    let players = freshPlayers(16);
    for (let r = 1; r <= 4; r++)
      players = playGenerated(
        players,
        generateRound({ roundNumber: r, method: 'KNOCKOUT', seed: 1, players }),
        topSeedWins,
      );
    const p1 = players.find((p) => p.id === 'p1')!.games.map((g) => g.colour);
    expect(p1).toEqual([W, B, W, B]);
    for (const p of players)
      for (let k = 1; k < p.games.length; k++) expect(p.games[k]!.colour).not.toBe(p.games[k - 1]!.colour);
  });
});

describe('from a competition', () => {
  it('a played game’s colour is its side (a = white); the policy chooses the mode, the organizer may override it', () => {
    const s = parseScenario({
      policy: 'CHESS',
      participants: [
        { id: 'a', rating: 1800 },
        { id: 'b', rating: 1600 },
        { id: 'c', rating: 1500 },
      ],
      rounds: [
        [
          { a: 'b', b: 'a', result: 'a' },
          { a: 'c', b: null },
        ],
      ],
    });
    const request = pairingRequestFor(s, parsePairingSpec({}));
    expect(request.options).toMatchObject({ colours: 'FIDE' });
    const games = Object.fromEntries(request.players.map((p) => [p.id, p.games]));
    expect(games.b![0]).toMatchObject({ opponent: 'a', colour: 'WHITE' });
    expect(games.a![0]).toMatchObject({ opponent: 'b', colour: 'BLACK' });
    expect(games.c![0]!.colour).toBeUndefined();
    expect(pairingRequestFor(s, parsePairingSpec({ colours: 'NONE' })).options).toMatchObject({ colours: 'NONE' });
    expect(
      pairingRequestFor(
        parseScenario({
          policy: 'SWISS',
          participants: [
            { id: 'a', rating: 1 },
            { id: 'b', rating: 2 },
          ],
        }),
        parsePairingSpec({}),
      ).options?.colours,
    ).toBeUndefined();
  });
});
