import type { Transaction } from 'firebase-admin/firestore';
import { requireCanEditTournament } from '../access/permissions.js';
import { DomainError } from '../domain/errors.js';
import type { Refs } from '../firebase/refs.js';
import type { TournamentDoc } from '../model/tournament.js';

export async function readTournament(tx: Transaction, ref: Refs, tournamentId: string): Promise<TournamentDoc> {
  const tournament = (await tx.get(ref.tournament(tournamentId))).data();
  if (!tournament) throw new DomainError('not-found', `tournament ${tournamentId} does not exist`);
  return tournament;
}

/** The tournament, if the caller may edit it and it is not closed. */
export async function readEditableTournament(tx: Transaction, ref: Refs, uid: string | undefined, tournamentId: string): Promise<TournamentDoc> {
  const tournament = await readTournament(tx, ref, tournamentId);
  requireCanEditTournament(uid, tournament);
  if (tournament.status === 'CLOSED') throw new DomainError('failed-precondition', `tournament ${tournamentId} is closed`);
  return tournament;
}
