/**
 * Who may do what: the one module the callables ask. It states the same policy as `firestore.rules` (which
 * guards direct client writes); change both together. Pure: plain documents in, a yes/no (or a DomainError) out.
 *
 * - A club is run by its owner and its admins (members only belong to it).
 * - A championship is edited by its owner and by the people who run one of its linked clubs.
 * - A tournament is edited by its owner and by the people who run one of its clubs (`editorUids`); they also
 *   delete it while it is a draft or broken.
 * - A matchUp's score is written by its two players, the tournament's scorekeepers and its editors, while the
 *   tournament is running and the matchUp's round is open.
 * - Everyone else can at most read what is public.
 */
import { DomainError } from '../domain/errors.js';
import type { ChampionshipDoc } from '../model/championship.js';
import type { ClubDoc } from '../model/club.js';
import type { MatchUpDoc } from '../model/matchUp.js';
import type { RoundDoc } from '../model/round.js';
import type { TournamentDoc } from '../model/tournament.js';

/** The caller's account: undefined (or null, or empty) when not signed in. */
export type CallerUid = string | null | undefined;

export type ClubRoles = Pick<ClubDoc, 'clubId' | 'ownerUid'> & Partial<Pick<ClubDoc, 'adminUids'>>;
export type ChampionshipRoles = Pick<ChampionshipDoc, 'ownerUid'> & Partial<Pick<ChampionshipDoc, 'clubIds' | 'closed'>>;
export type TournamentRoles = Pick<TournamentDoc, 'ownerUid'> &
  Partial<Pick<TournamentDoc, 'editorUids' | 'scorekeeperUids' | 'status'>>;
export type MatchUpRoles = Pick<MatchUpDoc, 'roundNumber'> & Partial<Pick<MatchUpDoc, 'playerUids'>>;
export type RoundState = Pick<RoundDoc, 'roundNumber'> & Partial<Pick<RoundDoc, 'status'>>;

export function isSignedIn(uid: CallerUid): uid is string {
  return typeof uid === 'string' && uid.length > 0;
}

function listed(uid: CallerUid, uids: readonly string[] | undefined): boolean {
  return isSignedIn(uid) && (uids ?? []).includes(uid);
}

// ---------------------------------------------------------------- clubs

/** Owner or admin of the club. */
export function canEditClub(uid: CallerUid, club: ClubRoles): boolean {
  return isSignedIn(uid) && (club.ownerUid === uid || listed(uid, club.adminUids));
}

/** Only the owner names the admins, and deletes the club. */
export function canManageClubAdmins(uid: CallerUid, club: ClubRoles): boolean {
  return isSignedIn(uid) && club.ownerUid === uid;
}

export const canDeleteClub = canManageClubAdmins;

// ---------------------------------------------------------------- championships

/** The clubs given that the championship really links: an unrelated club passed in grants nothing. */
export function linkedClubs<C extends ClubRoles>(championship: Pick<ChampionshipRoles, 'clubIds'>, clubs: readonly C[]): C[] {
  const linked = new Set(championship.clubIds ?? []);
  return clubs.filter((club) => linked.has(club.clubId));
}

/** The championship's owner, or the owner or an admin of one of its linked clubs. */
export function canEditChampionship(uid: CallerUid, championship: ChampionshipRoles, clubs: readonly ClubRoles[]): boolean {
  if (!isSignedIn(uid)) return false;
  return championship.ownerUid === uid || linkedClubs(championship, clubs).some((club) => canEditClub(uid, club));
}

/** Linking a club to a championship: an editor of the championship who also runs the club. */
export function canLinkClub(
  uid: CallerUid,
  championship: ChampionshipRoles,
  clubs: readonly ClubRoles[],
  club: ClubRoles,
): boolean {
  return canEditChampionship(uid, championship, clubs) && canEditClub(uid, club);
}

/**
 * Seed 004: a tournament is created by the championship's owner, or by someone who runs (owns or administers)
 * one of its linked clubs; never in a closed championship.
 */
export function canCreateTournamentIn(uid: CallerUid, championship: ChampionshipRoles, clubs: readonly ClubRoles[]): boolean {
  return championship.closed !== true && canEditChampionship(uid, championship, clubs);
}

// ---------------------------------------------------------------- tournaments

/**
 * The tournament's `editorUids`: its owner, then the owner and admins of each of its clubs, each once. Kept on
 * the tournament (and, proposed, on the championship) because security rules cannot loop over `clubIds`.
 */
export function editorUidsFor(ownerUid: string, clubs: readonly ClubRoles[]): string[] {
  const editors = new Set<string>([ownerUid]);
  for (const club of clubs) {
    editors.add(club.ownerUid);
    for (const admin of club.adminUids ?? []) editors.add(admin);
  }
  return [...editors];
}

/** Owner or editor (an admin of one of its clubs): manages participants, rounds and the descriptive fields. */
export function canEditTournament(uid: CallerUid, tournament: TournamentRoles): boolean {
  return isSignedIn(uid) && (tournament.ownerUid === uid || listed(uid, tournament.editorUids));
}

/** Its editors delete a tournament (only a draft or a broken one: domain/deletion.ts says which). */
export function canDeleteTournament(uid: CallerUid, tournament: TournamentRoles): boolean {
  return canEditTournament(uid, tournament);
}

/** Why a score write is refused, or null when it is allowed. */
export function scoreWriteRefusal(
  uid: CallerUid,
  tournament: TournamentRoles,
  matchUp: MatchUpRoles,
  round: RoundState,
): string | null {
  if (!isSignedIn(uid)) return 'sign in to write a score';
  const allowed =
    listed(uid, matchUp.playerUids) || listed(uid, tournament.scorekeeperUids) || canEditTournament(uid, tournament);
  if (!allowed) {
    return 'only the two players of this matchUp, a scorekeeper or an editor of the tournament may write its score';
  }
  if ((tournament.status ?? 'DRAFT') !== 'RUNNING') {
    return `the tournament is ${(tournament.status ?? 'DRAFT').toLowerCase()}: scores are written only while it is running`;
  }
  if (round.roundNumber !== matchUp.roundNumber) {
    return `this matchUp belongs to round ${matchUp.roundNumber}, not round ${round.roundNumber}`;
  }
  if ((round.status ?? 'OPEN') !== 'OPEN') {
    return `round ${round.roundNumber} is closed: scores are written only while the round is open (an editor can reopen it)`;
  }
  return null;
}

/** A player of this matchUp, a scorekeeper or an editor, while the tournament runs and the round is open. */
export function canWriteScore(uid: CallerUid, tournament: TournamentRoles, matchUp: MatchUpRoles, round: RoundState): boolean {
  return scoreWriteRefusal(uid, tournament, matchUp, round) === null;
}

// ---------------------------------------------------------------- require variants (for the callables)

function championshipName(championship: { championshipId?: string }): string {
  return championship.championshipId === undefined ? 'this championship' : `championship ${championship.championshipId}`;
}

function deny(message: string): never {
  throw new DomainError('permission-denied', message);
}

export function requireSignedIn(uid: CallerUid): asserts uid is string {
  if (!isSignedIn(uid)) throw new DomainError('unauthenticated', 'sign in first');
}

export function requireCanEditClub(uid: CallerUid, club: ClubRoles): asserts uid is string {
  requireSignedIn(uid);
  if (!canEditClub(uid, club)) deny(`only the owner or an admin of club ${club.clubId} may edit it`);
}

export function requireCanManageClubAdmins(uid: CallerUid, club: ClubRoles): asserts uid is string {
  requireSignedIn(uid);
  if (!canManageClubAdmins(uid, club)) deny(`only the owner of club ${club.clubId} may change its admins`);
}

export function requireCanEditChampionship(
  uid: CallerUid,
  championship: ChampionshipRoles & { championshipId?: string },
  clubs: readonly ClubRoles[],
): asserts uid is string {
  requireSignedIn(uid);
  if (!canEditChampionship(uid, championship, clubs)) {
    deny(`only the owner of ${championshipName(championship)} or the owner or an admin of a linked club may edit it`);
  }
}

export function requireCanLinkClub(
  uid: CallerUid,
  championship: ChampionshipRoles & { championshipId?: string },
  clubs: readonly ClubRoles[],
  club: ClubRoles,
): asserts uid is string {
  requireCanEditChampionship(uid, championship, clubs);
  if (!canEditClub(uid, club)) deny(`only the owner or an admin of club ${club.clubId} may link it to a championship`);
}

/**
 * Refuses outsiders with permission-denied; a closed championship, asked by someone who may otherwise create,
 * with failed-precondition (nobody may create there, so it is a state, not a permission).
 */
export function requireCanCreateTournamentIn(
  uid: CallerUid,
  championship: ChampionshipRoles & { championshipId?: string },
  clubs: readonly ClubRoles[],
): asserts uid is string {
  requireSignedIn(uid);
  const name = championshipName(championship);
  if (!canEditChampionship(uid, championship, clubs)) {
    deny(`only the owner of ${name} or the owner or an admin of one of its clubs may create a tournament in it`);
  }
  if (championship.closed === true) throw new DomainError('failed-precondition', `${name} is closed and takes no new tournaments`);
}

export function requireCanEditTournament(
  uid: CallerUid,
  tournament: TournamentRoles & { tournamentId?: string },
): asserts uid is string {
  requireSignedIn(uid);
  if (!canEditTournament(uid, tournament)) {
    const name = tournament.tournamentId === undefined ? 'this tournament' : `tournament ${tournament.tournamentId}`;
    deny(`only the owner of ${name} or an admin of one of its clubs may edit it`);
  }
}

export function requireCanDeleteTournament(
  uid: CallerUid,
  tournament: TournamentRoles & { tournamentId?: string },
): asserts uid is string {
  requireSignedIn(uid);
  if (!canDeleteTournament(uid, tournament)) {
    const name = tournament.tournamentId === undefined ? 'this tournament' : `tournament ${tournament.tournamentId}`;
    deny(`only the owner of ${name} or an admin of one of its clubs may delete it`);
  }
}

export function requireCanWriteScore(
  uid: CallerUid,
  tournament: TournamentRoles,
  matchUp: MatchUpRoles,
  round: RoundState,
): asserts uid is string {
  const refusal = scoreWriteRefusal(uid, tournament, matchUp, round);
  if (refusal !== null) deny(refusal);
}
