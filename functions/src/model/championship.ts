import { z } from 'zod';
import { Uid } from './club.js';

/** championships/{championshipId}: a series of tournaments, owned by a user and linked to clubs. */
export const ChampionshipDoc = z
  .object({
    championshipId: z.string().min(1),
    name: z.string().trim().min(1).max(200),
    ownerUid: Uid,
    clubIds: z.array(z.string().min(1)).max(50).default([]),
    /** Owner and the owners and admins of the linked clubs, kept here so security rules can check an editor. */
    editorUids: z.array(Uid).max(500).default([]),
    /** A closed championship takes no new tournaments. */
    closed: z.boolean().default(false),
    /** A rating scale new tournaments inherit (seed 004: "it may be set also on the championship"). */
    rating: z.string().max(50).optional(),
  })
  .strict();
export type ChampionshipDoc = z.infer<typeof ChampionshipDoc>;

/** championships/{id}/tournamentKeys/{key}: claims one (date, description) pair for one tournament. */
export const TournamentKeyDoc = z.object({ tournamentId: z.string().min(1) }).strict();
export type TournamentKeyDoc = z.infer<typeof TournamentKeyDoc>;
