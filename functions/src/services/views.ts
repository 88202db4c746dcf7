import type { Firestore } from 'firebase-admin/firestore';
import {
  buildLeaderboard,
  isRoundRobin,
  DomainError,
  finalStandings,
  mainStageLeaderboard,
  type ParticipantStates,
  playoffGames,
  playoffOf,
  scheduleAdviceFor,
  standingsCsv,
} from '@competition/engine';
import type { LeaderboardView, ParticipantDoc, TournamentDoc } from '@competition/engine/schemas';
import { refs } from '../firebase/refs.js';

/** The ranked leaderboard, head-to-head included: reads every state once (a view, not a score write). */
export async function getLeaderboard(db: Firestore, tournamentId: string): Promise<LeaderboardView> {
  const { tournament, rows, people } = await rankedRows(db, tournamentId);
  return {
    tournamentId,
    currentRound: tournament.currentRound,
    recommendedRounds: scheduleAdviceFor(tournament.policy, people).rounds,
    rows,
  };
}

/**
 * The standings as CSV. Once a playoff has started, its rows are the final standings in the engine's order
 * (`finalStandings`, the order the standings screen, the projector board and the printed sheet show) with the main
 * stage's figures, as the standings screen's table (docs/playoff.md#standings): the playoff's games count in the
 * places, not in the match points.
 */
export async function getStandingsCsv(db: Firestore, tournamentId: string): Promise<string> {
  const { tournament, rows, states, withdrawn } = await rankedRows(db, tournamentId);
  const names = Object.fromEntries(rows.map((r) => [r.participantId, r.name]));
  const playoff = playoffOf(tournament.system, tournament.pairing.options);
  if (!playoff) return standingsCsv(tournament.policy, rows, names);
  const ref = refs(db);
  const rounds = (await ref.rounds(tournamentId).get()).docs.map((d) => d.data());
  const first = rounds.find((r) => r.playoff?.playoffRound === 1)?.playoff;
  if (!first?.seeding) return standingsCsv(tournament.policy, rows, names);
  const { mainRounds, seeding } = first;
  const main = mainStageLeaderboard(tournament.policy, states, mainRounds, {
    withdrawn,
    roundRobin: isRoundRobin(tournament),
  });
  const played = await ref.matchUps(tournamentId).where('roundNumber', '>', mainRounds).get();
  const games = playoffGames(
    played.docs.map((d) => d.data()),
    mainRounds,
    tournament.policy.scoringPolicy,
  );
  const places = finalStandings(seeding, playoff, games, main);
  return standingsCsv(tournament.policy, main, names, { places, playoff, mainRounds });
}

async function rankedRows(
  db: Firestore,
  tournamentId: string,
): Promise<{
  tournament: TournamentDoc;
  rows: LeaderboardView['rows'];
  states: ParticipantStates;
  withdrawn: string[];
  people: ParticipantDoc[];
}> {
  const ref = refs(db);
  const tournament = (await ref.tournament(tournamentId).get()).data();
  if (!tournament) throw new DomainError('not-found', 'this tournament does not exist (or was deleted)');
  const [states, participants] = await Promise.all([
    ref.states(tournamentId).get(),
    ref.participants(tournamentId).get(),
  ]);
  const people = participants.docs.map((d) => d.data());
  const names = new Map(people.map((p) => [p.participantId, p.name]));
  const byId: ParticipantStates = Object.fromEntries(states.docs.map((d) => [d.id, d.data()]));
  const withdrawn = people.filter((p) => p.withdrawn).map((p) => p.participantId);
  const leaderboard = buildLeaderboard(tournament.policy, byId, { withdrawn, roundRobin: isRoundRobin(tournament) });
  return {
    tournament,
    rows: leaderboard.map((row) => ({ ...row, name: names.get(row.participantId) ?? row.participantId })),
    states: byId,
    withdrawn,
    people,
  };
}
