/**
 * Whole rounds written at once, as the phones of a club do the moment the boards finish, through the real
 * callables and the deployed trigger on the Functions emulator: each round's scores land while the events of
 * its matchUps' creation are still in flight, some twice, some wrong first and corrected, some cleared and
 * entered again; a player withdraws between rounds and an early round is corrected after later rounds were
 * paired. Every preset and both granularities go through it, and the stored states and the leaderboard must end
 * as the replay tool's fold of the final results says.
 */
import { isDeepStrictEqual } from 'node:util';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeStandings,
  createRng,
  type MatchUpResult,
  type ParticipantState,
  randomResult,
} from '@competition/engine';
import {
  type LeaderboardView,
  type MatchUpDoc,
  type ParticipantDoc,
  paths,
  type TournamentDoc,
} from '@competition/engine/schemas';
import { toMatchUpRecord, toParticipant } from '../../src/services/records.js';
import {
  type Account,
  type Emulators,
  adminFirestore,
  call,
  closeAdmin,
  discoverEmulators,
  signUp,
} from '../../../testing/stack.js';
import { WAIT_MS } from '../../../testing/wait.js';

const PLAYERS = 12;
const ROUNDS = 4;

interface Scenario {
  name: string;
  policy: string;
  policyOverrides?: Record<string, unknown>;
}

const SCENARIOS: Scenario[] = [
  { name: 'STANDARD (PER_ROUND)', policy: 'STANDARD' },
  { name: 'PRESSURE (PER_MATCHUP)', policy: 'PRESSURE' },
  { name: 'SWISS (PER_ROUND, Buchholz, Sonneborn-Berger)', policy: 'SWISS' },
  { name: 'REDEMPTION (PER_MATCHUP)', policy: 'REDEMPTION' },
  {
    name: 'custom PER_ROUND with TREND Buchholz',
    policy: 'SWISS',
    policyOverrides: { processingGranularity: 'PER_ROUND', victoryPolicy: { buchholzDropOut: 'TREND' } },
  },
];
const SEEDS = [11, 29];

let emulators: Emulators;
let organizer: Account;
let db: Firestore;

beforeAll(async () => {
  emulators = await discoverEmulators();
  organizer = await signUp(emulators, `concurrency-${Date.now()}@example.com`);
  db = adminFirestore();
});

afterAll(() => closeAdmin());

/** Scores to 5, bare winners and unplayed kinds, as phones send them. */
const gameResult = (random: () => number): MatchUpResult => randomResult(random, { unplayed: true });

async function playRound(tournamentId: string, roundNumber: number, random: () => number): Promise<void> {
  await call(emulators, 'generateNextRound', { tournamentId, requestId: `round-${roundNumber}` }, organizer);
  // Read and written at once, while the trigger still works through the creation events of these matchUps.
  const snapshot = await db.collection(paths.matchUps(tournamentId)).where('roundNumber', '==', roundNumber).get();
  const games = snapshot.docs.filter((d) => d.get('b') !== null);
  expect(games.length).toBeGreaterThan(0);
  const write = (ref: FirebaseFirestore.DocumentReference, result: MatchUpResult | null) =>
    ref.update({
      result,
      scoredBy: result ? 'EDITOR' : null,
      scoredAt: result ? FieldValue.serverTimestamp() : null,
    });
  await Promise.all(
    games.map(async (game) => {
      const roll = random();
      const final = gameResult(random);
      if (roll < 0.15) await write(game.ref, gameResult(random));
      else if (roll < 0.25) await write(game.ref, final).then(() => write(game.ref, null));
      await write(game.ref, final);
      if (roll > 0.85) await write(game.ref, final);
    }),
  );
}

async function stored(tournamentId: string) {
  const [tournament, participants, matchUps, states] = await Promise.all([
    db.doc(paths.tournament(tournamentId)).get(),
    db.collection(paths.participants(tournamentId)).get(),
    db.collection(paths.matchUps(tournamentId)).get(),
    db.collection(paths.states(tournamentId)).get(),
  ]);
  return {
    policy: (tournament.data() as TournamentDoc).policy,
    participants: participants.docs.map((d) => toParticipant(d.data() as ParticipantDoc)),
    matchUps: matchUps.docs.map((d) => toMatchUpRecord(d.data() as MatchUpDoc)),
    states: Object.fromEntries(states.docs.map((d) => [d.id, d.data() as ParticipantState])),
  };
}

/** Participants whose stored state differs from the fold, with what a reader would notice first. */
function differences(actual: Record<string, ParticipantState>, expected: Record<string, ParticipantState>): string[] {
  const plain = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;
  return Object.keys(expected)
    .filter((id) => !isDeepStrictEqual(plain(actual[id]), plain(expected[id])))
    .map(
      (id) =>
        `${id}: roundsPlayed ${actual[id]?.roundsPlayed} (fold ${expected[id]!.roundsPlayed}), wins ${actual[id]?.wins} (fold ${expected[id]!.wins})`,
    );
}

async function settlesOnFold(tournamentId: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let diff: string[];
  for (;;) {
    const now = await stored(tournamentId);
    diff = differences(now.states, computeStandings(now.policy, now.participants, now.matchUps).states);
    if (diff.length === 0) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect.fail(
    `after ${WAIT_MS / 1000} s the stored states still differ from the replay of the final results:\n${diff.join('\n')}`,
  );
}

describe('whole rounds written at once through the deployed trigger end exactly as the replay tool says', () => {
  for (const scenario of SCENARIOS) {
    for (const seed of SEEDS) {
      it(`${scenario.name}, seed ${seed}`, { timeout: 180_000 }, async () => {
        const random = createRng(seed * 7919 + scenario.name.length);
        const { clubId } = await call<{ clubId: string }>(emulators, 'createClub', { name: `Club ${seed}` }, organizer);
        const { championshipId } = await call<{ championshipId: string }>(
          emulators,
          'createChampionship',
          { name: scenario.name, clubIds: [clubId] },
          organizer,
        );
        const { tournamentId } = await call<{ tournamentId: string }>(
          emulators,
          'createTournament',
          {
            championshipId,
            date: '2026-03-01',
            description: `${scenario.name} ${seed}`,
            policy: scenario.policy,
            ...(scenario.policyOverrides ? { policyOverrides: scenario.policyOverrides } : {}),
            pairing: { method: 'SWISS', options: {} },
            totalRounds: ROUNDS,
          },
          organizer,
        );
        const participants = Array.from({ length: PLAYERS }, (_, i) => ({
          participantId: `p${i + 1}`,
          name: `P${i + 1}`,
          rating: 1400 + Math.round(random() * 600),
        }));
        await call(emulators, 'addParticipants', { tournamentId, participants }, organizer);

        for (let roundNumber = 1; roundNumber <= ROUNDS; roundNumber++) {
          await playRound(tournamentId, roundNumber, random);
          // Pairing the next round needs this one's results applied: wait as an organizer would, for the standings.
          await settlesOnFold(tournamentId);
          if (roundNumber === 2)
            await call(emulators, 'withdrawParticipant', { tournamentId, participantId: 'p3' }, organizer);
        }
        // A round-1 result corrected after later rounds were paired and played.
        const first = (await db.collection(paths.matchUps(tournamentId)).where('roundNumber', '==', 1).get()).docs.find(
          (d) => d.get('b') !== null,
        )!;
        await first.ref.update({
          result: { kind: 'PLAYED', score: { a: 0, b: 5 } },
          scoredBy: 'EDITOR',
          scoredAt: FieldValue.serverTimestamp(),
        });
        await settlesOnFold(tournamentId);

        const final = await stored(tournamentId);
        const replay = computeStandings(final.policy, final.participants, final.matchUps);
        const board = await call<LeaderboardView>(emulators, 'getLeaderboard', { tournamentId }, organizer);
        const shown = board.rows.map(({ name: _name, ...row }) => row);
        expect(JSON.parse(JSON.stringify(shown))).toEqual(JSON.parse(JSON.stringify(replay.leaderboard)));
      });
    }
  }
});
