/** Hash routes, so any static host (and the Hosting emulator) serves every screen from index.html. */
import { useEffect, useState } from 'react';
import { documentIdProblem } from '@competition/engine/view';
import type { InvitationRefInput } from '@competition/engine/schemas';

export type TournamentTab =
  'standings' | 'bracket' | 'crosstable' | 'rounds' | 'participants' | 'organize' | 'play' | 'clock' | 'join';
const TABS: readonly TournamentTab[] = [
  'standings',
  'bracket',
  'crosstable',
  'rounds',
  'participants',
  'organize',
  'play',
  'clock',
  'join',
];

/** The printed sheets of the hall kit (docs/hall.md). */
export const PRINT_SHEETS = [
  'pairings',
  'names',
  'standings',
  'slips',
  'codes',
  'join',
  'crosstable',
  'bracket',
  'penalties',
  'decklists',
] as const;
export type PrintSheet = (typeof PRINT_SHEETS)[number];

export type Route =
  | { screen: 'home' }
  | { screen: 'signin'; next: string }
  | { screen: 'emailLink'; next: string }
  | { screen: 'championship'; championshipId: string }
  | { screen: 'tournament'; tournamentId: string; tab: TournamentTab; roundNumber?: number }
  | { screen: 'participant'; tournamentId: string; participantId: string }
  | { screen: 'table'; tournamentId: string; matchUpId: string }
  | { screen: 'print'; tournamentId: string; sheet: PrintSheet | null; roundNumber?: number }
  | { screen: 'board'; tournamentId: string; pageSeconds?: number }
  | { screen: 'invitation'; invitation: InvitationRefInput }
  | { screen: 'missing'; hash: string };

/**
 * The screen a hash names. An id Firestore would refuse (one with "/", a damaged "%" code) names nothing: the
 * screens open listeners on their ids, and a refused path would throw instead of saying "Nothing here".
 */
export function parseRoute(hash: string): Route {
  const route = routeOf(hash);
  return idsOf(route).every((id) => documentIdProblem(id) === null) ? route : { screen: 'missing', hash };
}

function idsOf(route: Route): string[] {
  switch (route.screen) {
    case 'championship':
      return [route.championshipId];
    case 'tournament':
    case 'print':
    case 'board':
      return [route.tournamentId];
    case 'participant':
      return [route.tournamentId, route.participantId];
    case 'table':
      return [route.tournamentId, route.matchUpId];
    case 'invitation':
      return [route.invitation.kind === 'club' ? route.invitation.clubId : route.invitation.tournamentId];
    case 'home':
    case 'signin':
    case 'emailLink':
    case 'missing':
      return [];
  }
}

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    // A damaged "%" code: kept as typed, it names no document (a "%" alone is a valid id, so mark it).
    return `${part}/`;
  }
};

function routeOf(hash: string): Route {
  const [pathPart = '', queryPart = ''] = hash.replace(/^#/, '').split('?');
  const parts = pathPart.split('/').filter(Boolean).map(decoded);
  const [first, id, second, third] = parts;
  if (parts.length === 0) return { screen: 'home' };
  if (first === 'signin' && id === 'link')
    return { screen: 'emailLink', next: new URLSearchParams(queryPart).get('next') ?? '/' };
  if (first === 'signin') return { screen: 'signin', next: new URLSearchParams(queryPart).get('next') ?? '/' };
  if (first === 'invite' && id && second && third) {
    if (id === 't')
      return { screen: 'invitation', invitation: { kind: 'tournament', tournamentId: second, token: third } };
    if (id === 'club') return { screen: 'invitation', invitation: { kind: 'club', clubId: second, token: third } };
  }
  if (first === 'championships' && id) return { screen: 'championship', championshipId: id };
  if (first === 't' && id) {
    if (second === undefined) return { screen: 'tournament', tournamentId: id, tab: 'standings' };
    if (second === 'p' && third) return { screen: 'participant', tournamentId: id, participantId: third };
    if (second === 'm' && third) return { screen: 'table', tournamentId: id, matchUpId: third };
    const query = new URLSearchParams(queryPart);
    if (second === 'print') {
      const sheet = (PRINT_SHEETS as readonly string[]).includes(third ?? '') ? (third as PrintSheet) : null;
      const roundNumber = Number(query.get('round'));
      return {
        screen: 'print',
        tournamentId: id,
        sheet,
        ...(Number.isInteger(roundNumber) && roundNumber > 0 ? { roundNumber } : {}),
      };
    }
    if (second === 'board') {
      const pageSeconds = Number(query.get('seconds'));
      return { screen: 'board', tournamentId: id, ...(pageSeconds >= 1 ? { pageSeconds } : {}) };
    }
    if ((TABS as readonly string[]).includes(second)) {
      const roundNumber = second === 'rounds' && third ? Number(third) : undefined;
      return {
        screen: 'tournament',
        tournamentId: id,
        tab: second as TournamentTab,
        ...(roundNumber ? { roundNumber } : {}),
      };
    }
  }
  return { screen: 'missing', hash };
}

export const href = {
  home: () => '#/',
  signIn: (next: string) => `#/signin?next=${encodeURIComponent(next)}`,
  championship: (id: string) => `#/championships/${encodeURIComponent(id)}`,
  tournament: (id: string, tab: TournamentTab = 'standings') =>
    `#/t/${encodeURIComponent(id)}${tab === 'standings' ? '' : `/${tab}`}`,
  round: (id: string, roundNumber: number) => `#/t/${encodeURIComponent(id)}/rounds/${roundNumber}`,
  participant: (id: string, participantId: string) =>
    `#/t/${encodeURIComponent(id)}/p/${encodeURIComponent(participantId)}`,
  /** The page a tournament's join link and QR code open. */
  join: (id: string) => `#/t/${encodeURIComponent(id)}/join`,
  /** The printed sheets: their index, or one sheet (of one round). */
  print: (id: string, sheet?: PrintSheet, roundNumber?: number) =>
    `#/t/${encodeURIComponent(id)}/print${sheet ? `/${sheet}` : ''}${roundNumber ? `?round=${roundNumber}` : ''}`,
  /** The projector board: no sign-in, full screen. */
  board: (id: string) => `#/t/${encodeURIComponent(id)}/board`,
  /** The page a staff invitation's link opens. */
  invitation: (invitation: InvitationRefInput) =>
    invitation.kind === 'tournament'
      ? `#/invite/t/${encodeURIComponent(invitation.tournamentId)}/${invitation.token}`
      : `#/invite/club/${encodeURIComponent(invitation.clubId)}/${invitation.token}`,
  table: (id: string, matchUpId: string) => `#/t/${encodeURIComponent(id)}/m/${encodeURIComponent(matchUpId)}`,
};

export function navigate(to: string): void {
  location.hash = to.startsWith('#') ? to : `#${to}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
