import type { Firestore } from 'firebase-admin/firestore';
import { type CompetitionPolicy, foldCompetition, type MatchUpRecord, standingRows } from '@competition/engine';
import { refs } from '../../src/firebase/refs.js';
import type { ParticipantDoc, TournamentDoc } from '@competition/engine/schemas';
import { toParticipant } from '../../src/services/records.js';

export interface SeedInput {
  tournamentId: string;
  policy: CompetitionPolicy;
  players: Array<{ participantId: string; rating: number }>;
  /** Pairings to store as open matchUps (results are written later, as clients do). */
  matchUps: MatchUpRecord[];
  currentRound?: number;
}

/** A player as addParticipants stores him before round 1. */
export function participantDoc(player: { participantId: string; rating?: number }): ParticipantDoc {
  return { ...player, name: `Player ${player.participantId}`, enteredRound: 1, withdrawn: false };
}

/** Stores a running tournament the way the callables leave it: initial states and rows, open matchUps. */
export async function seedTournament(db: Firestore, input: SeedInput): Promise<TournamentDoc> {
  const ref = refs(db);
  const tournament: TournamentDoc = {
    tournamentId: input.tournamentId,
    championshipId: 'champ',
    date: '2026-11-21',
    description: 'Test event',
    roundDurationMinutes: 0,
    preAlarmMinutes: 0,
    system: 'SWISS',
    pairing: { method: 'SWISS', options: {} },
    ownerUid: 'owner',
    clubIds: [],
    policy: input.policy,
    status: 'RUNNING',
    currentRound: input.currentRound ?? Math.max(0, ...input.matchUps.map((m) => m.roundNumber)),
  };
  const participants = input.players.map(participantDoc);
  const states = foldCompetition(input.policy, participants.map(toParticipant), []);
  const rows = standingRows(input.policy, Object.keys(states), {
    states,
    participants: new Map(participants.map((p) => [p.participantId, p])),
  });
  const batch = db.batch();
  batch.set(ref.tournament(input.tournamentId), tournament);
  batch.set(ref.role(input.tournamentId, 'owner'), {
    uid: 'owner',
    tournamentId: input.tournamentId,
    editor: true,
    scorekeeper: false,
    participantIds: [],
  });
  for (const p of participants) batch.set(ref.participant(input.tournamentId, p.participantId), p);
  for (const s of Object.values(states)) batch.set(ref.state(input.tournamentId, s.participantId), s);
  for (const row of rows) batch.set(ref.standing(input.tournamentId, row.participantId), row);
  for (const roundNumber of new Set(input.matchUps.map((m) => m.roundNumber))) {
    const matchUpCount = input.matchUps.filter((m) => m.roundNumber === roundNumber).length;
    batch.set(ref.round(input.tournamentId, roundNumber), {
      roundNumber,
      status: 'OPEN',
      method: 'SWISS',
      seed: 1,
      matchUpCount,
      byes: [],
      notes: [],
      requestId: `seed-round-${roundNumber}`,
      generatedBy: 'OWNER',
      generatedAt: '2026-11-21T09:00:00.000Z',
      stats: {},
    });
  }
  for (const m of input.matchUps) {
    batch.set(ref.matchUp(input.tournamentId, m.matchUpId), {
      ...m,
      movesFirst: m.b === null ? null : m.a,
      result: null,
      cost: {},
      scoredBy: null,
      scoredAt: null,
    });
  }
  await batch.commit();
  return tournament;
}
