import type { Firestore } from 'firebase-admin/firestore';
import { DomainError } from '@competition/engine/domain/errors';
import { standingsCsv } from '@competition/engine/domain/exchange';
import type { LeaderboardView } from '@competition/engine/model/answers';
import { buildLeaderboard } from '@competition/engine/domain/leaderboard';
import { recommendedRounds } from '@competition/engine/domain/pairing/index';
import { refs } from '../firebase/refs.js';
import type { TournamentDoc } from '@competition/engine/model/tournament';

/** The ranked leaderboard, head-to-head included: reads every state once (a view, not a score write). */
export async function getLeaderboard(db: Firestore, tournamentId: string): Promise<LeaderboardView> {
  const { tournament, rows } = await rankedRows(db, tournamentId);
  return {
    tournamentId,
    currentRound: tournament.currentRound,
    recommendedRounds: recommendedRounds(rows.length).rounds,
    rows,
  };
}

export async function getStandingsCsv(db: Firestore, tournamentId: string): Promise<string> {
  const { tournament, rows } = await rankedRows(db, tournamentId);
  return standingsCsv(tournament.policy, rows, Object.fromEntries(rows.map((r) => [r.participantId, r.name])));
}

async function rankedRows(
  db: Firestore,
  tournamentId: string,
): Promise<{ tournament: TournamentDoc; rows: LeaderboardView['rows'] }> {
  const ref = refs(db);
  const tournament = (await ref.tournament(tournamentId).get()).data();
  if (!tournament) throw new DomainError('not-found', 'this tournament does not exist (or was deleted)');
  const [states, participants] = await Promise.all([
    ref.states(tournamentId).get(),
    ref.participants(tournamentId).get(),
  ]);
  const people = participants.docs.map((d) => d.data());
  const names = new Map(people.map((p) => [p.participantId, p.name]));
  const leaderboard = buildLeaderboard(
    tournament.policy,
    Object.fromEntries(states.docs.map((d) => [d.id, d.data()])),
    {
      withdrawn: people.filter((p) => p.withdrawn).map((p) => p.participantId),
    },
  );
  return {
    tournament,
    rows: leaderboard.map((row) => ({ ...row, name: names.get(row.participantId) ?? row.participantId })),
  };
}
