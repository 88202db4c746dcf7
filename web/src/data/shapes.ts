/**
 * The documents as the screens see them: the backend's schemas (functions/engine/src/model), defaults filled and
 * account ids left out. Account ids live only in the roles, members and editors documents, which each account
 * reads for itself.
 *
 * A snapshot's data gets the model's type in one place (`stored`), as the backend wrote it: its converters parse
 * every write with these schemas, and the rules hold client writes to the same bounds. Parsing again on read would
 * put the schema library (32 KB gzipped, measured) on the first screen, over its 250 KB budget.
 */
import type { DocumentSnapshot } from 'firebase/firestore';
import { firstMover } from '@competition/engine/view';
import type {
  ChampionshipDoc,
  ClubDoc,
  ClubRole,
  MatchUpDoc,
  ParticipantDoc,
  ResultChangeDoc,
  RoundAuthor,
  RoundDoc,
  ScoreProblemDoc,
  StandingDoc,
  StateDoc,
  TournamentDoc,
  TournamentRoleDoc,
} from '@competition/engine/schemas';

export type { ClubRole };
export type Club = Pick<ClubDoc, 'clubId' | 'name' | 'country'> & { role: ClubRole };
export type Championship = Omit<ChampionshipDoc, 'ownerUid'> & { canEdit: boolean };
export type Tournament = Omit<TournamentDoc, 'ownerUid'>;
export type Participant = ParticipantDoc;
export type Round = RoundDoc;
/** The screens never read when a score was written. */
/**
 * Where this copy of a matchUp stands: `pending` holds a write of this device the server has not taken yet,
 * `cache` is what the device last saw (offline), `server` is what the server holds.
 */
export type MatchUpSync = 'pending' | 'cache' | 'server';
export type MatchUp = Omit<MatchUpDoc, 'scoredAt'> & { sync?: MatchUpSync };
export type Standing = StandingDoc;
export type ParticipantState = StateDoc;

/** tournaments/{t}/roles/{uid}: what this account may do in the tournament, and which participants it plays. */
export type Roles = Omit<TournamentRoleDoc, 'tournamentId'>;
export const NO_ROLES: Roles = { uid: '', editor: false, scorekeeper: false, participantIds: [] };

/** tournaments/{t}/scoreProblems/{matchUpId}: a result that is not in the standings, and why, for the organizer. */
export type ScoreProblem = Pick<ScoreProblemDoc, 'matchUpId' | 'roundNumber' | 'kind' | 'message'>;

/** tournaments/{t}/resultChanges/{id}: one change of a result or a report, by role and time, for the organizer. */
export type ResultChange = ResultChangeDoc;

/** A stored document: the model's type, where the fields whose schema default a view fills may be absent. */
export type Stored<T, Defaulted extends keyof T> = Omit<T, Defaulted> & Partial<Pick<T, Defaulted>>;

/** The one place a snapshot's data meets the model's types (see the header: the backend parsed it on write). */
export const stored = <T>(snap: DocumentSnapshot): T | undefined => snap.data() as T | undefined;

/** RoundAuthor's values, without zod on the first screen. */
const ROUND_AUTHORS: readonly string[] = ['OWNER', 'EDITOR', 'UNKNOWN'] satisfies RoundAuthor[];

/** Each document as the screens see it: defaults filled, account ids left out. */
export const view = {
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
    movesFirst: firstMover({ a: d.a, b: d.b ?? null, movesFirst: d.movesFirst }),
    cost: d.cost ?? {},
    result: d.result ?? null,
    scoredBy: d.scoredBy ?? null,
    ...(d.reports ? { reports: d.reports } : {}),
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
