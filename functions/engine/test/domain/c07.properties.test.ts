/**
 * What C.07's Article 16 promises beyond the exercises' answers (docs/tiebreaks.md#fide-c07): a withdrawal counts
 * like zero-point byes to the end, a forfeit counts as a game against a dummy opponent, the stored rows hold the
 * published values, and the live updates stay equal to the full leaderboard.
 */
import { describe, expect, it } from 'vitest';
import {
  BH,
  BH_2026,
  BH_C1,
  BH_C1_2026,
  chessEvent,
  type Crosstable,
  PS,
  rounds,
  SB,
  SB_2026,
  SWISS_5,
  values,
} from './c07Crosstable.js';
import { foldsWholeTournament, rowSources, standingRows } from '../../src/domain/standings/standings.js';
import { presetPolicy, resolvePolicy, withdrawalMovesOthers } from '../../src/domain/policy/policy.js';

const ARTICLE_16 = ['BUCHHOLZ', 'BUCHHOLZ_CUT1', 'BUCHHOLZ_MEDIAN', 'SONNEBORN_BERGER', 'PROGRESSIVE_SCORE'];

/** The exercise with one player's rounds from `from` on replaced: `--` absent, `-Z` zero-point byes. */
function leftAfter(table: Crosstable, player: number, from: number, cell: string): Crosstable {
  const row = table.rows[player]!;
  const rounds = row.rounds.map((r, i) => (i + 1 >= from ? cell : r));
  return { rows: { ...table.rows, [player]: { ...row, rounds } } };
}

describe.each(['FIDE_2024', 'FIDE_2026'])('Article 16 under %s', (unplayedRounds) => {
  const victoryPolicy = { unplayedRounds, tiebreakOrder: ARTICLE_16 };

  it('a withdrawal after round 3 counts as zero-point byes to the end, for the player and everyone he met', () => {
    // Nick (12) took zero-point byes in rounds 4 and 5; here he withdraws after round 3 instead.
    const byes = chessEvent(SWISS_5, victoryPolicy).standings().leaderboard;
    const gone = chessEvent(leftAfter(SWISS_5, 12, 4, '--'), victoryPolicy, ['p12']).standings().leaderboard;
    for (const name of ARTICLE_16) expect(values(gone, name)).toEqual(values(byes, name));
  });

  it('a game won over the board and made a forfeit counts a dummy opponent for both players', () => {
    // Six players, three rounds; final scores 1: 1.5, 2: 2.5, 3: 2.5, 4: 1, 5: 1.5, 6: 0. Played over the board,
    // Buchholz is the opponents' scores: 1: 4+3+2 = 1+2.5+2.5 = 6, 2: 5+6+1 = 1.5+0+1.5 = 3, 3: 6+1+4 = 2.5,
    // 4: 1+5+3 = 5.5, 5: 2+4+6 = 3.5, 6: 3+2+5 = 2.5+2.5+1.5 = 6.5.
    const table = (two: string, six: string): Crosstable => ({
      rows: {
        1: { rating: 2000, rounds: rounds('4w1 3b= 2w0') },
        2: { rating: 1900, rounds: rounds(`5b= ${two} 1b1`) },
        3: { rating: 1800, rounds: rounds('6w1 1w= 4w1') },
        4: { rating: 1700, rounds: rounds('1b0 5w1 3b0') },
        5: { rating: 1600, rounds: rounds('2w= 4b0 6b1') },
        6: { rating: 1500, rounds: rounds(`3b0 ${six} 5w0`) },
      },
    });
    const buchholz = (t: Crosstable) => values(chessEvent(t, victoryPolicy).standings().leaderboard, 'BUCHHOLZ');
    const overTheBoard = { 1: 6, 2: 3, 3: 2.5, 4: 5.5, 5: 3.5, 6: 6.5 };
    expect(buchholz(table('6w1', '2b0'))).toEqual(overTheBoard);
    // Round 2 made a forfeit: for both it is an own unplayed round, a dummy on the player's own score (16.4), so
    // 2: 1.5 + 2.5 + 1.5 = 5.5 and 6: 2.5 + 0 + 1.5 = 4. The 2026 text caps the dummy at the scheduled opponent's
    // score (16.4.1): 2's counts min(2.5, 0) = 0 (3 again), 6's min(0, 2.5) = 0. A forfeit lost counts as lost
    // (16.2.4), so the others, who met 2 and 6 at the same scores, keep their values.
    const dummy = unplayedRounds === 'FIDE_2026' ? { 2: 3, 6: 4 } : { 2: 5.5, 6: 4 };
    expect(buchholz(table('6w+', '2b-'))).toEqual({ ...overTheBoard, ...dummy });
  });

  it('stores the published values in the rows, a withdrawn player included', () => {
    const event = chessEvent(leftAfter(SWISS_5, 12, 4, '--'), victoryPolicy, ['p12']);
    const { states } = event.standings();
    const participants = new Map(event.participants.map((p) => [p.participantId, p]));
    const rows = standingRows(event.policy, Object.keys(states), { states, participants });
    const published =
      unplayedRounds === 'FIDE_2026'
        ? { BUCHHOLZ: BH_2026, BUCHHOLZ_CUT1: BH_C1_2026, SONNEBORN_BERGER: SB_2026, PROGRESSIVE_SCORE: PS }
        : { BUCHHOLZ: BH, BUCHHOLZ_CUT1: BH_C1, SONNEBORN_BERGER: SB, PROGRESSIVE_SCORE: PS };
    expect(rows).toHaveLength(16);
    for (const [name, answers] of Object.entries(published)) expect(values(rows, name), name).toEqual(answers);
  });
});

describe('the progressive score', () => {
  it('counts the rounds after a withdrawal at the score left with under Article 16, and stops as played', () => {
    const table = leftAfter(SWISS_5, 12, 4, '--');
    const ps = (unplayedRounds: string) =>
      values(
        chessEvent(table, { unplayedRounds, tiebreakOrder: ['PROGRESSIVE_SCORE'] }, ['p12']).standings().leaderboard,
        'PROGRESSIVE_SCORE',
      )[12];
    // 0 after round 1, 1 after the bye, 2 after the forfeit won, then 2 and 2 again.
    expect(ps('FIDE_2024')).toBe(7);
    expect(ps('AS_PLAYED')).toBe(3);
  });
});

describe('live standings under C.07', () => {
  const chess = presetPolicy('CHESS');

  it('the CHESS preset counts unplayed rounds as the 2026 text does, and ranks an individual Swiss by C.07', () => {
    expect(chess.victoryPolicy).toMatchObject({
      unplayedRounds: 'FIDE_2026',
      tiebreakOrder: ['BUCHHOLZ_CUT1', 'BUCHHOLZ', 'DIRECT_ENCOUNTER', 'AVERAGE_RATING_OF_OPPONENTS', 'NUMBER_OF_WINS'],
    });
  });

  it('a score folds the whole tournament when a tiebreak reads the rounds so far', () => {
    expect(foldsWholeTournament(chess)).toBe(true);
    expect(foldsWholeTournament(resolvePolicy('SWISS', { victoryPolicy: { tiebreakOrder: ['KOYA'] } }))).toBe(true);
    // As played, or with no Article 16 tiebreak, a score moves a few rows as before.
    expect(foldsWholeTournament(presetPolicy('SWISS'))).toBe(false);
    const winsOnly = { unplayedRounds: 'FIDE_2026', tiebreakOrder: ['NUMBER_OF_WINS', 'GAMES_WON'] };
    expect(foldsWholeTournament(resolvePolicy('CHESS', { victoryPolicy: winsOnly }))).toBe(false);
  });

  it('a withdrawal folds the standings again under Article 16, and the rows read the opponents’ withdrawals', () => {
    expect(withdrawalMovesOthers(chess)).toBe(true);
    expect(withdrawalMovesOthers(presetPolicy('SWISS'))).toBe(false);
    const { states } = chessEvent(SWISS_5, chess.victoryPolicy).standings();
    expect(rowSources(chess, ['p4'], states).participants.sort()).toEqual(['p1', 'p12', 'p13', 'p3', 'p4']);
  });

  it('the direct encounter is decided inside the tied group, by whoever ranks the rows', () => {
    const row = chessEvent(SWISS_5, chess.victoryPolicy)
      .standings()
      .leaderboard.find((r) => r.participantId === 'p1');
    expect(row!.tiebreaks).toHaveProperty('DIRECT_ENCOUNTER');
    const { states } = chessEvent(SWISS_5, chess.victoryPolicy).standings();
    const stored = standingRows(chess, ['p1'], { states, participants: new Map() });
    expect(stored[0]!.tiebreaks).not.toHaveProperty('DIRECT_ENCOUNTER');
  });
});
