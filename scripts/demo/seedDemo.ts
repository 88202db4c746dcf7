/**
 * Demo data for `npm start`, entered the way people would: an organizer (an Auth emulator account) creates a
 * club, a championship and a 16-player Swiss tournament (REDEMPTION policy) through the callables, enters the
 * players, who each join from an account of their own with the claim code the organizer reads off the desk,
 * invites a scorekeeper, whose account accepts the invitation as a person opening its link would, and pairs round 1;
 * half the results are written by a player of the game straight into the matchUp document (through the security
 * rules, as the phone app does), half by the organizer through recordScore. The score trigger turns them into standings.
 */
import { doc, getDocs, collection, query, serverTimestamp, updateDoc, where } from 'firebase/firestore';
import type { LeaderboardView, MatchUpDoc } from '@competition/engine/schemas';
import { type EmulatorHosts, type Person, signUp } from '../lib/emulatorClients.js';
import { type SimPlayer, simulatedField, simulatedScore } from '@competition/engine';

const NAMES = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lu', 'Max', 'Nia', 'Oz', 'Pia'];
export const DEMO_PASSWORD = 'password-123';
/** The display name of the demo's scorekeeper account (`scorekeeper@example.com`). */
export const DEMO_SCOREKEEPER = 'Sam Scorer';

export interface DemoData {
  organizer: string;
  tournamentId: string;
  players: Array<SimPlayer & { name: string; email: string }>;
  roundNumber: number;
  scoredByPlayers: number;
  scoredByOrganizer: number;
  leaderboard: LeaderboardView['rows'];
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export async function seedDemo(hosts: EmulatorHosts, seed = 2026): Promise<DemoData> {
  const organizer = await signUp(hosts, 'organizer@example.com', DEMO_PASSWORD);
  const field = simulatedField(NAMES.length, seed).map((p, i) => ({
    ...p,
    name: NAMES[i]!,
    email: `${NAMES[i]!.toLowerCase()}@example.com`,
  }));
  const people = new Map<string, Person>();
  // Each account carries its person's name, which the desk shows as whom an entry joined and who keeps score.
  for (const p of field) people.set(p.id, await signUp(hosts, p.email, DEMO_PASSWORD, p.name));
  const scorekeeper = await signUp(hosts, 'scorekeeper@example.com', DEMO_PASSWORD, DEMO_SCOREKEEPER);
  try {
    const { clubId } = await organizer.call<{ clubId: string }>('createClub', {
      name: 'Riverside Carrom Club',
      country: 'GB',
    });
    const { championshipId } = await organizer.call<{ championshipId: string }>('createChampionship', {
      name: 'Winter League',
      clubIds: [clubId],
    });
    const { tournamentId } = await organizer.call<{ tournamentId: string }>('createTournament', {
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
    });
    const participants = field.map((p) => ({
      participantId: p.id,
      name: p.name,
      rating: p.rating,
    }));
    await organizer.call('addParticipants', { tournamentId, participants });
    // Each player joins as people do at a venue: the organizer hands out the codes, each phone types its own.
    const codes = await getDocs(collection(organizer.db, 'tournaments', tournamentId, 'claimCodes'));
    for (const d of codes.docs) {
      const { participantId, code } = d.data() as { participantId: string; code: string };
      await people.get(participantId)!.call('claimEntry', { tournamentId, code });
    }
    // Staff join the way they do at a venue: the organizer sends an invitation's link, the scorekeeper accepts it.
    const { token } = await organizer.call<{ token: string }>('createInvitation', {
      kind: 'tournament',
      tournamentId,
      role: 'SCOREKEEPER',
    });
    await scorekeeper.call('acceptInvitation', { kind: 'tournament', tournamentId, token });
    const round = await organizer.call<{ roundNumber: number }>('generateNextRound', {
      tournamentId,
      requestId: 'demo-round-1',
    });

    const matchUps = collection(organizer.db, 'tournaments', tournamentId, 'matchUps');
    const snapshot = await getDocs(query(matchUps, where('roundNumber', '==', round.roundNumber)));
    const games = snapshot.docs
      .map((d) => d.data() as MatchUpDoc)
      .filter((m) => m.b !== null)
      .sort((x, y) => x.order - y.order);
    const byId = new Map(field.map((p) => [p.id, p]));
    let scoredByPlayers = 0;
    for (const [i, m] of games.entries()) {
      const result = simulatedScore(seed, round.roundNumber, byId.get(m.a)!, byId.get(m.b!)!);
      if (i % 2 === 0) {
        const side = i % 4 === 0 ? 'a' : 'b';
        const player = people.get(side === 'a' ? m.a : m.b!)!;
        await updateDoc(doc(player.db, 'tournaments', tournamentId, 'matchUps', m.matchUpId), {
          result,
          // Signed with the side the player plays, as the phone app does (the rules check it).
          scoredBy: side === 'a' ? 'SIDE_A' : 'SIDE_B',
          scoredAt: serverTimestamp(),
        });
        scoredByPlayers++;
      } else {
        await organizer.call('recordScore', { tournamentId, matchUpId: m.matchUpId, result });
      }
    }
    const leaderboard = await settledLeaderboard(organizer, tournamentId, games.length);
    return {
      organizer: organizer.email,
      tournamentId,
      players: field,
      roundNumber: round.roundNumber,
      scoredByPlayers,
      scoredByOrganizer: games.length - scoredByPlayers,
      leaderboard,
    };
  } finally {
    await Promise.all([organizer, scorekeeper, ...people.values()].map((p) => p.close()));
  }
}

/** The trigger runs after each write: wait until every game of the round is in the standings. */
async function settledLeaderboard(
  organizer: Person,
  tournamentId: string,
  games: number,
): Promise<LeaderboardView['rows']> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const board = await organizer.call<LeaderboardView>('getLeaderboard', { tournamentId });
    const decided = board.rows.reduce((n, r) => n + r.wins + r.draws + r.losses, 0);
    if (decided >= 2 * games) return board.rows;
    if (Date.now() > deadline)
      throw new Error(`the standings show ${decided / 2} of ${games} games after 60 s: is the score trigger running?`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
