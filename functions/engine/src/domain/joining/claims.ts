/**
 * Claiming an entry with its code (docs/joining.md): whether the account may try a code now, what a wrong code
 * leaves behind, and whose entry a right one makes the account's. The codes themselves and the lock-out arithmetic
 * are claimCodes.ts'. Plain data in and out; the services read the documents, ask here and write the answer.
 */
import { DomainError } from '../common/index.js';
import { type ClaimAttempts, afterWrongCode, claimWaitMs, wrongCodesLeft } from './claimCodes.js';

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * The account may type a code: refused once the tournament is over, and while wrong codes have locked the account
 * out (nothing is written then).
 */
export function assertMayTryCode(tournament: { status: string }, attempts: ClaimAttempts, now: number): void {
  if (tournament.status === 'CLOSED') throw new DomainError('failed-precondition', 'this tournament is over');
  const wait = claimWaitMs(attempts, now);
  if (wait > 0)
    throw new DomainError(
      'resource-exhausted',
      `too many wrong codes: try again in ${minutes(wait)} minutes, or ask the organizer to unlock you on the desk`,
    );
}

/** What a claim reads once the account may try: the entry the code names, who plays it, and the entry itself. */
export interface ClaimReads {
  uid: string;
  now: number;
  attempts: ClaimAttempts;
  /** The entry whose code was typed; undefined when no entry has it (or what was typed cannot be a code). */
  claim: { participantId: string } | undefined;
  /** The tournament's role documents, read when the code names an entry. */
  roles: readonly { uid: string; participantIds: readonly string[] }[];
  /** The entry the code names, as stored (undefined: no longer in the tournament). */
  participant: { name: string } | undefined;
}

export type ClaimPlan =
  | {
      /** Refused: the wrong code is counted (`attempts` to store) and the refusal is thrown once it is. */
      refused: DomainError;
      attempts?: ClaimAttempts;
    }
  | {
      claimed: { participantId: string; name: string };
      /** A right code clears the wrong codes typed before it. */
      clearAttempts: boolean;
    };

/**
 * A code typed by an account allowed to try (assertMayTryCode): a wrong one counts against the account and says how
 * many tries are left, or how long it is locked out; an entry another account plays is refused; else the account
 * becomes the entry's (the services write its role). The wrong code's count is stored though the call is refused.
 */
export function planClaim(reads: ClaimReads): ClaimPlan {
  const { uid, now, attempts, claim } = reads;
  if (!claim) {
    const next = afterWrongCode(attempts, now);
    const left = wrongCodesLeft(next);
    const message =
      left > 0
        ? `that code matches no entry of this tournament: check it with the organizer (${left} ${left === 1 ? 'try' : 'tries'} left)`
        : `that code matches no entry of this tournament, and that was the last try: wait ${minutes(
            claimWaitMs(next, now),
          )} minutes or ask the organizer to unlock you on the desk`;
    return { refused: new DomainError('not-found', message), attempts: next };
  }
  const { participantId } = claim;
  const holder = reads.roles.find((role) => role.participantIds.includes(participantId));
  if (holder && holder.uid !== uid) {
    const message = 'this entry is already claimed by another account: ask the organizer to unlink it';
    return { refused: new DomainError('already-exists', message) };
  }
  if (!reads.participant) throw new DomainError('not-found', 'that entry is no longer in the tournament');
  return { claimed: { participantId, name: reads.participant.name }, clearAttempts: attempts.wrongCodes > 0 };
}

/** A new code for an entry (the old one stops working at once): refused when the entry is not in the tournament. */
export function planClaimCode(
  participantExists: boolean,
  participantId: string,
  code: string,
): { participantId: string; code: string } {
  if (!participantExists) throw new DomainError('not-found', 'that participant is not entered in this tournament');
  return { participantId, code };
}
