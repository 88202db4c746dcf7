/** The reads of a championship's page and of a club's people. */
import { type Unsubscribe, query, where } from 'firebase/firestore';
import type { ClubDoc, ClubMemberDoc, ClubRole, InvitationRefInput, TournamentDoc } from '@competition/engine/schemas';
import { col, path } from './connection';
import { type Championship, type Tournament, view } from './shapes';
import { type OnError, watchDoc, watchQuery } from './watch';
import { CLUB_ROLES } from './watchMine';

export function watchChampionship(
  championshipId: string,
  onData: (item: Omit<Championship, 'canEdit'> | null) => void,
  onError: OnError,
) {
  return watchDoc(path.championship(championshipId), view.championship, onData, onError);
}

export function watchTournamentsOf(championshipId: string, onData: (items: Tournament[]) => void, onError: OnError) {
  const q = query(col(path.tournaments()), where('championshipId', '==', championshipId));
  return watchQuery(q, view.tournament, (items) => onData(items.sort((x, y) => y.date.localeCompare(x.date))), onError);
}

export interface ClubMember {
  /** The key of the member's document, used to change its role; never shown. */
  uid: string;
  role: ClubRole;
  displayName?: string;
}

/** A club's people, for those who run it: clubs/{c}/members. */
export function watchClubMembers(
  clubId: string,
  onData: (members: ClubMember[]) => void,
  onError: OnError,
): Unsubscribe {
  return watchQuery(
    col(path.clubMembers(clubId)),
    (d: ClubMemberDoc): ClubMember => ({
      uid: d.uid,
      role: CLUB_ROLES.has(d.role) ? d.role : 'MEMBER',
      ...(d.displayName ? { displayName: d.displayName } : {}),
    }),
    onData,
    onError,
  );
}

/** The name of what an invitation is for (a club, or a tournament with its date), said before it is accepted. */
export function watchInvitedTo(
  invitation: InvitationRefInput,
  onData: (name: string | null) => void,
  onError: OnError,
) {
  if (invitation.kind === 'club')
    return watchDoc(path.club(invitation.clubId), (d: ClubDoc) => d.name, onData, onError);
  return watchDoc(
    path.tournament(invitation.tournamentId),
    (d: TournamentDoc) => `${d.description} (${d.date})`,
    onData,
    onError,
  );
}
