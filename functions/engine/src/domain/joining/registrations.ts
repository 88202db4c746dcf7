/**
 * Self-registration (docs/joining.md#self-registration): the registration a person's request makes, and what the
 * organizer's answer to a waiting one writes. The rules themselves (whether the tournament takes registrations,
 * who may register, what may be approved) are joining.ts'. Plain data in and out; the services read the
 * documents, ask here and write the answer, and enter the person when the registration is accepted.
 */
import { DomainError } from '../common/index.js';
import {
  CLOSED_JOINING,
  type JoiningOptions,
  type RegistrationDetails,
  assertApprovable,
  decideRegistration,
} from './joining.js';

export type RegistrationStatus = 'PENDING' | 'APPROVED' | 'REFUSED';

/** A registration, as stored. */
export interface Registration extends RegistrationDetails {
  registrationId: string;
  uid: string;
  tournamentId: string;
  status: RegistrationStatus;
  participantId?: string | undefined;
  registeredAt: string;
}

export interface RegistrationRequest {
  uid: string;
  tournament: {
    tournamentId: string;
    status: 'DRAFT' | 'RUNNING' | 'CLOSED';
    joining?: JoiningOptions | undefined;
  };
  /** The id the new registration gets. */
  registrationId: string;
  details: RegistrationDetails;
  /** The status of this account's earlier registration in the tournament, null when it has none. */
  earlier: RegistrationStatus | null;
  /** The account already plays an entry of the tournament. */
  playsAnEntry: boolean;
  /** ISO time of the request. */
  at: string;
}

/**
 * A person's request to play (decideRegistration says whether it is taken): the registration, waiting, with the
 * details the tournament asks for; `accepted` when the tournament enters the person at once (the registration is
 * then written approved, with the entry made for it).
 */
export function planRegistration(request: RegistrationRequest): {
  accepted: boolean;
  entry: RegistrationDetails;
  registration: Registration & { status: 'PENDING' };
} {
  const { tournament, uid } = request;
  const decided = decideRegistration(tournament.joining ?? CLOSED_JOINING, tournament.status, request.details, {
    registration: request.earlier,
    playsAnEntry: request.playsAnEntry,
  });
  return {
    accepted: decided.accepted,
    entry: decided.entry,
    registration: {
      registrationId: request.registrationId,
      uid,
      tournamentId: tournament.tournamentId,
      ...decided.entry,
      status: 'PENDING',
      registeredAt: request.at,
    },
  };
}

export type RegistrationDecisionPlan<R> =
  { approve: false; registration: R & { status: 'REFUSED' } } | { approve: true; registration: R };

/**
 * The organizer approves a waiting registration (the services enter its person, played by its account, and write
 * it approved) or declines it (written declined). Refused when the registration is gone, and as assertApprovable
 * says.
 */
export function planRegistrationDecision<R extends { status: RegistrationStatus }>(
  registration: R | undefined,
  tournament: { status: 'DRAFT' | 'RUNNING' | 'CLOSED' },
  approve: boolean,
  playsAnEntry: boolean,
): RegistrationDecisionPlan<R> {
  if (!registration) throw new DomainError('not-found', 'this registration is gone (reload the page)');
  assertApprovable(registration.status, tournament.status, approve, playsAnEntry);
  return approve
    ? { approve: true, registration }
    : { approve: false, registration: { ...registration, status: 'REFUSED' } };
}
