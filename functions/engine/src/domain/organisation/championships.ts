/**
 * Championships (docs/organisation.md#championships): a new one, and linking one more club. Plain data in and out;
 * the services read the documents, ask here and write the answer. Who edits a championship once its clubs change
 * is the access rules' (access/roles.ts).
 */
import { DomainError } from '../common/index.js';

/** What the creator of a championship asks for. */
export interface ChampionshipCreation {
  name: string;
  clubIds: string[];
  rating?: string | undefined;
}

/** The championship, refused when it is not there (never created, or deleted). */
export function foundChampionship<C>(championship: C | undefined): C {
  if (!championship) throw new DomainError('not-found', 'this championship does not exist (or was deleted)');
  return championship;
}

/** A new championship's document: owned by its creator, open for tournaments. */
export function planNewChampionship<I extends ChampionshipCreation>(
  championshipId: string,
  ownerUid: string,
  input: I,
): { championshipId: string; ownerUid: string; closed: false } & I {
  return { championshipId, ownerUid, closed: false, ...input };
}

export type ClubLinkPlan<C> = { changed: false } | { changed: true; championship: C };

/** Links one more club to the championship (its tournaments keep their clubs); a club linked already changes nothing. */
export function planClubLink<C extends { clubIds: readonly string[] }>(
  championship: C,
  clubId: string,
): ClubLinkPlan<C> {
  if (championship.clubIds.includes(clubId)) return { changed: false };
  return { changed: true, championship: { ...championship, clubIds: [...championship.clubIds, clubId] } };
}
