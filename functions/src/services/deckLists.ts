import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { DeckListDoc, type DeckListChangeDoc, type SetDeckListInput } from '@competition/engine/schemas';
import {
  deckListChanges,
  deckListsLocked,
  DomainError,
  normalDeckList,
  requireMaySetDeckList,
} from '@competition/engine';
import { refs } from '../firebase/refs.js';
import { readOwnRole, staffName } from './roles.js';
import { readTournament } from './tournamentAccess.js';

/**
 * Staff enter or correct a player's deck list (docs/judging.md#deck-lists). Before the deadline it is a plain
 * write; from the deadline (round 1 paired, or the organizer's time) the change is logged card by card, by the
 * staff member's role and name (their profile's, else their role document's) at the backend's time, in the same transaction as the list, so no client forges or
 * skips the entry (the rules let no client write the log, nor a list after the deadline).
 */
export async function setDeckList(
  db: Firestore,
  uid: string | undefined,
  input: SetDeckListInput,
  profileName?: string,
): Promise<{ logged: boolean }> {
  const ref = refs(db);
  const { tournamentId, participantId } = input;
  const list = normalDeckList(input);
  return db.runTransaction(async (tx) => {
    const [tournament, role] = await Promise.all([
      readTournament(tx, ref, tournamentId),
      readOwnRole(tx, ref, tournamentId, uid),
    ]);
    const staff = requireMaySetDeckList(uid, role);
    const settings = tournament.deckLists;
    if (!settings) throw new DomainError('failed-precondition', 'deck lists are not on for this tournament');
    if (!(await tx.get(ref.participant(tournamentId, participantId))).exists)
      throw new DomainError('not-found', 'this player is not entered in the tournament');
    const listRef = ref.deckList(tournamentId, participantId);
    // A list written past the rules' checks reads as none: the correction replaces it whole.
    const stored = DeckListDoc.safeParse((await tx.get(listRef.withConverter(null))).data());
    const before = stored.success ? stored.data : null;
    const now = Timestamp.now();
    const locked = deckListsLocked(settings, tournament, now.toMillis());
    const changes = deckListChanges(before, list);
    if (changes.length === 0 && before) return { logged: false };
    tx.set(listRef, { participantId, ...list, updatedAt: now, updatedBy: staff });
    if (!locked) return { logged: false };
    const entry: DeckListChangeDoc = {
      participantId,
      by: staff,
      ...staffName(profileName, role),
      at: now,
      changes,
    };
    tx.create(ref.deckListChanges(tournamentId).doc(), entry);
    return { logged: true };
  });
}
