import { describe, expect, it } from 'vitest';
import { foldCompetition } from '../../src/domain/fold.js';
import { buildLeaderboard, standingValues, tiebreakContext } from '../../src/domain/leaderboard.js';
import { presetPolicy } from '../../src/domain/policy.js';
import { STANDINGS_PAGE_SIZE, pageRebuildDue, standingsPages } from '../../src/domain/standingsPages.js';
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

  it('has no page for an empty field', () => {
    expect(standingsPages(presetPolicy('SWISS'), [], {})).toEqual([]);
  });

  it('shows every change of an interval in the rebuild at its end', () => {
    expect(pageRebuildDue(0, 3000)).toBe(3000);
    expect(pageRebuildDue(2999, 3000)).toBe(3000);
    expect(pageRebuildDue(3000, 3000)).toBe(6000);
  });
});
