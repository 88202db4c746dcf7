/**
 * Every Firestore path, document shape and callable the app uses, in one module: the rest of the app sees plain
 * typed values and functions, so a change of the data contract is a change here.
 *
 * Shapes and paths are the backend's (functions/engine/src/model): account ids live only in the roles, members and
 * editors documents, which each account reads for itself. A snapshot's data gets the model's type in one place
 * (`stored`), as the backend wrote it: its converters parse every write with these schemas, and the rules hold
 * client writes to the same bounds. Parsing again on read would put the schema library (32 KB gzipped, measured)
 * on the first screen, over its 250 KB budget; the callables' inputs are checked with their own schemas, which
 * load with the first action.
 */
import {
  type DocumentSnapshot,
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
import type { MatchUpResultInput } from '@competition/engine/domain/results';
import type { ChampionshipDoc } from '@competition/engine/model/championship';
import type { ClubDoc } from '@competition/engine/model/club';
import type { StandingDoc, StandingsStatusDoc, StateDoc } from '@competition/engine/model/derived';
import type { MatchUpDoc } from '@competition/engine/model/matchUp';
import type { ParticipantDoc } from '@competition/engine/model/participant';
import { COLLECTIONS, paths } from '@competition/engine/model/paths';
import type * as Requests from '@competition/engine/model/requests';
import type { ClubMemberDoc, ClubRole, TournamentRoleDoc } from '@competition/engine/model/roles';
import type { RoundAuthor, RoundDoc } from '@competition/engine/model/round';
import type { ScoreProblemDoc } from '@competition/engine/model/scoreProblem';
import type { TournamentDoc } from '@competition/engine/model/tournament';
import { scorerOf } from '@competition/engine/access/scorer';
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
  ...paths,
  championships: () => COLLECTIONS.championships,
  tournaments: () => COLLECTIONS.tournaments,
};

// ---------------------------------------------------------------- shapes (the backend's schemas, minus account ids)

export type { ClubRole };
export type Club = Pick<ClubDoc, 'clubId' | 'name' | 'country'> & { role: ClubRole };
export type Championship = Omit<ChampionshipDoc, 'ownerUid'> & { canEdit: boolean };
export type Tournament = Omit<TournamentDoc, 'ownerUid'>;
export type Participant = ParticipantDoc;
export type Round = RoundDoc;
/** The screens never read when a score was written. */
export type MatchUp = Omit<MatchUpDoc, 'scoredAt'>;
export type Standing = StandingDoc;
export type ParticipantState = StateDoc;

/** tournaments/{t}/roles/{uid}: what this account may do in the tournament, and which participants it plays. */
export type Roles = Omit<TournamentRoleDoc, 'tournamentId'>;
export const NO_ROLES: Roles = { uid: '', editor: false, scorekeeper: false, participantIds: [] };

/** tournaments/{t}/scoreProblems/{matchUpId}: a result that is not in the standings, and why, for the organizer. */
export type ScoreProblem = Pick<ScoreProblemDoc, 'matchUpId' | 'roundNumber' | 'kind' | 'message'>;

/** A stored document: the model's type, where the fields whose schema default a view fills may be absent. */
type Stored<T, Defaulted extends keyof T> = Omit<T, Defaulted> & Partial<Pick<T, Defaulted>>;

/** The one place a snapshot's data meets the model's types (see the header: the backend parsed it on write). */
const stored = <T>(snap: DocumentSnapshot): T | undefined => snap.data() as T | undefined;

/** RoundAuthor's values, without zod on the first screen. */
const ROUND_AUTHORS: readonly string[] = ['OWNER', 'EDITOR', 'UNKNOWN'] satisfies RoundAuthor[];

/** Each document as the screens see it: defaults filled, account ids left out. */
const view = {
  club: ({ clubId, name, country }: ClubDoc, role: ClubRole): Club => ({
    clubId,
    name,
    ...(country ? { country } : {}),
    role,
  }),
  championship: (d: Stored<ChampionshipDoc, 'clubIds' | 'closed'>): Omit<Championship, 'canEdit'> => ({
    championshipId: d.championshipId,
    name: d.name,
    clubIds: d.clubIds ?? [],
    closed: d.closed ?? false,
    ...(d.rating ? { rating: d.rating } : {}),
  }),
  tournament: (
    d: Stored<TournamentDoc, 'roundDurationMinutes' | 'preAlarmMinutes' | 'clubIds' | 'status' | 'currentRound'>,
  ): Tournament => {
    // The owner's account id stays out of the screens (it lives in the private roles documents).
    const { ownerUid, ...rest } = d;
    void ownerUid;
    return {
      ...rest,
      roundDurationMinutes: d.roundDurationMinutes ?? 0,
      preAlarmMinutes: d.preAlarmMinutes ?? 0,
      clubIds: d.clubIds ?? [],
      status: d.status ?? 'DRAFT',
      currentRound: d.currentRound ?? 0,
    };
  },
  participant: (d: Stored<ParticipantDoc, 'enteredRound' | 'withdrawn'>): Participant => ({
    ...d,
    enteredRound: d.enteredRound ?? 1,
    withdrawn: d.withdrawn ?? false,
  }),
  round: (d: Stored<RoundDoc, 'status' | 'byes' | 'notes' | 'stats' | 'generatedBy'>): Round => ({
    ...d,
    // Rounds stored before the role was kept hold an account id: it stays off the screens.
    generatedBy: d.generatedBy && ROUND_AUTHORS.includes(d.generatedBy) ? d.generatedBy : 'UNKNOWN',
    status: d.status ?? 'OPEN',
    byes: d.byes ?? [],
    notes: d.notes ?? [],
    stats: d.stats ?? {},
  }),
  matchUp: (d: Stored<MatchUpDoc, 'order' | 'movesFirst' | 'cost' | 'result' | 'scoredBy'>): MatchUp => ({
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
  standing: (d: Stored<StandingDoc, 'tiebreaks' | 'withdrawn'>): Standing => ({
    ...d,
    tiebreaks: d.tiebreaks ?? {},
    withdrawn: d.withdrawn ?? false,
  }),
  state: (d: Stored<ParticipantState, 'ratingHistory' | 'results'>): ParticipantState => ({
    ...d,
    ratingHistory: d.ratingHistory ?? [],
    results: d.results ?? [],
  }),
  roles: (d: Partial<TournamentRoleDoc>, uid: string): Roles => ({
    uid,
    editor: d.editor === true,
    scorekeeper: d.scorekeeper === true,
    participantIds: Array.isArray(d.participantIds) ? d.participantIds : [],
  }),
  scoreProblem: ({ matchUpId, roundNumber, kind, message }: ScoreProblemDoc): ScoreProblem => ({
    matchUpId,
    roundNumber,
    kind,
    message,
  }),
};

// ---------------------------------------------------------------- live reads

export type OnError = (error: FirestoreError) => void;
/** Turns a stored document of type S into what the screens see. */
type Mapper<S, T> = (data: S) => T;

const col = (p: string) => collection(live().db, p);
const ref = (p: string) => doc(live().db, p);

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

export function watchMatchUps(tournamentId: string, onData: (items: MatchUp[]) => void, onError: OnError) {
  return watchQuery(
    col(path.matchUps(tournamentId)),
    view.matchUp,
    (items) => onData(items.sort((x, y) => x.roundNumber - y.roundNumber || x.order - y.order)),
    onError,
  );
}

export function watchStandings(tournamentId: string, onData: (items: Standing[]) => void, onError: OnError) {
  return watchQuery(col(path.standings(tournamentId)), view.standing, onData, onError);
}

/** Whether the standings are being brought up to date after a corrected result (the backend writes it in steps). */
export function watchStandingsUpdating(tournamentId: string, onData: (updating: boolean) => void): Unsubscribe {
  return watchDoc(
    path.standingsStatus(tournamentId),
    (d: StandingsStatusDoc) => d.pending,
    (updating) => onData(updating ?? false),
    () => onData(false),
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

/** Results that are not in the standings, and why: only editors may read them (the others see none). */
export function watchScoreProblems(tournamentId: string, onData: (items: ScoreProblem[]) => void): Unsubscribe {
  return watchQuery(col(path.scoreProblems(tournamentId)), view.scoreProblem, onData, () => onData([]));
}

/** What this account may do in the tournament and which participants it plays: its own roles document. */
export function watchRoles(tournamentId: string, uid: string, onData: (roles: Roles) => void): Unsubscribe {
  const none = { ...NO_ROLES, uid };
  return watchDoc(
    path.role(tournamentId, uid),
    (d: Partial<TournamentRoleDoc>) => view.roles(d, uid),
    (roles) => onData(roles ?? none),
    () => onData(none),
  );
}

export interface ClubMember {
  uid: string;
  role: ClubRole;
}

/** A club's people, for those who run it: clubs/{c}/members. */
export function watchClubMembers(
  clubId: string,
  onData: (members: ClubMember[]) => void,
  onError: OnError,
): Unsubscribe {
  return watchQuery(
    col(path.clubMembers(clubId)),
    (d: ClubMemberDoc): ClubMember => ({ uid: d.uid, role: CLUB_ROLES.has(d.role) ? d.role : 'MEMBER' }),
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

// ---------------------------------------------------------------- writes by the client (through the rules)

/**
 * A player's (or scorekeeper's) own score: the matchUp's result, signed with the role the writer's roles document
 * gives them in this game (the one the app already watches; the rules check the same document), stamped by the
 * server. An account with no role there claims none, and the rules refuse the write.
 */
export async function writeScore(
  tournamentId: string,
  matchUp: Pick<MatchUp, 'matchUpId' | 'a' | 'b'>,
  result: MatchUpResultInput | null,
  roles: Roles,
): Promise<void> {
  if (!live().auth.currentUser) throw new ActionError('unauthenticated', 'sign in first');
  const change =
    result === null
      ? { result, scoredBy: null, scoredAt: null }
      : { result, scoredBy: scorerOf(roles, matchUp), scoredAt: serverTimestamp() };
  await updateDoc(ref(path.matchUp(tournamentId, matchUp.matchUpId)), change).catch(rethrow);
}

/** Editors close a round, or reopen it to correct a score. */
export async function setRoundStatus(
  tournamentId: string,
  roundNumber: number,
  status: 'OPEN' | 'CLOSED',
): Promise<void> {
  await updateDoc(ref(path.round(tournamentId, roundNumber)), { status }).catch(rethrow);
}

/** Editors fix a participant's name, club or country. */
export async function updateParticipant(
  tournamentId: string,
  participantId: string,
  fields: { name: string; club?: string; country?: string },
) {
  await updateDoc(ref(path.participant(tournamentId, participantId)), fields).catch(rethrow);
}

/** What editors may change on the tournament itself (firestore.rules); an absent text field is removed. */
export interface TournamentDetails {
  location?: string | undefined;
  socialUrl?: string | undefined;
  roundDurationMinutes: number;
  preAlarmMinutes: number;
}

/** Editors change the tournament's descriptive fields directly, through the rules. */
export async function updateTournamentDetails(tournamentId: string, details: TournamentDetails): Promise<void> {
  const { location, socialUrl, roundDurationMinutes, preAlarmMinutes } = details;
  await updateDoc(ref(path.tournament(tournamentId)), {
    location: location ?? deleteField(),
    socialUrl: socialUrl ?? deleteField(),
    roundDurationMinutes,
    preAlarmMinutes,
  }).catch(rethrow);
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
const loadRequests = () => import('@competition/engine/model/requests');
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
      import('@competition/engine/domain/messages'),
    ]);
    const checked = (requests[schemaName] as z.ZodType).safeParse(input);
    if (!checked.success) throw new ActionError('invalid-argument', errors.issuesInWords(checked.error.issues));
    // The callable protocol sends an undefined field as null: drop them, as JSON does.
    const data = JSON.parse(JSON.stringify(checked.data)) as unknown;
    try {
      return (await sdk.httpsCallable<unknown, O>(instance, name)(data)).data;
    } catch (error) {
      rethrow(error);
    }
  };
}

export const actions = {
  createClub: callable<'CreateClubInput', { clubId: string }>('createClub', 'CreateClubInput'),
  createChampionship: callable<'CreateChampionshipInput', { championshipId: string }>(
    'createChampionship',
    'CreateChampionshipInput',
  ),
  createTournament: callable<'CreateTournamentInput', { tournamentId: string }>(
    'createTournament',
    'CreateTournamentInput',
  ),
  addParticipants: callable<'AddParticipantsInput', { added: number; enteredRound: number }>(
    'addParticipants',
    'AddParticipantsInput',
  ),
  withdrawParticipant: callable<'WithdrawParticipantInput', unknown>('withdrawParticipant', 'WithdrawParticipantInput'),
  generateNextRound: callable<'GenerateNextRoundInput', { roundNumber: number; matchUps: number; byes: string[] }>(
    'generateNextRound',
    'GenerateNextRoundInput',
  ),
  undoLastRound: callable<'TournamentRef', { roundNumber: number }>('undoLastRound', 'TournamentRef'),
  recordScore: callable<'RecordScoreInput', { ok: boolean }>('recordScore', 'RecordScoreInput'),
  closeTournament: callable<'CloseTournamentInput', { ok: boolean }>('closeTournament', 'CloseTournamentInput'),
  reopenTournament: callable<'TournamentRef', { ok: boolean }>('reopenTournament', 'TournamentRef'),
  exportTournament: callable<'TournamentRef', { json: string }>('exportTournament', 'TournamentRef'),
  importTournament: callable<'ImportTournamentInput', { tournamentId: string }>(
    'importTournament',
    'ImportTournamentInput',
  ),
  getStandingsCsv: callable<'TournamentRef', { csv: string }>('getStandingsCsv', 'TournamentRef'),
  /** Club owners and admins name members and admins (role null removes); anyone may leave. */
  setClubMember: callable<'SetClubMemberInput', { ok: boolean }>('setClubMember', 'SetClubMemberInput'),
  leaveClub: callable<'ClubRef', { ok: boolean }>('leaveClub', 'ClubRef'),
  linkClub: callable<'LinkClubInput', { ok: boolean }>('linkClub', 'LinkClubInput'),
  /** Who may score every game of the tournament. */
  setScorekeepers: callable<'SetScorekeepersInput', { ok: boolean }>('setScorekeepers', 'SetScorekeepersInput'),
  /** A signed-in player becomes the entry whose private code they typed. */
  claimEntry: callable<'ClaimEntryInput', { participantId: string; name: string }>('claimEntry', 'ClaimEntryInput'),
  /** A new claim code for one entry: the old one stops working. */
  regenerateClaimCode: callable<'RegenerateClaimCodeInput', { code: string }>(
    'regenerateClaimCode',
    'RegenerateClaimCodeInput',
  ),
  /** The account that plays for a participant (null: none). */
  linkParticipantAccount: callable<'LinkParticipantAccountInput', { ok: boolean }>(
    'linkParticipantAccount',
    'LinkParticipantAccountInput',
  ),
};
