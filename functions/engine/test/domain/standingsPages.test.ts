import { describe, expect, it } from 'vitest';
import { foldCompetition } from '../../src/domain/ratings/fold.js';
import { buildLeaderboard, standingValues, tiebreakContext } from '../../src/domain/standings/leaderboard.js';
import type { MatchUpRecord } from '../../src/domain/results/matchUps.js';
import { presetPolicy } from '../../src/domain/policy/policy.js';
import { STANDINGS_PAGE_SIZE, pageRebuildDue, standingsPages } from '../../src/domain/standings/standingsPages.js';
import { makeParticipants, makeRounds, prng, randomResult } from '../../src/simulation/generate.js';

describe('the standings in pages', () => {
  it('cuts 250 ranked players into pages of 100, 100 and 50 in leaderboard order', () => {
    const random = prng(250);
    const policy = presetPolicy('REDEMPTION');
    const participants = makeParticipants(random, 250);
    const states = foldCompetition(
      policy,
      participants,
      makeRounds(random, participants, 4, (r) => randomResult(r)),
    );
    const context = tiebreakContext(policy, states);
    const rows = Object.values(states).map((s) => ({
      ...standingValues(policy, s, context),
      name: `P ${s.participantId}`,
    }));
    const pages = standingsPages(policy, rows, states);
    expect(STANDINGS_PAGE_SIZE).toBe(100);
    expect(pages.map((p) => [p.page, p.rows.length])).toEqual([
      [1, 100],
      [2, 100],
      [3, 50],
    ]);
    const leaderboard = buildLeaderboard(policy, states);
    expect(pages.flatMap((p) => p.rows.map((r) => [r.rank, r.participantId]))).toEqual(
      leaderboard.map((r) => [r.rank, r.participantId]),
    );
    expect(pages[2]!.rows[0]!.name).toMatch(/^P /);
  });

  it('once a playoff has started, are the main stage after its last round: the final’s winner stays 4th', () => {
    const policy = presetPolicy('SWISS');
    const people = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => ({ participantId: id, rating: 1800 - 50 * i }));
    const game = (roundNumber: number, order: number, a: string, b: string): MatchUpRecord => ({
      matchUpId: `r${roundNumber}-m${order}`,
      roundNumber,
      order,
      a,
      b,
      result: { kind: 'PLAYED', score: { a: 5, b: 2 } },
    });
    // Three rounds: a 3 wins, b and c 2, d 1 (beat e), e 1 (beat f), f none; then d beats a twice in the final.
    const swiss = [
      game(1, 0, 'a', 'd'),
      game(1, 1, 'b', 'e'),
      game(1, 2, 'c', 'f'),
      game(2, 0, 'a', 'b'),
      game(2, 1, 'c', 'd'),
      game(2, 2, 'e', 'f'),
      game(3, 0, 'a', 'c'),
      game(3, 1, 'b', 'f'),
      game(3, 2, 'd', 'e'),
    ];
    const states = foldCompetition(policy, people, [...swiss, game(4, 0, 'd', 'a'), game(5, 0, 'd', 'a')]);
    const context = tiebreakContext(policy, states, { withdrawn: ['c'] });
    // The stored rows count every game, the final's too, as the score trigger keeps them.
    const stored = Object.values(states).map((s) => ({
      ...standingValues(policy, s, context),
      name: `P ${s.participantId}`,
    }));
    const order = (pages: ReturnType<typeof standingsPages>) =>
      pages[0]!.rows.map((r) => `${r.rank} ${r.name} ${r.matchPoints}${r.withdrawn ? ' w' : ''}`);
    // Ranked as stored, the final's winner would climb from 4th to 2nd.
    expect(order(standingsPages(policy, stored, states)).slice(0, 2)).toEqual(['1 P a 9', '2 P d 9']);
    expect(order(standingsPages(policy, stored, states, 3))).toEqual([
      '1 P a 9',
      '2 P c 6 w',
      '3 P b 6',
      '4 P d 3',
      '5 P e 3',
      '6 P f 0',
    ]);
  });

  it('has no page for an empty field', () => {
    expect(standingsPages(presetPolicy('SWISS'), [], {})).toEqual([]);
  });

  it('shows every change of an interval in the rebuild at its end', () => {
    expect(pageRebuildDue(0, 3000)).toBe(3000);
    expect(pageRebuildDue(2999, 3000)).toBe(3000);
    expect(pageRebuildDue(3000, 3000)).toBe(6000);
  });
});
