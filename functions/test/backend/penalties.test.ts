/**
 * Penalties (docs/judging.md#penalties) through the real callable and the score trigger: a game loss turns a 2-0
 * into 1-1 in the standings, a match loss gives the opponent the match, and only staff record them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TournamentExport } from '@competition/engine';
import { refs } from '../../src/firebase/refs.js';
import { useEmulatorFirestore } from '../support/emulator.js';
import {
  call,
  CARD_GAME_STORE,
  cleanupFunctionsTest,
  expectRefusal,
  fireAll,
  tournamentThroughCallables,
} from './harness.js';

const fs = useEmulatorFirestore({ triggers: false });
afterAll(() => cleanupFunctionsTest());

/** A best-of-three card-game Swiss of 4 players with accounts u1..u4, a scorekeeper, round 1 paired. */
async function cardGameRound() {
  const { tournamentId, championshipId } = await tournamentThroughCallables(CARD_GAME_STORE);
  await call.generateNextRound({ tournamentId, requestId: 'r1' }, 'owner');
  const games = (await refs(fs.db).matchUps(tournamentId).get()).docs.map((d) => d.data()).filter((m) => m.b);
  return { tournamentId, championshipId, games: games.sort((x, y) => x.order - y.order) };
}

const penalty = (tournamentId: string, participantId: string, kind: string) => ({
  tournamentId,
  participantId,
  roundNumber: 1,
  infraction: 'Deck/decklist problem',
  penalty: kind,
});

describe('penalties', () => {
  it('a game loss turns the 2-0 the winner scored into 1-1, a drawn match in the standings', async () => {
    const { tournamentId, games } = await cardGameRound();
    const game = games[0]!;
    const result = { kind: 'PLAYED', score: { a: 2, b: 0 } };
    await call.recordScore({ tournamentId, matchUpId: game.matchUpId, result }, 'owner');
    await fireAll(fs.db, tournamentId);
    // The scorekeeper's name, as renaming an account copies it onto its roles: the report names who recorded it.
    await refs(fs.db).role(tournamentId, 'keeper').update({ displayName: 'Kim Keeper' });
    await call.recordPenalty(penalty(tournamentId, game.a, 'GAME_LOSS'), 'keeper');
    const after = (await refs(fs.db).matchUp(tournamentId, game.matchUpId).get()).data()!;
    expect(after).toMatchObject({ result: { kind: 'PLAYED', score: { a: 1, b: 1 } }, scoredBy: 'SCOREKEEPER' });
    await fireAll(fs.db, tournamentId);
    for (const id of [game.a, game.b!]) {
      const row = (await refs(fs.db).standing(tournamentId, id).get()).data()!;
      expect([id, row.draws, row.matchPoints]).toEqual([id, 1, 1]);
    }
    const stored = (await refs(fs.db).penalties(tournamentId).get()).docs.map((d) => d.data());
    expect(stored).toEqual([
      expect.objectContaining({
        participantId: game.a,
        penalty: 'GAME_LOSS',
        matchUpId: game.matchUpId,
        by: 'SCOREKEEPER',
        byName: 'Kim Keeper',
      }),
    ]);
  });

  it('a match loss gives the opponent the match 2-0; a warning changes nothing', async () => {
    const { tournamentId, games } = await cardGameRound();
    const game = games[1]!;
    await call.recordPenalty(penalty(tournamentId, game.b!, 'WARNING'), 'owner');
    expect((await refs(fs.db).matchUp(tournamentId, game.matchUpId).get()).data()!.result).toBeNull();
    await call.recordPenalty(penalty(tournamentId, game.b!, 'MATCH_LOSS'), 'owner');
    const after = (await refs(fs.db).matchUp(tournamentId, game.matchUpId).get()).data()!;
    expect(after).toMatchObject({ result: { kind: 'PLAYED', score: { a: 2, b: 0 } }, scoredBy: 'EDITOR' });
  });

  it('only staff record penalties, and only the organizer disqualifies, which withdraws the player', async () => {
    const { tournamentId, games } = await cardGameRound();
    const game = games[0]!;
    await expectRefusal(call.recordPenalty(penalty(tournamentId, game.a, 'WARNING'), 'u2'), 'permission-denied');
    await expectRefusal(
      call.recordPenalty(penalty(tournamentId, game.a, 'DISQUALIFICATION'), 'keeper'),
      'permission-denied',
      /only the organizer disqualifies/,
    );
    await expectRefusal(
      call.recordPenalty({ ...penalty(tournamentId, game.a, 'WARNING'), roundNumber: 2 }, 'owner'),
      'invalid-argument',
    );
    await call.recordPenalty(penalty(tournamentId, game.a, 'DISQUALIFICATION'), 'owner');
    expect((await refs(fs.db).participant(tournamentId, game.a).get()).data()!.withdrawn).toBe(true);
  });

  it("the export carries each player's penalties, and a tournament imported from it has them", async () => {
    const { tournamentId, championshipId, games } = await cardGameRound();
    const game = games[0]!;
    await call.recordPenalty({ ...penalty(tournamentId, game.b!, 'WARNING'), note: 'late by 4 minutes' }, 'keeper');
    await call.recordPenalty(penalty(tournamentId, game.a, 'MATCH_LOSS'), 'owner');
    await fireAll(fs.db, tournamentId);
    const { json } = await call.exportTournament({ tournamentId }, 'owner');
    const copy = TournamentExport.parse(JSON.parse(json));
    const carried = copy.penalties.map((p) => [p.participantId, p.penalty, p.note, p.by, p.matchUpId]).sort();
    expect(carried).toEqual(
      [
        [game.a, 'MATCH_LOSS', '', 'EDITOR', game.matchUpId],
        [game.b, 'WARNING', 'late by 4 minutes', 'SCOREKEEPER', game.matchUpId],
      ].sort(),
    );
    copy.tournament.date = '2026-11-28';
    const { tournamentId: imported } = await call.importTournament(
      { championshipId, json: JSON.stringify(copy) },
      'owner',
    );
    const stored = (await refs(fs.db).penalties(imported).get()).docs.map((d) => d.data());
    expect(stored.map((p) => [p.participantId, p.penalty, p.note]).sort()).toEqual(
      carried.map(([id, kind, note]) => [id, kind, note]).sort(),
    );
    const board = await call.getLeaderboard({ tournamentId: imported }, 'owner');
    expect(board.rows.find((r) => r.participantId === game.b)).toMatchObject({ matchPoints: 3 });
  });
});
