/**
 * Pairing edits and forbidden pairs through the real callables on the emulator (docs/pairing.md#pairing-edits):
 * a dry run answers the warnings and writes nothing, a confirmed edit rewrites the round with recomputed cost terms
 * and records itself by role and time, an edit after the first result is refused, and the standings after the
 * edited round is scored are the engine's fold of the final matchUps. Under confirmation by the opponent, the cost
 * terms are recomputed from the results that count, as when the round was paired.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildLeaderboard, foldCompetition, reportWrite } from '@competition/engine';
import type { MatchUpDoc } from '@competition/engine/schemas';
import { refs } from '../../src/firebase/refs.js';
import { toMatchUpRecord, toParticipant } from '../../src/services/records.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import { call, cleanupFunctionsTest, expectRefusal, fireAll, tournamentThroughCallables } from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

let tournaments = 0;

async function matchUps(tournamentId: string, roundNumber?: number): Promise<MatchUpDoc[]> {
  const all = (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data());
  return all
    .filter((m) => roundNumber === undefined || m.roundNumber === roundNumber)
    .sort((x, y) => x.order - y.order);
}

async function scoreRound(tournamentId: string, roundNumber: number): Promise<void> {
  for (const m of await matchUps(tournamentId, roundNumber)) {
    if (m.b === null) continue;
    await call.recordScore(
      { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: m.order % 3 } } },
      'owner',
    );
  }
}

/** Seven players, round 1 paired and scored, round 2 paired. */
async function inRoundTwo(): Promise<string> {
  const n = ++tournaments;
  const { tournamentId } = await tournamentThroughCallables({
    club: { name: `Edits ${n}` },
    championship: `Edits league ${n}`,
    tournament: { description: `Edits ${n}`, policy: 'SWISS' },
    players: 7,
  });
  await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
  await scoreRound(tournamentId, 1);
  await fireAll(fs.db, tournamentId);
  await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
  await fireAll(fs.db, tournamentId);
  return tournamentId;
}

const pairKey = (m: Pick<MatchUpDoc, 'a' | 'b'>) => [m.a, m.b].sort().join('-');

describe('pairing edits through the callables', () => {
  it('a swap that makes a rematch is answered with the warning, applied only when confirmed, and recorded', async () => {
    const tournamentId = await inRoundTwo();
    const round1 = await matchUps(tournamentId, 1);
    const before = await matchUps(tournamentId, 2);
    // Table 1 is x v y; x's round-1 opponent z sits elsewhere: swapping y and z makes x meet z again.
    const table = before.find((m) => m.b !== null)!;
    const x = table.a;
    const first = round1.find((m) => m.b !== null && (m.a === x || m.b === x))!;
    const z = first.a === x ? first.b! : first.a;
    const y = table.b!;
    const edit = { kind: 'SWAP', first: y, second: z };
    const names = (id: string) => `Player ${id.slice(1)}`;

    const dryRun = await call.editPairings({ tournamentId, roundNumber: 2, edit }, 'owner');
    expect(dryRun.applied).toBe(false);
    expect(dryRun.warnings.map((w) => w.message)).toContain(
      `${names(x)} and ${names(z)} have already played each other`,
    );
    // Nothing was written by the dry run.
    expect(await matchUps(tournamentId, 2)).toEqual(before);
    expect((await refs(fs.db).round(tournamentId, 2).get()).data()!.edits).toBeUndefined();

    const applied = await call.editPairings({ tournamentId, roundNumber: 2, edit, confirm: true }, 'owner');
    expect(applied.applied).toBe(true);
    const after = await matchUps(tournamentId, 2);
    const rematch = after.find((m) => m.b !== null && pairKey(m) === [x, z].sort().join('-'))!;
    expect(rematch.cost.rematches).toBe(1);
    // Every other game of the round is explained afresh, none a rematch.
    for (const m of after.filter((m) => m.b !== null && m !== rematch)) expect(m.cost.rematches).toBe(0);
    const round = (await refs(fs.db).round(tournamentId, 2).get()).data()!;
    expect(round.edits).toHaveLength(1);
    expect(round.edits![0]).toMatchObject({
      edit,
      by: 'OWNER',
      accepted: [`${names(x)} and ${names(z)} have already played each other`],
    });
    expect(Number.isNaN(Date.parse(round.edits![0]!.at))).toBe(false);
    expect(JSON.stringify(round)).not.toContain('owner');

    // An edit that breaks nothing applies at once: the two sides of one table change places.
    const other = after.find((m) => m.b !== null && m !== rematch)!;
    const sides = await call.editPairings(
      { tournamentId, roundNumber: 2, edit: { kind: 'SWAP', first: other.a, second: other.b } },
      'owner',
    );
    expect(sides).toEqual({ applied: true, warnings: [] });
    const swapped = (await matchUps(tournamentId, 2)).find((m) => m.order === other.order)!;
    expect([swapped.a, swapped.b, swapped.movesFirst]).toEqual([other.b, other.a, other.b]);
  });

  it('moving the bye and scoring the edited round give the standings of the engine fold replayed from scratch', async () => {
    const tournamentId = await inRoundTwo();
    const before = await matchUps(tournamentId, 2);
    const oldBye = before.find((m) => m.b === null)!;
    const taker = before.find((m) => m.b !== null)!.a;
    await call.editPairings(
      { tournamentId, roundNumber: 2, edit: { kind: 'GIVE_BYE', player: taker }, confirm: true },
      'owner',
    );
    const edited = await matchUps(tournamentId, 2);
    expect(edited.filter((m) => m.b === null).map((m) => m.a)).toEqual([taker]);
    expect(edited.some((m) => m.b !== null && (m.a === oldBye.a || m.b === oldBye.a))).toBe(true);
    await fireAll(fs.db, tournamentId);
    await scoreRound(tournamentId, 2);
    await fireAll(fs.db, tournamentId);

    const tournament = (await refs(fs.db).tournament(tournamentId).get()).data()!;
    const participants = (await refs(fs.db).participants(tournamentId).get()).docs.map((d) => toParticipant(d.data()));
    const final = (await matchUps(tournamentId)).map(toMatchUpRecord);
    const fold = foldCompetition(tournament.policy, participants, final);
    const states = Object.fromEntries((await refs(fs.db).states(tournamentId).get()).docs.map((d) => [d.id, d.data()]));
    expect(states).toEqual(fold);
    const rows = (await refs(fs.db).standings(tournamentId).get()).docs.map((d) => d.data());
    const points = (rows: { participantId: string; matchPoints: number }[]) =>
      Object.fromEntries(rows.map((r) => [r.participantId, r.matchPoints]));
    expect(points(rows)).toEqual(points(buildLeaderboard(tournament.policy, fold)));
    // The bye of round 2 counts for the player who took it over, not for the one who had it.
    const roundTwoByes = (id: string) =>
      fold[id]!.results.filter((r) => r.roundNumber === 2 && r.opponentParticipantId === null);
    expect(roundTwoByes(taker)).toHaveLength(1);
    expect(roundTwoByes(oldBye.a)).toHaveLength(0);
  });

  it('under confirmation, a report the opponent has not confirmed counts for nothing when the round is explained again', async () => {
    const n = ++tournaments;
    const { tournamentId } = await tournamentThroughCallables({
      club: { name: `Confirmed edits ${n}` },
      championship: `Confirmed edits league ${n}`,
      // Scored game by game (PER_MATCHUP): an open game in round 1 holds nobody else's points back.
      tournament: {
        description: `Confirmed edits ${n}`,
        policy: 'REDEMPTION',
        pairing: { method: 'SWISS', options: {} },
      },
      players: 4,
    });
    await refs(fs.db).tournament(tournamentId).update({ confirmScores: true });
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    const [reported, entered] = await matchUps(tournamentId, 1);
    // Table 2 is entered by the owner and counts; on table 1 only side a's own report stands beside his result.
    await call.recordScore(
      { tournamentId, matchUpId: entered!.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 1 } } },
      'owner',
    );
    const claim = { kind: 'PLAYED' as const, score: { a: 5, b: 0 } };
    await refs(fs.db)
      .matchUp(tournamentId, reported!.matchUpId)
      .update({ result: claim, scoredBy: 'SIDE_A', reports: { a: claim } });
    await call.generateNextRound({ tournamentId, requestId: 'r2', force: true }, 'owner');
    const scoreDifferences = async () =>
      Object.fromEntries((await matchUps(tournamentId, 2)).map((m) => [pairKey(m), m.cost.scoreDifference]));
    const before = await scoreDifferences();

    const other = (await matchUps(tournamentId, 2)).find((m) => m.a !== entered!.a && m.b !== entered!.a)!;
    const edit = { kind: 'SWAP', first: other.a, second: other.b };
    expect((await call.editPairings({ tournamentId, roundNumber: 2, edit, confirm: true }, 'owner')).applied).toBe(
      true,
    );

    // Only the winner of table 2 has a point: his table is one point apart, the other level, as when it was paired.
    const after = await scoreDifferences();
    expect(after).toEqual(before);
    expect(after[pairKey(other)]).toBe(0);
    expect(Object.values(after).filter((d) => d! > 0)).toHaveLength(1);
  });

  it('under confirmation, a player’s report waiting for the opponent holds the round: no edit or undo loses it', async () => {
    const n = ++tournaments;
    const { tournamentId } = await tournamentThroughCallables({
      club: { name: `Reported edits ${n}` },
      championship: `Reported edits league ${n}`,
      tournament: { description: `Reported edits ${n}`, policy: 'SWISS' },
      players: 4,
    });
    await refs(fs.db).tournament(tournamentId).update({ confirmScores: true });
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    const [table] = await matchUps(tournamentId, 1);
    // Side a's report as his phone writes it: no result counts until the opponent agrees.
    const stored = (await refs(fs.db).matchUp(tournamentId, table!.matchUpId).get()).data()!;
    await refs(fs.db)
      .matchUp(tournamentId, table!.matchUpId)
      .update({ ...reportWrite(stored, 'a', { kind: 'PLAYED', score: { a: 5, b: 2 } }) });
    await expectRefusal(
      call.editPairings(
        { tournamentId, roundNumber: 1, edit: { kind: 'SWAP', first: table!.a, second: table!.b }, confirm: true },
        'owner',
      ),
      'failed-precondition',
      /round 1 has started \(table 1 already has a result or a player's report\)/,
    );
    await expectRefusal(call.undoLastRound({ tournamentId }, 'owner'), 'failed-precondition', /already has 1 score/);
    const kept = (await refs(fs.db).matchUp(tournamentId, table!.matchUpId).get()).data()!;
    expect(kept.reports?.a).toEqual({ kind: 'PLAYED', score: { a: 5, b: 2 } });
  });

  it('refuses an edit once the round has its first result, and bad input in words', async () => {
    const tournamentId = await inRoundTwo();
    const game = (await matchUps(tournamentId, 2)).find((m) => m.b !== null)!;
    await call.recordScore(
      { tournamentId, matchUpId: game.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 1 } } },
      'owner',
    );
    await expectRefusal(
      call.editPairings({ tournamentId, roundNumber: 2, edit: { kind: 'REMOVE', player: game.a } }, 'owner'),
      'failed-precondition',
      /round 2 has started \(table 1 already has a result\); pairings can only be changed before the first result/,
    );
    await expectRefusal(
      call.editPairings({ tournamentId, roundNumber: 1, edit: { kind: 'REMOVE', player: game.a } }, 'owner'),
      'failed-precondition',
      /only the current round \(2\) can be changed/,
    );
    await expectRefusal(
      call.editPairings({ tournamentId, roundNumber: 2, edit: { kind: 'SHUFFLE' } }, 'owner'),
      'invalid-argument',
    );
    await expectRefusal(
      call.editPairings({ tournamentId, roundNumber: 2, edit: { kind: 'REMOVE', player: game.a } }, 'u-stranger'),
      'permission-denied',
    );
  });
});

describe('forbidden pairs through the callables', () => {
  it('are kept apart by the next round, and refused when they name someone not entered', async () => {
    const n = ++tournaments;
    const { tournamentId } = await tournamentThroughCallables({
      club: { name: `Forbidden ${n}` },
      championship: `Forbidden league ${n}`,
      tournament: { description: `Forbidden ${n}`, policy: 'SWISS' },
      players: 4,
    });
    // Four fresh players, ranked p4 > p3 > p2 > p1: forbid every round-1 pair but one per player.
    const forbidden = [
      { a: 'p1', b: 'p2' },
      { a: 'p3', b: 'p4' },
      { a: 'p1', b: 'p3' },
      { a: 'p2', b: 'p4' },
    ];
    await call.setForbiddenPairs({ tournamentId, pairs: forbidden }, 'owner');
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    expect((await matchUps(tournamentId, 1)).map(pairKey).sort()).toEqual(['p1-p4', 'p2-p3']);
    await expectRefusal(
      call.setForbiddenPairs({ tournamentId, pairs: [{ a: 'p1', b: 'p9' }] }, 'owner'),
      'invalid-argument',
      /not entered in this tournament/,
    );
    await expectRefusal(
      call.setForbiddenPairs({ tournamentId, pairs: [{ a: 'p1', b: 'p1' }] }, 'owner'),
      'invalid-argument',
    );
    expect((await refs(fs.db).tournament(tournamentId).get()).data()!.forbiddenPairs).toEqual(forbidden);
  });

  it('re-seed a knockout so they do not meet in its first round, and an edit there warns it breaks the schedule', async () => {
    const n = ++tournaments;
    const { tournamentId } = await tournamentThroughCallables({
      club: { name: `Forbidden ${n}` },
      championship: `Forbidden league ${n}`,
      tournament: { description: `Forbidden knockout ${n}`, policy: 'SWISS', system: 'KNOCKOUT' },
      players: 8,
    });
    // Seeded by rating, p8 first: 1 v 8 would be p8 v p1, whom the organizer keeps apart.
    await call.setForbiddenPairs({ tournamentId, pairs: [{ a: 'p8', b: 'p1' }] }, 'owner');
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    const round1 = await matchUps(tournamentId, 1);
    // Seed 8 (p1) and seed 7 (p2) change places: 1 v 7 and 2 v 8; the other games stay.
    expect(round1.map(pairKey).sort()).toEqual(['p1-p7', 'p2-p8', 'p3-p6', 'p4-p5']);
    const round = (await refs(fs.db).round(tournamentId, 1).get()).data()!;
    expect(round.notes.join(' ')).toContain('re-seeded so that forbidden pairs do not meet: seeds 1 v 7, 2 v 8');
    expect(round.forbiddenPairsMet ?? []).toEqual([]);

    const edit = { kind: 'SWAP', first: 'p3', second: 'p4' };
    const dryRun = await call.editPairings({ tournamentId, roundNumber: 1, edit }, 'owner');
    expect(dryRun.applied).toBe(false);
    expect(dryRun.warnings.map((w) => [w.kind, w.players])).toEqual([['SCHEDULE', ['p3', 'p4']]]);
    expect(dryRun.warnings[0]!.message).toContain("set by the knockout's bracket: the edit breaks the schedule");
    expect(await matchUps(tournamentId, 1)).toEqual(round1);
  });
});
