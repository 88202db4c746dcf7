/**
 * importTournament and addParticipants in commits within the budget (docs/scale.md#bounded-writes), with the
 * budget lowered by the emulator test runner (STANDINGS_COMMIT_BYTES) so that a small tournament takes many
 * commits. A run stopped halfway (as a crash would) leaves nothing anyone sees: no tournament, the date free, no
 * participant entered. The same request again finishes it, equal to the original; refused at the end instead
 * (the date taken meanwhile), it leaves nothing of either run.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TournamentExport } from '@competition/engine';
import { type LeaderboardView, paths } from '@competition/engine/schemas';
import { Interrupted, boundedWriteSettings } from '../../src/services/boundedWrites.js';
import { importTournament, importedTournamentId } from '../../src/services/exchange.js';
import { tournamentKey } from '../../src/services/organisation.js';
import { addParticipants } from '../../src/services/participants.js';
import {
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  refusal,
  seedTournament,
  waitFor,
} from '../../../testing/stack.js';

let emulators: Emulators;
let db: Firestore;
let seeded: SeededTournament;
let exported: TournamentExport;
let board: LeaderboardView;

/** Stopped after two commits: a run that needs more than two is cut halfway, as a crash would cut it. */
const interrupted = { ...boundedWriteSettings(), maxCommits: 2 };

async function settledGames(tournamentId: string, games: number): Promise<void> {
  await waitFor(
    `the trigger to apply ${games} games of ${tournamentId}`,
    async () =>
      (await db.collection(paths.standings(tournamentId)).get()).docs.map(
        (d) => d.data() as { wins: number; losses: number; draws: number },
      ),
    (rows) => rows.reduce((sum, row) => sum + row.wins + row.losses + row.draws, 0) === games,
  );
}

/** Every document under a tournament, the tournament included. */
async function documentsOf(tournamentId: string): Promise<number> {
  const tournament = db.doc(paths.tournament(tournamentId));
  let total = (await tournament.get()).exists ? 1 : 0;
  for (const collection of await tournament.listCollections()) total += (await collection.count().get()).data().count;
  return total;
}

const dateIsFree = async (date: string) =>
  !(await db.doc(paths.tournamentKey(seeded.championshipId, tournamentKey(date))).get()).exists;

const exportOn = (date: string) => JSON.stringify({ ...exported, tournament: { ...exported.tournament, date } });

beforeAll(async () => {
  emulators = await discoverEmulators();
  db = adminFirestore();
  seeded = await seedTournament(emulators, { label: 'bounded', players: 8 });
  const { tournamentId, organizer } = seeded;
  for (const [i, m] of seeded.round1.entries())
    await call(
      emulators,
      'recordScore',
      { tournamentId, matchUpId: m.matchUpId, result: { kind: 'PLAYED', score: { a: 5, b: i % 5 } } },
      organizer,
    );
  await settledGames(tournamentId, 8);
  board = await call<LeaderboardView>(emulators, 'getLeaderboard', { tournamentId }, organizer);
  const { json } = await call<{ json: string }>(emulators, 'exportTournament', { tournamentId }, organizer);
  exported = TournamentExport.parse(JSON.parse(json));
}, 180_000);

afterAll(async () => {
  await closeAdmin();
});

describe('importTournament in commits', () => {
  it('stopped halfway, it shows nothing; the same request id then finishes it, standings and all', async () => {
    const input = { championshipId: seeded.championshipId, json: exportOn('2032-01-10'), requestId: 'resume-1' };
    const error = await importTournament(db, seeded.organizer.uid, input, interrupted).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Interrupted);
    const tournaments = db.collection('tournaments').where('championshipId', '==', seeded.championshipId);
    expect((await tournaments.count().get()).data().count).toBe(1);
    expect(await dateIsFree('2032-01-10')).toBe(true);

    const { tournamentId } = await call<{ tournamentId: string }>(
      emulators,
      'importTournament',
      input,
      seeded.organizer,
    );
    expect((await tournaments.count().get()).data().count).toBe(2);
    expect(await dateIsFree('2032-01-10')).toBe(false);
    const imported = await call<LeaderboardView>(emulators, 'getLeaderboard', { tournamentId }, seeded.organizer);
    expect(imported.rows).toEqual(board.rows);
    const codes = await db.collection(paths.claimCodes(tournamentId)).get();
    expect(codes.size).toBe(exported.participants.length);
    // Once finished, the same request answers the same tournament and writes no second one.
    const again = await call<{ tournamentId: string }>(emulators, 'importTournament', input, seeded.organizer);
    expect(again.tournamentId).toBe(tournamentId);
    expect((await tournaments.count().get()).data().count).toBe(2);
    // The spectators' pages are built for the imported standings.
    await waitFor(
      'the imported standings page',
      async () => (await db.doc(paths.standingsPage(tournamentId, 1)).get()).data() as { rows: unknown[] } | undefined,
      (page) => page?.rows.length === exported.participants.length,
    );
  });

  it('stopped halfway, then refused on retry because the date was taken meanwhile: nothing of it is left', async () => {
    const date = '2032-01-17';
    const input = { championshipId: seeded.championshipId, json: exportOn(date), requestId: 'resume-2' };
    const runId = importedTournamentId(seeded.organizer.uid, 'resume-2');
    await expect(importTournament(db, seeded.organizer.uid, input, interrupted)).rejects.toBeInstanceOf(Interrupted);
    expect(await documentsOf(runId)).toBeGreaterThan(0);
    await call(emulators, 'importTournament', { ...input, requestId: 'other-2' }, seeded.organizer);

    const error = await refusal(call(emulators, 'importTournament', input, seeded.organizer));
    expect(error.code).toBe('already-exists');
    expect(error.message).toContain(`already has a tournament on ${date}`);
    expect(await documentsOf(runId)).toBe(0);
  });
});

describe('addParticipants in commits', () => {
  const entrants = Array.from({ length: 40 }, (_, i) => ({
    participantId: `entry-${i + 1}`,
    name: `Entrant ${i + 1}`,
    rating: 1400 + i,
  }));
  const count = async (collection: string) => (await db.collection(collection).count().get()).data().count;

  it('stopped halfway, nobody is entered; the same call again enters them all', async () => {
    const { tournamentId } = seeded;
    const input = { tournamentId, participants: entrants };
    const before = await count(paths.participants(tournamentId));
    await expect(addParticipants(db, seeded.organizer.uid, input, interrupted)).rejects.toBeInstanceOf(Interrupted);
    expect(await count(paths.participants(tournamentId))).toBe(before);
    expect(await count(paths.standings(tournamentId))).toBe(before);

    const added = await call<{ added: number; enteredRound: number }>(
      emulators,
      'addParticipants',
      input,
      seeded.organizer,
    );
    expect(added).toEqual({ added: 40, enteredRound: 2 });
    expect(await count(paths.participants(tournamentId))).toBe(before + 40);
    expect(await count(paths.standings(tournamentId))).toBe(before + 40);
    expect(await count(paths.states(tournamentId))).toBe(before + 40);
    const code = await db.doc(`${paths.claimCodes(tournamentId)}/entry-40`).get();
    expect(code.data()).toMatchObject({ participantId: 'entry-40' });
  });

  it('refused at the end (one of them entered meanwhile), it leaves none of its parts', async () => {
    const { tournamentId } = seeded;
    const late = entrants.map((e) => ({ ...e, participantId: `late-${e.participantId}`, name: `Late ${e.name}` }));
    await expect(
      addParticipants(db, seeded.organizer.uid, { tournamentId, participants: late }, interrupted),
    ).rejects.toBeInstanceOf(Interrupted);
    expect((await db.doc(`${paths.states(tournamentId)}/late-entry-1`).get()).exists).toBe(true);
    await call(emulators, 'addParticipants', { tournamentId, participants: late.slice(39) }, seeded.organizer);

    const error = await refusal(
      call(emulators, 'addParticipants', { tournamentId, participants: late }, seeded.organizer),
    );
    expect(error.code).toBe('already-exists');
    expect((await db.doc(`${paths.states(tournamentId)}/late-entry-1`).get()).exists).toBe(false);
    expect((await db.doc(`${paths.claimCodes(tournamentId)}/late-entry-1`).get()).exists).toBe(false);
  });
});
