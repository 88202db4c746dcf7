import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { DomainError, requireCanEditTournament } from '@competition/engine';
import type { Refs } from '../firebase/refs.js';
import type { TournamentDoc } from '@competition/engine/schemas';
import { readOwnRole } from './roles.js';

/**
 * Runs `write` in a transaction that first reads the tournament, and only while it exists: a tournament deleted
 * meanwhile (or an import not yet finished) gets nothing written under it afterwards. Answers whether it wrote.
 */
export function whileTournamentExists(
  db: Firestore,
  ref: Refs,
  tournamentId: string,
  write: (tx: Transaction) => Promise<void> | void,
): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    if (!(await tx.get(ref.tournament(tournamentId))).exists) return false;
    await write(tx);
    return true;
  });
}

export async function readTournament(tx: Transaction, ref: Refs, tournamentId: string): Promise<TournamentDoc> {
  const tournament = (await tx.get(ref.tournament(tournamentId))).data();
  if (!tournament) throw new DomainError('not-found', 'this tournament does not exist (it may have been deleted)');
  return tournament;
}

/** The tournament, if the caller's role document makes them an editor of it. */
export async function readTournamentToEdit(
  tx: Transaction,
  ref: Refs,
  uid: string | undefined,
  tournamentId: string,
): Promise<TournamentDoc> {
  const [tournament, role] = await Promise.all([
    readTournament(tx, ref, tournamentId),
    readOwnRole(tx, ref, tournamentId, uid),
  ]);
  requireCanEditTournament(uid, tournamentId, role);
  return tournament;
}

/** The tournament, if the caller may edit it and it is not closed. */
export async function readEditableTournament(
  tx: Transaction,
  ref: Refs,
  uid: string | undefined,
  tournamentId: string,
): Promise<TournamentDoc> {
  const tournament = await readTournamentToEdit(tx, ref, uid, tournamentId);
  if (tournament.status === 'CLOSED')
    throw new DomainError(
      'failed-precondition',
      "the tournament is closed: reopen it from the organizer's desk (Organize) first",
    );
  return tournament;
}
