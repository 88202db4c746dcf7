import { z } from 'zod';
import { DocumentId } from '../domain/common/index.js';

/** A Firebase Auth account id. Account ids live only in this module's private documents (docs/organisation.md). */
export const Uid = z.string().min(1).max(128);

export const ClubRole = z.enum(['OWNER', 'ADMIN', 'MEMBER']);

/**
 * The name an account chose (its Auth profile's display name), copied onto its role documents by the callables
 * so that the people who run a club or a tournament see who is who without an account id or an email.
 */
export const DisplayName = z.string().trim().min(1).max(100);

/**
 * The account copies its renamed profile's name onto its role documents. It sends no name: the callable reads the
 * Auth profile, so nobody can put a name on documents that the account's own profile does not hold.
 */
export const RefreshDisplayNameInput = z.object({}).strict();
export type ClubRole = z.infer<typeof ClubRole>;

/**
 * clubs/{clubId}/members/{uid}: one account's place in a club. Read by that account and by the people who run
 * the club; written by the callables only. The club's owner and admins run it and edit its tournaments.
 */
export const ClubMemberDoc = z
  .object({ uid: Uid, clubId: DocumentId, role: ClubRole, displayName: DisplayName.optional() })
  .strict();
export type ClubMemberDoc = z.infer<typeof ClubMemberDoc>;

/**
 * championships/{championshipId}/editors/{uid}: an account that edits the championship (its owner, or someone
 * who runs one of its linked clubs). Derived by the backend and refreshed whenever a club's roles change.
 */
export const ChampionshipEditorDoc = z.object({ uid: Uid, championshipId: DocumentId }).strict();
export type ChampionshipEditorDoc = z.infer<typeof ChampionshipEditorDoc>;

/**
 * tournaments/{tournamentId}/roles/{uid}: everything one account may do in a tournament, in the one document
 * the security rules and the callables both read. `editor` is derived (the owner, and whoever runs one of the
 * tournament's clubs) and refreshed when a club's roles change; `scorekeeper` and `participantIds` are set by
 * the organizer. Read by that account and by the tournament's editors.
 */
export const TournamentRoleDoc = z
  .object({
    uid: Uid,
    tournamentId: DocumentId,
    editor: z.boolean().default(false),
    scorekeeper: z.boolean().default(false),
    /** The participants this account plays as: it may write their matchUps' scores. */
    participantIds: z.array(DocumentId).max(20).default([]),
    displayName: DisplayName.optional(),
  })
  .strict();
export type TournamentRoleDoc = z.infer<typeof TournamentRoleDoc>;
