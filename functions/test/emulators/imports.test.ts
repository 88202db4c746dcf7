/**
 * importTournament and deleteTournament through the real callables on the Functions emulator. A refused import
 * names the item at fault and writes nothing: no tournament, no participants, rounds or matchUps anywhere, the
 * date still free, so the clean export then imports into that same championship and date. A draft or a broken
 * tournament (what a half-done import used to leave) is deleted with its date key and everything under it; a
 * running tournament in good order is refused.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TournamentExport } from '@competition/engine';
import { type LeaderboardView, type MatchUpDoc, paths } from '@competition/engine/schemas';
import { tournamentKey } from '../../src/services/organisation.js';
import { backgroundTriggers } from '../../../testing/emulatorEnv.js';
import {
  type Account,
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  readMatchUp,
  refusal,
  seedTournament,
  signUp,
  waitFor,
} from '../../../testing/stack.js';

let emulators: Emulators;
let db: Firestore;
let seeded: SeededTournament;
let organizer: Account;
/** The seeded tournament's export, taken once its two rounds are in (the second with a game still open). */
let cleanExport: TournamentExport;
/** Its leaderboard once the deployed trigger has applied every result. */
let board: LeaderboardView;

/** What an import would have added, counted everywhere: a refused one must leave every figure as it was. */
async function footprint(championshipId: string) {
  const count = async (query: FirebaseFirestore.Query) => (await query.count().get()).data().count;
  return {
    tournaments: await count(db.collection('tournaments').where('championshipId', '==', championshipId)),
    dateKeys: await count(db.collection(`${paths.championship(championshipId)}/tournamentKeys`)),
    participants: await count(db.collectionGroup('participants')),
    rounds: await count(db.collectionGroup('rounds')),
    matchUps: await count(db.collectionGroup('matchUps')),
  };
}

async function dateIsFree(championshipId: string, date: string): Promise<boolean> {
  return !(await db.doc(paths.tournamentKey(championshipId, tournamentKey(date))).get()).exists;
}

const copy = <T>(value: T): T => structuredClone(value);
const IMPORT_DATE = '2031-06-01';

async function scoreAll(tournamentId: string, matchUps: MatchUpDoc[]): Promise<void> {
  for (const [i, m] of matchUps.entries()) {
    await call(
      emulators,
      'recordScore',
      { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: i % 5 } } },
      organizer,
    );
  }
}

/** The leaderboard, once the trigger has applied `games` played games (each row counts its own). */
async function settledBoard(tournamentId: string, games: number): Promise<LeaderboardView> {
  // Watched in the stored standings (getLeaderboard is rate-limited per caller), then asked once.
  await waitFor(
    `the trigger to apply ${games} games of ${tournamentId}`,
    async () =>
      (await adminFirestore().collection(paths.standings(tournamentId)).get()).docs.map(
        (d) => d.data() as { wins: number; losses: number; draws: number },
      ),
    (rows) => rows.reduce((sum, row) => sum + row.wins + row.losses + row.draws, 0) === games,
  );
  return call<LeaderboardView>(emulators, 'getLeaderboard', { tournamentId }, organizer);
}

beforeAll(async () => {
  emulators = await discoverEmulators();
  db = adminFirestore();
  seeded = await seedTournament(emulators, { label: 'imports', players: 5 });
  organizer = seeded.organizer;
  const { tournamentId } = seeded;
  await scoreAll(
    tournamentId,
    seeded.round1.filter((m) => m.b !== null),
  );
  // Two games and the pairing bye (a win) of round 1.
  await settledBoard(tournamentId, 2 * 2 + 1);
  await call(emulators, 'generateNextRound', { tournamentId, requestId: 'imports-round-2' }, organizer);
  const round2 = (await db.collection(paths.matchUps(tournamentId)).where('roundNumber', '==', 2).get()).docs.map(
    (d) => d.data() as MatchUpDoc,
  );
  await scoreAll(tournamentId, round2.filter((m) => m.b !== null).slice(0, 1));
  board = await settledBoard(tournamentId, 2 * 2 + 1 + 2 + 1);
  const { json } = await call<{ json: string }>(emulators, 'exportTournament', { tournamentId }, organizer);
  cleanExport = TournamentExport.parse(JSON.parse(json));
  cleanExport.tournament.date = IMPORT_DATE;
}, 180_000);

afterAll(async () => {
  await backgroundTriggers.enable();
  await closeAdmin();
});

describe('a refused import names the item and writes nothing', () => {
  const importing = (json: unknown) =>
    call<{ tournamentId: string }>(
      emulators,
      'importTournament',
      { championshipId: seeded.championshipId, json: JSON.stringify(json) },
      organizer,
    );

  /** Imports a damaged copy of the clean export; expects invalid-argument with `message`, nothing written, the date free. */
  async function refusedWithNothingWritten(
    damage: (e: TournamentExport) => void,
    message: string | RegExp,
  ): Promise<void> {
    const damaged = copy(cleanExport);
    damage(damaged);
    const before = await footprint(seeded.championshipId);
    const error = await refusal(importing(damaged));
    expect(error.code).toBe('invalid-argument');
    if (typeof message === 'string') expect(error.message).toContain(message);
    else expect(error.message).toMatch(message);
    expect(await footprint(seeded.championshipId)).toEqual(before);
    expect(await dateIsFree(seeded.championshipId, IMPORT_DATE)).toBe(true);
  }

  const firstGame = (e: TournamentExport) => {
    const game = e.matchUps.find((m) => m.roundNumber === 1 && m.b !== null);
    if (!game) throw new Error('the export has no game in round 1');
    return game;
  };

  it('a matchUp id that climbs out of the matchUps collection', async () => {
    await refusedWithNothingWritten(
      (e) => (firstGame(e).matchUpId = '../../x'),
      'matchUp "../../x": its id must not contain "/"',
    );
    expect((await db.doc('tournaments/x').get()).exists).toBe(false);
  });

  it.each([
    ['a/b', 'must not contain "/"'],
    ['.', 'must not be "." or ".."'],
    ['..', 'must not be "." or ".."'],
    ['__p__', 'must not have the reserved form __name__'],
    ['p\u0000', 'must not contain control characters'],
  ])('a participant id %j, renamed everywhere it appears', async (id, why) => {
    const rename = <T>(value: T) => (value === 'p1' ? id : value);
    await refusedWithNothingWritten(
      (e) => {
        for (const p of e.participants) p.participantId = rename(p.participantId);
        for (const m of e.matchUps) Object.assign(m, { a: rename(m.a), b: rename(m.b) });
        for (const r of e.rounds)
          r.pairing = { ...r.pairing, byes: z.array(z.string()).parse(r.pairing?.byes).map(rename) };
      },
      `participant ${JSON.stringify(id)}, participants[0].participantId: ${why}`,
    );
  });

  it('a matchUp id listed twice', async () => {
    await refusedWithNothingWritten(
      (e) => (e.matchUps[1]!.matchUpId = e.matchUps[0]!.matchUpId),
      `matchUp ${cleanExport.matchUps[0]!.matchUpId} is listed twice`,
    );
  });

  it('a participant who plays twice in a round', async () => {
    await refusedWithNothingWritten((e) => {
      const [first, second] = e.matchUps.filter((m) => m.roundNumber === 1 && m.b !== null);
      second!.b = first!.a;
    }, /matchUp r1-m\d: participant p\d plays twice in round 1 \(also in matchUp r1-m\d\)/);
  });

  it('a result the engine refuses (the rules let FORFEIT_WIN with winner b through)', async () => {
    await refusedWithNothingWritten(
      (e) => (firstGame(e).result = { kind: 'FORFEIT_WIN', winner: 'b' }),
      /matchUp r1-m\d: kind FORFEIT_WIN requires winner "a", got "b"/,
    );
  });

  it('a bye scored as a played game', async () => {
    await refusedWithNothingWritten((e) => {
      e.matchUps.find((m) => m.b === null)!.result = { kind: 'PLAYED', winner: 'a' };
    }, /matchUp r\d-bye1: a bye matchUp needs a bye kind, not PLAYED/);
  });

  it('rounds with a gap', async () => {
    await refusedWithNothingWritten((e) => {
      for (const m of e.matchUps) if (m.roundNumber === 2) m.roundNumber = 3;
      e.rounds.find((r) => r.roundNumber === 2)!.roundNumber = 3;
    }, 'round 2 has no matchUps, yet round 3 has: rounds are numbered from 1 without gaps');
  });

  it('a round record that disagrees with its round', async () => {
    await refusedWithNothingWritten((e) => e.rounds.pop(), 'round 2 has matchUps but no round record');
  });

  it('a document nested 3,000 levels deep: a clear refusal, not an internal error', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = { x: deep };
    await refusedWithNothingWritten(
      (e) => (e.tournament.notes = deep),
      'invalid tournament export: the document is nested deeper than 16 levels',
    );
  });

  it('then the clean export imports into that same championship and date, standings and all', async () => {
    const before = await footprint(seeded.championshipId);
    const { tournamentId } = await importing(cleanExport);
    expect(await dateIsFree(seeded.championshipId, IMPORT_DATE)).toBe(false);
    const after = await footprint(seeded.championshipId);
    expect(after).toEqual({
      tournaments: before.tournaments + 1,
      dateKeys: before.dateKeys + 1,
      participants: before.participants + cleanExport.participants.length,
      rounds: before.rounds + cleanExport.rounds.length,
      matchUps: before.matchUps + cleanExport.matchUps.length,
    });
    // Every entry of the copy has its own claim code, so its players can join it.
    const codes = await adminFirestore().collection(paths.claimCodes(tournamentId)).get();
    expect(codes.docs.map((d) => d.id).sort()).toEqual(cleanExport.participants.map((p) => p.participantId).sort());
    // The standings came with it: the original's, as its trigger worked them out.
    const imported = await call<LeaderboardView>(emulators, 'getLeaderboard', { tournamentId }, organizer);
    expect(imported.rows).toEqual(board.rows);
    expect(imported.currentRound).toBe(2);
    // The open game of round 2 can be scored in the copy, and the copy's trigger applies it.
    const open = cleanExport.matchUps.find((m) => m.roundNumber === 2 && m.b !== null && m.result === null)!;
    await call(
      emulators,
      'recordScore',
      { tournamentId, matchUpId: open.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: 0 } } },
      organizer,
    );
    expect((await readMatchUp(tournamentId, open.matchUpId))?.result).toEqual({
      kind: 'PLAYED',
      score: { a: 5, b: 0 },
    });
    await settledBoard(tournamentId, 2 * 2 + 1 + 2 * 2 + 1);
  });

  it('two imports of one export into one date at once: one tournament, the other refused, nothing of it written', async () => {
    const racing = copy(cleanExport);
    racing.tournament.date = '2031-06-08';
    const before = await footprint(seeded.championshipId);
    const outcomes = await Promise.allSettled([importing(racing), importing(racing)]);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toMatchObject({ code: 'already-exists' });
    expect(await footprint(seeded.championshipId)).toEqual({
      ...before,
      tournaments: before.tournaments + 1,
      dateKeys: before.dateKeys + 1,
      participants: before.participants + racing.participants.length,
      rounds: before.rounds + racing.rounds.length,
      matchUps: before.matchUps + racing.matchUps.length,
    });
  });
});

describe('deleteTournament', () => {
  async function tournamentDocuments(tournamentId: string): Promise<number> {
    const tournament = db.doc(paths.tournament(tournamentId));
    let total = (await tournament.get()).exists ? 1 : 0;
    for (const collection of await tournament.listCollections()) total += (await collection.count().get()).data().count;
    return total;
  }

  it('deletes a draft with everything under it and frees its date', async () => {
    const date = '2031-07-01';
    const { tournamentId } = await call<{ tournamentId: string }>(
      emulators,
      'createTournament',
      { championshipId: seeded.championshipId, date, description: 'Draft night' },
      organizer,
    );
    await call(
      emulators,
      'addParticipants',
      {
        tournamentId,
        participants: [
          { participantId: 'a', name: 'A', rating: 1500 },
          { participantId: 'b', name: 'B', rating: 1600 },
        ],
      },
      organizer,
    );
    // The spectators' standings page follows the new rows within seconds (docs/standings-updates.md#pages).
    await waitFor(
      'the standings page of the draft',
      async () => (await db.doc(paths.standingsPage(tournamentId, 1)).get()).exists,
      (exists) => exists,
    );
    // The tournament, its owner's role, 2 participants, their states, standings rows and claim codes, the page.
    expect(await tournamentDocuments(tournamentId)).toBe(11);
    const result = await call<{ deleted: number; problems: string[] }>(
      emulators,
      'deleteTournament',
      { tournamentId },
      organizer,
    );
    expect(result).toEqual({ deleted: 12, problems: [] });
    expect(await tournamentDocuments(tournamentId)).toBe(0);
    expect(await dateIsFree(seeded.championshipId, date)).toBe(true);
    await call(
      emulators,
      'createTournament',
      { championshipId: seeded.championshipId, date, description: 'Draft night, again' },
      organizer,
    );
  });

  it("refuses anyone but the tournament's editors, deleting nothing", async () => {
    const { tournamentId } = await call<{ tournamentId: string }>(
      emulators,
      'createTournament',
      { championshipId: seeded.championshipId, date: '2031-07-02', description: 'Kept' },
      organizer,
    );
    const error = await refusal(call(emulators, 'deleteTournament', { tournamentId }, seeded.participants[0]!.account));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toContain('only the organizer of the tournament or an admin of one of its clubs may edit it');
    // The tournament and its owner's role document, still there.
    expect(await tournamentDocuments(tournamentId)).toBe(2);
    const stranger = await signUp(emulators, `stranger-${Date.now()}@example.com`);
    expect((await refusal(call(emulators, 'deleteTournament', { tournamentId }, stranger))).code).toBe(
      'permission-denied',
    );
    expect((await refusal(call(emulators, 'deleteTournament', { tournamentId }))).code).toBe('unauthenticated');
    expect(
      (await refusal(call(emulators, 'deleteTournament', { tournamentId: 'no-such-tournament' }, organizer))).code,
    ).toBe('not-found');
  });

  it('refuses a running tournament in good order, deleting nothing', async () => {
    const before = await tournamentDocuments(seeded.tournamentId);
    const error = await refusal(call(emulators, 'deleteTournament', { tournamentId: seeded.tournamentId }, organizer));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toMatch(/“Open .*” has started: .*Only a tournament with no round yet, or a broken one/);
    expect(error.message).not.toContain(seeded.tournamentId);
    expect(await tournamentDocuments(seeded.tournamentId)).toBe(before);
    expect(await dateIsFree(seeded.championshipId, '2025-06-01')).toBe(false);
  });

  it('deletes what a half-done import left (matchUps, no states) with its date key, so the export imports there', async () => {
    // What the old three-step import left when it failed after its batch: the tournament claiming its date,
    // participants, rounds and matchUps, and no competition states.
    const date = '2031-08-01';
    const { tournamentId } = await call<{ tournamentId: string }>(
      emulators,
      'createTournament',
      {
        championshipId: seeded.championshipId,
        date,
        description: cleanExport.tournament.description,
        policy: 'REDEMPTION',
      },
      organizer,
    );
    // Its triggers have long given up: with them off, none is still failing (and, on the emulator, killed in the
    // middle of a transaction whose locks then outlive it) while the leftovers are deleted.
    await backgroundTriggers.disable();
    const batch = db.batch();
    for (const p of cleanExport.participants)
      batch.set(db.doc(paths.participant(tournamentId, p.participantId)), { ...p, enteredRound: 1 });
    for (const r of cleanExport.rounds)
      batch.set(db.doc(paths.round(tournamentId, r.roundNumber)), { roundNumber: r.roundNumber, ...r.pairing });
    for (const m of cleanExport.matchUps)
      batch.set(db.doc(paths.matchUp(tournamentId, m.matchUpId)), {
        ...m,
        playerUids: [],
        cost: {},
        scoredBy: null,
        scoredAt: null,
      });
    batch.update(db.doc(paths.tournament(tournamentId)), { status: 'RUNNING', currentRound: 2 });
    await batch.commit();
    const leftovers = await tournamentDocuments(tournamentId);
    await backgroundTriggers.enable();

    const result = await call<{ deleted: number; problems: string[] }>(
      emulators,
      'deleteTournament',
      { tournamentId },
      organizer,
    );
    expect(result.problems).toContain(`it has ${cleanExport.matchUps.length} matchUp(s) but no competition states`);
    // Everything under it and its date key.
    expect(result.deleted).toBe(leftovers + 1);
    expect(await tournamentDocuments(tournamentId)).toBe(0);
    expect(await dateIsFree(seeded.championshipId, date)).toBe(true);
    const again = copy(cleanExport);
    again.tournament.date = date;
    const { tournamentId: imported } = await call<{ tournamentId: string }>(
      emulators,
      'importTournament',
      { championshipId: seeded.championshipId, json: JSON.stringify(again) },
      organizer,
    );
    expect(
      (await call<LeaderboardView>(emulators, 'getLeaderboard', { tournamentId: imported }, organizer)).rows,
    ).toEqual(board.rows);
  });

  it('deletes a running tournament whose documents fail their schema', async () => {
    const date = '2031-08-02';
    const { tournamentId } = await call<{ tournamentId: string }>(
      emulators,
      'createTournament',
      { championshipId: seeded.championshipId, date, description: 'Damaged' },
      organizer,
    );
    await db
      .doc(paths.tournament(tournamentId))
      .update({ status: 'RUNNING', currentRound: 1, pairing: { method: 'NO_SUCH_METHOD' } });
    const result = await call<{ deleted: number; problems: string[] }>(
      emulators,
      'deleteTournament',
      { tournamentId },
      organizer,
    );
    expect(result.problems).toEqual([
      expect.stringMatching(/^its document does not match its schema \(pairing\.method: /),
    ]);
    expect(await tournamentDocuments(tournamentId)).toBe(0);
    expect(await dateIsFree(seeded.championshipId, date)).toBe(true);
  });
});
