/** One tournament's live reads, shared by its tabs (screens/tournament/data.tsx) and its participant and game pages. */
import { type Unsubscribe, onSnapshot, query, where } from 'firebase/firestore';
import type { StandingsStatusDoc, TournamentRoleDoc } from '@competition/engine/schemas';
import { col, path } from './connection';
import {
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
import { type OnError, watchDoc, watchQuery } from './watch';
import { queryReads } from './readCount';

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
  const count = queryReads();
  return onSnapshot(
    col(path.matchUps(tournamentId)),
    { includeMetadataChanges: true },
    (snap) => {
      count(snap);
      const items = snap.docs.map((d) => ({
        ...view.matchUp(stored<Parameters<typeof view.matchUp>[0]>(d)!),
        sync: d.metadata.hasPendingWrites ? 'pending' : snap.metadata.fromCache ? 'cache' : 'server',
      })) satisfies MatchUp[];
      onData(items.sort((x, y) => x.roundNumber - y.roundNumber || x.order - y.order));
    },
    onError,
  );
}

/**
 * One player's game in a round, read alone (two small queries, one per side): what a spectator's search shows
 * without reading the round's every game. Null when the round has none for them.
 */
export function watchOpenGame(
  tournamentId: string,
  roundNumber: number,
  participantId: string,
  onData: (item: MatchUp | null) => void,
  onError: OnError,
): Unsubscribe {
  const sides = new Map<'a' | 'b', MatchUp[]>();
  const report = () => {
    if (sides.size < 2) return;
    onData([...(sides.get('a') ?? []), ...(sides.get('b') ?? [])][0] ?? null);
  };
  const stops = (['a', 'b'] as const).map((side) =>
    watchQuery(
      query(
        col(path.matchUps(tournamentId)),
        where('roundNumber', '==', roundNumber),
        where(side, '==', participantId),
      ),
      view.matchUp,
      (items) => {
        sides.set(side, items);
        report();
      },
      onError,
    ),
  );
  return () => stops.forEach((stop) => stop());
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
