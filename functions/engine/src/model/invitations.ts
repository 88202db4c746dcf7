import { z } from 'zod';
import { DEFAULT_LIFETIME_DAYS, MAX_LIFETIME_DAYS, MAX_USES } from '../domain/organisation/index.js';
import { DocumentId } from '../domain/common/index.js';
import { Uid } from './roles.js';

/** An invitation's secret: base64url, long enough that guessing is hopeless (domain/organisation/invitations.ts). */
export const InvitationToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,64}$/, 'this invitation link is incomplete: open the whole link you were sent');

/** What accepting an invitation makes its taker: scorekeeper of a tournament, admin or member of a club. */
export const InvitationRole = z.enum(['SCOREKEEPER', 'ADMIN', 'MEMBER']);
export type InvitationRole = z.infer<typeof InvitationRole>;

/**
 * tournaments/{t}/invitations/{token} and clubs/{c}/invitations/{token}: read by the tournament's editors (the
 * club's owner and admins), written by the callables only. `acceptedBy` holds the accounts that took it, so
 * accepting twice uses it once; it never grows beyond `maxUses`.
 */
export const InvitationDoc = z
  .object({
    token: InvitationToken,
    role: InvitationRole,
    createdAt: z.number().int(),
    expiresAt: z.number().int(),
    maxUses: z.number().int().min(1).max(MAX_USES),
    acceptedBy: z.array(Uid).max(MAX_USES),
    revoked: z.boolean(),
  })
  .strict();
export type InvitationDoc = z.infer<typeof InvitationDoc>;

const lifetimeDays = z
  .number()
  .int('whole days')
  .min(1, 'at least one day')
  .max(MAX_LIFETIME_DAYS, `at most ${MAX_LIFETIME_DAYS} days`)
  .default(DEFAULT_LIFETIME_DAYS);
const maxUses = z
  .number()
  .int('a whole number of people')
  .min(1, 'at least one person')
  .max(MAX_USES, `at most ${MAX_USES} people`)
  .default(1);

/** Where an invitation lives: one tournament, or one club. */
export const InvitationScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tournament'), tournamentId: DocumentId }).strict(),
  z.object({ kind: z.literal('club'), clubId: DocumentId }).strict(),
]);
export type InvitationScope = z.infer<typeof InvitationScope>;

export const CreateInvitationInput = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('tournament'),
      tournamentId: DocumentId,
      role: z.literal('SCOREKEEPER'),
      lifetimeDays,
      maxUses,
    })
    .strict(),
  z
    .object({ kind: z.literal('club'), clubId: DocumentId, role: z.enum(['ADMIN', 'MEMBER']), lifetimeDays, maxUses })
    .strict(),
]);
export type CreateInvitationInput = z.infer<typeof CreateInvitationInput>;

export const InvitationRefInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tournament'), tournamentId: DocumentId, token: InvitationToken }).strict(),
  z.object({ kind: z.literal('club'), clubId: DocumentId, token: InvitationToken }).strict(),
]);
export type InvitationRefInput = z.infer<typeof InvitationRefInput>;
