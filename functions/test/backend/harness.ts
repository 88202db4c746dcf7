import functionsTest from 'firebase-functions-test';
import type { Firestore } from 'firebase-admin/firestore';
import type { CallableFunction } from 'firebase-functions/v2/https';
import { expect } from 'vitest';
import * as functions from '../../src/index.js';
import { refs } from '../../src/firebase/refs.js';
import { paths } from '@competition/engine/schemas';
import { buildLeaderboard, foldCompetition, isRoundRobin, type MatchUpResultInput } from '@competition/engine';
import { toMatchUpRecord, toParticipant } from '../../src/services/records.js';

const testEnv = functionsTest();

/** The real callables, wrapped by firebase-functions-test: `call.generateNextRound(data, uid)`. */
const NOT_CALLABLE = ['onMatchUpWritten', 'rebuildStandingsPages'] as const;
type CallableNames = Exclude<keyof typeof functions, (typeof NOT_CALLABLE)[number]>;
/** What a callable answers, as its handler declares it. Its input stays `unknown`: tests send bad input on purpose. */
type Answer<K extends CallableNames> =
  (typeof functions)[K] extends CallableFunction<unknown, Promise<infer R>> ? R : never;
export const call = Object.fromEntries(
  (Object.keys(functions) as Array<keyof typeof functions>)
    .filter((name): name is CallableNames => !(NOT_CALLABLE as readonly string[]).includes(name))
    .map((name) => {
      const wrapped = testEnv.wrap(functions[name] as never) as unknown as (request: object) => Promise<unknown>;
      return [name, (data: unknown, uid?: string) => wrapped({ data, ...(uid ? { auth: { uid, token: {} } } : {}) })];
    }),
) as { [K in CallableNames]: (data: unknown, uid?: string) => Promise<Answer<K>> };

const trigger = testEnv.wrap(functions.onMatchUpWritten) as unknown as (event: object) => Promise<unknown>;

/**
 * Fires the real score trigger for a matchUp, as Firestore would after a write (at least once, any order).
 * `time` is the event's time (ISO 8601): an old one is a retry long after the write.
 */
export async function fireTrigger(
  db: Firestore,
  tournamentId: string,
  matchUpId: string,
  options: { time?: string } = {},
): Promise<void> {
  const after = await db.doc(paths.matchUp(tournamentId, matchUpId)).get();
  await trigger({
    params: { tournamentId, matchUpId },
    data: { before: after, after },
    ...(options.time ? { time: options.time } : {}),
  });
}

/** Fires the trigger for every matchUp of a tournament (and for deleted ones, by id). */
export async function fireAll(db: Firestore, tournamentId: string, extraIds: string[] = []): Promise<void> {
  const ids = (await refs(db).matchUps(tournamentId).get()).docs.map((d) => d.id);
  for (const id of [...ids, ...extraIds]) await fireTrigger(db, tournamentId, id);
}

export function cleanupFunctionsTest(): void {
  testEnv.cleanup();
}

/** Expects the callable to refuse with `code` (an HttpsError's), and a message matching `message` if given. */
export async function expectRefusal(promise: Promise<unknown>, code: string, message?: RegExp): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as { code?: string; message?: string },
  );
  expect(error, 'expected a refusal').toBeDefined();
  expect(error!.code).toBe(code);
  if (message) expect(error!.message).toMatch(message);
}

/** A tournament set up as an organizer does, through the callables: a club, a championship, the event, players. */
export interface TournamentSetUp {
  /** createClub's input: the club's name and, optionally, its admins. */
  club: { name: string; adminUids?: string[] };
  championship: string;
  /** createTournament's input besides the championship; the date is 2026-11-21 unless given. */
  tournament: { description: string; date?: string } & Record<string, unknown>;
  /** Entrants p1..pN named "Player i", rated 1400 and `ratingStep` (default 50) more for each later one. */
  players: number;
  ratingStep?: number;
  /** Links account uI to participant pI, so each player can score his own games. */
  withAccounts?: boolean;
  /** Who enters the players: the owner unless given (a club admin, say). */
  enteredBy?: string;
}

/** Sets up a tournament through the real callables, all as `owner`; nothing is paired yet. */
export async function tournamentThroughCallables(
  setUp: TournamentSetUp,
): Promise<{ clubId: string; championshipId: string; tournamentId: string }> {
  const { clubId } = await call.createClub(setUp.club, 'owner');
  const { championshipId } = await call.createChampionship({ name: setUp.championship, clubIds: [clubId] }, 'owner');
  const { tournamentId } = await call.createTournament(
    { championshipId, date: '2026-11-21', ...setUp.tournament },
    'owner',
  );
  const participants = Array.from({ length: setUp.players }, (_, i) => ({
    participantId: `p${i + 1}`,
    name: `Player ${i + 1}`,
    rating: 1400 + (setUp.ratingStep ?? 50) * i,
    ...(setUp.withAccounts ? { uid: `u${i + 1}` } : {}),
  }));
  await call.addParticipants({ tournamentId, participants }, setUp.enteredBy ?? 'owner');
  return { clubId, championshipId, tournamentId };
}

const byParticipant = <T extends { participantId: string }>(rows: T[]) =>
  [...rows].sort((x, y) => (x.participantId < y.participantId ? -1 : 1));

/** Tiebreaks worked out within a tied group: the leaderboard has them, a stored row of one participant cannot. */
const GROUP_ONLY: readonly string[] = ['HEAD_TO_HEAD', 'HEAD_TO_HEAD_PRESSURE', 'DIRECT_ENCOUNTER'];

/**
 * The leaderboard and the stored standings rows (without its ranks and group tiebreaks) both equal the ranking of
 * a fold of the stored results from scratch, so a row the score trigger left stale or wrong after `when` fails.
 * The fold reads the matchUps and the entries, never the states the trigger wrote. Returns the leaderboard's rows.
 */
export async function expectRowsMatchBoard(db: Firestore, tournamentId: string, when: string) {
  const ref = refs(db);
  const tournament = (await ref.tournament(tournamentId).get()).data()!;
  const people = (await ref.participants(tournamentId).get()).docs.map((d) => d.data());
  const results = (await ref.matchUps(tournamentId).get()).docs.map((d) => toMatchUpRecord(d.data()));
  const fold = foldCompetition(tournament.policy, people.map(toParticipant), results);
  const withdrawn = people.filter((p) => p.withdrawn).map((p) => p.participantId);
  const names = new Map(people.map((p) => [p.participantId, p.name]));
  const expected = buildLeaderboard(tournament.policy, fold, { withdrawn, roundRobin: isRoundRobin(tournament) }).map(
    (row) => ({ ...row, name: names.get(row.participantId) }),
  );
  const board = await call.getLeaderboard({ tournamentId }, 'owner');
  expect(board.rows, `the leaderboard after ${when}`).toEqual(expected);
  const stored = (await ref.standings(tournamentId).get()).docs.map((d) => d.data());
  const storable = expected.map(({ rank: _rank, tiebreaks, ...row }) => ({
    ...row,
    tiebreaks: Object.fromEntries(Object.entries(tiebreaks).filter(([tiebreak]) => !GROUP_ONLY.includes(tiebreak))),
  }));
  expect(byParticipant(stored), `stored standings rows after ${when}`).toEqual(byParticipant(storable));
  return board.rows;
}

/** A best-of-three card-game Swiss of 4 players with accounts u1..u4 and a scorekeeper ('keeper'). */
export const CARD_GAME_STORE: TournamentSetUp = {
  club: { name: 'Card Hall' },
  championship: 'Friday Night',
  tournament: {
    description: 'Constructed',
    policy: 'TCG',
    pairing: { method: 'SWISS', options: {} },
    scorekeeperUids: ['keeper'],
  },
  players: 4,
  withAccounts: true,
};

/**
 * Scores a round's games (the bye left out) in board order, one at a time, firing the triggers after each as scores
 * come in from the tables: `resultFor(i)` is the i-th game's result. Returns the games.
 */
export async function scoreGamesOneByOne(
  db: Firestore,
  tournamentId: string,
  roundNumber: number,
  resultFor: (i: number) => MatchUpResultInput,
) {
  const matchUps = (await refs(db).matchUps(tournamentId).where('roundNumber', '==', roundNumber).get()).docs
    .map((d) => d.data())
    .filter((m) => m.b !== null)
    .sort((x, y) => x.order - y.order);
  for (const [i, m] of matchUps.entries()) {
    await call.recordScore({ tournamentId, matchUpId: m.matchUpId, result: resultFor(i) }, 'owner');
    await fireAll(db, tournamentId);
  }
  return matchUps;
}
