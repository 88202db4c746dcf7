import { z } from 'zod';
import { JoiningOptions } from '../domain/joining/index.js';
import { DocumentId, Rating, TEXT } from '../domain/common/index.js';
import { Participant } from '../domain/ratings/index.js';
import { Uid } from './roles.js';

export { JoiningOptions };

export const RegistrationStatus = z.enum(['PENDING', 'APPROVED', 'REFUSED']);

const Details = {
  name: z.string().trim().min(1, 'type your name').max(TEXT.name),
  rating: Rating.optional(),
  club: z.string().trim().max(TEXT.club).optional(),
  country: z.string().trim().max(TEXT.participantCountry).optional(),
  // The entry's own checks, so a registration holds nothing its entry would refuse (docs/trf.md#the-players-fields).
  fideId: Participant.shape.fideId,
  title: Participant.shape.title,
  federation: Participant.shape.federation,
  sex: Participant.shape.sex,
  birthYear: Participant.shape.birthYear,
  /** Kept short (5k, 1d), as the entry keeps it (docs/go.md#ranks). */
  goRank: Participant.shape.goRank,
};

/**
 * tournaments/{t}/registrations/{registrationId}: one account's request to play, readable by that account and
 * the tournament's editors only; written by the backend only (docs/joining.md#self-registration).
 */
export const RegistrationDoc = z
  .object({
    registrationId: DocumentId,
    uid: Uid,
    tournamentId: DocumentId,
    ...Details,
    status: RegistrationStatus,
    /** The entry made for it, once accepted. */
    participantId: DocumentId.optional(),
    registeredAt: z.string().max(40),
  })
  .strict();
export type RegistrationDoc = z.infer<typeof RegistrationDoc>;

/** A signed-in person asks to play (the details the tournament asks for). */
export const RegisterInput = z.object({ tournamentId: DocumentId, ...Details }).strict();
export type RegisterInput = z.infer<typeof RegisterInput>;

/** The organizer approves (the person is entered) or declines a waiting registration. */
export const DecideRegistrationInput = z
  .object({ tournamentId: DocumentId, registrationId: DocumentId, approve: z.boolean() })
  .strict();
export type DecideRegistrationInput = z.infer<typeof DecideRegistrationInput>;

/** The organizer opens or closes registration and check-in. */
export const SetJoiningOptionsInput = z.object({ tournamentId: DocumentId, joining: JoiningOptions }).strict();
export type SetJoiningOptionsInput = z.infer<typeof SetJoiningOptionsInput>;
