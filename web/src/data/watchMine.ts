/**
 * The Home screen's reads: the clubs, championships and tournaments I belong to, found through my own documents
 * (members, editors, roles) across their parents, each then read with a listener of its own.
 */
import { type Unsubscribe, collectionGroup, onSnapshot, query, where } from 'firebase/firestore';
import type { ClubDoc, ClubMemberDoc, ClubRole, TournamentDoc, TournamentRoleDoc } from '@competition/engine/schemas';
import { COLLECTIONS } from '@competition/engine/view';
import { col, live, path } from './connection';
import { type Championship, type Club, type Tournament, stored, view } from './shapes';
import { type OnError, watchDoc, watchEach } from './watch';

export const CLUB_ROLES: ReadonlySet<string> = new Set(['OWNER', 'ADMIN', 'MEMBER']);

interface Belonging<M, G, S, T> {
  uid: string;
  /** The collection group of my own documents, one under each thing I belong to. */
  group: string;
  /** What my document there grants me; undefined: nothing (the thing is not listed for it). */
  grant: (mine: M) => G | undefined;
  at: (id: string) => string;
  /** The thing as the screen sees it, with what I hold in it (undefined when only `more` listed it). */
  view: (data: S, id: string, grant: G | undefined) => T;
  order: (x: T, y: T) => number;
  /** Ids listed another way than through my own documents, and how to stop listing them. */
  more?: (onIds: (ids: string[]) => void) => Unsubscribe;
}

/**
 * The things I belong to through my own documents in `group`: what I hold in each is applied when the list is
 * reported, so a change of my role shows without the thing itself changing.
 */
function watchBelonging<M, G, S, T>(
  spec: Belonging<M, G, S, T>,
  onData: (items: T[]) => void,
  onError: OnError,
): Unsubscribe {
  const held = new Map<string, G>();
  let more: string[] = [];
  const things = watchEach<{ id: string; data: S }>(
    (id, onItem) => watchDoc(spec.at(id), (data: S) => ({ id, data }), onItem, onError),
    (items) => onData(items.map(({ id, data }) => spec.view(data, id, held.get(id))).sort(spec.order)),
  );
  const refresh = () => things.set(new Set([...held.keys(), ...more]));
  const mine = onSnapshot(
    query(collectionGroup(live().db, spec.group), where('uid', '==', spec.uid)),
    (snap) => {
      held.clear();
      for (const d of snap.docs) {
        const grant = spec.grant(stored<M>(d)!);
        const parentId = d.ref.parent.parent?.id;
        if (parentId && grant !== undefined) held.set(parentId, grant);
      }
      refresh();
    },
    onError,
  );
  const stopMore = spec.more?.((ids) => {
    more = ids;
    refresh();
  });
  return () => {
    mine();
    stopMore?.();
    things.stop();
  };
}

const byName = (x: { name: string }, y: { name: string }) => x.name.localeCompare(y.name);

/** The clubs I belong to, with my role in each: my own members documents, across clubs. */
export function watchMyClubs(uid: string, onData: (clubs: Club[]) => void, onError: OnError): Unsubscribe {
  return watchBelonging(
    {
      uid,
      group: COLLECTIONS.members,
      grant: ({ role }: ClubMemberDoc) => (CLUB_ROLES.has(role) ? role : undefined),
      at: path.club,
      view: (d: ClubDoc, _id, role: ClubRole | undefined) => view.club(d, role ?? 'MEMBER'),
      order: byName,
    },
    onData,
    onError,
  );
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
  // array-contains-any takes at most 30 values: a member of more clubs sees the first 30 clubs' championships.
  const linked = (onIds: (ids: string[]) => void) =>
    clubIds.length === 0
      ? () => {}
      : onSnapshot(
          query(col(path.championships()), where('clubIds', 'array-contains-any', clubIds.slice(0, 30))),
          (snap) => onIds(snap.docs.map((d) => d.id)),
          onError,
        );
  return watchBelonging(
    {
      uid,
      group: COLLECTIONS.editors,
      grant: () => true,
      at: path.championship,
      view: (d: Parameters<typeof view.championship>[0], _id, edits) => ({ ...view.championship(d), canEdit: !!edits }),
      order: byName,
      more: linked,
    },
    onData,
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

/** What my roles document says I do in its tournament; undefined when nothing. */
function rolesOf(role: Partial<TournamentRoleDoc>): MyTournament['roles'] | undefined {
  const what: MyTournament['roles'] = [];
  if (role.editor) what.push('organizer');
  if (role.scorekeeper) what.push('scorekeeper');
  if (role.participantIds?.length) what.push('player');
  return what.length ? what : undefined;
}

/** The tournaments I run, keep score in or play in, newest first: my own roles documents, across tournaments. */
export function watchMyTournaments(
  uid: string,
  onData: (items: MyTournament[]) => void,
  onError: OnError,
): Unsubscribe {
  return watchBelonging(
    {
      uid,
      group: COLLECTIONS.roles,
      grant: rolesOf,
      at: path.tournament,
      view: (d: Pick<TournamentDoc, 'description' | 'date' | 'status'>, tournamentId, roles): MyTournament => ({
        tournamentId,
        description: d.description,
        date: d.date,
        status: d.status ?? 'DRAFT',
        roles: roles ?? [],
      }),
      order: (x, y) => y.date.localeCompare(x.date) || x.description.localeCompare(y.description),
    },
    onData,
    onError,
  );
}
