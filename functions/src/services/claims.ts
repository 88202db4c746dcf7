import { randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import {
  afterWrongCode,
  CLAIM_CODE_LENGTH,
  claimCodeFromBytes,
  claimWaitMs,
  DomainError,
  NO_ATTEMPTS,
  normalizeClaimCode,
  wrongCodesLeft,
} from '@competition/engine';
import { refs } from '../firebase/refs.js';
import type { ClaimEntryInput, RegenerateClaimCodeInput } from '@competition/engine/schemas';
import { planTournamentRoles } from './roles.js';
import { readEditableTournament, readTournament } from './tournamentAccess.js';

export const newClaimCode = (): string => claimCodeFromBytes(randomBytes(CLAIM_CODE_LENGTH));

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

type Claim = { claimed: { participantId: string; name: string } } | { refused: DomainError };

/**
 * The signed-in caller becomes the account of the participant whose code they typed (the role document
 * linkParticipantAccount writes). A wrong code counts against the caller (domain/joining/claimCodes.ts), and the count is
 * stored even though the call is refused: the transaction commits, then the refusal is thrown.
 */
export async function claimEntry(
  db: Firestore,
  uid: string | undefined,
  input: ClaimEntryInput,
  now: () => number = Date.now,
  displayName?: string,
): Promise<{ participantId: string; name: string }> {
  if (!uid) throw new DomainError('unauthenticated', 'sign in first, then enter your code');
  const ref = refs(db);
  const { tournamentId } = input;
  const code = normalizeClaimCode(input.code);
  const outcome = await db.runTransaction<Claim>(async (tx) => {
    const tournament = await readTournament(tx, ref, tournamentId);
    if (tournament.status === 'CLOSED') throw new DomainError('failed-precondition', 'this tournament is over');
    const attempts = (await tx.get(ref.claimAttempts(tournamentId, uid))).data() ?? { uid, ...NO_ATTEMPTS };
    const wait = claimWaitMs(attempts, now());
    if (wait > 0) {
      const message = `too many wrong codes: try again in ${minutes(wait)} minutes, or ask the organizer to unlock you on the desk`;
      return { refused: new DomainError('resource-exhausted', message) };
    }
    const found = code ? await tx.get(ref.claimCodes(tournamentId).where('code', '==', code).limit(1)) : null;
    const claim = found?.docs[0]?.data();
    if (!claim) {
      const next = afterWrongCode(attempts, now());
      tx.set(ref.claimAttempts(tournamentId, uid), { uid, ...next, ...(displayName ? { who: displayName } : {}) });
      const left = wrongCodesLeft(next);
      const message =
        left > 0
          ? `that code matches no entry of this tournament: check it with the organizer (${left} ${left === 1 ? 'try' : 'tries'} left)`
          : `that code matches no entry of this tournament, and that was the last try: wait ${minutes(
              claimWaitMs(next, now()),
            )} minutes or ask the organizer to unlock you on the desk`;
      return { refused: new DomainError('not-found', message) };
    }
    const { participantId } = claim;
    const roles = (await tx.get(ref.roles(tournamentId))).docs.map((d) => d.data());
    const holder = roles.find((role) => role.participantIds.includes(participantId));
    if (holder && holder.uid !== uid) {
      const message = 'this entry is already claimed by another account: ask the organizer to unlink it';
      return { refused: new DomainError('already-exists', message) };
    }
    const participant = (await tx.get(ref.participant(tournamentId, participantId))).data();
    if (!participant) throw new DomainError('not-found', 'that entry is no longer in the tournament');
    const writeRoles = await planTournamentRoles(tx, ref, tournamentId, {
      accounts: [{ participantId, uid }],
      ...(displayName ? { displayNames: new Map([[uid, displayName]]) } : {}),
    });
    writeRoles();
    if (attempts.wrongCodes > 0) tx.delete(ref.claimAttempts(tournamentId, uid));
    return { claimed: { participantId, name: participant.name } };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.claimed;
}

/** A new code for one participant: the old one stops working at once. */
export async function regenerateClaimCode(
  db: Firestore,
  uid: string | undefined,
  input: RegenerateClaimCodeInput,
): Promise<{ code: string }> {
  const ref = refs(db);
  const { tournamentId, participantId } = input;
  return db.runTransaction(async (tx) => {
    await readEditableTournament(tx, ref, uid, tournamentId);
    if (!(await tx.get(ref.participant(tournamentId, participantId))).exists)
      throw new DomainError('not-found', 'that participant is not entered in this tournament');
    const code = newClaimCode();
    tx.set(ref.claimCode(tournamentId, participantId), { participantId, code });
    return { code };
  });
}
