/**
 * Numbers, dates, ids and sizes that cannot be (docs/data-model.md#limits), each sent through the real callable on the
 * Functions emulator: each is refused with invalid-argument and a message that names the field, and nothing of
 * it is stored.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@competition/engine/schemas';
import { tournamentKey } from '../../src/services/organisation.js';
import {
  type Emulators,
  type SeededTournament,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  readMatchUp,
  readRow,
  refusal,
  seedTournament,
} from '../../../testing/stack.js';

let emulators: Emulators;
let db: Firestore;
let seeded: SeededTournament;

beforeAll(async () => {
  emulators = await discoverEmulators();
  db = adminFirestore();
  seeded = await seedTournament(emulators, { label: 'bounds', players: 4 });
});

afterAll(() => closeAdmin());

async function invalidArgument(promise: Promise<unknown>, message: string | RegExp): Promise<void> {
  const error = await refusal(promise);
  expect(error.code).toBe('invalid-argument');
  if (typeof message === 'string') expect(error.message).toContain(message);
  else expect(error.message).toMatch(message);
}

const participantCount = async () =>
  (await db.collection(paths.participants(seeded.tournamentId)).count().get()).data().count;
const tournamentsOn = async (date: string) =>
  (await db.collection('tournaments').where('date', '==', date).count().get()).data().count;
const dateIsFree = async (date: string) =>
  !(await db.doc(paths.tournamentKey(seeded.championshipId, tournamentKey(date))).get()).exists;

function addParticipants(participants: unknown[]) {
  return call(emulators, 'addParticipants', { tournamentId: seeded.tournamentId, participants }, seeded.organizer);
}

describe('numbers, dates and ids that cannot be are refused and nothing is stored', () => {
  it('recordScore with 1.5e308 game points', async () => {
    const game = seeded.round1.find((m) => m.b !== null)!;
    const rowBefore = await readRow(seeded.tournamentId, game.a);
    await invalidArgument(
      call(
        emulators,
        'recordScore',
        { tournamentId: seeded.tournamentId, matchUpId: game.matchUpId, result: { score: { a: 1.5e308, b: 0 } } },
        seeded.organizer,
      ),
      "first player's game points: must be at most 10000",
    );
    expect(await readMatchUp(seeded.tournamentId, game.matchUpId)).toMatchObject({ result: null, scoredBy: null });
    expect(await readRow(seeded.tournamentId, game.a)).toEqual(rowBefore);
  });

  it('a tournament on 2031-13-45', async () => {
    await invalidArgument(
      call(
        emulators,
        'createTournament',
        { championshipId: seeded.championshipId, date: '2031-13-45', description: 'Never' },
        seeded.organizer,
      ),
      'date: expected a real calendar date from 1900 to 2999',
    );
    expect(await tournamentsOn('2031-13-45')).toBe(0);
    expect(await dateIsFree('2031-13-45')).toBe(true);
  });

  it.each([
    [1e308, 'must be at most 10000'],
    [-1e308, 'must be at least -10000'],
  ])('a rating of %d', async (rating, why) => {
    const before = await participantCount();
    await invalidArgument(
      addParticipants([{ participantId: 'rated', name: 'Rated', rating }]),
      `player 1, rating: ${why}`,
    );
    expect(await participantCount()).toBe(before);
  });

  it.each([
    ['team', 200],
    ['club', 200],
    ['country', 100],
  ])('a %s of 5,000 characters', async (field, cap) => {
    const before = await participantCount();
    await invalidArgument(
      addParticipants([{ participantId: 'wordy', name: 'Wordy', rating: 1500, [field]: 'x'.repeat(5000) }]),
      `player 1, ${field}: is too long: at most ${cap} characters`,
    );
    expect(await participantCount()).toBe(before);
  });

  it('1,000 participants with 5,000-character teams, clubs and countries (a 15 MB request)', async () => {
    const long = 'x'.repeat(5000);
    const entrants = Array.from({ length: 1000 }, (_, i) => ({
      participantId: `big-${i}`,
      name: `Big ${i}`,
      rating: 1500,
      team: long,
      club: long,
      country: long,
    }));
    const before = await participantCount();
    await invalidArgument(addParticipants(entrants), 'player 1, team: is too long: at most 200 characters');
    expect(await participantCount()).toBe(before);
  });

  it('1,000 participants within every cap whose writes would not fit one transaction', async () => {
    const ratings = Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`scale-${k}`.padEnd(50, '.'), 1500 + k]));
    const entrants = Array.from({ length: 1000 }, (_, i) => ({
      participantId: `fat-${i}`,
      name: `Entrant ${i}`.padEnd(200, '.'),
      team: 't'.repeat(200),
      club: 'c'.repeat(200),
      country: 'k'.repeat(100),
      rating: 1500,
      members: [{ ratings }, { ratings }],
    }));
    const before = await participantCount();
    await invalidArgument(
      addParticipants(entrants),
      /: entering these 1000 participants would write about \d+\.\d MiB at once; one transaction carries at most 3\.5 MiB: enter them in several calls$/,
    );
    expect(await participantCount()).toBe(before);
  });

  it.each([
    ['.', 'must not be "." or ".."'],
    ['..', 'must not be "." or ".."'],
    ['__p__', 'must not have the reserved form __name__'],
    ['p\u0000', 'must not contain control characters'],
  ])('a participant id %j', async (participantId, why) => {
    const before = await participantCount();
    await invalidArgument(addParticipants([{ participantId, name: 'Odd', rating: 1500 }]), `player 1: ${why}`);
    expect(await participantCount()).toBe(before);
  });

  it('policyOverrides nested 3,000 levels deep', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = { x: deep };
    await invalidArgument(
      call(
        emulators,
        'createTournament',
        {
          championshipId: seeded.championshipId,
          date: '2031-09-01',
          description: 'Deep',
          policyOverrides: { ratingPolicy: deep },
        },
        seeded.organizer,
      ),
      'policy overrides: is nested deeper than 8 levels',
    );
    expect(await tournamentsOn('2031-09-01')).toBe(0);
    expect(await dateIsFree('2031-09-01')).toBe(true);
  });
});
