/**
 * The live reads: each screen's listener on the documents it shows, mapped to what the screens see (shapes.ts).
 * A listener's error goes to its caller's onError, which shows it: a refusal never reads as "nothing there".
 */
import {
  type FirestoreError,
  type Query,
  type Unsubscribe,
  collectionGroup,
  onSnapshot,
  query,
  where,
} from 'firebase/firestore';
import type { ClubDoc } from '@competition/engine/model/club';
import type { StandingsStatusDoc } from '@competition/engine/model/derived';
import type { InvitationDoc, InvitationScope } from '@competition/engine/model/invitations';
import { COLLECTIONS } from '@competition/engine/model/paths';
import type { ClubMemberDoc, ClubRole, TournamentRoleDoc } from '@competition/engine/model/roles';
import type { RegistrationDoc } from '@competition/engine/model/joining';
import type { TournamentDoc } from '@competition/engine/model/tournament';
import { col, live, path, ref } from './connection';
import {
  type Championship,
  type Club,
  type MatchUp,
  NO_ROLES,
  type Participant,
  type ParticipantState,
  type Roles,
  type Round,
  type ResultChange,
  type ScoreProblem,
  type Standing,
  type Tournament,
  stored,
  view,
} from './shapes';

export type OnError = (error: FirestoreError) => void;
/** Turns a stored document of type S into what the screens see. */
type Mapper<S, T> = (data: S) => T;

function watchQuery<S, T>(q: Query, map: Mapper<S, T>, onData: (items: T[]) => void, onError: OnError): Unsubscribe {
  return onSnapshot(q, (snap) => onData(snap.docs.map((d) => map(stored<S>(d)!))), onError);
}

function watchDoc<S, T>(
  at: string,
  map: Mapper<S, T>,
  onData: (item: T | null) => void,
  onError: OnError,
): Unsubscribe {
  return onSnapshot(
    ref(at),
    (snap) => {
      const data = stored<S>(snap);
      onData(data === undefined ? null : map(data));
    },
    onError,
  );
}

/** Keeps one listener per id of a changing set, and reports the documents found, in id order. */
function watchEach<T>(
  watch: (id: string, onItem: (item: T | null) => void) => Unsubscribe,
  onData: (items: T[]) => void,
) {
  const listeners = new Map<string, Unsubscribe>();
  const items = new Map<string, T | null>();
  const report = () => onData([...items.keys()].sort().flatMap((id) => items.get(id) ?? []));
  return {
    set(ids: Iterable<string>) {
      const wanted = new Set(ids);
      for (const [id, stop] of listeners) {
        if (wanted.has(id)) continue;
        stop();
        listeners.delete(id);
        items.delete(id);
      }
      for (const id of wanted) {
        if (listeners.has(id)) continue;
        items.set(id, null);
        listeners.set(
          id,
          watch(id, (item) => {
            items.set(id, item);
            report();
          }),
        );
      }
      report();
    },
    stop() {
      for (const stop of listeners.values()) stop();
      listeners.clear();
    },
  };
}

const CLUB_ROLES: ReadonlySet<string> = new Set(['OWNER', 'ADMIN', 'MEMBER']);

/** The clubs I belong to, with my role in each: my own members documents, across clubs. */
export function watchMyClubs(uid: string, onData: (clubs: Club[]) => void, onError: OnError): Unsubscribe {
  const roles = new Map<string, ClubRole>();
  const clubs = watchEach<Club>(
    (clubId, onItem) =>
      watchDoc(path.club(clubId), (d: ClubDoc) => view.club(d, roles.get(clubId) ?? 'MEMBER'), onItem, onError),
    (items) => onData(items.sort((x, y) => x.name.localeCompare(y.name))),
  );
  const members = onSnapshot(
    query(collectionGroup(live().db, COLLECTIONS.members), where('uid', '==', uid)),
    (snap) => {
      roles.clear();
      for (const d of snap.docs) {
        const { role } = stored<ClubMemberDoc>(d)!;
        const clubId = d.ref.parent.parent?.id;
        if (clubId && CLUB_ROLES.has(role)) roles.set(clubId, role);
      }
      clubs.set(roles.keys());
    },
    onError,
  );
  return () => {
    members();
    clubs.stop();
  };
}

/**
 * The championships I edit (my own editors documents) and those linked to my clubs, which
 * members see without editing.
 */
export function watchMyChampionships(
  uid: string,
  clubIds: readonly string[],
  onData: (items: Championship[]) => void,
  onError: OnError,
): Unsubscribe {
  const edited = new Set<string>();
  const linked = new Set<string>();
  const championships = watchEach<Omit<Championship, 'canEdit'>>(
    (id, onItem) => watchDoc(path.championship(id), view.championship, onItem, onError),
    (items) =>
      onData(
        items
          .map((c) => ({ ...c, canEdit: edited.has(c.championshipId) }))
          .sort((x, y) => x.name.localeCompare(y.name)),
      ),
  );
  const refresh = () => championships.set([...edited, ...linked]);
  const setEdited = (ids: string[]) => {
    edited.clear();
    for (const id of ids) edited.add(id);
    refresh();
  };
  const editors = onSnapshot(
    query(collectionGroup(live().db, COLLECTIONS.editors), where('uid', '==', uid)),
    (snap) => setEdited(snap.docs.flatMap((d) => d.ref.parent.parent?.id ?? [])),
    onError,
  );
  // array-contains-any takes at most 30 values: a member of more clubs sees the first 30 clubs' championships.
  const stopLinked =
    clubIds.length === 0
      ? () => {}
      : onSnapshot(
          query(col(path.championships()), where('clubIds', 'array-contains-any', clubIds.slice(0, 30))),
          (snap) => {
            linked.clear();
            for (const d of snap.docs) linked.add(d.id);
            refresh();
          },
          onError,
        );
  return () => {
    editors();
    stopLinked();
    championships.stop();
  };
}

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

export function watchTournament(tournamentId: string, onData: (item: Tournament | null) => void, onError: OnError) {
  return watchDoc(path.tournament(tournamentId), view.tournament, onData, onError);
}

export function watchParticipants(tournamentId: string, onData: (items: Participant[]) => void, onError: OnError) {
  return watchQuery(col(path.participants(tournamentId)), view.participant, onData, onError);
}

export function watchRounds(tournamentId: string, onData: (items: Round[]) => void, onError: OnError) {
  return watchQuery(
    col(path.rounds(tournamentId)),
    view.round,
    (items) => onData(items.sort((x, y) => x.roundNumber - y.roundNumber)),
    onError,
  );
}

/**
 * The matchUps with where each copy stands (MatchUpSync): the metadata changes too, so a score written offline
 * reads "waiting to send" until the server has it, and a refusal on arrival shows as the server's result coming back.
 */
export function watchMatchUps(tournamentId: string, onData: (items: MatchUp[]) => void, onError: OnError) {
  return onSnapshot(
    col(path.matchUps(tournamentId)),
    { includeMetadataChanges: true },
    (snap) => {
      const items = snap.docs.map((d) => ({
        ...view.matchUp(stored<Parameters<typeof view.matchUp>[0]>(d)!),
        sync: d.metadata.hasPendingWrites ? 'pending' : snap.metadata.fromCache ? 'cache' : 'server',
      })) satisfies MatchUp[];
      onData(items.sort((x, y) => x.roundNumber - y.roundNumber || x.order - y.order));
    },
    onError,
  );
}

export function watchStandings(tournamentId: string, onData: (items: Standing[]) => void, onError: OnError) {
  return watchQuery(col(path.standings(tournamentId)), view.standing, onData, onError);
}

/** Whether the standings are being brought up to date after a corrected result (the backend writes it in steps). */
export function watchStandingsUpdating(
  tournamentId: string,
  onData: (updating: boolean) => void,
  onError: OnError,
): Unsubscribe {
  return watchDoc(
    path.standingsStatus(tournamentId),
    (d: StandingsStatusDoc) => d.pending,
    (updating) => onData(updating ?? false),
    onError,
  );
}

/** Every participant's state: only the head-to-head tiebreak needs them (it is decided inside a tied group). */
export function watchStates(tournamentId: string, onData: (items: ParticipantState[]) => void, onError: OnError) {
  return watchQuery(col(path.states(tournamentId)), view.state, onData, onError);
}

export function watchState(
  tournamentId: string,
  participantId: string,
  onData: (item: ParticipantState | null) => void,
  onError: OnError,
) {
  return watchDoc(path.state(tournamentId, participantId), view.state, onData, onError);
}

/** Results that are not in the standings, and why: only editors may read them (the rules refuse the others). */
export function watchScoreProblems(
  tournamentId: string,
  onData: (items: ScoreProblem[]) => void,
  onError: OnError,
): Unsubscribe {
  return watchQuery(col(path.scoreProblems(tournamentId)), view.scoreProblem, onData, onError);
}

/** Every change of one game's result and reports, oldest first: only editors may read them. */
export function watchResultChanges(
  tournamentId: string,
  matchUpId: string,
  onData: (items: ResultChange[]) => void,
  onError: OnError,
): Unsubscribe {
  const q = query(col(path.resultChanges(tournamentId)), where('matchUpId', '==', matchUpId));
  const oldestFirst = (items: ResultChange[]) => onData([...items].sort((x, y) => x.at.localeCompare(y.at)));
  return watchQuery(q, (d: ResultChange) => d, oldestFirst, onError);
}

/** What this account may do in the tournament and which participants it plays: its own roles document. */
export function watchRoles(
  tournamentId: string,
  uid: string,
  onData: (roles: Roles) => void,
  onError: OnError,
): Unsubscribe {
  const none = { ...NO_ROLES, uid };
  return watchDoc(
    path.role(tournamentId, uid),
    (d: Partial<TournamentRoleDoc>) => view.roles(d, uid),
    (roles) => onData(roles ?? none),
    onError,
  );
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

/** The tournament's scorekeepers, for its editors: the roles documents with `scorekeeper`. */
export function watchScorekeepers(
  tournamentId: string,
  onData: (uids: string[]) => void,
  onError: OnError,
): Unsubscribe {
  return watchQuery(
    query(col(path.roles(tournamentId)), where('scorekeeper', '==', true)),
    (d: TournamentRoleDoc) => d.uid,
    onData,
    onError,
  );
}

export interface ClaimCode {
  participantId: string;
  code: string;
}

/** Every entry's private claim code, for the tournament's editors (the rules refuse everyone else). */
export function watchClaimCodes(tournamentId: string, onData: (codes: ClaimCode[]) => void, onError: OnError) {
  return watchQuery(
    col(path.claimCodes(tournamentId)),
    (d: ClaimCode): ClaimCode => ({ participantId: d.participantId, code: d.code }),
    onData,
    onError,
  );
}

/** The entries an account plays as, for the tournament's editors (who read every role document). */
export function watchLinkedParticipants(tournamentId: string, onData: (ids: string[]) => void, onError: OnError) {
  return watchQuery(
    col(path.roles(tournamentId)),
    (d: TournamentRoleDoc) => d.participantIds ?? [],
    (lists) => onData(lists.flat()),
    onError,
  );
}

/** A tournament I belong to, with what I do in it (organizer, scorekeeper, player). */
export interface MyTournament {
  tournamentId: string;
  description: string;
  date: string;
  status: Tournament['status'];
  roles: Array<'organizer' | 'scorekeeper' | 'player'>;
}

/** The tournaments I run, keep score in or play in, newest first: my own roles documents, across tournaments. */
export function watchMyTournaments(
  uid: string,
  onData: (items: MyTournament[]) => void,
  onError: OnError,
): Unsubscribe {
  const held = new Map<string, MyTournament['roles']>();
  const tournaments = watchEach<MyTournament>(
    (tournamentId, onItem) =>
      watchDoc(
        path.tournament(tournamentId),
        (d: Pick<TournamentDoc, 'description' | 'date' | 'status'>): MyTournament => ({
          tournamentId,
          description: d.description,
          date: d.date,
          status: d.status ?? 'DRAFT',
          roles: held.get(tournamentId) ?? [],
        }),
        onItem,
        onError,
      ),
    (items) =>
      onData(
        items
          .map((item) => ({ ...item, roles: held.get(item.tournamentId) ?? item.roles }))
          .sort((x, y) => y.date.localeCompare(x.date) || x.description.localeCompare(y.description)),
      ),
  );
  const roles = onSnapshot(
    query(collectionGroup(live().db, COLLECTIONS.roles), where('uid', '==', uid)),
    (snap) => {
      held.clear();
      for (const d of snap.docs) {
        const role = stored<Partial<TournamentRoleDoc>>(d)!;
        const what: MyTournament['roles'] = [];
        if (role.editor) what.push('organizer');
        if (role.scorekeeper) what.push('scorekeeper');
        if (role.participantIds?.length) what.push('player');
        const tournamentId = d.ref.parent.parent?.id;
        if (tournamentId && what.length) held.set(tournamentId, what);
      }
      tournaments.set(held.keys());
    },
    onError,
  );
  return () => {
    roles();
    tournaments.stop();
  };
}

/** A registration as the desk and its author see it (never its account). */
export type Registration = Omit<RegistrationDoc, 'uid'>;

const registrationView = ({ uid: _uid, ...rest }: RegistrationDoc): Registration => rest;

/** Every registration of the tournament, for its editors (the rules refuse everyone else). */
export function watchRegistrations(tournamentId: string, onData: (items: Registration[]) => void, onError: OnError) {
  return watchQuery(col(path.registrations(tournamentId)), registrationView, onData, onError);
}

/** My own registration to the tournament, if any (the rules let me list only mine). */
export function watchMyRegistration(
  tournamentId: string,
  uid: string,
  onData: (item: Registration | null) => void,
  onError: OnError,
) {
  return watchQuery(
    query(col(path.registrations(tournamentId)), where('uid', '==', uid)),
    registrationView,
    (items) => onData(items[0] ?? null),
    onError,
  );
}

/** One account's place in a tournament, for its editors: `uid` keys the removal callables and is never shown. */
export interface TournamentPerson {
  uid: string;
  displayName?: string;
  scorekeeper: boolean;
  participantIds: string[];
}

/** Everyone who keeps score or plays as an entry, with the name each chose (the roles documents). */
export function watchTournamentPeople(
  tournamentId: string,
  onData: (people: TournamentPerson[]) => void,
  onError: OnError,
) {
  return watchQuery(
    col(path.roles(tournamentId)),
    (d: TournamentRoleDoc): TournamentPerson => ({
      uid: d.uid,
      ...(d.displayName ? { displayName: d.displayName } : {}),
      scorekeeper: d.scorekeeper === true,
      participantIds: d.participantIds ?? [],
    }),
    onData,
    onError,
  );
}

/** A tournament's or a club's invitations, newest first, for the people who run it. */
export function watchInvitations(
  scope: InvitationScope,
  onData: (invitations: InvitationDoc[]) => void,
  onError: OnError,
) {
  const at =
    scope.kind === 'tournament' ? path.tournamentInvitations(scope.tournamentId) : path.clubInvitations(scope.clubId);
  return watchQuery(
    col(at),
    (d: InvitationDoc) => d,
    (list) => onData(list.sort((x, y) => y.createdAt - x.createdAt)),
    onError,
  );
}
