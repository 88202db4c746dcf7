import type { Firestore } from 'firebase-admin/firestore';
import { exportTournament as exportJson, importTournament as importJson } from '../domain/exchange.js';
import { DomainError, describeIssues } from '../domain/errors.js';
import { refs } from '../firebase/refs.js';
import type { ParticipantDoc } from '../model/participant.js';
import type { ImportTournamentInput } from '../model/requests.js';
import { CreateTournamentInput } from '../model/requests.js';
import { RoundDoc } from '../model/round.js';
import type { TournamentDoc } from '../model/tournament.js';
import { replayTournament } from './applyScore.js';
import { createTournament } from './organisation.js';
import { toMatchUpRecord, toParticipant } from './records.js';
import { requireCanEditTournament } from '../access/permissions.js';

/** What of the tournament document travels in an export: its description, not its identity or its people. */
function portable(tournament: TournamentDoc) {
  const { tournamentId: _id, championshipId: _c, ownerUid: _o, clubIds: _cl, editorUids: _e, scorekeeperUids: _s, policy: _p, ...rest } = tournament;
  return rest;
}

export async function exportTournament(db: Firestore, uid: string | undefined, tournamentId: string): Promise<string> {
  const ref = refs(db);
  const tournament = (await ref.tournament(tournamentId).get()).data();
  if (!tournament) throw new DomainError('not-found', `tournament ${tournamentId} does not exist`);
  requireCanEditTournament(uid, tournament);
  const [participants, rounds, matchUps] = await Promise.all([ref.participants(tournamentId).get(), ref.rounds(tournamentId).get(), ref.matchUps(tournamentId).get()]);
  return exportJson({
    tournament: portable(tournament),
    policy: tournament.policy,
    participants: participants.docs.map((d) => toParticipant(d.data())),
    rounds: rounds.docs.map((d) => d.data()).map(({ roundNumber, ...pairing }) => ({ roundNumber, pairing })),
    matchUps: matchUps.docs.map((d) => d.data()).map((m) => ({ ...toMatchUpRecord(m), movesFirst: m.movesFirst ?? (m.b === null ? null : m.a) })),
  });
}

/**
 * Creates a new tournament in a championship from an export: its description, policy, participants, rounds and
 * results, then the fold of those results. Refused whole (nothing written) when anything does not validate.
 */
export async function importTournament(db: Firestore, uid: string | undefined, input: ImportTournamentInput): Promise<{ tournamentId: string }> {
  const data = importJson(input.json);
  // Progress comes from the results; the description goes through the same schema as a new tournament's.
  const { status: _status, currentRound: _currentRound, ...described } = data.tournament;
  const creation = CreateTournamentInput.safeParse({ ...described, championshipId: input.championshipId, policy: data.policy });
  if (!creation.success) throw new DomainError('invalid-argument', `invalid tournament in the export: ${describeIssues(creation.error.issues)}`);
  const rounds = data.rounds.map((r) => RoundDoc.parse({ roundNumber: r.roundNumber, ...r.pairing }));
  const { tournamentId } = await createTournament(db, uid, creation.data);
  const ref = refs(db);
  const currentRound = Math.max(0, ...data.matchUps.map((m) => m.roundNumber));
  const firstRound = new Map<string, number>();
  for (const m of data.matchUps) for (const id of [m.a, m.b]) if (id !== null && !firstRound.has(id)) firstRound.set(id, m.roundNumber);
  const batch = db.batch();
  for (const p of data.participants) {
    const doc: ParticipantDoc = { ...p, name: p.name ?? p.participantId, enteredRound: firstRound.get(p.participantId) ?? 1, withdrawn: p.withdrawn ?? false };
    batch.set(ref.participant(tournamentId, p.participantId), doc);
  }
  for (const r of rounds) batch.set(ref.round(tournamentId, r.roundNumber), r);
  for (const m of data.matchUps) {
    batch.set(ref.matchUp(tournamentId, m.matchUpId), { ...m, movesFirst: m.b === null ? null : m.a, playerUids: [], cost: {}, scoredBy: null, scoredAt: null });
  }
  batch.update(ref.tournament(tournamentId), { currentRound, status: currentRound > 0 ? 'RUNNING' : 'DRAFT' });
  await batch.commit();
  await replayTournament(db, tournamentId);
  return { tournamentId };
}
