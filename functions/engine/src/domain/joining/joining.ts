/**
 * How people join a tournament by themselves (docs/joining.md): whether the organizer takes registrations, and
 * whether a registration is accepted at once or waits for approval; which details a registration asks for; whether
 * registrations are still taken once the tournament runs; whether round 1 pairs only the players who checked in.
 */
import { z } from 'zod';
import { DomainError } from '../common/index.js';
import type { Participant } from '../ratings/index.js';

export const REGISTRATION_MODES = ['CLOSED', 'APPROVAL', 'OPEN'] as const;
export const RegistrationMode = z.enum(REGISTRATION_MODES);
export type RegistrationMode = z.infer<typeof RegistrationMode>;

export const RegistrationAsks = z
  .object({
    rating: z.boolean().default(false),
    club: z.boolean().default(false),
    country: z.boolean().default(false),
    /** A chess event asks what FIDE knows of a player (CHESS_DETAILS), each optional (docs/joining.md). */
    chess: z.boolean().default(false),
    /** A Go event asks each player's rank, optional (docs/go.md#ranks); absent on tournaments saved before it. */
    go: z.boolean().optional(),
  })
  .strict();

/** The participant's chess fields (docs/trf.md#the-players-fields), which a registration asks for together. */
export const CHESS_DETAILS = ['fideId', 'title', 'federation', 'sex', 'birthYear'] as const;
export type ChessDetails = Pick<Participant, (typeof CHESS_DETAILS)[number]>;

export const JoiningOptions = z
  .object({
    /** CLOSED: only the organizer enters people; APPROVAL: registrations wait for the organizer; OPEN: accepted. */
    registration: RegistrationMode.default('CLOSED'),
    asks: RegistrationAsks.default({ rating: false, club: false, country: false, chess: false }),
    /** Registrations are also taken while the tournament runs: each enters the next round (a late entry). */
    lateRegistration: z.boolean().default(false),
    /** Only the participants who checked in are paired (docs/joining.md#check-in). */
    checkIn: z.boolean().default(false),
  })
  .strict();
export type JoiningOptions = z.infer<typeof JoiningOptions>;

export const CLOSED_JOINING: JoiningOptions = {
  registration: 'CLOSED',
  asks: { rating: false, club: false, country: false, chess: false },
  lateRegistration: false,
  checkIn: false,
};

/** What a person types to register. */
export interface RegistrationDetails extends ChessDetails {
  name: string;
  goRank?: string | undefined;
  rating?: number | undefined;
  club?: string | undefined;
  country?: string | undefined;
}

/** What the registering account already has in this tournament. */
export interface RegistrantStanding {
  /** A registration of this account, whatever became of it. */
  registration: 'PENDING' | 'APPROVED' | 'REFUSED' | null;
  /** The account already plays an entry (claimed with a code, or linked by the organizer). */
  playsAnEntry: boolean;
}

type TournamentStatus = 'DRAFT' | 'RUNNING' | 'CLOSED';

/** Whether the tournament takes a registration now, and why not in the person's words. */
export function assertTakesRegistrations(options: JoiningOptions, status: TournamentStatus): void {
  if (options.registration === 'CLOSED')
    throw new DomainError('failed-precondition', 'this tournament does not take registrations: ask the organizer');
  if (status === 'CLOSED') throw new DomainError('failed-precondition', 'this tournament is over');
  if (status === 'RUNNING' && !options.lateRegistration)
    throw new DomainError(
      'failed-precondition',
      'this tournament has started and takes no more registrations: ask the organizer',
    );
}

/**
 * Decides a registration: refused when the tournament takes none, when the account registered already or plays an
 * entry, or when a detail the tournament asks for is missing; else the entry to make (only the details asked for),
 * accepted at once or waiting for the organizer.
 */
export function decideRegistration(
  options: JoiningOptions,
  status: TournamentStatus,
  details: RegistrationDetails,
  registrant: RegistrantStanding,
): { entry: RegistrationDetails; accepted: boolean } {
  assertTakesRegistrations(options, status);
  if (registrant.playsAnEntry) throw new DomainError('already-exists', 'you already play in this tournament');
  if (registrant.registration === 'REFUSED')
    throw new DomainError('already-exists', 'the organizer declined your registration: ask them at the desk');
  if (registrant.registration)
    throw new DomainError(
      'already-exists',
      registrant.registration === 'PENDING'
        ? 'you have already registered: the organizer has yet to approve it'
        : 'you have already registered',
    );
  if (options.asks.rating && details.rating === undefined)
    throw new DomainError('invalid-argument', 'this tournament asks for your rating');
  const entry: RegistrationDetails = { name: details.name.trim() };
  if (options.asks.rating && details.rating !== undefined) entry.rating = details.rating;
  if (options.asks.club && details.club?.trim()) entry.club = details.club.trim();
  if (options.asks.country && details.country?.trim()) entry.country = details.country.trim();
  if (options.asks.chess) for (const field of CHESS_DETAILS) copyDetail(entry, details, field);
  if (options.asks.go && details.goRank !== undefined) entry.goRank = details.goRank;
  return { entry, accepted: options.registration === 'OPEN' };
}

function copyDetail<K extends keyof ChessDetails>(entry: ChessDetails, details: ChessDetails, field: K): void {
  if (details[field] !== undefined) entry[field] = details[field];
}

/**
 * The organizer approves a registration only while it waits, while the tournament can take the entry, and while its
 * account plays no entry yet (it may have claimed one with a code meanwhile).
 */
export function assertApprovable(
  registration: 'PENDING' | 'APPROVED' | 'REFUSED',
  status: TournamentStatus,
  approve: boolean,
  playsAnEntry = false,
): void {
  if (registration !== 'PENDING')
    throw new DomainError(
      'failed-precondition',
      registration === 'APPROVED' ? 'this registration was already approved' : 'this registration was declined',
    );
  if (approve && status === 'CLOSED') throw new DomainError('failed-precondition', 'this tournament is over');
  if (approve && playsAnEntry)
    throw new DomainError('failed-precondition', 'this person already plays an entry (they claimed it with a code)');
}
