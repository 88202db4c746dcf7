/**
 * Every Firestore path, document shape and callable the app uses, in one module: the rest of the app sees plain
 * typed values and functions, so a change of the data contract is a change here.
 *
 * Shapes are the backend's zod schemas (functions/src/model, as types), read leniently: account ids are being
 * moved out of public documents (roles, members and editors subcollections), so the views below drop them, and
 * the few places that still need them on a backend of the older contract (a tournament document with
 * `ownerUid`, a club with `memberUids`, a matchUp with `playerUids`) are marked LEGACY and fall back only when
 * the new documents are not there. Documents are read as the backend wrote them (its converters check every
 * write); the callables' inputs are checked with their own schemas, which load with the first action, so the
 * first screen carries no schema library.
 */
import {
  type DocumentData,
  type FirestoreError,
  type Query,
  type Unsubscribe,
  collection,
  collectionGroup,
  deleteField,
  doc,
  onSnapshot,
  query,
  serverTimestamp,
  updateDoc,
  where,
} from 'firebase/firestore';
import type { z } from 'zod';
import type { MatchUpResultInput } from '../../../functions/src/domain/results';
import type { ChampionshipDoc } from '../../../functions/src/model/championship';
import type { ClubDoc } from '../../../functions/src/model/club';
import type { StandingDoc, StateDoc } from '../../../functions/src/model/derived';
import type { MatchUpDoc } from '../../../functions/src/model/matchUp';
import type { ParticipantDoc } from '../../../functions/src/model/participant';
import type * as Requests from '../../../functions/src/model/requests';
import type { RoundDoc } from '../../../functions/src/model/round';
import type { TournamentDoc } from '../../../functions/src/model/tournament';
import type { Connection } from './firebase';

// ---------------------------------------------------------------- the connection

let connection: Connection | undefined;

export function setConnection(value: Connection): void {
  connection = value;
}

function live(): Connection {
  if (!connection) throw new Error('the data layer is used before connect() finished');
  return connection;
}

// ---------------------------------------------------------------- paths

const path = {
  club: (clubId: string) => `clubs/${clubId}`,
  clubs: () => 'clubs',
  championship: (championshipId: string) => `championships/${championshipId}`,
  championships: () => 'championships',
  tournaments: () => 'tournaments',
  tournament: (t: string) => `tournaments/${t}`,
  participants: (t: string) => `tournaments/${t}/participants`,
  participant: (t: string, p: string) => `tournaments/${t}/participants/${p}`,
  rounds: (t: string) => `tournaments/${t}/rounds`,
  round: (t: string, n: number) => `tournaments/${t}/rounds/${n}`,
  matchUps: (t: string) => `tournaments/${t}/matchUps`,
  matchUp: (t: string, m: string) => `tournaments/${t}/matchUps/${m}`,
  standings: (t: string) => `tournaments/${t}/standings`,
  states: (t: string) => `tournaments/${t}/states`,
  state: (t: string, p: string) => `tournaments/${t}/states/${p}`,
  role: (t: string, uid: string) => `tournaments/${t}/roles/${uid}`,
  roles: (t: string) => `tournaments/${t}/roles`,
  clubMembers: (clubId: string) => `clubs/${clubId}/members`,
  scoreProblems: (t: string) => `tournaments/${t}/scoreProblems`,
} as const;

/** Subcollections read across their parents: "my clubs" and "my championships". */
const GROUP = { clubMembers: 'members', championshipEditors: 'editors' } as const;

// ---------------------------------------------------------------- shapes (the backend's schemas, minus account ids)

export type ClubRole = 'OWNER' | 'ADMIN' | 'MEMBER';
export type Club = Pick<ClubDoc, 'clubId' | 'name' | 'country'> & { role: ClubRole };
export type Championship = Omit<ChampionshipDoc, 'ownerUid' | 'editorUids'> & { canEdit: boolean };
export type Tournament = Omit<TournamentDoc, 'ownerUid' | 'editorUids' | 'scorekeeperUids'>;
export type Participant = Omit<ParticipantDoc, 'uid'>;
export type Round = RoundDoc;
/** scoredAt is a server timestamp in the new contract and an ISO string in the old one: never read. */
export type MatchUp = Omit<MatchUpDoc, 'playerUids' | 'scoredAt'>;
export type Standing = StandingDoc;
export type ParticipantState = StateDoc;

/** tournaments/{t}/roles/{uid}: what this account may do in the tournament, and which participants it plays. */
export interface Roles {
  uid: string;
  editor: boolean;
  scorekeeper: boolean;
  participantIds: string[];
}
export const NO_ROLES: Roles = { uid: '', editor: false, scorekeeper: false, participantIds: [] };

/** tournaments/{t}/scoreProblems/{matchUpId}: a stored result the engine refused, for the organizer. */
export interface ScoreProblem {
  matchUpId: string;
  roundNumber: number;
  kind: string;
  message: string;
}

/** A stored document over the defaults its schema would fill. */
const withDefaults = <T>(defaults: Partial<T>, data: DocumentData): T => ({ ...defaults, ...data }) as T;

/** Each document as the screens see it: defaults filled, account ids left out. */
const view = {
  club: (d: DocumentData, role: ClubRole): Club => ({ clubId: d.clubId, name: d.name, ...(d.country ? { country: d.country } : {}), role }),
  championship: (d: DocumentData): Omit<Championship, 'canEdit'> => ({
    championshipId: d.championshipId,
    name: d.name,
    clubIds: d.clubIds ?? [],
    closed: d.closed ?? false,
    ...(d.rating ? { rating: d.rating } : {}),
  }),
  tournament: (d: DocumentData): Tournament => {
    const { ownerUid: _o, editorUids: _e, scorekeeperUids: _s, ...rest } = d;
    return withDefaults<Tournament>({ roundDurationMinutes: 0, preAlarmMinutes: 0, clubIds: [], status: 'DRAFT', currentRound: 0 }, rest);
  },
  participant: (d: DocumentData): Participant => {
    const { uid: _uid, ...rest } = d;
    return withDefaults<Participant>({ enteredRound: 1, withdrawn: false }, rest);
  },
  round: (d: DocumentData): Round => withDefaults<Round>({ status: 'OPEN', byes: [], notes: [], stats: {} }, d),
  matchUp: (d: DocumentData): MatchUp => ({
    matchUpId: d.matchUpId,
    roundNumber: d.roundNumber,
    order: d.order ?? 0,
    a: d.a,
    b: d.b ?? null,
    movesFirst: d.movesFirst ?? (d.b == null ? null : d.a),
    cost: d.cost ?? {},
    result: d.result ?? null,
    scoredBy: d.scoredBy ?? null,
  }),
  standing: (d: DocumentData): Standing => withDefaults<Standing>({ tiebreaks: {}, withdrawn: false }, d),
  state: (d: DocumentData): ParticipantState => withDefaults<ParticipantState>({ ratingHistory: [], results: [] }, d),
  roles: (d: DocumentData, uid: string): Roles => ({
    uid,
    editor: d.editor === true,
    scorekeeper: d.scorekeeper === true,
    participantIds: Array.isArray(d.participantIds) ? d.participantIds : [],
  }),
  scoreProblem: (d: DocumentData): ScoreProblem => ({ matchUpId: d.matchUpId, roundNumber: d.roundNumber, kind: d.kind, message: d.message }),
};

// ---------------------------------------------------------------- live reads

export type OnError = (error: FirestoreError) => void;
type Mapper<T> = (data: DocumentData) => T;

const col = (p: string) => collection(live().db, p);
const ref = (p: string) => doc(live().db, p);

function watchQuery<T>(q: Query, map: Mapper<T>, onData: (items: T[]) => void, onError: OnError): Unsubscribe {
  return onSnapshot(q, (snap) => onData(snap.docs.map((d) => map(d.data()))), onError);
}

function watchDoc<T>(at: string, map: Mapper<T>, onData: (item: T | null) => void, onError: OnError): Unsubscribe {
  return onSnapshot(ref(at), (snap) => {
    const data = snap.data();
    onData(data === undefined ? null : map(data));
  }, onError);
}

/** Keeps one listener per id of a changing set, and reports the documents found, in id order. */
function watchEach<T>(watch: (id: string, onItem: (item: T | null) => void) => Unsubscribe, onData: (items: T[]) => void) {
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

/** The clubs I belong to, with my role in each (members subcollection; LEGACY: the club's uid lists). */
export function watchMyClubs(uid: string, onData: (clubs: Club[]) => void, onError: OnError): Unsubscribe {
  const roles = new Map<string, ClubRole>();
  const clubs = watchEach<Club>(
    (clubId, onItem) => watchDoc(path.club(clubId), (d) => view.club(d, roles.get(clubId) ?? 'MEMBER'), onItem, onError),
    (items) => onData(items.sort((x, y) => x.name.localeCompare(y.name))),
  );
  let legacy: Unsubscribe | undefined;
  const members = onSnapshot(
    query(collectionGroup(live().db, GROUP.clubMembers), where('uid', '==', uid)),
    (snap) => {
      roles.clear();
      for (const d of snap.docs) {
        const role = d.get('role') as string;
        const clubId = d.ref.parent.parent?.id;
        if (clubId && CLUB_ROLES.has(role)) roles.set(clubId, role as ClubRole);
      }
      clubs.set(roles.keys());
    },
    // A backend without members documents refuses the query: read the club documents' lists instead.
    () => {
      legacy = watchMyClubsLegacy(uid, onData, onError);
    },
  );
  return () => {
    members();
    clubs.stop();
    legacy?.();
  };
}

/** LEGACY: clubs/{c} carried ownerUid, adminUids and memberUids. */
function watchMyClubsLegacy(uid: string, onData: (clubs: Club[]) => void, onError: OnError): Unsubscribe {
  const found = new Map<string, Club[]>();
  const roleOf = (d: DocumentData): ClubRole =>
    d.ownerUid === uid ? 'OWNER' : Array.isArray(d.adminUids) && d.adminUids.includes(uid) ? 'ADMIN' : 'MEMBER';
  const report = () => {
    const merged = new Map<string, Club>();
    for (const part of found.values()) for (const club of part) merged.set(club.clubId, club);
    onData([...merged.values()].sort((x, y) => x.name.localeCompare(y.name)));
  };
  const listen = (key: string, q: Query) =>
    watchQuery(q, (d) => view.club(d, roleOf(d)), (items) => {
      found.set(key, items);
      report();
    }, onError);
  const stops = [
    listen('owner', query(col(path.clubs()), where('ownerUid', '==', uid))),
    listen('admin', query(col(path.clubs()), where('adminUids', 'array-contains', uid))),
    listen('member', query(col(path.clubs()), where('memberUids', 'array-contains', uid))),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * The championships I edit (editors subcollection; LEGACY: `editorUids`) and those linked to my clubs, which
 * members see without editing.
 */
export function watchMyChampionships(uid: string, clubIds: readonly string[], onData: (items: Championship[]) => void, onError: OnError): Unsubscribe {
  const edited = new Set<string>();
  const linked = new Set<string>();
  const championships = watchEach<Omit<Championship, 'canEdit'>>(
    (id, onItem) => watchDoc(path.championship(id), view.championship, onItem, onError),
    (items) => onData(items.map((c) => ({ ...c, canEdit: edited.has(c.championshipId) })).sort((x, y) => x.name.localeCompare(y.name))),
  );
  const refresh = () => championships.set([...edited, ...linked]);
  const setEdited = (ids: string[]) => {
    edited.clear();
    for (const id of ids) edited.add(id);
    refresh();
  };
  let legacy: Unsubscribe | undefined;
  const editors = onSnapshot(
    query(collectionGroup(live().db, GROUP.championshipEditors), where('uid', '==', uid)),
    (snap) => setEdited(snap.docs.flatMap((d) => d.ref.parent.parent?.id ?? [])),
    () => {
      legacy = onSnapshot(
        query(col(path.championships()), where('editorUids', 'array-contains', uid)),
        (snap) => setEdited(snap.docs.map((d) => d.id)),
        onError,
      );
    },
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
    legacy?.();
    stopLinked();
    championships.stop();
  };
}

export function watchChampionship(championshipId: string, onData: (item: Omit<Championship, 'canEdit'> | null) => void, onError: OnError) {
  return watchDoc(path.championship(championshipId), view.championship, onData, onError);
}

export function watchTournamentsOf(championshipId: string, onData: (items: Tournament[]) => void, onError: OnError) {
  const q = query(col(path.tournaments()), where('championshipId', '==', championshipId));
  return watchQuery(q, view.tournament, (items) => onData(items.sort((x, y) => y.date.localeCompare(x.date))), onError);
}

/** LEGACY: tournaments whose document still carries account ids; their rules want `scoredAt` as a string. */
const legacyTournaments = new Set<string>();
/** A tournament stored before account ids moved to roles documents still lists its editors on itself. */
const isLegacyTournament = (data: DocumentData | undefined) => data !== undefined && Array.isArray(data.editorUids);

export function watchTournament(tournamentId: string, onData: (item: Tournament | null) => void, onError: OnError) {
  return watchDoc(
    path.tournament(tournamentId),
    (data) => {
      if (isLegacyTournament(data)) legacyTournaments.add(tournamentId);
      return view.tournament(data);
    },
    onData,
    onError,
  );
}

export function watchParticipants(tournamentId: string, onData: (items: Participant[]) => void, onError: OnError) {
  return watchQuery(col(path.participants(tournamentId)), view.participant, onData, onError);
}

export function watchRounds(tournamentId: string, onData: (items: Round[]) => void, onError: OnError) {
  return watchQuery(col(path.rounds(tournamentId)), view.round, (items) => onData(items.sort((x, y) => x.roundNumber - y.roundNumber)), onError);
}

export function watchMatchUps(tournamentId: string, onData: (items: MatchUp[]) => void, onError: OnError) {
  return watchQuery(col(path.matchUps(tournamentId)), view.matchUp, (items) =>
    onData(items.sort((x, y) => x.roundNumber - y.roundNumber || x.order - y.order)), onError);
}

export function watchStandings(tournamentId: string, onData: (items: Standing[]) => void, onError: OnError) {
  return watchQuery(col(path.standings(tournamentId)), view.standing, onData, onError);
}

/** Every participant's state: only the head-to-head tiebreak needs them (it is decided inside a tied group). */
export function watchStates(tournamentId: string, onData: (items: ParticipantState[]) => void, onError: OnError) {
  return watchQuery(col(path.states(tournamentId)), view.state, onData, onError);
}

export function watchState(tournamentId: string, participantId: string, onData: (item: ParticipantState | null) => void, onError: OnError) {
  return watchDoc(path.state(tournamentId, participantId), view.state, onData, onError);
}

/** Stored results the engine refused; only editors may read them, and older backends have none. */
export function watchScoreProblems(tournamentId: string, onData: (items: ScoreProblem[]) => void): Unsubscribe {
  return watchQuery(col(path.scoreProblems(tournamentId)), view.scoreProblem, onData, () => onData([]));
}

/**
 * What this account may do in the tournament and which participants it plays: roles/{uid}, or, LEGACY, the
 * tournament's ownerUid / editorUids / scorekeeperUids and the participants' `uid`.
 */
export function watchRoles(tournamentId: string, uid: string, onData: (roles: Roles) => void, onError: OnError): Unsubscribe {
  let stopInner: Unsubscribe | undefined;
  let watchingRoles = false;
  const stopTournament = onSnapshot(
    ref(path.tournament(tournamentId)),
    (snap) => {
      const data = snap.data();
      if (!isLegacyTournament(data)) {
        if (watchingRoles) return;
        stopInner?.();
        watchingRoles = true;
        const none = { ...NO_ROLES, uid };
        stopInner = watchDoc(path.role(tournamentId, uid), (d) => view.roles(d, uid), (roles) => onData(roles ?? none), () => onData(none));
        return;
      }
      legacyTournaments.add(tournamentId);
      stopInner?.();
      watchingRoles = false;
      const listed = (field: string) => Array.isArray(data![field]) && (data![field] as unknown[]).includes(uid);
      const editor = data!.ownerUid === uid || listed('editorUids');
      const scorekeeper = listed('scorekeeperUids');
      stopInner = onSnapshot(
        query(col(path.participants(tournamentId)), where('uid', '==', uid)),
        (players) => onData({ uid, editor, scorekeeper, participantIds: players.docs.map((d) => d.id) }),
        onError,
      );
    },
    onError,
  );
  return () => {
    stopTournament();
    stopInner?.();
  };
}

export interface ClubMember {
  uid: string;
  role: ClubRole;
}

/** A club's people: clubs/{c}/members (LEGACY: the club document's ownerUid, adminUids and memberUids). */
export function watchClubMembers(clubId: string, onData: (members: ClubMember[]) => void, onError: OnError): Unsubscribe {
  let legacy: Unsubscribe | undefined;
  const stop = watchQuery(
    col(path.clubMembers(clubId)),
    (d) => ({ uid: d.uid as string, role: (CLUB_ROLES.has(d.role) ? d.role : 'MEMBER') as ClubRole }),
    onData,
    () => {
      legacy = watchDoc(
        path.club(clubId),
        (d): ClubMember[] => {
          const list = (field: string) => (Array.isArray(d[field]) ? (d[field] as string[]) : []);
          const roles = new Map<string, ClubRole>([...list('memberUids').map((uid) => [uid, 'MEMBER'] as const), ...list('adminUids').map((uid) => [uid, 'ADMIN'] as const)]);
          if (typeof d.ownerUid === 'string') roles.set(d.ownerUid, 'OWNER');
          return [...roles].map(([uid, role]) => ({ uid, role }));
        },
        (members) => onData(members ?? []),
        onError,
      );
    },
  );
  return () => {
    stop();
    legacy?.();
  };
}

/** The tournament's scorekeepers, for its editors: roles with `scorekeeper` (LEGACY: `scorekeeperUids`). */
export function watchScorekeepers(tournamentId: string, onData: (uids: string[]) => void, onError: OnError): Unsubscribe {
  let inner: Unsubscribe | undefined;
  const stop = onSnapshot(
    ref(path.tournament(tournamentId)),
    (snap) => {
      const data = snap.data();
      inner?.();
      inner = undefined;
      if (isLegacyTournament(data)) {
        onData(Array.isArray(data!.scorekeeperUids) ? (data!.scorekeeperUids as string[]) : []);
        return;
      }
      inner = watchQuery(query(col(path.roles(tournamentId)), where('scorekeeper', '==', true)), (d) => d.uid as string, onData, onError);
    },
    onError,
  );
  return () => {
    stop();
    inner?.();
  };
}

// ---------------------------------------------------------------- writes by the client (through the rules)

/**
 * A player's (or scorekeeper's) own score: the matchUp's result, signed by the writer. The new contract stamps
 * it on the server; LEGACY rules check `scoredAt` as a string.
 */
export async function writeScore(tournamentId: string, matchUpId: string, result: MatchUpResultInput | null): Promise<void> {
  const uid = live().auth.currentUser?.uid;
  if (!uid) throw new ActionError('unauthenticated', 'sign in first');
  const stamp = legacyTournaments.has(tournamentId) ? new Date().toISOString() : serverTimestamp();
  const change = result === null ? { result: null, scoredBy: null, scoredAt: null } : { result, scoredBy: uid, scoredAt: stamp };
  await updateDoc(ref(path.matchUp(tournamentId, matchUpId)), change).catch(rethrow);
}

/** Editors close a round, or reopen it to correct a score. */
export async function setRoundStatus(tournamentId: string, roundNumber: number, status: 'OPEN' | 'CLOSED'): Promise<void> {
  await updateDoc(ref(path.round(tournamentId, roundNumber)), { status }).catch(rethrow);
}

/** Who may score every game of the tournament: setScorekeepers (LEGACY: the tournament's `scorekeeperUids`). */
export async function setScorekeepers(tournamentId: string, uids: string[]): Promise<void> {
  if (legacyTournaments.has(tournamentId)) {
    await updateDoc(ref(path.tournament(tournamentId)), { scorekeeperUids: uids }).catch(rethrow);
    return;
  }
  await callWithoutSchema('setScorekeepers', { tournamentId, uids });
}

/** The account that plays for a participant: linkParticipantAccount (LEGACY: the participant's `uid`). */
export async function linkParticipantAccount(tournamentId: string, participantId: string, uid: string | null): Promise<void> {
  if (legacyTournaments.has(tournamentId)) {
    await updateDoc(ref(path.participant(tournamentId, participantId)), { uid: uid ?? deleteField() }).catch(rethrow);
    return;
  }
  await callWithoutSchema('linkParticipantAccount', { tournamentId, participantId, uid });
}

/** Club owners and admins name members and admins (role null removes); anyone may leave. New-contract callables. */
export const setClubMember = (clubId: string, uid: string, role: ClubRole | null) => callWithoutSchema('setClubMember', { clubId, uid, role });
export const leaveClub = (clubId: string) => callWithoutSchema('leaveClub', { clubId });
export const linkClub = (championshipId: string, clubId: string) => callWithoutSchema('linkClub', { championshipId, clubId });

/** Editors fix a participant's name, club or country. */
export async function updateParticipant(tournamentId: string, participantId: string, fields: { name: string; club?: string; country?: string }) {
  await updateDoc(ref(path.participant(tournamentId, participantId)), fields).catch(rethrow);
}

// ---------------------------------------------------------------- callables

/** A refusal: the SDK's code and the server's own message, shown to the user as it is. */
export class ActionError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}

function rethrow(error: unknown): never {
  if (error instanceof ActionError) throw error;
  const { code, message } = error as { code?: string; message?: string };
  const short = (code ?? 'unknown').replace(/^(functions|firestore|auth)\//, '');
  // The rules answer with their own line numbers; a person needs to know it was a permission.
  if (short === 'permission-denied' && !code?.startsWith('functions/')) {
    throw new ActionError(short, 'the security rules refuse this change: you may not make it');
  }
  // The Functions SDK appends the HTTP status ("... [400]"): the server's sentence is what a person reads.
  throw new ActionError(short, (message ?? String(error)).replace(/ \[\d{3}\]$/, ''));
}

type Schemas = typeof Requests;
type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas];

/** The callables' input schemas and the Functions SDK, loaded with the first action. */
const loadRequests = () => import('../../../functions/src/model/requests');
const loadFunctions = () => import('firebase/functions');

/**
 * Checks the input with the callable's own schema first (field-named messages, nothing sent), then calls it;
 * a refusal carries the server's message.
 */
function callable<K extends SchemaName, O>(name: string, schemaName: K) {
  return async (input: z.input<Schemas[K]>): Promise<O> => {
    const [requests, sdk, instance, errors] = await Promise.all([
      loadRequests(),
      loadFunctions(),
      live().functions(),
      import('../../../functions/src/domain/errors'),
    ]);
    const checked = (requests[schemaName] as z.ZodType).safeParse(input);
    if (!checked.success) throw new ActionError('invalid-argument', errors.describeIssues(checked.error.issues));
    // The callable protocol sends an undefined field as null: drop them, as JSON does.
    const data = JSON.parse(JSON.stringify(checked.data)) as unknown;
    try {
      return (await sdk.httpsCallable<unknown, O>(instance, name)(data)).data;
    } catch (error) {
      rethrow(error);
    }
  };
}

/** A callable whose input schema the backend has not published yet: the server checks it. */
async function callWithoutSchema<O = unknown>(name: string, data: unknown): Promise<O> {
  const [sdk, instance] = await Promise.all([loadFunctions(), live().functions()]);
  try {
    return (await sdk.httpsCallable<unknown, O>(instance, name)(data)).data;
  } catch (error) {
    rethrow(error);
  }
}

export const actions = {
  createClub: callable<'CreateClubInput', { clubId: string }>('createClub', 'CreateClubInput'),
  createChampionship: callable<'CreateChampionshipInput', { championshipId: string }>('createChampionship', 'CreateChampionshipInput'),
  createTournament: callable<'CreateTournamentInput', { tournamentId: string }>('createTournament', 'CreateTournamentInput'),
  addParticipants: callable<'AddParticipantsInput', { added: number; enteredRound: number }>('addParticipants', 'AddParticipantsInput'),
  withdrawParticipant: callable<'WithdrawParticipantInput', unknown>('withdrawParticipant', 'WithdrawParticipantInput'),
  generateNextRound: callable<'GenerateNextRoundInput', { roundNumber: number; matchUps: number; byes: string[] }>('generateNextRound', 'GenerateNextRoundInput'),
  undoLastRound: callable<'TournamentRef', { roundNumber: number }>('undoLastRound', 'TournamentRef'),
  recordScore: callable<'RecordScoreInput', { ok: boolean }>('recordScore', 'RecordScoreInput'),
  closeTournament: callable<'TournamentRef', { ok: boolean }>('closeTournament', 'TournamentRef'),
  exportTournament: callable<'TournamentRef', { json: string }>('exportTournament', 'TournamentRef'),
  importTournament: callable<'ImportTournamentInput', { tournamentId: string }>('importTournament', 'ImportTournamentInput'),
  getStandingsCsv: callable<'TournamentRef', { csv: string }>('getStandingsCsv', 'TournamentRef'),
};
