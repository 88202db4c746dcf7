/**
 * Demo data for `npm start`, entered the way people would, through the callables over HTTP with their own
 * sign-in: an organizer creates a club, a championship and a 16-player Swiss tournament (REDEMPTION policy,
 * PER_MATCHUP), enters the players (each with an account), pairs round 1 (its matchUps read from Firestore, as
 * clients read them); half the results are entered by a player of the game with their own token, half by the
 * organizer; the score trigger turns them into standings (fired by the stack's listener); the leaderboard is
 * read back.
 */
import { refs } from '../../functions/src/firebase/refs.js';
import type { LeaderboardView } from '../../functions/src/services/views.js';
import { type SimPlayer, simulatedField } from '../lib/simulate.js';
import { callablesClient, signIn } from './client.js';
import { simulatedScore } from './games.js';
import type { LocalStack } from './stack.js';

const NAMES = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lu', 'Max', 'Nia', 'Oz', 'Pia', 'Quin', 'Rae', 'Sol', 'Tam'];

export interface DemoPlayer extends SimPlayer {
  name: string;
  uid: string;
}

export interface DemoData {
  ownerUid: string;
  clubId: string;
  championshipId: string;
  tournamentId: string;
  players: DemoPlayer[];
  roundNumber: number;
  scoredByPlayers: number;
  scoredByOwner: number;
  leaderboard: LeaderboardView['rows'];
}

export const DEMO_OWNER = 'organizer';

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export async function seedDemo(stack: LocalStack, options: { players?: number; seed?: number } = {}): Promise<DemoData> {
  const size = options.players ?? 16;
  const seed = options.seed ?? 2026;
  const base = stack.functions.baseUrl;
  const ownerToken = await signIn(stack.auth.signInUrl, DEMO_OWNER, { name: 'Olive Organizer', email: 'organizer@example.com' });
  const owner = callablesClient(base, ownerToken);

  const { clubId } = await owner<{ clubId: string }>('createClub', { name: 'Riverside Carrom Club', country: 'GB', adminUids: ['club-admin'] });
  const { championshipId } = await owner<{ championshipId: string }>('createChampionship', { name: 'Winter League', clubIds: [clubId] });
  const { tournamentId } = await owner<{ tournamentId: string }>('createTournament', {
    championshipId,
    date: today(),
    description: 'Friday Swiss (demo)',
    hostClubId: clubId,
    location: 'Riverside Hall',
    roundDurationMinutes: 25,
    preAlarmMinutes: 5,
    system: 'SWISS',
    pairing: { method: 'SWISS', options: {} },
    policy: 'REDEMPTION',
    totalRounds: 4,
    scorekeeperUids: ['scorekeeper'],
  });

  const players: DemoPlayer[] = simulatedField(size, seed).map((p, i) => {
    const name = i < NAMES.length ? NAMES[i]! : `Player ${i + 1}`;
    return { ...p, name, uid: `player-${name.toLowerCase().replace(/\s+/g, '-')}` };
  });
  await owner('addParticipants', { tournamentId, participants: players.map((p) => ({ participantId: p.id, name: p.name, rating: p.rating, uid: p.uid })) });
  const round = await owner<{ roundNumber: number }>('generateNextRound', { tournamentId, requestId: 'demo-round-1' });

  const matchUps = refs(stack.db).matchUps(tournamentId);
  const games = (await matchUps.where('roundNumber', '==', round.roundNumber).get()).docs.map((d) => d.data()).filter((m) => m.b !== null);
  const byId = new Map(players.map((p) => [p.id, p]));
  let scoredByPlayers = 0;
  let scoredByOwner = 0;
  for (const [i, m] of games.sort((x, y) => x.order - y.order).entries()) {
    const a = byId.get(m.a)!;
    const b = byId.get(m.b!)!;
    const result = simulatedScore(seed, round.roundNumber, a, b);
    if (i % 2 === 0) {
      // A player of the game enters it, signed in as themselves.
      const scorer = i % 4 === 0 ? a : b;
      const token = await signIn(stack.auth.signInUrl, scorer.uid, { name: scorer.name });
      await callablesClient(base, token)('recordScore', { tournamentId, matchUpId: m.matchUpId, result });
      scoredByPlayers++;
    } else {
      await owner('recordScore', { tournamentId, matchUpId: m.matchUpId, result });
      scoredByOwner++;
    }
  }

  // Wait until the trigger has applied every matchUp as it now stands (byes included).
  await stack.triggers.waitForDocuments((await matchUps.get()).docs, { timeoutMs: 60_000 });
  const board = await owner<LeaderboardView>('getLeaderboard', { tournamentId });
  return { ownerUid: DEMO_OWNER, clubId, championshipId, tournamentId, players, roundNumber: round.roundNumber, scoredByPlayers, scoredByOwner, leaderboard: board.rows };
}
