import { foldCompetition, isRoundRobin, type MatchUpRecord, standingRows } from '@competition/engine';
import type { ParticipantDoc, TournamentDoc } from '@competition/engine/schemas';
import type { Refs } from '../firebase/refs.js';
import type { DocumentWriter } from './plannedWrites.js';
import { toParticipant } from './records.js';

/** Writes the fold of these participants and (judged) matchUps: every state, standings row and marker. */
export function writeFold(
  tx: DocumentWriter,
  ref: Refs,
  tournament: Pick<TournamentDoc, 'tournamentId' | 'policy' | 'currentRound' | 'system'>,
  participants: ParticipantDoc[],
  matchUps: MatchUpRecord[],
): void {
  const { tournamentId, policy } = tournament;
  const states = foldCompetition(policy, participants.map(toParticipant), matchUps);
  const ids = Object.keys(states);
  const rows = standingRows(policy, ids, {
    states,
    participants: new Map(participants.map((p) => [p.participantId, p])),
    roundRobin: isRoundRobin(tournament),
  });
  for (const id of ids) tx.set(ref.state(tournamentId, id), states[id]!);
  for (const row of rows) tx.set(ref.standing(tournamentId, row.participantId), row);
  for (const m of matchUps) tx.set(ref.applied(tournamentId, m.matchUpId), m);
}
