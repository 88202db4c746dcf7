import { z } from 'zod';
import { DocumentId, TEXT } from '../domain/limits.js';

export const Uid = z.string().min(1).max(128);

/** clubs/{clubId}: seed 004's club, with the people who run it. */
export const ClubDoc = z
  .object({
    clubId: DocumentId,
    name: z.string().trim().min(1).max(TEXT.name),
    ownerUid: Uid,
    /** Club admins edit every tournament of the club's championships. */
    adminUids: z.array(Uid).max(100).default([]),
    memberUids: z.array(Uid).max(2000).default([]),
    country: z.string().max(TEXT.clubCountry).optional(),
  })
  .strict();
export type ClubDoc = z.infer<typeof ClubDoc>;
