import { z } from 'zod';
import { DocumentId, TEXT } from '../domain/common/index.js';

/**
 * clubs/{clubId}: a club (docs/organisation.md) as every signed-in user sees it. Who owns, runs and belongs to it is in
 * `clubs/{clubId}/members` (model/roles.ts), private to its members.
 */
export const ClubDoc = z
  .object({
    clubId: DocumentId,
    name: z.string().trim().min(1).max(TEXT.name),
    country: z.string().max(TEXT.clubCountry).optional(),
  })
  .strict();
export type ClubDoc = z.infer<typeof ClubDoc>;
