/** Everything a tournament's screens show, live, read once for all its tabs. */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  type MatchUp,
  NO_ROLES,
  type Participant,
  type ParticipantState,
  type Roles,
  type Round,
  type ScoreProblem,
  type Standing,
  type Tournament,
} from '../../data/shapes';
import {
  watchMatchUps,
  watchParticipants,
  watchRoles,
  watchRounds,
  watchScoreProblems,
  watchStandings,
  watchStandingsUpdating,
  watchStates,
  watchTournament,
} from '../../data/watchTournamentData';
import { type LiveValue, useLive } from '../../data/hooks';
import {
  LARGE_FIELD,
  type StandingsPagesView,
  type StandingsPagesWatch,
  countRowReads,
  readStandingsPageNames,
  watchStandingsPages,
} from '../../data/standingsPages';
import type { GroupTiebreak, Ranked } from '@competition/engine';
import { groupTiebreaksOf, playoffOf, rankStandings } from '@competition/engine/view';
import { mainRoundsOf } from '../../lib/roundLabel';

/** A value from a module loaded on first need: screens that never need it never download it. */
function useLoaded<T>(needed: boolean, load: () => Promise<T>): T | undefined {
  // Boxed, because the values are functions and useState would call a function it is given.
  const [box, setBox] = useState<{ value: T }>();
  useEffect(() => {
    if (!needed || box) return;
    void load().then((value) => setBox({ value }));
  }, [needed, box, load]);
  return box?.value;
}

/** The domain's head-to-head tiebreaks, which bring the schema library. */
const loadGroupTiebreak = () => import('@competition/engine').then((m) => m.groupTiebreakIn);

/** The main stage's standings (docs/playoff.md#standings), needed once a tournament's playoff has started. */
const loadMainStageRows = () => import('@competition/engine').then((m) => m.mainStageRows);

export interface TournamentData {
  tournamentId: string;
  tournament: Tournament | null | undefined;
  participants: Participant[];
  rounds: Round[];
  matchUps: MatchUp[];
  /**
   * The standings, ranked by the policy: the stored rows, or once a playoff has started the main stage's rows as
   * they stood after its last round (docs/playoff.md#standings).
   */
  standings: Array<Ranked<Standing>>;
  /** The main stage's last round once a playoff has started: the standings are those after it. Else null. */
  standingsAfterRound: number | null;
  /** The backend is bringing the standings up to date after a corrected result: some rows may still move. */
  standingsUpdating: boolean;
  /**
   * Set when the standings come from the backend's ranked pages (a signed-out viewer, or a large field): `standings`
   * then holds the pages read so far, and `showMore` reads the next one.
   */
  standingsPages: { count: number; read: number; players: number; showMore: () => void } | null;
  roles: Roles;
  scoreProblems: ScoreProblem[];
  error: string | null;
  loaded: boolean;
  nameOf: (participantId: string | null) => string;
  participant: (participantId: string) => Participant | undefined;
  /** The open round, if any (the latest one the organizer generated). */
  currentRound: Round | undefined;
  /**
   * False when the matchUps are not read (the standings screen's documents only, outside a playoff: see
   * `TournamentReads`): `matchUps` is then empty and a player's open game is read alone (OpenGame.tsx).
   */
  matchUpsRead: boolean;
  /** Every ranked player's name, from all the pages, once `lookUpEveryone` has read them (the name search). */
  everyone: Array<{ participantId: string; name: string }> | null;
  /** Why the last `lookUpEveryone` read nothing; asking again reads again. */
  everyoneError: string | null;
  lookUpEveryone: () => void;
}

/** What a screen needs read besides the tournament, its rounds and its standings. */
export interface TournamentReads {
  /**
   * Only what the standings screen shows, for a signed-out viewer: the ranked pages, the tournament and its rounds,
   * not one document per participant or per game, so opening the standings of 2,000 players costs about as many
   * reads as of 20 (docs/scale.md#spectators). A playoff's matchUps are still read for its bracket summary.
   */
  standingsOnly?: boolean;
}

const Context = createContext<TournamentData | null>(null);

export function useTournamentData(): TournamentData {
  const data = useContext(Context);
  if (!data) throw new Error('useTournamentData outside a tournament');
  return data;
}

export const TournamentProvider = Context.Provider;

export function useTournamentLive(
  tournamentId: string,
  uid: string | null,
  { standingsOnly = false }: TournamentReads = {},
): TournamentData {
  const t = useLive<Tournament | null>(`t:${tournamentId}`, (onData, onError) =>
    watchTournament(tournamentId, onData, onError),
  );
  const everyParticipant = useLive<Participant[]>(standingsOnly ? null : `p:${tournamentId}`, (onData, onError) =>
    watchParticipants(tournamentId, onData, onError),
  );
  const rounds = useLive<Round[]>(`r:${tournamentId}`, (onData, onError) => watchRounds(tournamentId, onData, onError));
  const playoff = t.data ? playoffOf(t.data.system, t.data.pairing.options) !== null : false;
  const readMatchUps = !standingsOnly || playoff;
  const matchUps = useLive<MatchUp[]>(readMatchUps ? `m:${tournamentId}` : null, (onData, onError) =>
    watchMatchUps(tournamentId, onData, onError),
  );
  // A spectator, or anyone looking at a large field, reads the ranked pages the backend keeps (one read per 100
  // players) instead of one document per player; see docs/standings-updates.md#pages.
  const byPages =
    uid === null ||
    standingsOnly ||
    (everyParticipant.data !== undefined && everyParticipant.data.length > LARGE_FIELD);
  const pages = useStandingsPages(byPages ? tournamentId : null);
  const noPages = pages.data !== undefined && pages.data.count === 0;
  // Without pages, the standings screen needs the field to tell "nobody entered yet" from "no page built yet".
  const fallback = useLive<Participant[]>(standingsOnly && noPages ? `p:${tournamentId}` : null, (onData, onError) =>
    watchParticipants(tournamentId, onData, onError),
  );
  const participants = standingsOnly ? fallback : everyParticipant;
  const readParticipants = !standingsOnly || noPages;
  const fieldSize = participants.data?.length;
  // Before the backend has built any page (a tournament older than the pages), the rows are read one by one.
  const pagesMissing = noPages && (fieldSize ?? 0) > 0;
  const perPlayer = (!byPages && fieldSize !== undefined) || pagesMissing;
  const standings = useLive<Standing[]>(perPlayer ? `s:${tournamentId}` : null, (onData, onError) =>
    watchStandings(tournamentId, countRowReads(onData), onError),
  );
  const updating = useLive<boolean>(`su:${tournamentId}`, (onData, onError) =>
    watchStandingsUpdating(tournamentId, onData, onError),
  );
  const policy = t.data?.policy;
  const mainRounds = mainRoundsOf(rounds.data ?? []);
  const needGroup =
    policy !== undefined && standings.data !== undefined && groupTiebreaksOf(policy, standings.data).length > 0;
  const groupTiebreakIn = useLoaded(needGroup, loadGroupTiebreak);
  // C.07 reads a round robin's unplayed games otherwise (docs/tiebreaks.md#fide-c07).
  const roundRobin = t.data?.system === 'ROUND_ROBIN';
  const groupTiebreak: GroupTiebreak | undefined = useMemo(
    () => groupTiebreakIn?.(roundRobin),
    [groupTiebreakIn, roundRobin],
  );
  const mainStageRows = useLoaded(mainRounds !== undefined, loadMainStageRows);
  // The pages come ranked by the backend: only the rows read one by one are ranked here, with the states.
  const wantStates = (needGroup || mainRounds !== undefined) && !(byPages && !pagesMissing);
  const states = useLive<ParticipantState[]>(wantStates ? `st:${tournamentId}` : null, (onData, onError) =>
    watchStates(tournamentId, onData, onError),
  );
  const roles = useLive<Roles>(uid ? `roles:${tournamentId}:${uid}` : null, (onData, onError) =>
    watchRoles(tournamentId, uid!, onData, onError),
  );
  const editor = roles.data?.editor ?? false;
  const problems = useLive<ScoreProblem[]>(editor ? `sp:${tournamentId}` : null, (onData, onError) =>
    watchScoreProblems(tournamentId, onData, onError),
  );

  const ranked = useMemo(() => {
    if (byPages && !pagesMissing) return pages.data?.rows ?? [];
    if (!policy || !standings.data) return [];
    const byId = states.data ? Object.fromEntries(states.data.map((s) => [s.participantId, s])) : undefined;
    if (mainRounds === undefined)
      return rankStandings(policy, standings.data, byId && groupTiebreak ? { states: byId, groupTiebreak } : {});
    // Nothing until the main stage can be computed: the stored rows count the playoff's games too.
    if (!byId || !mainStageRows) return [];
    const names = new Map(standings.data.map((row) => [row.participantId, row.name]));
    const withdrawn = (participants.data ?? []).filter((p) => p.withdrawn).map((p) => p.participantId);
    const main = mainStageRows(policy, byId, mainRounds, { withdrawn, roundRobin });
    const rows = main.rows.map((row) => ({ ...row, name: names.get(row.participantId) ?? row.participantId }));
    return rankStandings(policy, rows, groupTiebreak ? { states: main.states, groupTiebreak } : {});
  }, [
    policy,
    standings.data,
    states.data,
    groupTiebreak,
    mainRounds,
    mainStageRows,
    participants.data,
    roundRobin,
    byPages,
    pagesMissing,
    pages.data,
  ]);
  const paging = byPages && !pagesMissing ? pages.data : undefined;
  const [everyone, setEveryone] = useState<{ of: string; rows: TournamentData['everyone']; error: string | null }>({
    of: '',
    rows: null,
    error: null,
  });
  const lookingUp = useRef<string | null>(null);
  const lookUpEveryone = useCallback(() => {
    if (readParticipants || lookingUp.current === tournamentId) return;
    lookingUp.current = tournamentId;
    setEveryone({ of: tournamentId, rows: null, error: null });
    readStandingsPageNames(tournamentId).then(
      (rows) => setEveryone({ of: tournamentId, rows, error: null }),
      (error: unknown) => {
        // Asked again, it reads again: the search offers that.
        lookingUp.current = null;
        setEveryone({ of: tournamentId, rows: null, error: error instanceof Error ? error.message : String(error) });
      },
    );
  }, [tournamentId, readParticipants]);
  const everyoneHere = everyone.of === tournamentId ? everyone.rows : null;
  const everyoneError = everyone.of === tournamentId ? everyone.error : null;

  return useMemo(() => {
    const people = new Map((participants.data ?? []).map((p) => [p.participantId, p]));
    // Without the participants, the names the pages carry.
    const names = new Map([...(everyoneHere ?? []), ...ranked].map((row) => [row.participantId, row.name]));
    const roundList = rounds.data ?? [];
    return {
      tournamentId,
      tournament: t.data,
      participants: participants.data ?? [],
      rounds: roundList,
      matchUps: matchUps.data ?? [],
      standings: ranked,
      standingsAfterRound: mainRounds ?? null,
      standingsUpdating: updating.data ?? false,
      standingsPages: paging
        ? {
            count: paging.count,
            read: paging.read,
            players: paging.players ?? participants.data?.length ?? 0,
            showMore: pages.showMore,
          }
        : null,
      roles: roles.data ?? { ...NO_ROLES, uid: uid ?? '' },
      scoreProblems: problems.data ?? [],
      error:
        t.error ??
        participants.error ??
        rounds.error ??
        matchUps.error ??
        standings.error ??
        pages.error ??
        states.error ??
        roles.error ??
        updating.error ??
        problems.error,
      loaded:
        t.data !== undefined &&
        (!readParticipants || participants.data !== undefined) &&
        rounds.data !== undefined &&
        (!readMatchUps || matchUps.data !== undefined) &&
        (byPages && !pagesMissing ? paging !== undefined : standings.data !== undefined),
      nameOf: (id) => (id === null ? 'bye' : (people.get(id)?.name ?? names.get(id) ?? id)),
      participant: (id) => people.get(id),
      currentRound: roundList.at(-1),
      matchUpsRead: readMatchUps,
      // The participants when they are read (a field whose pages were never built shows them too), else the pages.
      everyone: readParticipants ? (participants.data ?? null) : everyoneHere,
      everyoneError,
      lookUpEveryone,
    };
  }, [
    tournamentId,
    uid,
    t,
    participants,
    rounds,
    matchUps,
    ranked,
    mainRounds,
    updating,
    roles,
    problems,
    standings.data,
    standings.error,
    states.error,
    byPages,
    pagesMissing,
    paging,
    pages.error,
    pages.showMore,
    readParticipants,
    readMatchUps,
    everyoneHere,
    everyoneError,
    lookUpEveryone,
  ]);
}

/** The standings pages of a tournament while `tournamentId` is set: page 1, then one more at each `showMore`. */
function useStandingsPages(tournamentId: string | null): LiveValue<StandingsPagesView> & { showMore: () => void } {
  // Each value says whose pages it holds: another tournament's (the one before a switch) is not shown, so nothing
  // needs clearing when the tournament changes (as useLive does).
  const [value, setValue] = useState<LiveValue<StandingsPagesView> & { tournamentId: string | null }>({
    data: undefined,
    error: null,
    tournamentId,
  });
  const watch = useRef<StandingsPagesWatch | null>(null);
  useEffect(() => {
    if (tournamentId === null) return undefined;
    const opened = watchStandingsPages(
      tournamentId,
      (data) => setValue({ data, error: null, tournamentId }),
      (error) =>
        setValue((previous) => ({
          data: previous.tournamentId === tournamentId ? previous.data : undefined,
          error: error.message,
          tournamentId,
        })),
    );
    watch.current = opened;
    return () => {
      opened.stop();
      watch.current = null;
    };
  }, [tournamentId]);
  const showMore = useCallback(() => watch.current?.showMore(), []);
  const current = tournamentId !== null && value.tournamentId === tournamentId;
  return { ...(current ? { data: value.data, error: value.error } : { data: undefined, error: null }), showMore };
}
