/**
 * The reads of the people who run a tournament (claim codes, registrations, who plays and keeps score,
 * invitations) and of a player's own registration.
 */
import { query, where } from 'firebase/firestore';
import type {
  ClaimAttemptsDoc,
  InvitationDoc,
  InvitationScope,
  RegistrationDoc,
  TournamentRoleDoc,
} from '@competition/engine/schemas';
import { col, path } from './connection';
import { type OnError, watchQuery } from './watch';

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

/** An account held off claiming after too many wrong codes, as the desk sees it (named, never by its id). */
export interface LockedClaim {
  uid: string;
  who: string | null;
  wrongCodes: number;
  lockedUntil: number;
}

/** The accounts still locked out of claiming, for the tournament's editors (the rules refuse everyone else). */
export function watchLockedClaims(tournamentId: string, onData: (items: LockedClaim[]) => void, onError: OnError) {
  return watchQuery(
    col(path.claimAttempts(tournamentId)),
    (d: ClaimAttemptsDoc) => ({
      uid: d.uid,
      who: d.who ?? null,
      wrongCodes: d.wrongCodes,
      lockedUntil: d.lockedUntil ?? 0,
    }),
    (items) => onData(items.filter((item) => item.lockedUntil > Date.now())),
    onError,
  );
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
