/**
 * Go's standings (docs/go.md#standings, docs/tiebreaks.md#go): the McMahon score as the primary ranking, and SOS,
 * its cuts, SOSOS and SODOS as OpenGotha 3.51.02 computes them, on small events worked out by hand, in the
 * leaderboard and in the stored rows. The two worked events' figures (with and without handicaps) and
 * their handicaps are also what OpenGotha 3.51.02 itself gives on the same games (docs/go.md#standings).
 */
import { describe, expect, it } from 'vitest';
import { Tournament } from '../../src/index.js';
import { foldsWholeTournament, standingRows } from '../../src/domain/standings/index.js';
import { presetPolicy, withdrawalMovesOthers } from '../../src/domain/policy/index.js';

const PLAYERS = [
  { id: 'A', goRank: '2d' },
  { id: 'B', goRank: '1d' },
  { id: 'C', goRank: '1k' },
  { id: 'D', goRank: '3k' },
  { id: 'E', goRank: '5k' },
];

/**
 * Bar 3d, floor 20k: A 2d starts on 31, B 1d on 30, C 1k on 29, D 3k on 27, E 5k on 25.
 * Round 1: A beats B, C and D jigo, E the pairing's bye. Round 2: C beats A, B beats E, D the bye.
 * Round 3: A beats D, E beats C, B the bye. A bye is worth 1 (OpenGotha's default).
 */
const event = (mcMahon: object, tiebreakOrder = ['SOS', 'SOS_CUT1', 'SOS_CUT2', 'SOSOS', 'SODOS']) =>
  Tournament.fromScenario({
    policy: 'GO',
    options: { policyOverrides: { pairingPolicy: { mcMahon }, victoryPolicy: { tiebreakOrder } } },
    participants: PLAYERS,
    rounds: [
      [
        { a: 'A', b: 'B', winner: 'a' },
        { a: 'C', b: 'D', result: 'draw' },
        { a: 'E', b: null },
      ],
      [
        { a: 'C', b: 'A', winner: 'a' },
        { a: 'B', b: 'E', winner: 'a' },
        { a: 'D', b: null },
      ],
      [
        { a: 'A', b: 'D', winner: 'a' },
        { a: 'E', b: 'C', winner: 'a' },
        { a: 'B', b: null },
      ],
    ],
  });

const table = (tournament: Tournament) =>
  Object.fromEntries(
    tournament.standings().leaderboard.map((row) => [row.participantId, { mms: row.mcMahonScore, ...row.tiebreaks }]),
  );

/** One value of each of the five players, A to E. */
type Rows = ReturnType<typeof table>;
const column = (rows: Rows, key: keyof Rows[string]) => ['A', 'B', 'C', 'D', 'E'].map((id) => rows[id]![key]);

describe('McMahon standings without handicaps', () => {
  const rows = table(event({ bar: '3d', floor: '20k' }));

  it('ranks by the McMahon score: the start from the rank, a point a win, half a jigo, the bye', () => {
    // A 31+1+0+1, B 30+0+1+bye, C 29+0.5+1+0, D 27+0.5+bye+0, E 25+bye+0+1.
    expect(Object.fromEntries(Object.entries(rows).map(([id, r]) => [id, r.mms]))).toEqual({
      A: 33,
      B: 32,
      C: 30.5,
      D: 28.5,
      E: 27,
    });
    const order = event({ bar: '3d', floor: '20k' })
      .standings()
      .leaderboard.map((r) => r.participantId);
    expect(order).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('SOS adds the opponents’ final MMS, and the player’s own start for a round without a game', () => {
    // A: B 32 + C 30.5 + D 28.5. B: A 33 + E 27 + own 30 (bye). C: D 28.5 + A 33 + E 27.
    // D: C 30.5 + own 27 + A 33. E: own 25 + B 32 + C 30.5.
    expect(rows.A!.SOS).toBe(91);
    expect(rows.B!.SOS).toBe(90);
    expect(rows.C!.SOS).toBe(88.5);
    expect(rows.D!.SOS).toBe(90.5);
    expect(rows.E!.SOS).toBe(87.5);
  });

  it('SOS-1 and SOS-2 leave out the lowest one and two rounds', () => {
    // A: 91 - 28.5, then - 30.5. B: 90 - 27, then - 30. C: 88.5 - 27, then - 28.5. D: 90.5 - 27, then - 30.5.
    // E: 87.5 - 25, then - 30.5.
    expect(column(rows, 'SOS_CUT1')).toEqual([62.5, 63, 61.5, 63.5, 62.5]);
    expect(column(rows, 'SOS_CUT2')).toEqual([32, 33, 33, 33, 32]);
  });

  it('SOSOS adds the opponents’ SOS, and for a round without a game the start times the rounds', () => {
    // A: 90 + 88.5 + 90.5. B: 91 + 87.5 + 30 x 3. C: 90.5 + 91 + 87.5. D: 88.5 + 91 + 27 x 3. E: 90 + 88.5 + 25 x 3.
    expect(column(rows, 'SOSOS')).toEqual([269, 268.5, 269, 260.5, 253.5]);
  });

  it('SODOS adds the beaten opponents’ MMS, half for a jigo', () => {
    // A: B 32 + D 28.5. B: E 27. C: half of D 28.5 + A 33. D: half of C 30.5. E: C 30.5.
    expect(column(rows, 'SODOS')).toEqual([60.5, 27, 47.25, 15.25, 30.5]);
  });
});

describe('McMahon standings with handicaps', () => {
  // Correction 1, no handicap above the bar (3d). A game's handicap comes from the two MMS before its round, whole
  // points only (OpenGotha halves its doubled MMS with an integer division), each no higher than the bar's rank:
  //   round 1 (A31 B30 C29 D27 E25): A-B even; C-D 2 - 1 = 1 stone, C White.
  //   round 2 (A32 B30 C29.5 D27.5 E26): C-A 32 - 29 - 1 = 2, A White; B-E 30 - 26 - 1 = 3, B White.
  //   round 3 (A32 B31 C30.5 D28.5 E26): A-D 32 - 28 - 1 = 3, A White; E-C 30 - 26 - 1 = 3, C White.
  // White's round counts the opponent's MMS plus the stones, Black's minus them.
  const rows = table(event({ bar: '3d', floor: '20k', handicap: { correction: 1 } }));

  it('corrects SOS by the stones given or taken', () => {
    // A: 32 + (30.5 + 2) + (28.5 + 3) = 96. B: 33 + (27 + 3) + 30 = 93. C: (28.5 + 1) + (33 - 2) + (27 + 3) = 90.5.
    // D: (30.5 - 1) + 27 + (33 - 3) = 86.5. E: 25 + (32 - 3) + (30.5 - 3) = 81.5.
    expect(column(rows, 'SOS')).toEqual([96, 93, 90.5, 86.5, 81.5]);
    // The cuts leave out the lowest corrected values: A 31.5 then 32, B 30 and 30, C 29.5 then 30, D 27 then 29.5,
    // E 25 then 27.5.
    expect(column(rows, 'SOS_CUT1')).toEqual([64.5, 63, 61, 59.5, 56.5]);
    expect(column(rows, 'SOS_CUT2')).toEqual([32.5, 33, 31, 30, 29]);
  });

  it('SODOS counts the corrected value of each beaten opponent, SOSOS the opponents’ corrected SOS', () => {
    // SODOS A: 32 + 31.5. B: 30. C: half of 29.5 + 31. D: half of 29.5. E: 27.5.
    expect(column(rows, 'SODOS')).toEqual([63.5, 30, 45.75, 14.75, 27.5]);
    // SOSOS A: 93 + 90.5 + 86.5. B: 96 + 81.5 + 90. C: 86.5 + 96 + 81.5. D: 90.5 + 96 + 81. E: 93 + 90.5 + 75.
    expect(column(rows, 'SOSOS')).toEqual([270, 267.5, 264, 267.5, 258.5]);
  });

  it('the MMS does not move with the handicap', () => {
    expect(rows.A!.mms).toBe(33);
    expect(rows.E!.mms).toBe(27);
  });
});

/**
 * A withdrawal: round 1 A beats E (who then withdraws), B beats C, D the bye; round 2 A beats B, C beats D. Half a
 * point an absence, not rounded down.
 */
const withdrawalEvent = () =>
  Tournament.fromScenario({
    policy: 'GO',
    options: {
      policyOverrides: {
        pairingPolicy: { mcMahon: { bar: '3d', floor: '20k', roundDown: false } },
        victoryPolicy: { tiebreakOrder: ['SOS'] },
      },
    },
    participants: [...PLAYERS.slice(0, 4), { ...PLAYERS[4]!, withdrawn: true }],
    rounds: [
      [
        { a: 'A', b: 'E', winner: 'a' },
        { a: 'B', b: 'C', winner: 'a' },
        { a: 'D', b: null },
      ],
      [
        { a: 'A', b: 'B', winner: 'a' },
        { a: 'C', b: 'D', winner: 'a' },
      ],
    ],
  });

describe('absences and requested byes', () => {
  const withByes = (kinds: string[], roundDown: boolean) =>
    Tournament.fromScenario({
      policy: 'GO',
      options: { policyOverrides: { pairingPolicy: { mcMahon: { bar: '3d', floor: '20k', roundDown } } } },
      participants: [...PLAYERS.slice(0, 2), { id: 'F', goRank: '10k' }],
      rounds: kinds.map((kind) => [
        { a: 'A', b: 'B', winner: 'a' },
        { a: 'F', b: null, kind },
      ]),
    })
      .standings()
      .leaderboard.find((r) => r.participantId === 'F')!;

  it('counts a requested half or zero bye as an absence, half a point, rounded down over all of them', () => {
    // F (10k) starts on 20. One absence: 0.5 rounded down to 0; two: 1; three: 1.5 rounded down to 1.
    expect(withByes(['half-bye'], true).mcMahonScore).toBe(20);
    expect(withByes(['half-bye', 'zero-bye'], true).mcMahonScore).toBe(21);
    expect(withByes(['half-bye', 'half-bye', 'zero-bye'], true).mcMahonScore).toBe(21);
    expect(withByes(['half-bye', 'half-bye', 'zero-bye'], false).mcMahonScore).toBe(21.5);
  });

  it('counts the rounds after a withdrawal as absences, for the player and for his opponents’ SOS', () => {
    const tournament = event({ bar: '3d', floor: '20k' });
    const before = table(tournament);
    const rows = table(withdrawalEvent());
    // E (25) lost round 1 and withdrew: round 2 is an absence, half a point.
    expect(rows.E!.mms).toBe(25.5);
    // A: E 25.5 + B 31 (30 + 1 + 0).
    expect(rows.A!.SOS).toBe(56.5);
    expect(before.A!.SOS).toBe(91);
  });
});

describe('the GO preset', () => {
  const go = presetPolicy('GO');

  it('pairs by McMahon, ranks by McMahon score then SOS and SOSOS, on Go’s points, handicaps off', () => {
    expect(go.pairingPolicy).toMatchObject({ method: 'MCMAHON', colours: 'BALANCE' });
    expect(go.pairingPolicy.mcMahon).toBeUndefined();
    expect(go.victoryPolicy).toMatchObject({
      primaryRanking: 'MCMAHON_SCORE',
      tiebreakOrder: ['SOS', 'SOSOS', 'SODOS'],
    });
    expect(go.scoringPolicy.matchPoints).toMatchObject({ win: 1, draw: 0.5, loss: 0 });
  });

  it('folds the whole tournament for every score and withdrawal: SOS moves with any opponent’s MMS', () => {
    expect(foldsWholeTournament(go)).toBe(true);
    expect(withdrawalMovesOthers(go)).toBe(true);
  });

  it('breaks a tie on MMS by SOS', () => {
    const tournament = Tournament.fromScenario({
      policy: 'GO',
      options: { policyOverrides: { pairingPolicy: { mcMahon: { bar: '3d', floor: '20k' } } } },
      participants: [
        { id: 'W', goRank: '1d' },
        { id: 'X', goRank: '1d' },
        { id: 'Y', goRank: '1k' },
        { id: 'Z', goRank: '2k' },
      ],
      // W beats Y (29), X beats Z (28): both on 31; W's SOS 29 beats X's 28.
      rounds: [
        [
          { a: 'W', b: 'Y', winner: 'a' },
          { a: 'X', b: 'Z', winner: 'a' },
        ],
      ],
    });
    const [first, second] = tournament.standings().leaderboard;
    expect([first!.participantId, first!.mcMahonScore, first!.tiebreaks.SOS]).toEqual(['W', 31, 29]);
    expect([second!.participantId, second!.mcMahonScore, second!.tiebreaks.SOS]).toEqual(['X', 31, 28]);
  });
});

describe('stored rows', () => {
  const storedRows = (tournament: Tournament): Rows => {
    const { states } = tournament.standings();
    const participants = new Map(tournament.participants.map((p) => [p.participantId, p]));
    const rows = standingRows(tournament.policy, Object.keys(states), { states, participants });
    return Object.fromEntries(rows.map((row) => [row.participantId, { mms: row.mcMahonScore, ...row.tiebreaks }]));
  };

  it('hold the worked event’s McMahon scores and tiebreaks, the byes’ rounds included', () => {
    const rows = storedRows(event({ bar: '3d', floor: '20k' }));
    expect(column(rows, 'mms')).toEqual([33, 32, 30.5, 28.5, 27]);
    expect(column(rows, 'SOS')).toEqual([91, 90, 88.5, 90.5, 87.5]);
    expect(column(rows, 'SOS_CUT1')).toEqual([62.5, 63, 61.5, 63.5, 62.5]);
    expect(column(rows, 'SOS_CUT2')).toEqual([32, 33, 33, 33, 32]);
    expect(column(rows, 'SOSOS')).toEqual([269, 268.5, 269, 260.5, 253.5]);
    expect(column(rows, 'SODOS')).toEqual([60.5, 27, 47.25, 15.25, 30.5]);
  });

  it('hold a withdrawn player’s absence, in his McMahon score and in his opponents’ SOS', () => {
    const rows = storedRows(withdrawalEvent());
    expect(rows.E!.mms).toBe(25.5);
    expect(rows.A!.SOS).toBe(56.5);
  });
});
