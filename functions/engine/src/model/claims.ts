import { z } from 'zod';
import { CLAIM_ALPHABET, CLAIM_CODE_LENGTH } from '../domain/joining/index.js';
import { DocumentId } from '../domain/common/index.js';
import { Uid } from './roles.js';

const StoredCode = z
  .string()
  .length(CLAIM_CODE_LENGTH)
  .refine((code) => [...code].every((c) => CLAIM_ALPHABET.includes(c)), 'must be Crockford base32');

/** tournaments/{t}/claimCodes/{participantId}: the code that makes its typer this participant's account. */
export const ClaimCodeDoc = z.object({ participantId: DocumentId, code: StoredCode }).strict();
export type ClaimCodeDoc = z.infer<typeof ClaimCodeDoc>;

/** tournaments/{t}/claimAttempts/{uid}: wrong codes in a row, and the lock they earned (domain/joining/claimCodes.ts). */
export const ClaimAttemptsDoc = z
  .object({
    uid: Uid,
    wrongCodes: z.number().int().min(0),
    lockedUntil: z.number().int().nullable(),
    /** The account's name when it last tried, so that the desk can say whom it unlocks. */
    who: z.string().max(200).optional(),
  })
  .strict();
export type ClaimAttemptsDoc = z.infer<typeof ClaimAttemptsDoc>;

/** A player claims an entry with the code the organizer gave them (typed as they like: case, hyphens). */
export const ClaimEntryInput = z
  .object({ tournamentId: DocumentId, code: z.string().trim().min(1, 'type the code').max(32) })
  .strict();
export type ClaimEntryInput = z.infer<typeof ClaimEntryInput>;

/** The organizer replaces a participant's code (or gives one to an entry that has none); the old one stops working. */
export const RegenerateClaimCodeInput = z.object({ tournamentId: DocumentId, participantId: DocumentId }).strict();
export type RegenerateClaimCodeInput = z.infer<typeof RegenerateClaimCodeInput>;
