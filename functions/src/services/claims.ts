import { randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import {
  assertMayTryCode,
  CLAIM_CODE_LENGTH,
  claimCodeFromBytes,
  type ClaimPlan,
  DomainError,
  NO_ATTEMPTS,
  normalizeClaimCode,
  planClaim,
  planClaimCode,
} from '@competition/engine';
import { refs } from '../firebase/refs.js';
import type { ClaimEntryInput, RegenerateClaimCodeInput } from '@competition/engine/schemas';
import { planTournamentRoles } from './roles.js';
import { readEditableTournament, readTournament } from './tournamentAccess.js';

export const newClaimCode = (): string => claimCodeFromBytes(randomBytes(CLAIM_CODE_LENGTH));

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
  const outcome = await db.runTransaction<ClaimPlan>(async (tx) => {
    const tournament = await readTournament(tx, ref, tournamentId);
    const attempts = (await tx.get(ref.claimAttempts(tournamentId, uid))).data() ?? { uid, ...NO_ATTEMPTS };
    const at = now();
    assertMayTryCode(tournament, attempts, at);
    const found = code ? await tx.get(ref.claimCodes(tournamentId).where('code', '==', code).limit(1)) : null;
    const claim = found?.docs[0]?.data();
    const [roles, participant] = claim
      ? await Promise.all([
          tx.get(ref.roles(tournamentId)).then((snap) => snap.docs.map((d) => d.data())),
          tx.get(ref.participant(tournamentId, claim.participantId)).then((snap) => snap.data()),
        ])
      : [[], undefined];
    const plan = planClaim({ uid, now: at, attempts, claim, roles, participant });
    if ('refused' in plan) {
      if (plan.attempts) {
        const who = displayName ? { who: displayName } : {};
        tx.set(ref.claimAttempts(tournamentId, uid), { uid, ...plan.attempts, ...who });
      }
      return plan;
    }
    const writeRoles = await planTournamentRoles(tx, ref, tournamentId, {
      accounts: [{ participantId: plan.claimed.participantId, uid }],
      ...(displayName ? { displayNames: new Map([[uid, displayName]]) } : {}),
    });
    writeRoles();
    if (plan.clearAttempts) tx.delete(ref.claimAttempts(tournamentId, uid));
    return plan;
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
    const exists = (await tx.get(ref.participant(tournamentId, participantId))).exists;
    const claimCode = planClaimCode(exists, participantId, newClaimCode());
    tx.set(ref.claimCode(tournamentId, claimCode.participantId), claimCode);
    return { code: claimCode.code };
  });
}
