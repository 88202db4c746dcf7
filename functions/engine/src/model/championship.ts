import { z } from 'zod';
import { DocumentId, TEXT } from '../domain/common/index.js';
import { Uid } from './roles.js';

/** championships/{championshipId}: a series of tournaments, owned by a user and linked to clubs. */
export const ChampionshipDoc = z
  .object({
    championshipId: DocumentId,
    name: z.string().trim().min(1).max(TEXT.name),
    ownerUid: Uid,
    /** Linked clubs: whoever runs one edits the championship (its `editors`, model/roles.ts). */
    clubIds: z.array(DocumentId).max(50).default([]),
    /** A closed championship takes no new tournaments. */
    closed: z.boolean().default(false),
    /** A rating scale new tournaments inherit when they name none (docs/organisation.md#championships). */
    rating: z.string().max(TEXT.scaleName).optional(),
  })
  .strict();
export type ChampionshipDoc = z.infer<typeof ChampionshipDoc>;

/** championships/{id}/tournamentKeys/{key}: claims a date for one tournament (docs/organisation.md#tournament-key). */
export const TournamentKeyDoc = z.object({ tournamentId: DocumentId }).strict();
export type TournamentKeyDoc = z.infer<typeof TournamentKeyDoc>;
