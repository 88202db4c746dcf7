/**
 * Creating a tournament (docs/organisation.md): whether its host club and its date may be had, and the document it
 * starts as. The services resolve the policy and pairing settings first (domain/policy, domain/rounds), read the
 * championship, the host club and what holds the date, ask here and write the answer with its date key and roles.
 */
import { DomainError } from '../common/index.js';

/** The fields of a new tournament this decision reads; the others are kept as they were asked for. */
export interface NewTournamentFields {
  date: string;
  hostClubId?: string | undefined;
  rating?: string | undefined;
}

/** The championship a tournament is created in, as read. */
export interface HostingChampionship {
  championshipId: string;
  name: string;
  clubIds: string[];
  rating?: string | undefined;
}

export interface TournamentCreation<F extends NewTournamentFields, S extends object> {
  tournamentId: string;
  ownerUid: string;
  championship: HostingChampionship;
  /** What the organizer asked for, besides the championship and the settings. */
  fields: F;
  /** The pairing system and method, their options and the policy, as resolved. */
  settings: S;
  /** Whether the host club the fields name is there (true when they name none). */
  hostClubExists: boolean;
  /**
   * What holds the date in the championship already: null when nothing does; else the tournament that does, or
   * undefined when the key names a tournament no longer there.
   */
  dateTakenBy: { tournament: { description: string } | undefined } | null;
}

/** What every new tournament starts with. */
export interface NewTournamentState {
  tournamentId: string;
  championshipId: string;
  ownerUid: string;
  clubIds: string[];
  status: 'DRAFT';
  currentRound: 0;
}

/**
 * A new tournament: refused when its host club is gone or the championship plays another tournament on its date
 * (one tournament a day, so results and ratings follow in order); else a draft of the championship's clubs, owned
 * by its creator, rated on the championship's scale when it names none.
 */
export function planNewTournament<F extends NewTournamentFields, S extends object>(
  creation: TournamentCreation<F, S>,
): { tournament: F & S & NewTournamentState } {
  const { championship, fields, dateTakenBy } = creation;
  if (!creation.hostClubExists)
    throw new DomainError('not-found', 'the host club does not exist (it may have been deleted): choose another');
  if (dateTakenBy) {
    const named = dateTakenBy.tournament ? `“${dateTakenBy.tournament.description}”` : 'another tournament';
    throw new DomainError(
      'already-exists',
      `${championship.name} already has a tournament on ${fields.date} (${named}): a championship plays one ` +
        'tournament a day, so its results and ratings follow in order. Choose another date, or another championship',
    );
  }
  return {
    tournament: {
      ...fields,
      ...creation.settings,
      ...(fields.rating === undefined && championship.rating !== undefined ? { rating: championship.rating } : {}),
      tournamentId: creation.tournamentId,
      championshipId: championship.championshipId,
      ownerUid: creation.ownerUid,
      clubIds: championship.clubIds,
      status: 'DRAFT',
      currentRound: 0,
    },
  };
}
