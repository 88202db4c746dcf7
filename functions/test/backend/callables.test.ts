import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { TournamentExport } from '@competition/engine';
import { refs } from '../../src/firebase/refs.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import {
  call,
  cleanupFunctionsTest,
  expectRefusal,
  fireAll,
  fireTrigger,
  tournamentThroughCallables,
} from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

/** owner runs club c1; admin is a club admin; players p1..p8 have accounts u1..u8. */
async function runningTournament(players = 8) {
  return tournamentThroughCallables({
    club: { name: 'Carrom Club', adminUids: ['admin'] },
    championship: 'Winter League',
    tournament: {
      description: 'Round one night',
      policy: 'REDEMPTION',
      pairing: { method: 'SWISS', options: {} },
      scorekeeperUids: ['keeper'],
    },
    players,
    ratingStep: 37,
    withAccounts: true,
    enteredBy: 'admin',
  });
}

describe('callables: success paths', () => {
  it('an organizer creates a club, a championship, a tournament, enters players and pairs round 1', async () => {
    const { tournamentId } = await runningTournament(9);
    const round = await call.generateNextRound({ tournamentId, requestId: 'click-1' }, 'owner');
    expect(round).toMatchObject({ roundNumber: 1, method: 'SWISS', matchUps: 5, repeated: false });
    expect(round.byes).toHaveLength(1);
    const matchUps = (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data());
    expect(matchUps).toHaveLength(5);
    const bye = matchUps.find((m) => m.b === null)!;
    expect(bye.result).toEqual({ kind: 'PAIRING_BYE' });
    const paired = matchUps.find((m) => m.b !== null)!;
    const accountOf = (participantId: string) => `u${participantId.slice(1)}`;
    const playerRole = (await refs(fs.db).role(tournamentId, accountOf(paired.a)).get()).data();
    expect(playerRole).toMatchObject({ editor: false, scorekeeper: false, participantIds: [paired.a] });
    // Side a moves first, and the matchUp says so by name; a bye has nobody to move first.
    for (const m of matchUps) expect(m.movesFirst).toBe(m.b === null ? null : m.a);
    expect(Object.keys(paired.cost).length).toBeGreaterThan(0);
    const tournament = (await refs(fs.db).tournament(tournamentId).get()).data()!;
    expect(tournament).toMatchObject({ status: 'RUNNING', currentRound: 1 });
    const roles = (await refs(fs.db).roles(tournamentId).get()).docs.map((d) => d.data());
    expect(
      roles
        .filter((r) => r.editor)
        .map((r) => r.uid)
        .sort(),
    ).toEqual(['admin', 'owner']);
    expect(roles.filter((r) => r.scorekeeper).map((r) => r.uid)).toEqual(['keeper']);
    // The bye's automatic win reaches the standings through the trigger.
    await fireTrigger(fs.db, tournamentId, bye.matchUpId);
    expect((await refs(fs.db).standing(tournamentId, bye.a).get()).data()).toMatchObject({ wins: 1, matchPoints: 3 });
  });

  it('a STANDARD-preset tournament that names no method is paired by its policy (DrawMatic), with checked options', async () => {
    const { championshipId } = await runningTournament();
    const { tournamentId } = await call.createTournament(
      {
        championshipId,
        date: '2026-12-12',
        description: 'Lanes night',
        policy: 'STANDARD',
        pairing: { options: { laneSize: 2 } },
      },
      'owner',
    );
    expect((await refs(fs.db).tournament(tournamentId).get()).data()).toMatchObject({
      system: 'SWISS',
      pairing: { method: 'DRAW_MATIC', options: { laneSize: 2 } },
    });
    await call.addParticipants(
      {
        tournamentId,
        participants: Array.from({ length: 8 }, (_, i) => ({
          participantId: `p${i + 1}`,
          name: `Player ${i + 1}`,
          rating: 2000 - 100 * i,
        })),
      },
      'owner',
    );
    expect(await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner')).toMatchObject({
      method: 'DRAW_MATIC',
      matchUps: 4,
    });
    // Lanes of two by rating: 1-2, 3-4, 5-6, 7-8 (a Swiss round 1 would pair across the field).
    const pairs = (await refs(fs.db).matchUps(tournamentId).get()).docs
      .map((d) => [d.data().a, d.data().b].sort().join('-'))
      .sort();
    expect(pairs).toEqual(['p1-p2', 'p3-p4', 'p5-p6', 'p7-p8']);
    // A misspelt option, or a method the system cannot use, is refused when the tournament is created.
    const create = (extra: object) =>
      call.createTournament(
        { championshipId, date: '2026-12-19', description: 'x', policy: 'STANDARD', ...extra },
        'owner',
      );
    await expectRefusal(create({ pairing: { options: { lanesize: 2 } } }), 'invalid-argument', /lanesize/);
    await expectRefusal(
      create({ system: 'KNOCKOUT', pairing: { method: 'DRAW_MATIC' } }),
      'invalid-argument',
      /KNOCKOUT tournament cannot be paired with DRAW_MATIC/,
    );
    const { tournamentId: knockout } = await create({ system: 'KNOCKOUT' });
    expect((await refs(fs.db).tournament(knockout).get()).data()!.pairing.method).toBe('KNOCKOUT');
  });

  it('a retried generateNextRound (same requestId) does not create a second round', async () => {
    const { tournamentId } = await runningTournament();
    const first = await call.generateNextRound({ tournamentId, requestId: 'click-1' }, 'owner');
    const again = await call.generateNextRound({ tournamentId, requestId: 'click-1' }, 'owner');
    expect(again).toEqual({ ...first, repeated: true });
    expect((await refs(fs.db).rounds(tournamentId).get()).size).toBe(1);
    expect((await refs(fs.db).matchUps(tournamentId).get()).size).toBe(4);
  });

  it('scores, standings, the next round, and the leaderboard view', async () => {
    const { tournamentId } = await runningTournament();
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    const matchUps = (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data());
    for (const [i, m] of matchUps.entries()) {
      // Half by the players themselves (their own accounts), half by the scorekeeper.
      const scorer = i % 2 === 0 ? `u${m.a.slice(1)}` : 'keeper';
      await call.recordScore(
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: i } } },
        scorer,
      );
    }
    await fireAll(fs.db, tournamentId);
    const board = await call.getLeaderboard({ tournamentId }, 'owner');
    expect(board.rows).toHaveLength(8);
    expect(board.rows.filter((r) => r.matchPoints === 3)).toHaveLength(4);
    expect(board.recommendedRounds).toBe(3);
    const round2 = await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'admin');
    expect(round2.roundNumber).toBe(2);
    const pairs2 = (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', 2).get()).docs.map((d) =>
      d.data(),
    );
    // Swiss: round 2 pairs winners with winners (8 players: 4 games, none of them a bye).
    expect(pairs2).toHaveLength(4);
    const winners = new Set(board.rows.filter((r) => r.matchPoints === 3).map((r) => r.participantId));
    for (const m of pairs2) expect(winners.has(m.a)).toBe(winners.has(m.b!));
    const { csv } = await call.getStandingsCsv({ tournamentId }, 'owner');
    expect(csv.split('\r\n')[0]).toMatch(/^Rank,Player,Match points,Wins,Draws,Losses,/);
  });

  it('late entries join a running tournament and are paired from the next round', async () => {
    const { tournamentId } = await runningTournament();
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    const added = await call.addParticipants(
      { tournamentId, participants: [{ participantId: 'late', name: 'Late Comer', rating: 1500 }] },
      'owner',
    );
    expect(added).toEqual({ added: 1, enteredRound: 2 });
    for (const m of (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data())) {
      await call.recordScore(
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', winner: 'a' } },
        'owner',
      );
    }
    await fireAll(fs.db, tournamentId);
    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    const round2 = (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', 2).get()).docs.map((d) =>
      d.data(),
    );
    expect(round2.some((m) => m.a === 'late' || m.b === 'late')).toBe(true);
  });

  it('a withdrawn player keeps his results and is not paired again', async () => {
    const { tournamentId } = await runningTournament();
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    for (const m of (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data())) {
      await call.recordScore(
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
        'owner',
      );
    }
    await fireAll(fs.db, tournamentId);
    await call.withdrawParticipant({ tournamentId, participantId: 'p3' }, 'owner');
    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    const round2 = (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', 2).get()).docs.map((d) =>
      d.data(),
    );
    expect(round2.flatMap((m) => [m.a, m.b])).not.toContain('p3');
    expect((await refs(fs.db).standing(tournamentId, 'p3').get()).data()!.withdrawn).toBe(true);
    // A withdrawal by mistake is taken back: paired again from the next round.
    await call.withdrawParticipant({ tournamentId, participantId: 'p3', withdrawn: false }, 'owner');
    expect((await refs(fs.db).participant(tournamentId, 'p3').get()).data()!.withdrawn).toBe(false);
    expect((await refs(fs.db).standing(tournamentId, 'p3').get()).data()!.withdrawn).toBe(false);
    await call.generateNextRound({ tournamentId, requestId: 'r3', force: true }, 'owner');
    const round3 = (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', 3).get()).docs.map((d) =>
      d.data(),
    );
    expect(round3.flatMap((m) => [m.a, m.b])).toContain('p3');
  });

  it('a player drops out from their phone: their game of the round stays theirs, the next round pairs them no more', async () => {
    const { tournamentId } = await runningTournament();
    await expectRefusal(call.dropOut({ tournamentId, participantId: 'p3' }, 'u3'), 'failed-precondition');
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    // Only their own entry, and only by its account.
    await expectRefusal(call.dropOut({ tournamentId, participantId: 'p3' }, 'u4'), 'permission-denied');
    await expectRefusal(call.dropOut({ tournamentId, participantId: 'p3' }), 'unauthenticated');
    const before = Date.now();
    await call.dropOut({ tournamentId, participantId: 'p3' }, 'u3');
    const dropped = (await refs(fs.db).participant(tournamentId, 'p3').get()).data()!;
    expect(dropped.withdrawn).toBe(true);
    expect(dropped.droppedAt).toBeGreaterThanOrEqual(before);
    await expectRefusal(call.dropOut({ tournamentId, participantId: 'p3' }, 'u3'), 'failed-precondition');
    // The round being played still takes the dropped player's score.
    const matchUps = (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data());
    const theirs = matchUps.find((m) => m.a === 'p3' || m.b === 'p3')!;
    for (const m of matchUps)
      await call.recordScore(
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
        'owner',
      );
    expect((await refs(fs.db).matchUp(tournamentId, theirs.matchUpId).get()).data()!.result).toMatchObject({
      score: { a: 5, b: 2 },
    });
    await fireAll(fs.db, tournamentId);
    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    const round2 = (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', 2).get()).docs.map((d) =>
      d.data(),
    );
    expect(round2.flatMap((m) => [m.a, m.b])).not.toContain('p3');
    // The export carries the drop (and a late entry's round), and its import keeps them.
    await call.addParticipants(
      { tournamentId, participants: [{ participantId: 'late', name: 'Late', rating: 1400 }] },
      'owner',
    );
    const { json } = await call.exportTournament({ tournamentId }, 'owner');
    const exported = TournamentExport.parse(JSON.parse(json));
    const entry = (id: string) => exported.participants.find((p) => p.participantId === id);
    expect(entry('p3')).toMatchObject({ withdrawn: true, droppedAt: dropped.droppedAt, enteredRound: 1 });
    expect(entry('late')).toMatchObject({ enteredRound: 3 });
    exported.tournament.date = '2026-11-29';
    const { tournamentId: copy } = await call.importTournament(
      {
        championshipId: (await refs(fs.db).tournament(tournamentId).get()).data()!.championshipId,
        json: JSON.stringify(exported),
      },
      'owner',
    );
    expect((await refs(fs.db).participant(copy, 'p3').get()).data()).toMatchObject({ droppedAt: dropped.droppedAt });
    expect((await refs(fs.db).participant(copy, 'late').get()).data()).toMatchObject({ enteredRound: 3 });
    // The organizer takes the drop back: the stamp goes with it.
    await call.withdrawParticipant({ tournamentId, participantId: 'p3', withdrawn: false }, 'owner');
    expect((await refs(fs.db).participant(tournamentId, 'p3').get()).data()).not.toHaveProperty('droppedAt');
  });

  it("recordScore stamps the server's time, clears a result unsigned, and leaves a bye to the editors", async () => {
    const { tournamentId } = await runningTournament(5);
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    const matchUps = (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data());
    const game = matchUps.find((m) => m.b !== null)!;
    const bye = matchUps.find((m) => m.b === null)!;
    const accountOf = (participantId: string) => `u${participantId.slice(1)}`;
    const stored = async (matchUpId: string) => (await refs(fs.db).matchUp(tournamentId, matchUpId).get()).data()!;
    const before = Date.now();
    await call.recordScore(
      { tournamentId, matchUpId: game.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 2 } } },
      accountOf(game.a),
    );
    const signed = await stored(game.matchUpId);
    // Signed with the side the caller plays, never their account id (matchUps are public).
    expect(signed.scoredBy).toBe('SIDE_A');
    expect(signed.scoredAt).toBeInstanceOf(Timestamp);
    expect(Math.abs((signed.scoredAt as Timestamp).toMillis() - before)).toBeLessThan(60_000);
    await call.recordScore({ tournamentId, matchUpId: game.matchUpId, result: null }, 'keeper');
    expect(await stored(game.matchUpId)).toMatchObject({ result: null, scoredBy: null, scoredAt: null });
    await expectRefusal(
      call.recordScore({ tournamentId, matchUpId: bye.matchUpId, result: { kind: 'FULL_BYE' } }, accountOf(bye.a)),
      'permission-denied',
      /bye/,
    );
    await expectRefusal(
      call.recordScore({ tournamentId, matchUpId: bye.matchUpId, result: null }, 'keeper'),
      'permission-denied',
      /bye/,
    );
    expect((await stored(bye.matchUpId)).result).toEqual({ kind: 'PAIRING_BYE' });
    await call.recordScore({ tournamentId, matchUpId: bye.matchUpId, result: { kind: 'HALF_BYE' } }, 'admin');
    expect(await stored(bye.matchUpId)).toMatchObject({ result: { kind: 'HALF_BYE' }, scoredBy: 'EDITOR' });
  });

  it('undoLastRound takes back an unscored round; export and import round-trip the standings', async () => {
    const { tournamentId, championshipId } = await runningTournament(7);
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    for (const m of (await refs(fs.db).matchUps(tournamentId).get()).docs
      .map((d) => d.data())
      .filter((m) => m.b !== null)) {
      await call.recordScore(
        { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 3, b: 4 } } },
        'owner',
      );
    }
    await fireAll(fs.db, tournamentId);
    await call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner');
    const round2Ids = (await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', 2).get()).docs.map(
      (d) => d.id,
    );
    await fireAll(fs.db, tournamentId);
    const beforeUndo = await call.getLeaderboard({ tournamentId }, 'owner');
    expect(await call.undoLastRound({ tournamentId }, 'owner')).toEqual({ roundNumber: 2 });
    await fireAll(fs.db, tournamentId, round2Ids);
    expect((await refs(fs.db).matchUps(tournamentId).where('roundNumber', '==', 2).get()).size).toBe(0);
    const afterUndo = await call.getLeaderboard({ tournamentId }, 'owner');
    expect(afterUndo.currentRound).toBe(1);
    expect(afterUndo.rows.reduce((s, r) => s + r.matchPoints, 0)).toBeLessThan(
      beforeUndo.rows.reduce((s, r) => s + r.matchPoints, 0),
    );

    const { json } = await call.exportTournament({ tournamentId }, 'owner');
    const copy = TournamentExport.parse(JSON.parse(json));
    for (const m of copy.matchUps) expect(m.movesFirst).toBe(m.b === null ? null : m.a);
    copy.tournament.date = '2026-11-28';
    const { tournamentId: imported } = await call.importTournament(
      { championshipId, json: JSON.stringify(copy) },
      'owner',
    );
    const importedBoard = await call.getLeaderboard({ tournamentId: imported }, 'owner');
    expect(importedBoard.rows).toEqual(afterUndo.rows);
    const { json: again } = await call.exportTournament({ tournamentId: imported }, 'owner');
    expect(JSON.parse(again)).toEqual(copy);
  });
});

describe('callables: every refusal has a precise code', () => {
  it('unauthenticated and invalid input', async () => {
    await expectRefusal(call.createClub({ name: 'X' }), 'unauthenticated', /sign in/);
    await expectRefusal(call.createClub({ name: '' }, 'owner'), 'invalid-argument', /name/);
    await expectRefusal(call.createClub({ name: 'X', extra: 1 }, 'owner'), 'invalid-argument', /extra/);
    const { championshipId } = await runningTournament();
    await expectRefusal(
      call.createTournament({ championshipId, date: '21/11/2026', description: 'x' }, 'owner'),
      'invalid-argument',
      /date/,
    );
    await expectRefusal(
      call.createTournament({ championshipId, date: '2026-11-30', description: 'x', policy: 'NOPE' }, 'owner'),
      'invalid-argument',
      /policy/,
    );
    await expectRefusal(
      call.createTournament(
        {
          championshipId,
          date: '2026-11-30',
          description: 'x',
          policyOverrides: { processingGranularity: 'SOMETIMES' },
        },
        'owner',
      ),
      'invalid-argument',
      /processingGranularity/,
    );
  });

  it('permissions, uniqueness and state', async () => {
    const { tournamentId, championshipId } = await runningTournament();
    await expectRefusal(
      call.createTournament({ championshipId, date: '2026-11-21', description: 'Another' }, 'owner'),
      'already-exists',
      /^Winter League already has a tournament on 2026-11-21 \(“Round one night”\): a championship plays one tournament a day/,
    );
    await expectRefusal(
      call.createTournament({ championshipId, date: '2026-12-01', description: 'Mine' }, 'stranger'),
      'permission-denied',
    );
    await expectRefusal(
      call.createTournament({ championshipId: 'nope', date: '2026-12-01', description: 'x' }, 'owner'),
      'not-found',
    );
    await expectRefusal(call.generateNextRound({ tournamentId, requestId: 'x' }, 'u1'), 'permission-denied');
    await expectRefusal(
      call.addParticipants(
        { tournamentId, participants: [{ participantId: 'p1', name: 'Again', rating: 1 }] },
        'owner',
      ),
      'already-exists',
      /Player 1 is already entered/,
    );
    // The same person twice (name, rating and club alike) is refused, naming them; a namesake rated otherwise is not.
    await expectRefusal(
      call.addParticipants(
        { tournamentId, participants: [{ participantId: 'twin', name: 'player  2', rating: 1437 }] },
        'owner',
      ),
      'already-exists',
      /player {2}2 rated 1437 is already entered/,
    );
    // REDEMPTION rates an unrated entry at 1500; a SWISS-policy tournament refuses him, naming why.
    await call.addParticipants({ tournamentId, participants: [{ participantId: 'x', name: 'No rating' }] }, 'owner');
    expect((await refs(fs.db).state(tournamentId, 'x').get()).data()!.baselineRating).toBe(1500);
    const { tournamentId: strict } = await call.createTournament(
      { championshipId, date: '2026-12-05', description: 'Rated only', policy: 'SWISS' },
      'owner',
    );
    await expectRefusal(
      call.addParticipants(
        { tournamentId: strict, participants: [{ participantId: 'x', name: 'No rating' }] },
        'owner',
      ),
      'invalid-argument',
      /x has no rating/,
    );
    expect((await refs(fs.db).participants(strict).get()).size).toBe(0);
    await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
    await expectRefusal(
      call.generateNextRound({ tournamentId, requestId: 'r2' }, 'owner'),
      'failed-precondition',
      /no result that counts \(round 1, table \d+; round 1, table \d+/,
    );
    const [m1, m2] = (await refs(fs.db).matchUps(tournamentId).get()).docs
      .map((d) => d.data())
      .filter((m) => m.b !== null);
    await expectRefusal(
      call.recordScore(
        { tournamentId, matchUpId: m1!.matchUpId, result: { kind: 'PLAYED', winner: 'a' } },
        `u${m2!.a.slice(1)}`,
      ),
      'permission-denied',
      /only the players/,
    );
    await expectRefusal(
      call.recordScore(
        { tournamentId, matchUpId: m1!.matchUpId, result: { kind: 'FORFEIT_WIN', winner: 'b' } },
        'owner',
      ),
      'invalid-argument',
      /FORFEIT_WIN requires winner "a"/,
    );
    await expectRefusal(
      call.recordScore(
        { tournamentId, matchUpId: m1!.matchUpId, result: { kind: 'PLAYED', score: { a: -1, b: 0 } } },
        'owner',
      ),
      'invalid-argument',
      /first player.s game points/,
    );
    await expectRefusal(call.recordScore({ tournamentId, matchUpId: 'nope', result: null }, 'owner'), 'not-found');
    await call.recordScore(
      { tournamentId, matchUpId: m1!.matchUpId, result: { kind: 'PLAYED', winner: 'a' } },
      'owner',
    );
    await expectRefusal(call.undoLastRound({ tournamentId }, 'owner'), 'failed-precondition', /score/);
    const forced = await call.generateNextRound({ tournamentId, requestId: 'r2', force: true }, 'owner');
    expect(forced.roundNumber).toBe(2);
    // Games still open: closing is refused, naming them, and nothing changes until the organizer says so.
    await expectRefusal(
      call.closeTournament({ tournamentId }, 'owner'),
      'failed-precondition',
      /no result yet: round 1, table \d+ \(Player \d+ v Player \d+\)/,
    );
    expect((await refs(fs.db).tournament(tournamentId).get()).data()?.status).toBe('RUNNING');
    await call.closeTournament({ tournamentId, leaveUnscored: true }, 'owner');
    await expectRefusal(
      call.generateNextRound({ tournamentId, requestId: 'r3' }, 'owner'),
      'failed-precondition',
      /closed/,
    );
    await expectRefusal(
      call.recordScore({ tournamentId, matchUpId: m2!.matchUpId, result: { kind: 'PLAYED', winner: 'a' } }, 'owner'),
      'permission-denied',
      /closed/,
    );
    // An organizer's mistake is undone: the tournament reopens at its last round, which takes scores again.
    await expectRefusal(call.reopenTournament({ tournamentId }, 'u1'), 'permission-denied');
    await call.reopenTournament({ tournamentId }, 'owner');
    expect((await refs(fs.db).tournament(tournamentId).get()).data()?.status).toBe('RUNNING');
    expect((await refs(fs.db).round(tournamentId, 2).get()).data()?.status).toBe('OPEN');
    await expectRefusal(call.reopenTournament({ tournamentId }, 'owner'), 'failed-precondition', /not closed/);
  });

  it('views, exports, imports, withdrawals and undo refuse what they cannot do', async () => {
    const { tournamentId, championshipId } = await runningTournament();
    await expectRefusal(call.getLeaderboard({ tournamentId: 'nope' }, 'owner'), 'not-found');
    await expectRefusal(call.getLeaderboard({}, 'owner'), 'invalid-argument', /^tournament: is missing$/);
    await expectRefusal(call.exportTournament({ tournamentId }, 'stranger'), 'permission-denied');
    await expectRefusal(
      call.withdrawParticipant({ tournamentId, participantId: 'ghost' }, 'owner'),
      'not-found',
      /this player is not entered/,
    );
    await expectRefusal(call.withdrawParticipant({ tournamentId, participantId: 'p1' }, 'u2'), 'permission-denied');
    await expectRefusal(call.undoLastRound({ tournamentId }, 'owner'), 'failed-precondition', /no round/);
    await expectRefusal(call.closeTournament({ tournamentId }, 'u1'), 'permission-denied');
    const { json } = await call.exportTournament({ tournamentId }, 'owner');
    const exported = TournamentExport.parse(JSON.parse(json));
    const [first, ...others] = exported.participants;
    const broken = { ...exported, participants: [{ ...first, rating: 'strong' }, ...others] };
    await expectRefusal(
      call.importTournament({ championshipId, json: JSON.stringify(broken) }, 'owner'),
      'invalid-argument',
      /participants\[0\]\.rating/,
    );
    await expectRefusal(
      call.importTournament({ championshipId, json: '{"format":' }, 'owner'),
      'invalid-argument',
      /not valid JSON/,
    );
    // Same date as the original: refused, and nothing of the copy is written.
    const before = (await fs.db.collection('tournaments').get()).size;
    await expectRefusal(call.importTournament({ championshipId, json }, 'owner'), 'already-exists');
    expect((await fs.db.collection('tournaments').get()).size).toBe(before);
  });
});
